package render

import (
	"image/color"
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// Sprites take one of two paths.
//
// The straight path is the common frame's: one camera, and sprites whose
// order keys (layer, z, slot) rise in slot order (all on one layer at one
// z, say) and come before every shape and text of the world. Their order
// is then the walk's, so each sprite is placed in screen coordinates and
// written into the camera's batch as it is walked: no item, no sort, no
// second pass. The shapes and texts are appended after them.
//
// Otherwise sprites become items, sorted with the rest and built into
// each camera's batch. A frame that finds the straight path does not
// hold (a sprite out of order) starts its sprites again that way, and
// the next frame does not try it; a frame whose items turn out to be in
// order tries it again.

// collectSprites collects the frame's sprites, after the shapes and
// texts. It reports whether they went the straight path.
func (r *Renderer) collectSprites() bool {
	r.fastSprites = 0
	limit, hasLimit := r.order.Least()
	if !hasLimit {
		limit = core.Entry{Hi: math.MaxUint64, Lo: math.MaxUint64}
	}
	r.straight = false
	if len(r.cams) == 1 && !r.slowSprites && !r.noStraight {
		items, hud := len(r.items), r.hud.Len()
		if r.spritesStraight(&r.batches[0], limit) {
			r.straight = true
			return true
		}
		r.items, r.fastSprites = r.items[:items], 0
		r.hud.Keep(hud)
	}
	r.quadsKept = false // the items' build writes over the first batch
	r.slowSprites = !r.spriteItems(limit)
	return false
}

// spriteOf is a sprite resolved for drawing: its region and texture, or
// nil if it draws nothing.
func (r *Renderer) spriteOf(e world.Entity, s *drawable.Picture) *region {
	if s.Region.IsZero() || (r.hidden && r.w.Has(e, drawable.Hidden)) {
		return nil
	}
	g := r.regionOf(s.Region)
	if g == nil || g.w == 0 || g.h == 0 {
		return nil
	}
	return g
}

// memoEntry is a region resolved lately.
type memoEntry struct {
	reg drawable.Region
	g   *region
}

// regionOf returns what reg stands for, through a small direct-mapped
// memo in front of the cache: most sprites of a frame show a few regions.
func (r *Renderer) regionOf(reg drawable.Region) *region {
	h := memoHash(reg)
	m := &r.memo[h]
	if m.g != nil && m.reg == reg {
		return m.g
	}
	v := r.cache.version
	g := r.cache.lookup(reg)
	if r.cache.version != v { // a load moved the cache's tables
		r.memo = [1 << memoBits]memoEntry{}
		r.memoVersion = r.cache.version
	}
	if g != nil {
		r.memo[h] = memoEntry{reg, g}
	}
	return g
}

const memoBits = 8

// memoHash is reg's place in the memo.
func memoHash(reg drawable.Region) uint32 {
	return (uint32(reg.Atlas)*0x9e3779b1 ^ uint32(reg.Frame)*0x85ebca6b ^ uint32(reg.Image)*0xc2b2ae35) >> (32 - memoBits)
}

// spriteItems collects the world's sprites as items, the path every frame
// can take. It reports whether the straight path would have held.
func (r *Renderer) spriteItems(limit core.Entry) (inOrder bool) {
	inOrder = len(r.cams) == 1
	var last core.Entry
	for e, row := range world.Query2(r.w, geom.Position, drawable.Sprite) {
		r.note(e, row.A)
		g := r.spriteOf(e, row.B)
		if g == nil {
			continue
		}
		o := r.orderOf(e)
		key := r.spriteItem(e, row.A, row.B, g, o)
		if o == &r.order {
			inOrder = inOrder && !key.Before(last) && key.Before(limit)
			last = key
		}
	}
	return inOrder
}

// spriteItem collects sprite s of e at p, showing g, as an item in order
// o, and returns its key.
func (r *Renderer) spriteItem(e world.Entity, p *geom.Vec2, s *drawable.Picture, g *region, o *core.Order) core.Entry {
	pos := r.hist.At(e.Slot(), e.Generation(), *p, r.alpha)
	sx, sy := s.Scale.X, s.Scale.Y
	if sx == 0 && sy == 0 {
		sx, sy = 1, 1
	}
	rot := s.Rotation
	if r.posed {
		turn, k := r.poseOf(e)
		sx, sy, rot = sx*k.X, sy*k.Y, rot+turn
	}
	it, idx := r.next()
	it.Kind, it.Ref, it.Src = core.KindSprite, g.tex, g.src
	if s.Flip != 0 {
		it.Src = flipped(it.Src, s.Flip)
	}
	it.Tint(s.Tint)
	it.PlaceQuad(pos.X, pos.Y, g.w, g.h, s.Origin.X, s.Origin.Y, sx, sy, rot)
	key := core.Entry{Hi: core.Key(int16(s.Layer), s.Z), Lo: core.Tie(e.Slot(), core.KindSprite)}
	o.Add(key.Hi, key.Lo, idx)
	return key
}

// flipped returns a region's texture rectangle (x0, y0, x1, y1) mirrored
// as f says.
func flipped(src [4]float32, f drawable.Flip) [4]float32 {
	if f&drawable.FlipX != 0 {
		src[0], src[2] = src[2], src[0]
	}
	if f&drawable.FlipY != 0 {
		src[1], src[3] = src[3], src[1]
	}
	return src
}

// tint sets a vertex colour scale from a straight-alpha colour: the zero
// colour stands for none (opaque white).
func tint(col *[4]float32, c color.NRGBA) {
	if c == (color.NRGBA{}) {
		*col = [4]float32{1, 1, 1, 1}
		return
	}
	*col = [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
}
