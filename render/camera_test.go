package render_test

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/world"
)

// scenery fills the world from (0, 0) to (320, 240) with a grid of
// sprites, a frame and a few shapes, for the camera tests.
func scenery(k *kit) {
	k.shape(0, 0, render.Rect(320, 240, color.NRGBA{0x20, 0x28, 0x40, 0xff}).Outline(4))
	for y := 16.0; y < 240; y += 48 {
		for x := 16.0; x < 320; x += 48 {
			k.sprite(x, y, render.Picture{Region: k.hero})
		}
	}
	k.shape(160, 120, render.Circle(20, white).Outline(2))
	k.shape(160, 120, render.Line(geom.Vec2{X: 60}, 2, red))
	k.shape(160, 120, render.Line(geom.Vec2{Y: 60}, 2, green))
}

func TestCameraZoom(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	cam := k.r.Camera()
	cam.Zoom = 2
	cam.CenterOn(geom.Vec2{X: 180, Y: 130})
	got := grab(160, 120, bg, k.r.Draw)
	golden(t, "camera-zoom", got)
	// The world point (160, 112), a sprite's top-left (white) corner,
	// shows where WorldToScreen says.
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
	cam := k.r.Camera()
	cam.Rotation = math.Pi / 6
	cam.Zoom = 0.5
	cam.CenterOn(geom.Vec2{X: 160, Y: 120})
	golden(t, "camera-rotation", grab(160, 120, bg, k.r.Draw))
}

// TestCameraFollow moves a body right and down with a fixed system and
// draws through a camera that follows it with a dead zone and smoothing,
// kept inside the world's bounds.
func TestCameraFollow(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	body := k.sprite(40, 40, render.Picture{Region: k.sheet.Frame(3), Origin: geom.Vec2{X: 0.5, Y: 0.5}, Order: render.Order{Layer: 1}})
	if err := k.w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		p := geom.Position.Require(ctx.World, body)
		p.X += 3
		p.Y += 2
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	cam := k.r.Camera()
	*cam = camera.Camera{Follow: body, Smoothing: 0.1, DeadZone: geom.Vec2{X: 16, Y: 8}, Bounds: geom.Rect(0, 0, 320, 240)}
	var got *image.RGBA
	for range 40 {
		k.step(t)
		k.frame(t, 0.5, 1.0/60)
		got = grab(120, 90, bg, k.r.Draw)
	}
	golden(t, "camera-follow", got)
	// The body is at (160, 120) after 40 steps and drawn half a step
	// behind. The camera lags it by the dead zone and the smoothing: at
	// 180 units a second and a half-life of 0.1 s, about 180·0.1/ln 2 ≈ 26
	// units beyond the zone's 16 in x (120 units a second: 17 beyond 8 in
	// y).
	p := cam.Position
	if !(p.X < 158.5-16-20 && p.X > 158.5-16-30 && p.Y < 119-8-12 && p.Y > 119-8-22) {
		t.Errorf("camera at %v after following the body to (158.5, 119)", p)
	}
	k.r.Camera().Follow = 0
}

