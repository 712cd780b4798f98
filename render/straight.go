package render

import (
	"image/color"
	"math"
	"slices"
	"unsafe"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// The straight path (see collectSprites) walks the sprites in blocks of
// up to blockSize consecutive slots of one run. A block whose pictures
// (and world poses) are byte for byte what they were at the last frame,
// whose positions and poses are those the current step began with (so
// that interpolation leaves them where they are) and were so at the last
// frame too, keeps the quads the last frame wrote for it: its cost is
// two comparisons of memory (three with poses), and its notes for the
// next step go only into a buffer of the histories that does not hold
// them yet. The others are placed sprite by sprite.
//
// Why that is enough: the last frame drew the block's sprites at their
// positions then (they were where their step began), and these
// positions are those: with no step since, the step's start is the same
// as then; after one, it is where the last frame found them (the draw
// notes them for the next step); a step without a draw before it
// records the positions anew, and the frame after it places every
// sprite again ([core.History.Walks]). The regions, the camera and the
// world's structure are the same too, or no block is kept. Poses follow
// the same argument: a reusable block's poses were their step's start
// when it was placed, and the draw notes them for the next step as it
// does positions (core.Poses), so the last frame's poses, which the
// block compares with, are the step's start now.
//
// So a frame of sprites that stand still costs about what reading their
// positions and pictures costs; a sprite that moves or changes costs its
// block's placing, as every sprite did before blocks.
const blockSize = 64

// spriteBlock is what a block of the straight path wrote at the last
// frame.
type spriteBlock struct {
	q0, nq   int32 // its quads in the batch
	culled   int32
	tex      uint32 // the texture of its quads
	reusable bool   // it was static (positions and poses), its quads share tex, no sprite is on Screen
	keyed    bool   // first and last are its order keys
	posed    bool   // a sprite of it has a WorldTransform: Renderer.poses holds the block's
	posedAll bool   // every sprite of it has one: its poses are noted as a run
	first    core.Entry
	last     core.Entry
	// noted holds the ids of the history's buffers (the high half of the
	// stamps) that hold the block's notes at its positions: while the
	// block is kept, its notes need writing only into another buffer.
	noted [2]uint32
	// posesNoted is the same for the ids of the pose history's buffers
	// (core.Poses.DrawID), for a posed block.
	posesNoted [2]uint32
	// The pictures of a reusable block: when shared is set, all but
	// their first two words (their region, and the padding after it)
	// are shared, the rest of their memory. The first two are then one
	// of the block's few regions, nregions of them in regions, named by
	// slot in Renderer.kinds, or, for a block of more than maxRegions
	// (nregions 0), kept by slot in Renderer.regions. Otherwise
	// Renderer.pics holds the pictures whole.
	shared   bool
	nregions uint8
	rest     [picWords - 2]uint64
	regions  [maxRegions][2]uint64
}

// maxRegions is how many regions a block's pictures may show for the
// block to keep them as indices into a table of its own: one byte a
// sprite to read in a kept frame instead of sixteen. A block of standing
// sprites shows a few frames of a sheet; tiles may show more, and keep
// their regions whole.
const maxRegions = 8

// picWords is the size of a Picture in 64-bit words: a sprite's picture
// is compared with the last frame's as that many words, its region (and
// the padding after it) first.
const picWords = 9

var _ [picWords*8 - unsafe.Sizeof(drawable.Picture{})]struct{} // fails to compile if Picture grows
var _ [unsafe.Sizeof(drawable.Picture{}) - picWords*8]struct{} // or shrinks

// wordsOf returns p's memory as words.
func wordsOf(p *drawable.Picture) *[picWords]uint64 {
	return (*[picWords]uint64)(unsafe.Pointer(p))
}

// keepPictures records ss, the pictures of block b at slots from s0, for
// the next frame's comparison.
func (r *Renderer) keepPictures(b *spriteBlock, s0 int, ss []drawable.Picture) {
	rest := (*[picWords - 2]uint64)(wordsOf(&ss[0])[2:])
	b.shared = true
	for i := range ss {
		if *(*[picWords - 2]uint64)(wordsOf(&ss[i])[2:]) != *rest {
			b.shared = false
			break
		}
	}
	if !b.shared {
		copy(r.pics[s0:], ss)
		return
	}
	b.rest = *rest
	b.nregions = 0
	kinds := r.kinds[s0 : s0+len(ss)]
	for i := range ss {
		w := wordsOf(&ss[i])
		g := [2]uint64{w[0], w[1]}
		k := uint8(0)
		for k < b.nregions && b.regions[k] != g {
			k++
		}
		if k == b.nregions {
			if k == maxRegions {
				b.nregions = 0
				break
			}
			b.regions[k] = g
			b.nregions++
		}
		kinds[i] = k
	}
	if b.nregions > 0 {
		return
	}
	regions := r.regions[s0 : s0+len(ss)]
	for i := range ss {
		w := wordsOf(&ss[i])
		regions[i] = [2]uint64{w[0], w[1]}
	}
}

// samePictures reports whether ss, the pictures of block b at slots from
// s0, are byte for byte those keepPictures recorded.
func (r *Renderer) samePictures(b *spriteBlock, s0 int, ss []drawable.Picture) bool {
	if !b.shared {
		return sameBytes(r.pics[s0:s0+len(ss)], ss)
	}
	// The rest's words in locals, and the differences ORed over the
	// whole block with one test at its end: a kept block (the common
	// case this serves) reads every picture anyway, and the loop then
	// has no branch a sprite. (In Go ^ and | bind alike, left to right:
	// each XOR needs its parentheses.)
	t0, t1, t2, t3, t4, t5, t6 := b.rest[0], b.rest[1], b.rest[2], b.rest[3], b.rest[4], b.rest[5], b.rest[6]
	var diff uint64
	if b.nregions > 0 {
		kinds := r.kinds[s0 : s0+len(ss)]
		for i := range ss {
			w, g := wordsOf(&ss[i]), &b.regions[kinds[i]%maxRegions]
			diff |= (w[0] ^ g[0]) | (w[1] ^ g[1]) | (w[2] ^ t0) | (w[3] ^ t1) | (w[4] ^ t2) | (w[5] ^ t3) | (w[6] ^ t4) | (w[7] ^ t5) | (w[8] ^ t6)
		}
		return diff == 0
	}
	regions := r.regions[s0 : s0+len(ss)]
	for i := range ss {
		w, g := wordsOf(&ss[i]), &regions[i]
		diff |= (w[0] ^ g[0]) | (w[1] ^ g[1]) | (w[2] ^ t0) | (w[3] ^ t1) | (w[4] ^ t2) | (w[5] ^ t3) | (w[6] ^ t4) | (w[7] ^ t5) | (w[8] ^ t6)
	}
	return diff == 0
}

// keepPoses records the world poses of a block's sprites, at slots s0 to
// s1 of wc, the WorldTransform column, for the next frame's comparison.
// It copies the column's bytes: those of a slot without a WorldTransform
// are leftovers, but a sprite that gains or loses one changes the world's
// structure, which keeps no block, so they only have to compare equal
// while they mean nothing; and a leftover that changed costs a placing,
// never a stale quad.
func (r *Renderer) keepPoses(s0, s1 int, wc []geom.Pose) {
	if s1 <= len(wc) {
		copy(r.poses[s0:s1], wc[s0:s1])
	}
}

// samePoses reports whether the poses at slots s0 to s1 of wc are those
// keepPoses recorded. A block that reaches past the column's end is never
// kept.
func (r *Renderer) samePoses(s0, s1 int, wc []geom.Pose) bool {
	return s1 <= len(wc) && sameBytes(r.poses[s0:s1], wc[s0:s1])
}

// blockView is what the quads of a frame's blocks depend on besides the
// sprites: the camera's transform and area.
type blockView struct {
	m    camera.Affine
	area geom.Rectangle
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

// straight is the state of a frame's straight path as it goes from block
// to block.
type straight struct {
	bt     *core.Batch
	verts  []core.Vertex // bt's vertices, to their capacity
	keys   []quadKey
	op     int // the open Op, or -1
	quads  int
	last   core.Entry // the order key of the last sprite placed
	limit  core.Entry // sprites must come before it
	m      camera.Affine
	area   [4]float32 // x0, y0, x1, y1
	notes  []geom.Vec2
	stamps []uint64
	noteID uint64
}

// spritesStraight writes the world's sprites into bt, the one camera's
// batch, and puts the Screen ones among the items; it returns false, with
// bt half written, when a sprite is out of order or not before limit.
func (r *Renderer) spritesStraight(bt *core.Batch, limit core.Entry) bool {
	bt.Reset()
	kept := r.quadsKept
	if !kept {
		clear(r.quadKeys)
	}
	r.quadsKept = false // until the frame is done
	area := r.cams[0].area
	view := blockView{r.cams[0].m, area}
	// A walk gives the entities, kept until the world's structure changes;
	// the loop over the columns' runs, the same slots in the same order,
	// gives the values, without a call an entity.
	f := &r.structure
	runs := f.sprites
	if !f.entsKnown {
		ents := f.ents[:0]
		for e := range world.Query2(r.w, geom.Position, drawable.Sprite) {
			ents = append(ents, e)
		}
		f.ents, f.entsKnown = ents, true
		kept = false // the blocks are not those of the last frame
	}
	reuse := kept && (r.cams[0].same || view == r.blocksView) && r.hist.Walks() == r.blocksWalks && !r.noBlocks
	notes, stamps, noteID := r.hist.Noting()
	st := straight{
		bt: bt, verts: bt.Vertices[:cap(bt.Vertices)], keys: r.quadKeys, op: -1,
		limit: limit, m: view.m, area: [4]float32{float32(area.Min.X), float32(area.Min.Y), float32(area.Max.X), float32(area.Max.Y)},
		notes: notes, stamps: stamps, noteID: noteID,
	}
	pc, sc := f.pos, f.pics
	if len(r.pics) < len(sc) {
		r.pics = slices.Grow(r.pics, len(sc)-len(r.pics))[:len(sc)]
		r.regions = slices.Grow(r.regions, len(sc)-len(r.regions))[:len(sc)]
		r.kinds = slices.Grow(r.kinds, len(sc)-len(r.kinds))[:len(sc)]
	}
	var wc []geom.Pose
	if r.posed {
		wc = f.poses
		if len(r.poses) < len(sc) {
			r.poses = slices.Grow(r.poses, len(sc)-len(r.poses))[:len(sc)]
		}
	}
	prev, blocks := r.hist.Current(), r.blocks[:0]
	r.keptBlocks = 0
	k := 0
	for _, run := range runs {
		for s0 := run.Start; s0 < run.End; s0 += blockSize {
			s1 := min(s0+blockSize, run.End)
			ps, ss, es := pc[s0:s1], sc[s0:s1], f.ents[k:k+s1-s0]
			k += s1 - s0
			n := len(blocks)
			blocks = slices.Grow(blocks, 1)[:n+1] // the last frame's record of the block, if it had it
			b := &blocks[n]
			if reuse && n < len(r.blocks) && int(b.q0) == st.quads && b.unchanged(r, s0, s1, prev, ps, ss, wc) && st.keep(b) {
				r.keptBlocks++
				b.note(s0, ps, es, notes, stamps, noteID)
				if b.posed {
					r.notePoses(b, s0, es, wc)
				}
				continue
			}
			static := s1 <= len(prev) && sameBytes(prev[s0:s1], ps)
			q0, culled := st.quads, bt.Culled
			ok, nb := r.placeBlock(&st, ps, ss, es)
			if !ok {
				r.blocks = blocks
				return false
			}
			nb.q0, nb.nq, nb.culled = int32(q0), int32(st.quads-q0), int32(bt.Culled-culled)
			nb.reusable = nb.reusable && static
			nb.noted = [2]uint32{uint32(noteID >> 32)}
			nb.posesNoted = [2]uint32{r.poseHist.DrawID()}
			*b = nb
			if nb.reusable {
				r.keepPictures(b, s0, ss)
				if nb.posed {
					r.keepPoses(s0, s1, wc)
				}
			}
		}
	}
	r.blocks, r.blocksView, r.blocksWalks = blocks, view, r.hist.Walks()
	// What the frame appends after the sprites (shapes, texts) overwrites
	// the vertices past them, so only the keys of this frame's quads
	// still say what their vertices hold.
	bt.Vertices, r.quadKeys = st.verts[:4*st.quads], st.keys[:st.quads]
	bt.Drawn += st.quads
	r.fastSprites = st.quads + bt.Culled
	r.quadsKept = true
	return true
}

// keep adds block b's quads of the last frame to the batch as they are,
// and reports whether it could: b's sprites must come after the last
// placed and before the limit, and its quads must join the open Op or
// open one of their own, as placing them one by one would.
func (st *straight) keep(b *spriteBlock) bool {
	if b.keyed && (b.first.Before(st.last) || !b.last.Before(st.limit)) {
		return false // out of order: placing them says so
	}
	if nq := int(b.nq); nq > 0 {
		bt := &st.bt.Ops
		if op := st.op; op >= 0 && (*bt)[op].Ref == b.tex && st.quads-int((*bt)[op].V0)/4+nq <= core.MaxQuads {
			(*bt)[op].V1 += int32(4 * nq)
		} else if (op < 0 || (*bt)[op].Ref != b.tex || st.quads-int((*bt)[op].V0)/4 >= core.MaxQuads) && nq <= core.MaxQuads {
			*bt = append(*bt, core.Op{Kind: core.OpQuads, Ref: b.tex, V0: int32(4 * st.quads), V1: int32(4 * (st.quads + nq))})
			st.op = len(*bt) - 1
		} else {
			return false // the Op fills up inside the block
		}
	}
	st.quads += int(b.nq)
	st.bt.Culled += int(b.culled)
	if b.keyed {
		st.last = b.last
	}
	return true
}

// placeBlock places the sprites of one block, ss at ps of entities es,
// into the batch, one by one, notes their positions for the next step,
// and puts the Screen ones among the items. It returns false when a
// sprite is out of order or not before the limit, and what the block's
// record needs besides its quads.
func (r *Renderer) placeBlock(st *straight, ps []geom.Vec2, ss []drawable.Picture, es []world.Entity) (ok bool, b spriteBlock) {
	bt := st.bt
	m := st.m
	a, bb, cc, d := float32(m.A), float32(m.B), float32(m.C), float32(m.D)
	x0, y0, x1, y1 := st.area[0], st.area[1], st.area[2], st.area[3]
	// Locals, not fields: the compiler keeps them in registers across the
	// stores into the vertices.
	hidden, onScreen, posed, alpha := r.hidden, r.onScreen, r.posed, r.alpha
	memo, hist, poses := &r.memo, &r.hist, &r.poseHist
	notes, stamps, noteID := st.notes, st.stamps, st.noteID
	keys, verts := st.keys, st.verts
	op, quads, last := st.op, st.quads, st.last
	key0 := core.Key(0, 0)
	b.reusable = true
	posedN := 0
	tex, texSet := uint32(0), false
	ss = ss[:len(ps)]
	es = es[:len(ps)]
	for i := range ps {
		s, e := &ss[i], es[i]
		slot := e.Slot()
		notes[slot], stamps[slot] = ps[i], noteID|uint64(e.Generation())
		var wt *geom.Pose
		if posed {
			if p, ok := geom.WorldTransform.Get(r.w, e); ok {
				wt = p
				poses.Note(slot, e.Generation(), p)
				b.posed = true // hidden or culled too: the block, kept, notes its poses
				posedN++
			}
		}
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
			b.reusable = false
			continue
		}
		key := core.Entry{Hi: key0, Lo: core.Tie(slot, core.KindSprite)}
		if s.Layer != 0 || s.Z != 0 {
			key.Hi = core.Key(int16(s.Layer), s.Z)
		}
		if key.Before(last) || !key.Before(st.limit) {
			return false, b
		}
		if !b.keyed {
			b.first, b.keyed = key, true
		}
		last = key
		p := hist.At(slot, e.Generation(), ps[i], alpha)
		// The region's corners: the screen point of its top-left
		// corner, and the screen vectors of its two edges.
		w, h := float64(g.w), float64(g.h)
		if s.Scale != (geom.Vec2{}) {
			w, h = w*s.Scale.X, h*s.Scale.Y
		}
		rot := s.Rotation
		if wt != nil {
			turn, k, still := poses.At(slot, e.Generation(), wt, alpha)
			w, h, rot = w*k.X, h*k.Y, rot+turn
			if !still {
				b.reusable = false // drawn between two poses: another alpha, another quad
			}
		}
		l, t := -s.Origin.X*w, -s.Origin.Y*h
		qa, qb, qc, qd := a, bb, cc, d
		if rot != 0 {
			sin, cos := math.Sincos(rot)
			sn, cs := float32(sin), float32(cos)
			// The camera's linear part, after the sprite's turn.
			qa, qb, qc, qd = a*cs+cc*sn, bb*cs+d*sn, -a*sn+cc*cs, -bb*sn+d*cs
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
		if !texSet {
			tex, texSet = g.tex, true
		} else if g.tex != tex {
			b.reusable = false
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
	st.keys, st.verts = keys, verts
	st.op, st.quads, st.last = op, quads, last
	b.tex, b.last = tex, last
	b.posedAll = posedN == len(ps)
	return true, b
}

// sameBytes reports whether a and b hold the same bytes: for values
// without pointers, a sufficient test that they are equal (a float's
// -0 and +0 differ in it, which only costs a recomputation).
func sameBytes[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	n := len(a) * int(unsafe.Sizeof(a[0]))
	return unsafe.String((*byte)(unsafe.Pointer(&a[0])), n) == unsafe.String((*byte)(unsafe.Pointer(&b[0])), n)
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
