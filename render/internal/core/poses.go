package core

import (
	"math"
	"slices"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// Poses keeps what interpolating world poses needs: each entity's
// [geom.WorldTransform] at the start of the current fixed step, by slot,
// stamped with an id and the entity's generation, so that a slot's next
// owner never inherits it. Its zero value is ready to use.
//
// A step starts where [History] says it does for positions: where the
// last draw found everything, or, with no draw since the last step, where
// the step finds it. So it is double-buffered the same way: a draw
// ([Poses.BeginDraw]) notes the pose of every entity it draws
// ([Poses.Note]) into one buffer while interpolating from the other, and
// [Poses.Snapshot] swaps them; only a step with no draw since the last
// walks the poses. As in History, a draw's buffer keeps its id, and so
// the notes of earlier draws, while the world's structure epoch is the
// one they were made under: every draw notes each posed drawable again,
// but a note that is still right (a kept block's, see the renderer) need
// not be written again; [Poses.DrawID] tells which buffer a draw writes.
type Poses struct {
	cur, next poseBuffer
	drawn     bool // a draw noted poses in next since the last step
	seq       uint32
}

// poseBuffer is one side of a Poses.
type poseBuffer struct {
	prev  []geom.Pose
	stamp []uint64 // id<<32 | generation; generations start at 1
	id    uint32
	// ofDraw says that BeginDraw gave id under the structure epoch
	// epoch: while it holds, the drawables are the same entities and the
	// id can stay.
	ofDraw bool
	epoch  uint64
}

// newID returns an id no stamp holds.
func (h *Poses) newID() uint32 {
	h.seq++
	if h.seq == 0 { // wrapped: old stamps would pass for new ones
		clear(h.cur.stamp)
		clear(h.next.stamp)
		h.cur.ofDraw, h.next.ofDraw = false, false
		h.seq = 1
	}
	return h.seq
}

// Snapshot starts a fixed step of w: what the last draw noted becomes the
// step's start, in O(1); if nothing was drawn since the last step, every
// WorldTransform of w is, in O(entities with one) (O(1) when w has
// none). It allocates only when the world has grown.
func (h *Poses) Snapshot(w *world.World) {
	if h.drawn {
		h.cur, h.next = h.next, h.cur
		h.drawn = false
		return
	}
	h.NextStep()
	if w.Count(geom.WorldTransform) == 0 {
		return
	}
	for e, p := range world.Query1(w, geom.WorldTransform) {
		h.Record(e.Slot(), e.Generation(), *p)
	}
}

// BeginDraw starts a draw that notes the poses of up to slots slots
// ([Poses.Note]) of a world whose structure epoch is epoch; the draw must
// note every pose it draws, but for those still noted under its
// [Poses.DrawID] by an earlier draw. O(1) once the buffers have grown.
func (h *Poses) BeginDraw(slots int, epoch uint64) {
	if b := &h.next; !b.ofDraw || b.epoch != epoch {
		b.id, b.ofDraw, b.epoch = h.newID(), true, epoch
	}
	if slots > len(h.next.stamp) {
		h.next.grow(slots)
	}
	h.drawn = true
}

// DrawID returns the id of the buffer the draw begun last writes: notes
// made under it by earlier draws are still there.
func (h *Poses) DrawID() uint32 { return h.next.id }

// Note notes p as the pose the draw found the entity in slot with
// generation gen with. Panics if slot is not below BeginDraw's slots.
func (h *Poses) Note(slot int, gen uint32, p *geom.Pose) {
	h.next.prev[slot], h.next.stamp[slot] = *p, uint64(h.next.id)<<32|uint64(gen)
}

// NoteRun is Note for each of es, at slots from s0, posed as ps says in
// order: a run of entities that all have a pose, noted in one copy.
func (h *Poses) NoteRun(s0 int, es []world.Entity, ps []geom.Pose) {
	b := &h.next
	copy(b.prev[s0:s0+len(ps)], ps)
	id := uint64(b.id) << 32
	st := b.stamp[s0 : s0+len(ps)]
	for i, e := range es[:len(st)] {
		st[i] = id | uint64(e.Generation())
	}
}

// Record notes p as the pose, at the start of the current step, of the
// entity in slot with generation gen: for Snapshot's walk, and for what a
// caller keeps as a pose besides WorldTransforms (a camera's turn and
// zoom), after a NextStep. O(1); it allocates only when the slots grow.
func (h *Poses) Record(slot int, gen uint32, p geom.Pose) {
	if slot >= len(h.cur.stamp) {
		h.cur.grow(slot + 1)
	}
	h.cur.prev[slot], h.cur.stamp[slot] = p, uint64(h.cur.id)<<32|uint64(gen)
}

// grow makes room for slots below n.
func (b *poseBuffer) grow(n int) {
	n = max(n, 2*len(b.stamp), 64)
	b.prev = slices.Grow(b.prev, n-len(b.prev))[:n]
	b.stamp = slices.Grow(b.stamp, n-len(b.stamp))[:n]
}

// NextStep forgets what was recorded for the current step, so that At
// gives every pose as it is until the next Snapshot. O(1), except once
// every 2^32 calls.
func (h *Poses) NextStep() { h.cur.id, h.cur.ofDraw = h.newID(), false }

// SkipIDs moves the ids on until at most n are left before they wrap, as
// that many NextSteps less than 2^32 would: for tests of the wrap.
func (h *Poses) SkipIDs(n uint32) {
	if s := ^uint32(0) - n; s > h.seq {
		h.seq = s
	}
}

// Teleport makes the entity in slot with generation gen draw with its
// current pose until the next Snapshot. O(1).
func (h *Poses) Teleport(slot int, gen uint32) {
	if b := &h.cur; uint(slot) < uint(len(b.stamp)) && uint32(b.stamp[slot]) == gen {
		b.stamp[slot] = 0
		b.ofDraw = false // it lacks a note a draw gave it: see History's unstamp
	}
}

// TeleportAll is [Poses.Teleport] for each of es.
func (h *Poses) TeleportAll(es []world.Entity) {
	if len(h.cur.stamp) == 0 {
		return
	}
	for _, e := range es {
		h.Teleport(e.Slot(), e.Generation())
	}
}

// Reset forgets everything, keeping the memory.
func (h *Poses) Reset() {
	clear(h.cur.stamp)
	clear(h.next.stamp)
	h.cur.ofDraw, h.next.ofDraw = false, false
	h.drawn = false
}

// At returns how to draw the entity in slot with generation gen whose
// pose is now cur: its rotation and its scale (each zero axis made 1, as
// [geom.Pose.UnitScale] does), alpha of the way from those recorded at
// the start of the step to cur's, and whether they are cur's at every
// alpha (still: nothing recorded, or the same pose). The rotation goes
// the short way round, so a turn from just below π to just above -π is a
// small one; a turn of more than half a circle in one step is drawn the
// other way round. An entity with nothing recorded (its pose is new since
// the step began, it teleported, the slot has another owner) is drawn
// with cur. At alpha 1 the result is cur's exactly. O(1), no allocation.
func (h *Poses) At(slot int, gen uint32, cur *geom.Pose, alpha float64) (rot float64, scale geom.Vec2, still bool) {
	scale = cur.UnitScale()
	b := &h.cur
	if uint(slot) >= uint(len(b.stamp)) || b.stamp[slot] != uint64(b.id)<<32|uint64(gen) {
		return cur.Rotation, scale, true
	}
	p := &b.prev[slot]
	if p.Rotation == cur.Rotation && p.Scale == cur.Scale {
		return cur.Rotation, scale, true
	}
	// Measured back from cur, so that alpha 1 gives cur's bits; the turn
	// brought into [-π, π] only when it is not there (math.Remainder
	// costs more than the rest of At).
	back := 1 - alpha
	turn := cur.Rotation - p.Rotation
	if turn > math.Pi || turn < -math.Pi {
		turn -= 2 * math.Pi * math.Round(turn/(2*math.Pi))
	}
	k := p.UnitScale()
	return cur.Rotation - turn*back, geom.Vec2{X: scale.X - (scale.X-k.X)*back, Y: scale.Y - (scale.Y-k.Y)*back}, false
}
