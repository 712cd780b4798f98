package render_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// TestVertexLayout checks that core.Vertex is ebiten.Vertex's twin, field
// by field, so the renderer may hand its vertices over without a copy.
func TestVertexLayout(t *testing.T) {
	e, c := reflect.TypeFor[ebiten.Vertex](), reflect.TypeFor[core.Vertex]()
	if e.Size() != c.Size() || e.NumField() != c.NumField() {
		t.Fatalf("ebiten.Vertex is %d bytes in %d fields, core.Vertex %d in %d", e.Size(), e.NumField(), c.Size(), c.NumField())
	}
	for i := range e.NumField() {
		ef, cf := e.Field(i), c.Field(i)
		if ef.Name != cf.Name || ef.Offset != cf.Offset || ef.Type.Kind() != cf.Type.Kind() {
			t.Errorf("field %d: ebiten.Vertex.%s (%v at %d), core.Vertex.%s (%v at %d)", i, ef.Name, ef.Type, ef.Offset, cf.Name, cf.Type, cf.Offset)
		}
	}
}

// TestSprites draws sprites placed, flipped, turned, scaled and tinted,
// atlas frames by number and by name, and sprites that must not show.
func TestSprites(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	k.sprite(8, 8, drawable.Picture{Region: hero})
	k.sprite(32, 8, drawable.Picture{Region: hero, Flip: drawable.FlipX})
	k.sprite(56, 8, drawable.Picture{Region: hero, Flip: drawable.FlipY})
	k.sprite(80, 8, drawable.Picture{Region: hero, Flip: drawable.FlipX | drawable.FlipY})
	k.sprite(124.3, 16.6, drawable.Picture{Region: hero, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Rotation: 0.7}) // no pixel samples a texel edge
	k.sprite(8, 36, drawable.Picture{Region: hero, Scale: geom.Vec2{X: 2, Y: 1}})
	k.sprite(48, 36, drawable.Picture{Region: hero, Scale: geom.Vec2{X: 0.5, Y: 0.5}})
	k.sprite(64, 36, drawable.Picture{Region: hero, Tint: color.NRGBA{0xff, 0xff, 0xff, 0x80}}) // half transparent
	k.sprite(88, 36, drawable.Picture{Region: hero, Tint: color.NRGBA{0x80, 0xff, 0x80, 0xff}})
	// Origin (0.5, 1), turned a quarter: its bottom middle stays at the
	// position, marked by a white shape under it.
	k.shape(132, 60, drawable.Rect(1, 1, white))
	k.sprite(132, 60, drawable.Picture{Region: hero, Origin: geom.Vec2{X: 0.5, Y: 1}, Rotation: math.Pi / 2, Order: drawable.Order{Layer: -1}})
	for i := range 4 {
		k.sprite(8+12*float64(i), 64, drawable.Picture{Region: frame(i)})
	}
	k.sprite(60, 64, drawable.Picture{Region: drawable.Frame("parts.yaml", "yellow")})
	k.sprite(76, 64, drawable.Picture{Region: drawable.Frame("parts.yaml", "whole"), Scale: geom.Vec2{X: 0.5, Y: 0.5}})
	hidden := k.sprite(100, 64, drawable.Picture{Region: hero})
	drawable.Hidden.Add(k.w, hidden)
	k.sprite(100, 90, drawable.Picture{}) // no region: nothing
	got := grab(160, 120, bg, k.draw)
	golden(t, "sprites", got)
	checkPixels(t, got, []check{
		{"plain: the white corner", 8, 8, white},
		{"plain: red quadrant", 12, 12, red},
		{"FlipX: the white corner moves right", 32 + 15, 8, white},
		{"FlipX: green comes left", 32 + 4, 12, green},
		{"FlipY: the white corner moves down", 56, 23, white},
		{"hidden sprite", 104, 68, bg},
		{"atlas frame 3 is a yellow bar", 8 + 36 + 6, 66, yellow},
		{"a named frame: the yellow quadrant", 62, 66, yellow},
	})
	if st := k.r.Stats(); st.Items != 17 || st.DrawCalls > 6 {
		t.Errorf("Stats() = %+v, want 17 items (16 sprites and a shape; the hidden and the empty sprite left out) in a few draw calls", st)
	}
}

