package render

import (
	"image/color"
	"math"
	"slices"

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

// quadKey is what a quad of the straight path's batch was written from,
// beyond its corners: when a sprite at the same place in the batch shows
// the same region with the same tint and flip, only its corners are
// written.
type quadKey struct {
	g    *region
	tint color.NRGBA
	flip drawable.Flip
}

// spritesStraight writes the world's sprites into bt, the one camera's
// batch, and puts the Screen ones among the items; it returns false, with
// bt half written, when a sprite is out of order or not before limit.
func (r *Renderer) spritesStraight(bt *core.Batch, limit core.Entry) bool {
	bt.Reset()
	if !r.quadsKept {
		clear(r.quadKeys)
	}
	r.quadsKept = false // until the frame is done
	c := &r.cams[0].cam
	m := c.Transform()
	a, b, cc, d := float32(m.A), float32(m.B), float32(m.C), float32(m.D)
	area := c.Area()
	x0, y0, x1, y1 := float32(area.Min.X), float32(area.Min.Y), float32(area.Max.X), float32(area.Max.Y)
	var last core.Entry
	op := -1 // the open Op
	quads := 0
	key0 := core.Key(0, 0)
	// A walk gives the entities, kept until the world's structure changes;
	// the loop over the columns' runs, the same slots in the same order,
	// gives the values, without a call an entity.
	runs := r.w.Slots(geom.Position, drawable.Sprite)
	if epoch := r.w.StructureEpoch(); r.entsOf != r.w || r.entsEpoch != epoch || len(r.ents) != runs.Len() {
		ents := r.ents[:0]
		for e := range world.Query2(r.w, geom.Position, drawable.Sprite) {
			ents = append(ents, e)
		}
		r.ents, r.entsOf, r.entsEpoch = ents, r.w, epoch
	}
	ents := r.ents
	pc, sc := geom.Position.Column(r.w), drawable.Sprite.Column(r.w)
	// Locals, not fields: the compiler keeps them in registers across the
	// stores into the vertices.
	hidden, onScreen, alpha := r.hidden, r.onScreen, r.alpha
	memo, hist := &r.memo, &r.hist
	notes, stamps, noteID := hist.Noting()
	keys := r.quadKeys
	verts := bt.Vertices[:cap(bt.Vertices)]
	k := 0
	for _, run := range runs.Runs() {
		ps, ss := pc[run.Start:run.End], sc[run.Start:run.End]
		ss = ss[:len(ps)]
		es := ents[k : k+len(ps)]
		k += len(ps)
		for i := range ps {
			s, e := &ss[i], es[i]
			slot := e.Slot()
			notes[slot], stamps[slot] = ps[i], noteID|uint64(e.Generation())
			if s.Region.IsZero() || (hidden && r.w.Has(e, drawable.Hidden)) {
				continue
			}
			var g *region
			if mm := &memo[memoHash(s.Region)]; mm.g != nil && mm.reg == s.Region {
				g = mm.g
			} else if g = r.regionOf(s.Region); g == nil {
				continue
			}
			if g.w == 0 || g.h == 0 {
				continue
			}
			if onScreen && r.w.Has(e, drawable.Screen) {
				r.spriteItem(e, &ps[i], s, g, &r.hud)
				continue
			}
			key := core.Entry{Hi: key0, Lo: core.Tie(slot, core.KindSprite)}
			if s.Layer != 0 || s.Z != 0 {
				key.Hi = core.Key(int16(s.Layer), s.Z)
			}
			if key.Before(last) || !key.Before(limit) {
				return false
			}
			last = key
			p := hist.At(slot, e.Generation(), ps[i], alpha)
			// The region's corners: the screen point of its top-left
			// corner, and the screen vectors of its two edges.
			w, h := float64(g.w), float64(g.h)
			if s.Scale != (geom.Vec2{}) {
				w, h = w*s.Scale.X, h*s.Scale.Y
			}
			l, t := -s.Origin.X*w, -s.Origin.Y*h
			qa, qb, qc, qd := a, b, cc, d
			if s.Rotation != 0 {
				sin, cos := math.Sincos(s.Rotation)
				sn, cs := float32(sin), float32(cos)
				// The camera's linear part, after the sprite's turn.
				qa, qb, qc, qd = a*cs+cc*sn, b*cs+d*sn, -a*sn+cc*cs, -b*sn+d*cs
			}
			fl, ft, fw, fh := float32(l), float32(t), float32(w), float32(h)
			px := float32(m.A*p.X+m.C*p.Y+m.TX) + qa*fl + qc*ft
			py := float32(m.B*p.X+m.D*p.Y+m.TY) + qb*fl + qd*ft
			exx, exy, eyx, eyy := qa*fw, qb*fw, qc*fh, qd*fh
			if px+pos(exx)+pos(eyx) < x0 || px+neg(exx)+neg(eyx) > x1 ||
				py+pos(exy)+pos(eyy) < y0 || py+neg(exy)+neg(eyy) > y1 {
				bt.Culled++
				continue
			}
			if op < 0 || bt.Ops[op].Ref != g.tex || quads-int(bt.Ops[op].V0)/4 >= core.MaxQuads {
				bt.Ops = append(bt.Ops, core.Op{Kind: core.OpQuads, Ref: g.tex, V0: int32(4 * quads), V1: int32(4 * quads)})
				op = len(bt.Ops) - 1
			}
			bt.Ops[op].V1 += 4
			n := 4 * quads
			if n+4 > len(verts) {
				verts = slices.Grow(verts, 4*max(quads, 64)) // keeps what the quad keys say is there
				verts = verts[:cap(verts)]
			}
			if quads >= len(keys) {
				keys = append(keys, quadKey{})
			}
			v := verts[n : n+4 : n+4]
			v[0].DstX, v[0].DstY = px, py
			v[1].DstX, v[1].DstY = px+exx, py+exy
			v[2].DstX, v[2].DstY = px+eyx, py+eyy
			v[3].DstX, v[3].DstY = px+exx+eyx, py+exy+eyy
			if qk := (quadKey{g, s.Tint, s.Flip}); keys[quads] != qk {
				keys[quads] = qk
				writeLook(v, g.src, s.Flip, s.Tint)
			}
			quads++
		}
	}
	// What the frame appends after the sprites (shapes, texts) overwrites
	// the vertices past them, so only the keys of this frame's quads
	// still say what their vertices hold.
	bt.Vertices, r.quadKeys = verts[:4*quads], keys[:quads]
	bt.Drawn += quads
	r.fastSprites = quads + bt.Culled
	r.quadsKept = true
	return true
}

// pos and neg return the positive and the negative part of x: cheaper
// than the built-in min and max, which order NaNs and signed zeros.
func pos(x float32) float32 {
	if x > 0 {
		return x
	}
	return 0
}

func neg(x float32) float32 {
	if x < 0 {
		return x
	}
	return 0
}

// writeLook writes a sprite quad's texels and colour.
func writeLook(v []core.Vertex, src [4]float32, f drawable.Flip, c color.NRGBA) {
	if f != 0 {
		src = flipped(src, f)
	}
	v[0].SrcX, v[0].SrcY = src[0], src[1]
	v[1].SrcX, v[1].SrcY = src[2], src[1]
	v[2].SrcX, v[2].SrcY = src[0], src[3]
	v[3].SrcX, v[3].SrcY = src[2], src[3]
	var col [4]float32
	tint(&col, c)
	for k := range v {
		v[k].ColorR, v[k].ColorG, v[k].ColorB, v[k].ColorA = col[0], col[1], col[2], col[3]
	}
}

// spriteItems collects the world's sprites as items, the path every frame
// can take. It reports whether the straight path would have held.
func (r *Renderer) spriteItems(limit core.Entry) (inOrder bool) {
	inOrder = len(r.cams) == 1
	var last core.Entry
	for e, row := range world.Query2(r.w, geom.Position, drawable.Sprite) {
		r.hist.Note(e.Slot(), e.Generation(), *row.A)
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
	it, idx := r.next()
	it.Kind, it.Ref, it.Src = core.KindSprite, g.tex, g.src
	if s.Flip != 0 {
		it.Src = flipped(it.Src, s.Flip)
	}
	it.Tint(s.Tint)
	it.PlaceQuad(pos.X, pos.Y, g.w, g.h, s.Origin.X, s.Origin.Y, sx, sy, s.Rotation)
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
