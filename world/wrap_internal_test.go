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

// TestFieldsGetOwnerWords checks the owner words Fields.Get reads instead
// of the bitmap and the world's generations: no id, handed out or forged,
// of any generation (0, the last, the one before, ...) matches a free
// entry, an entity without the component, or another generation's value;
// and the last generation still answers for itself.
func TestFieldsGetOwnerWords(t *testing.T) {
	type pos struct{ X, Y float64 }
	p := DefineFields[pos]("ownerPos")
	w := New()
	a := w.Create()
	p.Add(w, a, pos{1, 2})
	b := w.Create() // holds no pos
	c := w.Create()
	p.Add(w, c, pos{5, 6}) // grows the column past every slot used here
	w.Destroy(a)           // a's slot: free, its column entry a leftover
	gens := []uint32{0, 1, 2, 3, math.MaxUint32 - 1, math.MaxUint32}
	for _, slot := range []uint32{uint32(a), uint32(b)} {
		for _, gen := range gens {
			if v, ok := p.Get(w, makeEntity(slot, gen)); ok {
				t.Errorf("Get(%v) = %v, true on a slot that holds no pos", makeEntity(slot, gen), *v)
			}
		}
	}
	for _, gen := range gens {
		if id := makeEntity(uint32(c), gen); gen != c.Generation() {
			if _, ok := p.Get(w, id); ok {
				t.Errorf("Get(%v) matched the value of %v", id, c)
			}
		}
	}
	if _, ok := p.Get(w, 0); ok {
		t.Errorf("Get(zero Entity) found a value")
	}

	// The last generation: its value answers to it alone, and is gone
	// after Remove.
	w.Destroy(c)
	w.free[len(w.free)-1] = makeEntity(uint32(c), math.MaxUint32)
	last := w.Create()
	if _, ok := p.Get(w, last); ok {
		t.Errorf("Get(%v) found a value before any add", last)
	}
	p.Add(w, last, pos{3, 4})
	if v, ok := p.Get(w, last); !ok || *v != (pos{3, 4}) {
		t.Errorf("Get(%v) = %v, %v, want {3 4}, true", last, v, ok)
	}
	for _, gen := range gens[:len(gens)-1] {
		if id := makeEntity(uint32(last), gen); func() bool { _, ok := p.Get(w, id); return ok }() {
			t.Errorf("Get(%v) matched the value of %v", id, last)
		}
	}
	w.Remove(last, p)
	if _, ok := p.Get(w, last); ok {
		t.Errorf("Get(%v) after Remove found a value", last)
	}
}