// TestSpritesOfOneImageBatch: sprites showing frames of one atlas, and
// the image it cuts, draw in one call whatever files name them.
func TestSpritesOfOneImageBatch(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(64, 32)
	k.sprite(0, 0, drawable.Picture{Region: hero})
	k.sprite(16, 0, drawable.Picture{Region: drawable.Frame("parts.yaml", "green")})
	k.sprite(32, 0, drawable.Picture{Region: drawable.Frame("parts.yaml", "whole")})
	k.sprite(0, 16, drawable.Picture{Region: frame(0)})
	k.sprite(16, 16, drawable.Picture{Region: frame(1)})
	grab(64, 32, bg, k.draw)
	if st := k.r.Stats(); st.Items != 5 || st.DrawCalls != 2 {
		t.Errorf("Stats() = %+v, want 5 sprites in 2 calls: one for hero.png's, one for sheet.png's", st)
	}
}

// spritePaths draws a scene of sprites of every kind (placed by origin,
// scaled, mirrored by a negative scale, flipped, turned, tinted, hidden,
// on the screen, culled) through camera cam twice, by a renderer allowed
// the straight path and by one that is not, and returns both pictures
// and whether the first took it.
//
// The two drawings differ in the path only. Where ebitengine puts an
// image in its atlases, which depends on what earlier tests allocated,
// changes how a drawing's coordinates round, enough to flip a pixel that
// samples a texel's edge (the sprite scaled by 1.5 does at (29, 16)): the
// same frame drawn into managed images at two places of the atlas
// differs there. So both renderers draw one world over one cache (the
// same source images) in one frame (ebitengine moves images between
// frames) onto one unmanaged image, which is on no atlas.
func spritePaths(t *testing.T, cam camera.Camera, add func(k *kit)) (straight, items *image.RGBA, took bool) {
	t.Helper()
	k := newKit(t, render.Options{})
	k.camera(cam)
	k.sprite(8, 8, drawable.Picture{Region: hero})
	k.sprite(40, 20, drawable.Picture{Region: hero, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Scale: geom.Vec2{X: 1.5, Y: 0.5}})
	k.sprite(70, 8, drawable.Picture{Region: hero, Scale: geom.Vec2{X: -1, Y: 1}})
	k.sprite(90, 8, drawable.Picture{Region: frame(2), Flip: drawable.FlipX | drawable.FlipY, Scale: geom.Vec2{X: 2, Y: 2}})
	k.sprite(30, 60, drawable.Picture{Region: hero, Origin: geom.Vec2{X: 0.5, Y: 1}, Rotation: 0.7})
	k.sprite(60, 60, drawable.Picture{Region: frame(3), Tint: color.NRGBA{0xff, 0x80, 0x80, 0xc0}})
	k.sprite(-500, 60, drawable.Picture{Region: hero}) // culled
	drawable.Hidden.Add(k.w, k.sprite(100, 60, drawable.Picture{Region: hero}))
	drawable.Screen.Add(k.w, k.sprite(2, 100, drawable.Picture{Region: frame(1)}))
	if add != nil {
		add(k)
	}
	general := render.New(k.c, render.Options{})
	general.SetStraight(false)
	const w, h = 160, 120
	straight, items = image.NewRGBA(image.Rect(0, 0, w, h)), image.NewRGBA(image.Rect(0, 0, w, h))
	onScreen(func(*ebiten.Image) {
		dst := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		defer dst.Deallocate()
		for _, d := range []struct {
			r   *render.Renderer
			out *image.RGBA
		}{{k.r, straight}, {general, items}} {
			dst.Fill(bg)
			d.r.Draw(dst, k.w, k.alpha)
			dst.ReadPixels(d.out.Pix)
		}
	})
	return straight, items, k.r.Straight()
}

