package render_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// scenery fills the world from (0, 0) to (320, 240) with a grid of
// sprites, a frame and a few shapes, for the camera tests.
func scenery(k *kit) {
	k.shape(0, 0, drawable.Rect(320, 240, color.NRGBA{0x20, 0x28, 0x40, 0xff}).Outline(4))
	for y := 16.0; y < 240; y += 48 {
		for x := 16.0; x < 320; x += 48 {
			k.sprite(x, y, drawable.Picture{Region: hero})
		}
	}
	k.shape(160, 120, drawable.Circle(20, white).Outline(2))
	k.shape(160, 120, drawable.Line(geom.Vec2{X: 60}, 2, red))
	k.shape(160, 120, drawable.Line(geom.Vec2{Y: 60}, 2, green))
}

// TestDefaultCamera: a world without a camera is drawn through the
// default one, which puts the world's (0, 0) at the middle of the screen.
func TestDefaultCamera(t *testing.T) {
	k := newKit(t, render.Options{})
	k.shape(0, 0, drawable.Rect(4, 4, red))
	got := grab(40, 30, bg, k.draw)
	checkPixels(t, got, []check{
		{"(0, 0) at the middle", 20, 15, red},
		{"left of it", 19, 15, bg},
		{"above it", 20, 14, bg},
	})
}

func TestCameraZoom(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	cam := camera.Camera{Zoom: 2}
	cam.CenterOn(geom.Vec2{X: 180, Y: 130})
	k.camera(cam)
	got := grab(160, 120, bg, k.draw)
	golden(t, "camera-zoom", got)
	// The world point (160, 112), a sprite's top-left (white) corner,
	// shows where WorldToScreen says.
	cam.SetScreen(160, 120)
	s := cam.WorldToScreen(geom.Vec2{X: 160, Y: 112})
	if c := pixel(got, int(s.X), int(s.Y)); c != white {
		t.Errorf("WorldToScreen put the corner at %v, where the pixel is %v, want white", s, c)
	}
	if st := k.r.Stats(); st.Culled == 0 || st.Drawn >= st.Items {
		t.Errorf("Stats() = %+v, want the zoomed-in camera to cull most of the scenery", st)
	}
}

func TestCameraRotation(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	cam := camera.Camera{Rotation: math.Pi / 6, Zoom: 0.5}
	cam.CenterOn(geom.Vec2{X: 160, Y: 120})
	k.camera(cam)
	golden(t, "camera-rotation", grab(160, 120, bg, k.draw))
}

// TestCameraFollow moves a body right and down with a fixed system and
// draws through a camera that follows it with a dead zone and smoothing,
// kept inside the world's bounds. The camera moves every fixed step, and
// is drawn between its last two positions as the body is.
func TestCameraFollow(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	body := k.sprite(40, 40, drawable.Picture{Region: frame(3), Origin: geom.Vec2{X: 0.5, Y: 0.5}, Order: drawable.Order{Layer: 1}})
	if err := k.w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		p := geom.Position.Require(ctx.World, body)
		p.X += 3
		p.Y += 2
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	ce := k.camera(camera.Camera{Follow: body, Smoothing: 0.1, DeadZone: geom.Vec2{X: 16, Y: 8}, Bounds: geom.Rect(0, 0, 320, 240)})
	k.screen = geom.Vec2{X: 120, Y: 90}
	k.alpha = 0.5
	for range 40 {
		k.step(t)
	}
	got := grab(120, 90, bg, k.draw)
	golden(t, "camera-follow", got)
	// The body is at (160, 120) after 40 steps. The camera lags it by the
	// dead zone and the smoothing: at 180 units a second and a half-life
	// of 0.1 s, about 180·0.1/ln 2 ≈ 26 units beyond the zone's 16 in x
	// (120 units a second: 17 beyond 8 in y).
	p := drawable.Camera.Require(k.w, ce).Position
	if !(p.X < 160-16-20 && p.X > 160-16-30 && p.Y < 120-8-12 && p.Y > 120-8-22) {
		t.Errorf("camera at %v after following the body to (160, 120)", p)
	}
	// Drawn half a step behind, the camera is between its last two
	// positions, as the body is.
	drawn := k.r.Views()[0].Position
	if d := p.Sub(drawn); !(d.X > 0 && d.X < 3 && d.Y > 0 && d.Y < 2) {
		t.Errorf("camera drawn at %v, at %v after the last step; want it a fraction of a step behind", drawn, p)
	}
}

