package core

import (
	"image/color"
	"math"

	"github.com/tessera-engine/tessera/render/camera"
)

// Kind is what an [Item] draws. Kinds are also the last tie-breaker of
// the draw order: an entity's sprite, then its shape, then its text.
type Kind uint8

const (
	KindSprite Kind = iota // a textured quad
	KindShape              // a mesh over a white texel
	KindText               // a label, drawn by render
)

// Item is one drawable of a frame, in world coordinates.
type Item struct {
	// Quad holds a sprite's corners: top-left, top-right, bottom-left,
	// bottom-right of its region as drawn, x then y of each.
	Quad [8]float32
	// Src is a sprite's region in its texture: x0, y0, x1, y1.
	Src [4]float32
	// Color is the colour scale, straight alpha, 0 to 1.
	Color [4]float32
	// Box is the world-space box that bounds the item: min x, min y,
	// max x, max y. Cameras cull by it.
	Box [4]float32
	// Ref is a sprite's texture; a shape's index in the shapes given to
	// [Batch.Build]; a text's index in render's list of texts.
	Ref  uint32
	Kind Kind
}

// Tint sets the item's colour scale from a straight-alpha colour; the
// zero colour stands for white, opaque (no tint).
func (it *Item) Tint(c color.NRGBA) {
	if c == (color.NRGBA{}) {
		it.Color = [4]float32{1, 1, 1, 1}
		return
	}
	it.Color = [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
}

// PlaceQuad sets a sprite's Quad and Box: a region w×h texels drawn with
// its origin (ox, oy), in fractions of its size, at the world point
// (x, y), scaled by (sx, sy) (negative to mirror) and turned by rot
// radians about the origin. O(1), no allocation.
func (it *Item) PlaceQuad(x, y float64, w, h float32, ox, oy, sx, sy, rot float64) {
	l := -ox * float64(w) * sx
	t := -oy * float64(h) * sy
	r := l + float64(w)*sx
	b := t + float64(h)*sy
	if rot == 0 {
		x0, x1 := float32(x+l), float32(x+r)
		y0, y1 := float32(y+t), float32(y+b)
		it.Quad = [8]float32{x0, y0, x1, y0, x0, y1, x1, y1}
		it.Box = [4]float32{min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)}
		return
	}
	sin, cos := math.Sincos(rot)
	corner := func(i int, u, v float64) {
		it.Quad[2*i] = float32(x + cos*u - sin*v)
		it.Quad[2*i+1] = float32(y + sin*u + cos*v)
	}
	corner(0, l, t)
	corner(1, r, t)
	corner(2, l, b)
	corner(3, r, b)
	q := &it.Quad
	it.Box = [4]float32{
		min(q[0], q[2], q[4], q[6]), min(q[1], q[3], q[5], q[7]),
		max(q[0], q[2], q[4], q[6]), max(q[1], q[3], q[5], q[7]),
	}
}

// PlaceBox sets Box to the world-space box bounding the local box lb
// (min x, min y, max x, max y) under m: for shapes and texts.
func (it *Item) PlaceBox(lb [4]float32, m camera.Affine) {
	it.Box = TransformBox(lb, m)
}

// TransformBox returns the box bounding the image of box b under m.
func TransformBox(b [4]float32, m camera.Affine) [4]float32 {
	x0, y0, x1, y1 := float64(b[0]), float64(b[1]), float64(b[2]), float64(b[3])
	// The image of a box's x extent is |A|·w wide (and so on): bound the
	// centre's image by the half extents.
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hw, hh := (x1-x0)/2, (y1-y0)/2
	mx := m.A*cx + m.C*cy + m.TX
	my := m.B*cx + m.D*cy + m.TY
	ex := math.Abs(m.A)*hw + math.Abs(m.C)*hh
	ey := math.Abs(m.B)*hw + math.Abs(m.D)*hh
	return [4]float32{float32(mx - ex), float32(my - ey), float32(mx + ex), float32(my + ey)}
}

// Visible reports whether a box overlaps the view box v (both min x,
// min y, max x, max y); touching counts.
func Visible(b, v [4]float32) bool {
	return b[0] <= v[2] && b[2] >= v[0] && b[1] <= v[3] && b[3] >= v[1]
}
