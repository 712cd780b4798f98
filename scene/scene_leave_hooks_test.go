package scene_test

import (
	"testing"

	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// torn counts, per entity, the Teardown hooks of the lamp component.
var (
	torn = map[world.Entity]int{}
	lamp = world.DefineFields("LeaveLamp", world.Options[brightness]{
		Teardown: func(_ *world.World, e world.Entity, _ *brightness) { torn[e]++ },
	})
)

type brightness struct{ Level int32 }

// lit is a scene whose world holds three lamps, one in a hierarchy whose
// parent holds none.
type lit struct {
	scene.Base
	lamps []world.Entity
}

func (s *lit) OnEnter() error {
	w := s.World()
	s.lamps = s.lamps[:0]
	parent := w.Spawn()
	for i := range 3 {
		e := world.Spawn1(w, lamp, brightness{int32(i)})
		s.lamps = append(s.lamps, e)
	}
	return world.ChildOf.Set(w, s.lamps[2], parent)
}

// TestLeavingRunsTeardownOnce: a scene that leaves (popped, replaced, or
// the stack popped whole) clears its world, and every component's
// Teardown hook runs exactly once for each entity that held it: issue
// 14's "every removal path", scene leave included.
func TestLeavingRunsTeardownOnce(t *testing.T) {
	for _, leave := range []struct {
		name string
		do   func(m *scene.Manager)
	}{
		{"pop", func(m *scene.Manager) { m.Pop() }},
		{"replace", func(m *scene.Manager) { m.Replace(&scene.Base{}) }},
		{"pop all", func(m *scene.Manager) { m.PopAll() }},
	} {
		clear(torn)
		m := scene.NewManager()
		s := &lit{}
		m.Push(&scene.Base{})
		m.Push(s)
		if err := m.Apply(); err != nil {
			t.Fatal(err)
		}
		leave.do(m)
		if err := m.Apply(); err != nil {
			t.Fatalf("%s: %v", leave.name, err)
		}
		if s.World().Len() != 0 {
			t.Errorf("%s: the left scene's world holds %d entities, want none", leave.name, s.World().Len())
		}
		for _, e := range s.lamps {
			if torn[e] != 1 {
				t.Errorf("%s: lamp %v torn down %d times, want once", leave.name, e, torn[e])
			}
		}
		if len(torn) != len(s.lamps) {
			t.Errorf("%s: %d entities torn down, want the %d lamps", leave.name, len(torn), len(s.lamps))
		}
	}
}