// TestCameraBoundsAtDraw: a camera that follows nothing, given Bounds and
// centred before any step (in OnEnter, before the screen's size is
// known), is kept inside its bounds by the draw, against the real screen.
func TestCameraBoundsAtDraw(t *testing.T) {
	k := newKit(t, render.Options{})
	cam := camera.Camera{Bounds: geom.Rect(0, 0, 1000, 600)}
	cam.CenterOn(geom.Vec2{}) // the level's top-left corner
	k.camera(cam)
	k.r.Prepare(image.Rect(0, 0, 320, 180), k.w, 1)
	if v := k.r.Views()[0].View(); v.Min.X < 0 || v.Min.Y < 0 {
		t.Errorf("drawn showing %v, outside the camera's Bounds %v", v, cam.Bounds)
	}
}

// TestScreenCameras draws two split-screen halves and a minimap on the
// real screen and reads it back as the engine's screenshot option does
// (engine/window saves what Draw left on the screen), so screenshots show
// every camera.
func TestScreenCameras(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	left := camera.Camera{Viewport: geom.Rect(0, 0, screenW/2, screenH), Background: color.NRGBA{0x30, 0x10, 0x10, 0xff}}
	left.CenterOn(geom.Vec2{X: 64, Y: 64})
	right := camera.Camera{Viewport: geom.Rect(screenW/2, 0, screenW, screenH), Background: color.NRGBA{0x10, 0x30, 0x10, 0xff}, Zoom: 2}
	right.CenterOn(geom.Vec2{X: 160, Y: 120})
	mini := camera.Camera{Viewport: geom.Rect(screenW-84, screenH-64, screenW-4, screenH-4), Background: black, Zoom: 0.25, Depth: 1}
	mini.CenterOn(geom.Vec2{X: 160, Y: 120})
	// The minimap is spawned first, but its depth draws it last.
	me := k.camera(mini)
	le := k.camera(left)
	k.camera(right)
	shot := image.NewRGBA(image.Rect(0, 0, screenW, screenH))
	onScreen(func(screen *ebiten.Image) {
		k.draw(screen)
		screen.ReadPixels(shot.Pix)
	})
	for i := 3; i < len(shot.Pix); i += 4 {
		shot.Pix[i] = 0xff // opaque, as the engine's screenshots are
	}
	golden(t, "screen-cameras", shot)
	checkPixels(t, shot, []check{
		{"left half's background", 2, 200, left.Background},
		{"right half's background", screenW - 90, 4, right.Background},
		{"the minimap's background", screenW - 82, screenH - 62, black},
	})
	if e, _, ok := drawable.CameraAt(k.w, geom.Vec2{X: screenW - 10, Y: screenH - 10}); !ok || e != me {
		t.Errorf("CameraAt(the minimap's corner) = %v, %v; want the minimap %v", e, ok, me)
	}
	if e, _, ok := drawable.CameraAt(k.w, geom.Vec2{X: 10, Y: 10}); !ok || e != le {
		t.Errorf("CameraAt(10, 10) = %v, %v; want the left camera %v", e, ok, le)
	}
}

// TestScreenDrawables draws a HUD (a bar, a sprite and a shape with the
// Screen tag) over a zoomed, rotated, split view of the world: the HUD
// stays where its positions say in screen pixels, over every camera.
func TestScreenDrawables(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	cam := camera.Camera{Viewport: geom.Rect(0, 0, screenW/2, screenH), Zoom: 2, Rotation: 0.3}
	cam.CenterOn(geom.Vec2{X: 200, Y: 150})
	k.camera(cam)
	right := camera.Camera{Viewport: geom.Rect(screenW/2, 0, screenW, screenH), Background: color.NRGBA{0x10, 0x30, 0x10, 0xff}}
	right.CenterOn(geom.Vec2{X: 160, Y: 120})
	k.camera(right)

	barColor := color.NRGBA{0x20, 0x20, 0x80, 0xff}
	bar := k.shape(0, 0, drawable.Rect(screenW, 12, barColor))
	icon := k.sprite(4, 2, drawable.Picture{Region: hero, Order: drawable.Order{Layer: 1}})
	dot := k.shape(screenW-8, 6, drawable.Circle(4, red).Outline(0))
	for _, e := range []world.Entity{bar, icon, dot} {
		drawable.Screen.Add(k.w, e)
	}
	shot := image.NewRGBA(image.Rect(0, 0, screenW, screenH))
	onScreen(func(screen *ebiten.Image) {
		k.draw(screen)
		screen.ReadPixels(shot.Pix)
	})
	for i := 3; i < len(shot.Pix); i += 4 {
		shot.Pix[i] = 0xff
	}
	golden(t, "screen-drawables", shot)
	checkPixels(t, shot, []check{
		{"the bar over the left camera", screenW / 4, 10, barColor},
		{"the bar over the right camera", 3 * screenW / 4, 10, barColor},
		{"the dot, right of the bar", screenW - 8, 6, red},
		{"below the bar, the right camera's world", 3*screenW/4 + 30, 40, right.Background},
	})
	if st := k.r.Stats(); st.Drawn < 3 {
		t.Errorf("Stats() = %+v, want the three HUD items drawn", st)
	}
}

