package render_test

import (
	"image/color"
	"math"
	"reflect"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
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