// TestScreenCameras draws two split-screen halves and a minimap on the
// real screen and reads it back as the engine's screenshot option does
// (engine/window saves what Draw left on the screen), so screenshots show
// every camera.
func TestScreenCameras(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	left := k.r.Camera()
	left.Viewport = geom.Rect(0, 0, screenW/2, screenH)
	left.Background = color.NRGBA{0x30, 0x10, 0x10, 0xff}
	left.CenterOn(geom.Vec2{X: 64, Y: 64})
	right := &camera.Camera{Viewport: geom.Rect(screenW/2, 0, screenW, screenH), Background: color.NRGBA{0x10, 0x30, 0x10, 0xff}, Zoom: 2}
	right.CenterOn(geom.Vec2{X: 160, Y: 120})
	mini := &camera.Camera{Viewport: geom.Rect(screenW-84, screenH-64, screenW-4, screenH-4), Background: black, Zoom: 0.25}
	mini.CenterOn(geom.Vec2{X: 160, Y: 120})
	k.r.AddCamera(right)
	k.r.AddCamera(mini)
	shot := image.NewRGBA(image.Rect(0, 0, screenW, screenH))
	onScreen(func(screen *ebiten.Image) {
		k.r.Draw(screen)
		screen.ReadPixels(shot.Pix)
	})
	for i := 3; i < len(shot.Pix); i += 4 {
		shot.Pix[i] = 0xff // opaque, as the engine's screenshots are
	}
	golden(t, "screen-cameras", shot)
	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"left half's background", 2, 200, left.Background},
		{"right half's background", screenW - 90, 4, right.Background},
		{"the minimap's background", screenW - 82, screenH - 62, black},
	} {
		if got := pixel(shot, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if cam, ok := k.r.CameraAt(geom.Vec2{X: screenW - 10, Y: screenH - 10}); !ok || cam != mini {
		t.Errorf("CameraAt(the minimap's corner) = %p, %v; want the minimap %p", cam, ok, mini)
	}
	if cam, ok := k.r.CameraAt(geom.Vec2{X: 10, Y: 10}); !ok || cam != left {
		t.Errorf("CameraAt(10, 10) = %p, %v; want the left camera %p", cam, ok, left)
	}
	if !k.r.RemoveCamera(mini) || !k.r.RemoveCamera(right) || k.r.RemoveCamera(left) || len(k.r.Cameras()) != 1 {
		t.Error("RemoveCamera: want the added cameras removed and the last one kept")
	}
}

// TestScreenDrawables draws a HUD (a bar, a sprite and a shape with the
// Screen tag) over a zoomed, rotated, split view of the world: the HUD
// stays where its positions say in screen pixels, over every camera.
func TestScreenDrawables(t *testing.T) {
	k := newKit(t, render.Options{})
	scenery(k)
	cam := k.r.Camera()
	cam.Viewport = geom.Rect(0, 0, screenW/2, screenH)
	cam.Zoom, cam.Rotation = 2, 0.3
	cam.CenterOn(geom.Vec2{X: 200, Y: 150})
	right := &camera.Camera{Viewport: geom.Rect(screenW/2, 0, screenW, screenH), Background: color.NRGBA{0x10, 0x30, 0x10, 0xff}}
	right.CenterOn(geom.Vec2{X: 160, Y: 120})
	k.r.AddCamera(right)

	barColor := color.NRGBA{0x20, 0x20, 0x80, 0xff}
	bar := k.shape(0, 0, render.Rect(screenW, 12, barColor))
	icon := k.sprite(4, 2, render.Picture{Region: k.hero, Order: render.Order{Layer: 1}})
	dot := k.shape(screenW-8, 6, render.Circle(4, red).Outline(0))
	for _, e := range []world.Entity{bar, icon, dot} {
		render.Screen.Add(k.w, e)
	}
	shot := image.NewRGBA(image.Rect(0, 0, screenW, screenH))
	onScreen(func(screen *ebiten.Image) {
		k.r.Draw(screen)
		screen.ReadPixels(shot.Pix)
	})
	for i := 3; i < len(shot.Pix); i += 4 {
		shot.Pix[i] = 0xff
	}
	golden(t, "screen-drawables", shot)
	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"the bar over the left camera", screenW / 4, 10, barColor},
		{"the bar over the right camera", 3 * screenW / 4, 10, barColor},
		{"the dot, right of the bar", screenW - 8, 6, red},
		{"below the bar, the right camera's world", 3*screenW/4 + 30, 40, right.Background},
	} {
		if got := pixel(shot, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if st := k.r.Stats(); st.Drawn < 3 {
		t.Errorf("Stats() = %+v, want the three HUD items drawn", st)
	}
}