// TestCameraInterpolationModel runs random sequences of steps (which move,
// turn and zoom the camera), draws at random alphas (none, one or several
// between two steps), teleports of the camera and re-spawns of it, and
// checks after every draw that the camera is drawn where and as a simple
// model says: alpha of the way from where it was when the step began to
// where it is (its zoom in a straight line, a zero zoom counting as 1, and
// its turn the short way round), or as it is when it teleported or
// appeared since, or did not turn or zoom.
func TestCameraInterpolationModel(t *testing.T) {
	zoom := func(c camera.Camera) float64 { // the zoom in effect
		if c.Zoom <= 0 {
			return 1
		}
		return c.Zoom
	}
	for seed := range uint64(30) {
		rng := rand.New(rand.NewPCG(seed, 17))
		k := newKit(t, render.Options{})
		k.screen = geom.Vec2{X: 64, Y: 48}
		ce := k.camera(cameraAt(100, 100))
		move, turn, zoomTo := geom.Vec2{}, 0.0, -1.0
		if err := k.w.AddSystem(world.System{Name: "pan", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			if c, ok := drawable.Camera.Get(ctx.World, ce); ok {
				c.Position = c.Position.Add(move)
				c.Rotation += turn
				if zoomTo >= 0 {
					c.Zoom = zoomTo
				}
			}
			return nil
		}}); err != nil {
			t.Fatal(err)
		}
		var start camera.Camera
		fresh := true // the model: no start to interpolate from
		for op := range 200 {
			switch r := rng.IntN(10); {
			case r < 4:
				start = *drawable.Camera.Require(k.w, ce)
				fresh = false
				move = geom.Vec2{X: float64(rng.IntN(21) - 10), Y: float64(rng.IntN(21) - 10)}
				turn, zoomTo = 0, -1
				if rng.IntN(2) == 0 {
					turn = rng.Float64()*8 - 4 // past ±π at times
				}
				if rng.IntN(2) == 0 {
					zoomTo = []float64{0, 0.5, 1, 2, 3}[rng.IntN(5)]
				}
				k.step(t)
			case r < 8:
				k.alpha = float64(rng.IntN(5)) / 4
				onScreen(func(dst *ebiten.Image) { k.draw(dst) })
				cur := *drawable.Camera.Require(k.w, ce)
				want := cur
				still := fresh || start.Rotation == cur.Rotation && zoom(start) == zoom(cur)
				if !fresh {
					want.Position = geom.Vec2{X: start.Position.X + (cur.Position.X-start.Position.X)*k.alpha, Y: start.Position.Y + (cur.Position.Y-start.Position.Y)*k.alpha}
				}
				if !still {
					d := cur.Rotation - start.Rotation
					want.Rotation = start.Rotation + math.Atan2(math.Sin(d), math.Cos(d))*k.alpha
					want.Zoom = zoom(start) + (zoom(cur)-zoom(start))*k.alpha
				}
				got := k.r.Views()[0]
				same := got.Position == want.Position && got.Zoom == want.Zoom && got.Rotation == want.Rotation
				if !still {
					same = got.Position == want.Position && math.Abs(got.Zoom-want.Zoom) < 1e-12 &&
						math.Abs(math.Remainder(got.Rotation-want.Rotation, 2*math.Pi)) < 1e-12
				}
				if !same {
					t.Fatalf("seed %d, op %d, alpha %v: camera drawn at %v, zoom %v, turned %v; want %v, %v, %v (now %v, %v, %v; the step began at %v, %v, %v; fresh %v)",
						seed, op, k.alpha, got.Position, got.Zoom, got.Rotation, want.Position, want.Zoom, want.Rotation,
						cur.Position, cur.Zoom, cur.Rotation, start.Position, start.Zoom, start.Rotation, fresh)
				}
			case r < 9:
				geom.Teleport(k.w, ce)
				fresh = true
			default:
				c := *drawable.Camera.Require(k.w, ce)
				k.w.Destroy(ce)
				c.Position.X += 50
				ce = k.camera(c)
				fresh = true
			}
		}
	}
}