// TestSpritePathsAgree: the straight path for sprites draws what the
// items' path draws, pixel for pixel, through plain, zoomed and turned
// cameras; a sprite out of order, or a shape that draws before a sprite,
// sends the frame down the items' path.
func TestSpritePathsAgree(t *testing.T) {
	plain := cameraAt(80, 60)
	zoomed := camera.Camera{Position: geom.Vec2{X: 60, Y: 40}, Zoom: 1.7}
	turned := camera.Camera{Position: geom.Vec2{X: 70, Y: 50}, Zoom: 0.8, Rotation: 0.4}
	for _, tt := range []struct {
		name     string
		cam      camera.Camera
		add      func(k *kit)
		straight bool
	}{
		{"plain camera", plain, nil, true},
		{"zoomed camera", zoomed, nil, true},
		{"turned camera", turned, nil, true},
		{"a shape on a higher layer", plain, func(k *kit) {
			f := drawable.Rect(10, 10, red)
			f.Order.Layer = 1
			k.shape(50, 50, f)
		}, true},
		{"a sprite out of order", plain, func(k *kit) {
			k.sprite(120, 90, drawable.Picture{Region: hero, Order: drawable.Order{Z: -1}})
		}, false},
		{"a shape spawned after the sprites, on their layer", plain, func(k *kit) { k.shape(50, 50, drawable.Rect(10, 10, red)) }, true},
		{"a shape under the sprites", plain, func(k *kit) {
			f := drawable.Rect(10, 10, red)
			f.Order.Layer = -1
			k.shape(50, 50, f)
		}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			straight, items, took := spritePaths(t, tt.cam, tt.add)
			if took != tt.straight {
				t.Errorf("straight path taken: %v, want %v", took, tt.straight)
			}
			bad, first := 0, -1
			for i := range straight.Pix {
				if straight.Pix[i] != items.Pix[i] {
					if bad == 0 {
						first = i / 4
					}
					bad++
				}
			}
			if bad > 0 {
				x, y := first%straight.Rect.Dx(), first/straight.Rect.Dx()
				t.Errorf("%d channels differ between the paths, the first at pixel (%d, %d): %v straight, %v through the items", bad, x, y, pixel(straight, x, y), pixel(items, x, y))
				name := filepath.Join(failures, "paths-"+t.Name()[len("TestSpritePathsAgree/"):])
				if err := os.MkdirAll(failures, 0o755); err == nil && writePNG(name+".straight.png", straight) == nil && writePNG(name+".items.png", items) == nil {
					t.Logf("wrote both pictures to %s", failures)
				}
			}
		})
	}
}

// TestSpriteFrameAllocs: a steady frame of moving sprites, through the
// straight path, allocates nothing in the renderer; neither do its steps.
func TestSpriteFrameAllocs(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(320, 240)
	for i := range 5000 {
		k.sprite(float64(i%300), float64(i/20), drawable.Picture{Region: frame(i % 4), Tint: color.NRGBA{0xff, 0xff, 0xff, uint8(i)}})
	}
	moveAll(t, k.w)
	k.requireNoFrameAllocs(t)
	if !k.r.Straight() {
		t.Error("the sprites did not take the straight path")
	}
}

// TestStraightPathReturns: a frame whose sprites fall out of order takes
// the items' path, and so does the next; once they are in order again,
// the frame after the first in-order one takes the straight path again.
func TestStraightPathReturns(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(40, 40)
	k.sprite(0, 0, drawable.Picture{Region: hero})
	late := k.sprite(20, 20, drawable.Picture{Region: hero})
	screen := image.Rect(0, 0, 40, 40)
	var took []bool
	for f := range 5 {
		drawable.Sprite.Require(k.w, late).Z = 0
		if f == 1 {
			drawable.Sprite.Require(k.w, late).Z = -1 // before the first: out of walk order
		}
		k.r.Prepare(screen, k.w, 1)
		took = append(took, k.r.Straight())
	}
	if want := []bool{true, false, false, true, true}; !slices.Equal(took, want) {
		t.Errorf("straight path by frame: %v, want %v", took, want)
	}
}

// TestStraightPathAfterFewerSprites: a frame that draws fewer sprites
// than the last puts the shapes after them where later sprites' quads
// were; when those sprites come back, the frame draws what a renderer
// new to the scene draws, every quad's texels and colour included.
func TestStraightPathAfterFewerSprites(t *testing.T) {
	scene := func(k *kit) world.Entity {
		k.lookAt(80, 40)
		first := k.sprite(4, 4, drawable.Picture{Region: hero})
		k.sprite(30, 4, drawable.Picture{Region: hero})
		k.sprite(56, 4, drawable.Picture{Region: hero})
		k.shape(40, 30, drawable.Rect(30, 6, red)) // after the sprites, on their layer
		return first
	}
	k := newKit(t, render.Options{})
	first := scene(k)
	grab(80, 40, bg, k.draw)
	geom.Position.Require(k.w, first).X = -100 // culled: the shape's vertices move up
	grab(80, 40, bg, k.draw)
	geom.Position.Require(k.w, first).X = 4
	got := grab(80, 40, bg, k.draw)
	if !k.r.Straight() {
		t.Fatal("the sprites did not take the straight path")
	}
	fresh := newKit(t, render.Options{})
	scene(fresh)
	want := grab(80, 40, bg, fresh.draw)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("the third frame differs from a new renderer's drawing of the same scene")
		if err := writePNG(filepath.Join(failures, "fewer-sprites.png"), got); err == nil {
			t.Logf("wrote it to %s", failures)
		}
	}
}
