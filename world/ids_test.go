package world_test

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// TestMakeIDs builds a world with a history of creates and destroys, then
// a new world from its ids alone plus the same components, and expects the
// same hash and the same ids handed out next.
func TestMakeIDs(t *testing.T) {
	type vec struct{ X, Y float64 }
	pos := world.DefineFields[vec]("idsPos")
	name := world.DefineComponent[string]("idsName")
	a := world.New()
	var es []world.Entity
	for i := range 20 {
		es = append(es, world.Spawn2(a, pos, vec{X: float64(i)}, name, "n"))
	}
	for _, i := range []int{3, 7, 11, 3} {
		a.Destroy(es[i])
	}
	for range 2 {
		e := a.Create()
		pos.Add(a, e, vec{Y: 1})
		a.Destroy(e)
	}
	b := world.New()
	free, slots := a.FreeIDs()
	if err := b.MakeIDs(a.Entities(), free, slots); err != nil {
		t.Fatal(err)
	}
	for _, e := range a.Entities() {
		if !b.IsAlive(e) {
			t.Fatalf("%v not alive", e)
		}
		if v, ok := pos.Get(a, e); ok {
			pos.Add(b, e, *v)
		}
		if v, ok := name.Get(a, e); ok {
			name.Add(b, e, *v)
		}
	}
	if a.Hash() != b.Hash() {
		t.Fatalf("hash differs: %v", b.Diff(a))
	}
	for range 5 {
		if x, y := a.Create(), b.Create(); x != y {
			t.Fatalf("next ids %v and %v", x, y)
		}
	}
}

func TestMakeIDsRefuses(t *testing.T) {
	e := func(slot, gen uint32) world.Entity { return world.Entity(uint64(gen)<<32 | uint64(slot)) }
	used := world.New()
	used.Create()
	for _, c := range []struct {
		name       string
		w          *world.World
		live, free []world.Entity
		slots      int
	}{
		{"used world", used, nil, nil, 1},
		{"negative slots", world.New(), nil, nil, -1},
		{"slot past count", world.New(), []world.Entity{e(3, 1)}, nil, 3},
		{"generation 0", world.New(), []world.Entity{e(0, 0)}, nil, 1},
		{"slot twice", world.New(), []world.Entity{e(0, 1)}, []world.Entity{e(0, 2)}, 2},
	} {
		before := c.w.Hash()
		err := c.w.MakeIDs(c.live, c.free, c.slots)
		if !errors.Is(err, world.ErrBadIDs) {
			t.Errorf("%s: %v, want ErrBadIDs", c.name, err)
		}
		if c.w.Hash() != before {
			t.Errorf("%s: the world changed", c.name)
		}
	}
}
