package core

import (
	"slices"

	"github.com/tessera-engine/tessera/geom"
)

// History keeps what interpolation needs: each entity's position at the
// start of the current fixed step, recorded by slot with the entity's
// generation so that a slot's next owner never inherits it, and which
// entities opted out of interpolation until the next step. Its zero value
// is ready to use.
type History struct {
	prev []geom.Vec2
	gen  []uint32 // generation of the entity prev belongs to; 0 none
	snap []uint32 // generation of an entity that teleported; 0 none
	at   []uint32 // the step prev was recorded at
	step uint32   // the current step, counted by NextStep (wraps, harmlessly)
}

// NextStep starts a step: what was recorded before it is not where the
// entities were at its start (an entity whose Position was removed and
// added again since would slide in from there), so At interpolates only
// from what Record notes from now on. O(1).
func (h *History) NextStep() { h.step++ }

// grow makes room for slot.
func (h *History) grow(slot int) {
	if slot < len(h.gen) {
		return
	}
	n := max(slot+1, 2*len(h.gen), 64)
	h.prev = slices.Grow(h.prev, n-len(h.prev))[:n]
	h.gen = slices.Grow(h.gen, n-len(h.gen))[:n]
	h.snap = slices.Grow(h.snap, n-len(h.snap))[:n]
	h.at = slices.Grow(h.at, n-len(h.at))[:n]
}

// Record notes p as the position, at the start of a step, of the entity
// in slot with generation gen, and ends its teleport opt-out. O(1); it
// allocates only when the world has grown.
func (h *History) Record(slot int, gen uint32, p geom.Vec2) {
	h.grow(slot)
	h.prev[slot], h.gen[slot], h.snap[slot], h.at[slot] = p, gen, 0, h.step
}

// Teleport makes the entity in slot with generation gen draw at its
// current position, not between its last two, until the next Record of
// it.
func (h *History) Teleport(slot int, gen uint32) {
	h.grow(slot)
	h.snap[slot] = gen
}

// At returns where to draw the entity in slot with generation gen, now at
// cur: alpha of the way from its recorded position to cur, or cur itself
// when nothing is recorded for it in this step (it appeared since the
// step began, or got its Position back) or it teleported. O(1), no
// allocation.
func (h *History) At(slot int, gen uint32, cur geom.Vec2, alpha float64) geom.Vec2 {
	if slot >= len(h.gen) || h.gen[slot] != gen || h.snap[slot] == gen || h.at[slot] != h.step {
		return cur
	}
	p := h.prev[slot]
	return geom.Vec2{X: p.X + (cur.X-p.X)*alpha, Y: p.Y + (cur.Y-p.Y)*alpha}
}

// Reset forgets everything, keeping the memory.
func (h *History) Reset() {
	clear(h.gen)
	clear(h.snap)
}
