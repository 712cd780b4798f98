package core

import (
	"slices"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// History keeps what interpolation needs: each drawn entity's position at
// the start of the current fixed step, by slot, stamped so that a slot's
// next owner never inherits it and a position recorded before the entity
// lost its Position and got it back does not count. Its zero value is
// ready to use.
//
// It is double-buffered. A draw notes where it found each entity it
// walked ([History.Note]) in one buffer while interpolating from the
// other; nothing moves entities between a draw and the next fixed step
// (the frame's systems run before the draw), so at that step the noted
// buffer is exactly the start-of-step positions, and [History.Snapshot]
// swaps the buffers in O(1). Only a step with no draw since the last one
// (the second step of a frame that runs two) walks every position.
//
// A stamp is one word per slot, the buffer's id in its high half and the
// entity's generation in its low half (generations start at 1, so 0 is
// "none"): noting a position is two stores, checking one a compare.
type History struct {
	cur, next buffer
	drawn     bool   // a draw noted positions in next since the last step
	seq       uint32 // the last id handed out
	walks     uint64 // see Walks
	// gens holds the generation of each slot's entity as of the world's
	// structure epoch gensEpoch, valid while gensOK: while the structure
	// stays, Snapshot copies positions run by run and stamps them from
	// here, rather than visiting the entities one at a time.
	gens      []uint32
	gensEpoch uint64
	gensOK    bool
}

// buffer is one side of a History: positions by slot, and their stamps.
type buffer struct {
	prev  []geom.Vec2
	stamp []uint64
	id    uint32 // stamps with this id in their high half count
	// ofDraw says that BeginDraw gave id, under the world's structure
	// epoch epoch: while it holds, the drawables are the same entities,
	// every draw notes each of them again, and the id can stay.
	ofDraw bool
	epoch  uint64
	// ofWalk says that Snapshot's walk gave id, under structure epoch
	// epoch, and stamped every holder of a Position with it; nothing
	// has written a stamp since but Teleport, which listed in cleared
	// the slots it zeroed. While it holds, the next walk can keep the
	// id: every stamp but those is what it would write again.
	ofWalk  bool
	cleared []uint32
}

// maxCleared is how many teleports a buffer lists before it gives up
// keeping its id, and the next walk stamps every slot again.
const maxCleared = 1024

// unstamp zeroes the stamp of slot if it holds generation gen, as
// Teleport does. The buffer then no longer holds every note a draw gave
// it, so it gives up keeping its id as a draw's buffer (ofDraw): kept
// blocks, which skip notes a buffer of their id holds, would leave the
// slot without one.
func (b *buffer) unstamp(slot int, gen uint32) {
	st := b.stamp[slot]
	if uint32(st) != gen {
		return
	}
	b.stamp[slot] = 0
	b.ofDraw = false
	if b.ofWalk && uint32(st>>32) == b.id {
		if len(b.cleared) == maxCleared {
			b.ofWalk = false
			return
		}
		b.cleared = append(b.cleared, uint32(slot))
	}
}

// newID returns an id no stamp holds.
func (h *History) newID() uint32 {
	h.seq++
	if h.seq == 0 { // wrapped: old stamps would pass for new ones
		clear(h.cur.stamp)
		clear(h.next.stamp)
		h.cur.ofDraw, h.next.ofDraw = false, false
		h.cur.ofWalk, h.next.ofWalk = false, false
		h.seq = 1
		h.walks++
	}
	return h.seq
}

// NextStep forgets what was recorded for the current step, so that At
// draws every entity where it is until positions are recorded again.
// O(1), except once every 2^32 calls.
func (h *History) NextStep() { h.cur.id, h.cur.ofDraw, h.cur.ofWalk = h.newID(), false, false }

// SkipIDs hands out ids until at most n are left before the ids wrap
// around, as that many NextSteps less than 2^32 would: for tests of the
// wrap. It never hands out an id twice.
func (h *History) SkipIDs(n uint32) {
	if s := ^uint32(0) - n; s > h.seq {
		h.seq = s
	}
}

// grow makes room for slots below n.
func (b *buffer) grow(n int) {
	if n <= len(b.stamp) {
		return
	}
	n = max(n, 2*len(b.stamp), 64)
	b.prev = slices.Grow(b.prev, n-len(b.prev))[:n]
	b.stamp = slices.Grow(b.stamp, n-len(b.stamp))[:n]
}

// Record notes p as the position, at the start of the current step, of
// the entity in slot with generation gen, and ends its teleport opt-out.
// O(1); it allocates only when the world has grown.
func (h *History) Record(slot int, gen uint32, p geom.Vec2) {
	h.walks++
	h.cur.grow(slot + 1)
	h.cur.prev[slot], h.cur.stamp[slot] = p, uint64(h.cur.id)<<32|uint64(gen)
	h.cur.ofWalk = false
}

// Snapshot starts a fixed step of w: what the last draw noted becomes
// where everything was at its start, in O(1); if nothing was drawn since
// the last step, it records every [geom.Position] of w instead: a copy of
// the column run by run while the world's structure is what it was at
// the last such walk, one walk by entity after it changed. It allocates
// only when the world has grown.
func (h *History) Snapshot(w *world.World) {
	if h.drawn {
		h.cur, h.next = h.next, h.cur
		h.drawn = false
		return
	}
	h.walks++
	pos := geom.Position.Column(w)
	epoch := w.StructureEpoch()
	b := &h.cur
	learnt := h.gensOK && h.gensEpoch == epoch && len(h.gens) >= len(pos)
	if learnt && b.ofWalk && b.epoch == epoch && len(b.stamp) >= len(pos) {
		// The last walk's stamps still hold, but for the teleports.
		id := uint64(b.id) << 32
		for _, s := range b.cleared {
			b.stamp[s] = id | uint64(h.gens[s])
		}
		b.cleared = b.cleared[:0]
		for _, r := range w.Slots(geom.Position).Runs() {
			copy(b.prev[r.Start:r.End], pos[r.Start:r.End])
		}
		return
	}
	h.NextStep()
	b.grow(len(pos))
	b.ofWalk, b.epoch, b.cleared = true, epoch, b.cleared[:0]
	prev, stamps, id := b.prev, b.stamp, uint64(b.id)<<32
	if !learnt {
		// The holders changed: one walk by entity, which learns their
		// generations for the steps after it.
		h.gens = slices.Grow(h.gens[:0], len(pos))[:len(pos)]
		for e, p := range world.Query1(w, geom.Position) {
			s, g := e.Slot(), e.Generation()
			prev[s], stamps[s], h.gens[s] = *p, id|uint64(g), g
		}
		h.gensEpoch, h.gensOK = epoch, true
		return
	}
	for _, r := range w.Slots(geom.Position).Runs() {
		copy(prev[r.Start:r.End], pos[r.Start:r.End])
		st, g := stamps[r.Start:r.End], h.gens[r.Start:r.End]
		g = g[:len(st)]
		for i := range st {
			st[i] = id | uint64(g[i])
		}
	}
}

// BeginDraw starts a draw that notes the positions of up to slots slots
// ([History.Note], [History.Noting]) of a world whose structure epoch is
// epoch. The draw must note every entity it draws. O(1) once the buffers
// have grown.
//
// The draw's buffer keeps its id, and so the stamps of earlier draws,
// while the epoch is the one they were made under: the drawables are then
// the same entities, each noted again by this draw, so a note that is
// still right (the entity has not moved since) need not be written
// again; see [History.Noting].
func (h *History) BeginDraw(slots int, epoch uint64) {
	if !h.next.ofDraw || h.next.epoch != epoch {
		h.next.id, h.next.ofDraw, h.next.epoch = h.newID(), true, epoch
		h.next.ofWalk = false
	}
	if slots > len(h.next.stamp) {
		h.next.grow(slots)
	}
	h.drawn = true
}

// Note notes p as where the draw found the entity in slot with
// generation gen. Panics if slot is not below BeginDraw's slots.
func (h *History) Note(slot int, gen uint32, p geom.Vec2) {
	h.next.prev[slot], h.next.stamp[slot] = p, uint64(h.next.id)<<32|uint64(gen)
}

// Noting returns the draw's buffers and the stamp's high half, for loops
// that note many positions: prev[slot], stamps[slot] = p, id|gen. Valid
// until the next BeginDraw. A slot whose note was written under the same
// id (the high half) and holds the entity's position now need not be
// written again.
func (h *History) Noting() (prev []geom.Vec2, stamps []uint64, id uint64) {
	return h.next.prev, h.next.stamp, uint64(h.next.id) << 32
}

// Teleport makes the entity in slot with generation gen draw at its
// current position, not between its last two, until its position is
// recorded again. O(1).
func (h *History) Teleport(slot int, gen uint32) {
	if slot < len(h.cur.stamp) {
		h.cur.unstamp(slot, gen)
	}
}

// TeleportAll is [History.Teleport] for each of es, in one loop. O(len(es)),
// and O(1) when nothing was ever recorded.
func (h *History) TeleportAll(es []world.Entity) {
	b := &h.cur
	n := len(b.stamp)
	if n == 0 {
		return
	}
	for _, e := range es {
		if s := e.Slot(); s < n {
			b.unstamp(s, e.Generation())
		}
	}
}

// At returns where to draw the entity in slot with generation gen, now at
// cur: alpha of the way from its recorded position to cur, or cur itself
// when nothing is recorded for it in this step (it appeared since the
// step began, or got its Position back) or it teleported. O(1), no
// allocation.
func (h *History) At(slot int, gen uint32, cur geom.Vec2, alpha float64) geom.Vec2 {
	b := &h.cur
	if uint(slot) >= uint(len(b.stamp)) || b.stamp[slot] != uint64(b.id)<<32|uint64(gen) {
		return cur
	}
	p := b.prev[slot]
	return geom.Vec2{X: p.X + (cur.X-p.X)*alpha, Y: p.Y + (cur.Y-p.Y)*alpha}
}

// Current returns the positions recorded for the current step, by slot,
// stamped or not: the draw's notes since the step began, or what its
// walk recorded. Valid until the next Snapshot.
func (h *History) Current() []geom.Vec2 { return h.cur.prev }

// Walks counts the calls that wrote the current step's positions other
// than by swapping in a draw's notes: Snapshot's walks, Record and
// Reset. While it stays the same, each slot's current position is what
// the last draw before the step began noted, or, with no step since,
// what it was then.
func (h *History) Walks() uint64 { return h.walks }

// Reset forgets everything, keeping the memory.
func (h *History) Reset() {
	h.walks++
	h.gensOK = false // another world's epochs are other numbers
	clear(h.cur.stamp)
	clear(h.next.stamp)
	h.cur.ofDraw, h.next.ofDraw = false, false
	h.cur.ofWalk, h.next.ofWalk = false, false
	h.drawn = false
}
