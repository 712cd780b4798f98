package world_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func TestEntityParts(t *testing.T) {
	w := world.New()
	a, b := w.Create(), w.Create()
	if a.Slot() != 0 || b.Slot() != 1 {
		t.Errorf("slots = %d, %d, want 0, 1", a.Slot(), b.Slot())
	}
	if a.Generation() != 1 {
		t.Errorf("first generation = %d, want 1", a.Generation())
	}
	if got := b.String(); got != "1v1" {
		t.Errorf("String() = %q, want %q", got, "1v1")
	}
	w.Destroy(a)
	c := w.Create()
	if c.Slot() != a.Slot() || c.Generation() != 2 || c == a {
		t.Errorf("reused id = %v, want slot %d generation 2", c, a.Slot())
	}
	// An id carries its whole generation: no bit of it is lost at 64 bits.
	big := world.Entity(uint64(1<<31+7)<<32 | 5)
	if big.Slot() != 5 || big.Generation() != 1<<31+7 {
		t.Errorf("Entity(%d) = slot %d gen %d", uint64(big), big.Slot(), big.Generation())
	}
}

func TestZeroEntityIsNeverAlive(t *testing.T) {
	w := world.New()
	w.Create()
	var zero world.Entity
	if w.IsAlive(zero) || w.Has(zero, tPlayer) {
		t.Errorf("the zero Entity answers alive")
	}
	w.Destroy(w.Entities()[0])
	if w.IsAlive(zero) {
		t.Errorf("the zero Entity is alive once slot 0 is free")
	}
}

func TestStaleIDStaysDeadAfterReuse(t *testing.T) {
	w := world.New()
	old := world.Spawn2(w, tHealth, health{HP: 3}, tPos, position{X: 1})
	tPlayer.Add(w, old)
	w.Destroy(old)
	reused := world.Spawn2(w, tHealth, health{HP: 9}, tPos, position{X: 2})
	tPlayer.Add(w, reused)
	if reused.Slot() != old.Slot() {
		t.Fatalf("slot not reused: %v then %v", old, reused)
	}
	if w.IsAlive(old) {
		t.Errorf("IsAlive(%v) = true after its slot went to %v", old, reused)
	}
	if w.Has(old, tHealth) || w.Has(old, tPlayer) || w.Has(old, tPos) {
		t.Errorf("Has(%v) = true for a stale id", old)
	}
	if _, ok := tHealth.Get(w, old); ok {
		t.Errorf("Get(%v) found a value for a stale id", old)
	}
	if _, ok := tPos.Get(w, old); ok {
		t.Errorf("Fields Get(%v) found a value for a stale id", old)
	}
	if w.ComponentsOf(old) != nil {
		t.Errorf("ComponentsOf(stale) = %v, want nil", w.ComponentsOf(old))
	}
	w.Destroy(old) // must not touch the new owner
	w.Remove(old, tHealth)
	if !w.IsAlive(reused) || !w.Has(reused, tHealth) {
		t.Errorf("Destroy/Remove of stale %v hurt %v", old, reused)
	}
	err := mustPanicWith(t, func() { tHealth.Add(w, old, health{}) })
	if !errors.Is(err, world.ErrDeadEntity) || !strings.Contains(err.Error(), old.String()) {
		t.Errorf("Add to stale id panicked with %v, want ErrDeadEntity naming %v", err, old)
	}
}

func TestReuseGivesNewIDs(t *testing.T) {
	// A slot is reused until its generation would wrap, then retired: an
	// id is never handed out twice. Driving 2^32 reuses is too slow for a
	// unit test, so check the visible half: every reuse gets a new id.
	w := world.New()
	seen := map[world.Entity]bool{}
	e := w.Create()
	for range 1000 {
		if seen[e] {
			t.Fatalf("id %v handed out twice", e)
		}
		seen[e] = true
		w.Destroy(e)
		e = w.Create()
	}
	if e.Slot() != 0 || e.Generation() != 1001 {
		t.Errorf("after 1000 reuses got %v, want 0v1001", e)
	}
}

func TestLenAndEntities(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for range 5 {
		ids = append(ids, w.Create())
	}
	w.Destroy(ids[1])
	w.Destroy(ids[3])
	if w.Len() != 3 {
		t.Errorf("Len() = %d, want 3", w.Len())
	}
	got := w.Entities()
	want := []world.Entity{ids[0], ids[2], ids[4]}
	if len(got) != len(want) {
		t.Fatalf("Entities() = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("Entities() = %v, want %v (slot order)", got, want)
		}
	}
}
