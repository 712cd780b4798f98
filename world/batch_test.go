package world_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func TestSpawnManyIsManySpawns(t *testing.T) {
	for _, reuse := range []bool{false, true} {
		a, b := world.New(), world.New()
		if reuse { // free slots to take first, as Create does
			for _, w := range []*world.World{a, b} {
				for i := range 10 {
					e := world.Spawn1(w, tName, "x")
					if i%3 == 0 {
						w.Destroy(e)
					}
				}
			}
		}
		ids := make([]world.Entity, 7)
		world.SpawnMany3(a, ids, tPos, position{X: 1}, tVel, velocity{Y: 2}, tPlayer, struct{}{})
		want := make([]world.Entity, 7)
		for i := range want {
			want[i] = world.Spawn3(b, tPos, position{X: 1}, tVel, velocity{Y: 2}, tPlayer, struct{}{})
		}
		if !slices.Equal(ids, want) {
			t.Errorf("reuse %v: SpawnMany3 ids %v, want %v", reuse, ids, want)
		}
		if ga, gb := inspectAll(a), inspectAll(b); !slices.Equal(ga, gb) {
			t.Errorf("reuse %v: worlds differ:\n%q\n%q", reuse, ga, gb)
		}
		if a.Slots(tPos, tVel, tPlayer).Len() != 7 || a.Count(tPos) != 7 {
			t.Errorf("reuse %v: view Len %d, Count %d, want 7", reuse, a.Slots(tPos, tVel, tPlayer).Len(), a.Count(tPos))
		}
	}
}

func inspectAll(w *world.World) []string {
	var out []string
	for _, in := range world.Inspect(w, 0, 0) {
		out = append(out, in.String())
	}
	return out
}

func TestBatchesOverViewsAndSlices(t *testing.T) {
	w := world.New()
	ids := make([]world.Entity, 200)
	world.SpawnMany2(w, ids, tPos, position{}, tVel, velocity{})
	for i, e := range ids {
		if i%5 == 0 {
			w.Remove(e, tVel) // holes in the view
		}
	}
	view := w.Slots(tPos, tVel)
	world.AddAll(view, tHealth, health{HP: 1}) // an object component: one by one
	world.AddAll(view, tPlayer, struct{}{})
	if w.Count(tHealth) != 160 || w.Count(tPlayer) != 160 || w.Slots(tHealth, tPlayer, tVel).Len() != 160 {
		t.Errorf("AddAll: Count Health %d, Player %d, want 160", w.Count(tHealth), w.Count(tPlayer))
	}
	w.Slots(tPlayer).RemoveAll(tPlayer)
	if w.Count(tPlayer) != 0 || w.Has(ids[1], tPlayer) {
		t.Errorf("RemoveAll: Count %d, want 0", w.Count(tPlayer))
	}
	world.AddMany(w, ids[:10], tPlayer, struct{}{})
	w.RemoveMany(ids[:5], tPlayer)
	if w.Count(tPlayer) != 5 || !w.Has(ids[7], tPlayer) {
		t.Errorf("AddMany, RemoveMany: Count %d, want 5", w.Count(tPlayer))
	}
	w.Slots(tPos, tVel).DestroyAll()
	if w.Len() != 40 || w.Count(tHealth) != 0 || w.Count(tVel) != 0 || w.Count(tPlayer) != 1 {
		t.Errorf("DestroyAll: Len %d, Health %d, Vel %d, Player %d; want 40, 0, 0, 1", w.Len(), w.Count(tHealth), w.Count(tVel), w.Count(tPlayer))
	}
	w.DestroyMany(ids)
	if w.Len() != 0 || w.Count(tPos) != 0 {
		t.Errorf("DestroyMany: Len %d, Count %d, want 0", w.Len(), w.Count(tPos))
	}
	// What batches freed is reused, and reused slots start at zero.
	more := make([]world.Entity, 3)
	world.SpawnMany1(w, more, tVel, velocity{})
	if p, ok := tPos.Get(w, more[0]); ok || w.Len() != 3 {
		t.Errorf("a reused slot holds a Position %v", p)
	}
}

// TestBatchesInWalksDefer: inside a walk a batch defers what its one-entity
// calls defer.
func TestBatchesInWalksDefer(t *testing.T) {
	w := world.New()
	ids := make([]world.Entity, 4)
	world.SpawnMany1(w, ids, tPos, position{})
	world.Each1(w, tPos, func(e world.Entity, _ *position) {
		if e != ids[0] {
			return
		}
		w.Slots(tPos).DestroyAll()
		w.DestroyMany(ids)
		more := make([]world.Entity, 2)
		world.SpawnMany1(w, more, tPos, position{})
		if w.Len() != 6 {
			t.Errorf("during the walk Len() = %d, want 6", w.Len())
		}
	})
	if w.Len() != 2 {
		t.Errorf("after the walk Len() = %d, want the 2 spawned in it", w.Len())
	}
}

func TestAddManyRefusesDeadIds(t *testing.T) {
	w := world.New()
	ids := []world.Entity{w.Create(), w.Create()}
	w.Destroy(ids[1])
	if err := mustPanicWith(t, func() { world.AddMany(w, ids, tPos, position{}) }); !errors.Is(err, world.ErrDeadEntity) {
		t.Errorf("AddMany with a dead id panicked with %v", err)
	}
	if w.Count(tPos) != 0 {
		t.Errorf("a refused AddMany added %d", w.Count(tPos))
	}
}

func TestBatchesAllocateNothing(t *testing.T) {
	w := world.New()
	ids := make([]world.Entity, 1000)
	world.SpawnMany2(w, ids, tPos, position{}, tVel, velocity{})
	w.DestroyMany(ids)
	view := w.Slots(tPos, tVel)
	allocs := testing.AllocsPerRun(20, func() {
		world.SpawnMany2(w, ids, tPos, position{}, tVel, velocity{})
		world.AddAll(view, tPlayer, struct{}{})
		view.RemoveAll(tPlayer)
		view.DestroyAll()
	})
	if allocs != 0 {
		t.Errorf("a round of batches allocates %v times, want 0", allocs)
	}
}
