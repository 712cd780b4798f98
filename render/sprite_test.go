package render_test

import (
	"image"
	"image/color"
	"math"
	"reflect"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/internal/core"
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
// atlas frames, a region of an image, and sprites that must not show.
func TestSprites(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	k.sprite(8, 8, render.Picture{Region: k.hero})
	k.sprite(32, 8, render.Picture{Region: k.hero, Flip: render.FlipX})
	k.sprite(56, 8, render.Picture{Region: k.hero, Flip: render.FlipY})
	k.sprite(80, 8, render.Picture{Region: k.hero, Flip: render.FlipX | render.FlipY})
	k.sprite(124.3, 16.6, render.Picture{Region: k.hero, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Rotation: 0.7}) // no pixel samples a texel edge
	k.sprite(8, 36, render.Picture{Region: k.hero, Scale: geom.Vec2{X: 2, Y: 1}})
	k.sprite(48, 36, render.Picture{Region: k.hero, Scale: geom.Vec2{X: 0.5, Y: 0.5}})
	k.sprite(64, 36, render.Picture{Region: k.hero, Tint: color.NRGBA{0xff, 0xff, 0xff, 0x80}}) // half transparent
	k.sprite(88, 36, render.Picture{Region: k.hero, Tint: color.NRGBA{0x80, 0xff, 0x80, 0xff}})
	// Origin (0.5, 1), turned a quarter: its bottom middle stays at the
	// position, marked by a white sprite under it.
	k.shape(132, 60, render.Rect(1, 1, white))
	k.sprite(132, 60, render.Picture{Region: k.hero, Origin: geom.Vec2{X: 0.5, Y: 1}, Rotation: math.Pi / 2, Order: render.Order{Layer: -1}})
	for i := range k.sheet.Len() {
		k.sprite(8+12*float64(i), 64, render.Picture{Region: k.sheet.Frame(i)})
	}
	img := ebiten.NewImageFromImage(decode(t, heroPNG()))
	k.sprite(60, 64, render.Picture{Region: k.r.AddRegion(img, image.Rect(8, 8, 16, 16))}) // the yellow quadrant
	k.sprite(76, 64, render.Picture{Region: k.r.AddImage(img), Scale: geom.Vec2{X: 0.5, Y: 0.5}})
	hidden := k.sprite(100, 64, render.Picture{Region: k.hero})
	render.Hidden.Add(k.w, hidden)
	k.sprite(100, 90, render.Picture{}) // no region: nothing
	got := grab(160, 120, bg, k.r.Draw)
	golden(t, "sprites", got)

	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"plain: the white corner", 8, 8, white},
		{"plain: red quadrant", 12, 12, red},
		{"FlipX: the white corner moves right", 32 + 15, 8, white},
		{"FlipX: green comes left", 32 + 4, 12, green},
		{"FlipY: the white corner moves down", 56, 23, white},
		{"hidden sprite", 104, 68, bg},
		{"atlas frame 3 is a yellow bar", 8 + 36 + 6, 66, yellow},
		{"region: the yellow quadrant", 62, 66, yellow},
	} {
		if got := pixel(got, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if st := k.r.Stats(); st.Items != 17 || st.DrawCalls > 6 {
		t.Errorf("Stats() = %+v, want 17 items (16 sprites and a shape; the hidden and the empty sprite left out) in a few draw calls", st)
	}
}
