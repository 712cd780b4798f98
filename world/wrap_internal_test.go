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
	// Pretend the slot has been reused 2^32-3 times.
	w.free[len(w.free)-1] = makeEntity(uint32(e), lastGeneration)
	last := w.Create()
	if last.Slot() != e.Slot() || last.Generation() != math.MaxUint32-1 {
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

// TestFieldsGetOwnerWords checks the owner words Fields.Get reads instead
// of the bitmap and the world's generations: the zero Entity and ids of
// other generations never match a free entry or another holder's, and the
// last generation (whose complement is the smallest owner word) still
// answers.
func TestFieldsGetOwnerWords(t *testing.T) {
	type pos struct{ X, Y float64 }
	p := DefineFields[pos]("ownerPos")
	w := New()
	e := w.Create()
	p.Add(w, e, pos{1, 2}) // grows the column and its owners
	w.Destroy(e)
	if _, ok := p.Get(w, 0); ok {
		t.Errorf("Get(zero Entity) found a value in a free slot")
	}
	if _, ok := p.Get(w, e); ok {
		t.Errorf("Get(%v) after Destroy found a value", e)
	}
	w.free[len(w.free)-1] = makeEntity(uint32(e), lastGeneration)
	last := w.Create()
	if _, ok := p.Get(w, last); ok {
		t.Errorf("Get(%v) found a value before any add", last)
	}
	p.Add(w, last, pos{3, 4})
	if v, ok := p.Get(w, last); !ok || *v != (pos{3, 4}) {
		t.Errorf("Get(%v) = %v, %v, want {3 4}, true", last, v, ok)
	}
	for _, other := range []Entity{0, e, makeEntity(uint32(e), lastGeneration-1), makeEntity(uint32(e), math.MaxUint32)} {
		if _, ok := p.Get(w, other); ok {
			t.Errorf("Get(%v) matched the value of %v", other, last)
		}
	}
	w.Remove(last, p)
	if _, ok := p.Get(w, last); ok {
		t.Errorf("Get(%v) after Remove found a value", last)
	}
}