// TestCameraChangesReachTheFrame: a renderer places a camera again only
// when its value (on this frame's screen) differs byte for byte from the
// one it last placed at the same index, and keeps the sprites' blocks only
// while the first camera's placing is the last frame's. After each change
// below, of one camera's value or of the screen, its frame must be the
// frame of a renderer that has never drawn, and differ from the frame
// before; after a change undone a frame later, it must be the frame
// before again.
func TestCameraChangesReachTheFrame(t *testing.T) {
	type edit func(k *kit, cams []world.Entity, screen *image.Rectangle)
	at := func(k *kit, e world.Entity) *camera.Camera { return drawable.Camera.Require(k.w, e) }
	for _, tc := range []struct {
		name         string
		change, undo edit
	}{
		{name: "moved", change: func(k *kit, c []world.Entity, _ *image.Rectangle) { at(k, c[0]).Position.Y += 7 }},
		{name: "zoomed", change: func(k *kit, c []world.Entity, _ *image.Rectangle) { at(k, c[0]).Zoom = 2 }},
		{name: "turned", change: func(k *kit, c []world.Entity, _ *image.Rectangle) { at(k, c[0]).Rotation = 0.3 }},
		{name: "viewport", change: func(k *kit, c []world.Entity, _ *image.Rectangle) {
			at(k, c[0]).Viewport = geom.Rect(20, 10, 300, 200)
		}},
		{name: "bounded", change: func(k *kit, c []world.Entity, _ *image.Rectangle) {
			at(k, c[0]).Bounds = geom.Rect(0, 0, 200, 150) // clamps it
		}},
		{name: "screen resized", change: func(_ *kit, _ []world.Entity, s *image.Rectangle) { *s = image.Rect(0, 0, 256, 200) }},
		{name: "second camera moved", change: func(k *kit, c []world.Entity, _ *image.Rectangle) { at(k, c[1]).Position.X -= 20 }},
		{name: "depths swapped", change: func(k *kit, c []world.Entity, _ *image.Rectangle) {
			at(k, c[0]).Depth, at(k, c[1]).Depth = 1, 0
		}},
		{
			name:   "moved and back",
			change: func(k *kit, c []world.Entity, _ *image.Rectangle) { at(k, c[0]).Position.X += 5 },
			undo:   func(k *kit, c []world.Entity, _ *image.Rectangle) { at(k, c[0]).Position.X -= 5 },
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newKit(t, render.Options{})
			cams := []world.Entity{
				k.camera(camera.Camera{Position: geom.Vec2{X: 160, Y: 120}}),
				k.camera(camera.Camera{Position: geom.Vec2{X: 100, Y: 80}, Viewport: geom.Rect(0, 0, 100, 80), Depth: 1}),
			}
			for i := range 130 {
				k.sprite(float64(i%20)*15, float64(i/20)*30, drawable.Picture{Region: frame(i % 4)})
			}
			screen := image.Rect(0, 0, 320, 240)
			k.r.Prepare(screen, k.w, 1)
			k.r.Prepare(screen, k.w, 1)
			before := frameOf(k.r)
			tc.change(k, cams, &screen)
			if tc.undo != nil {
				k.r.Prepare(screen, k.w, 1)
				tc.undo(k, cams, &screen)
			}
			k.r.Prepare(screen, k.w, 1)
			fresh := render.New(k.c, render.Options{})
			fresh.Prepare(screen, k.w, 1)
			got, want := frameOf(k.r), frameOf(fresh)
			if !slices.Equal(got, want) {
				t.Fatalf("the frame differs from a fresh renderer's:\n got %v\nwant %v", got, want)
			}
			if undone := tc.undo != nil; slices.Equal(got, before) != undone {
				t.Errorf("the frame is the frame before the change: %v, want %v", !undone, undone)
			}
		})
	}
}

// frameOf returns what r's last Prepare built for its screen, as text: each
// camera's batch (its vertices and ops) in drawing order.
func frameOf(r *render.Renderer) []string {
	var out []string
	for _, b := range r.Batches() {
		out = append(out, fmt.Sprint(b.Vertices, b.Ops))
	}
	return out
}
