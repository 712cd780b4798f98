package world

import (
	"math"
	"testing"
)

// TestGenerationWrapRetiresSlot drives one slot to its last generation:
// destroying that entity retires the slot instead of reusing it, so no id
// is ever handed out twice.
func TestGenerationWrapRetiresSlot(t *testing.T) {
	w := New()
	e := w.Create()
	w.Destroy(e)
	// Pretend the slot has been reused 2^32-2 times.
	w.free[len(w.free)-1] = makeEntity(uint32(e), math.MaxUint32)
	last := w.Create()
	if last.Slot() != e.Slot() || last.Generation() != math.MaxUint32 {
		t.Fatalf("got %v, want slot %d at the last generation", last, e.Slot())
	}
	w.Destroy(last)
	next := w.Create()
	if next.Slot() == e.Slot() {
		t.Errorf("a slot at its last generation was reused: %v", next)
	}
	if w.IsAlive(last) || w.IsAlive(e) {
		t.Errorf("an old id of the retired slot answers alive")
	}
}
