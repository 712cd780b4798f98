package world_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func runsOf(s *world.Slots) string { return fmt.Sprint(s.Runs()) }

func TestSlotsRunsAndIndices(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for i := range 140 {
		e := world.Spawn1(w, tPos, position{X: float32(i)})
		if i%70 < 60 {
			tVel.Add(w, e, velocity{})
		}
		ids = append(ids, e)
	}
	v := w.Slots(tPos, tVel)
	if got, want := runsOf(v), "[{0 60} {70 130}]"; got != want {
		t.Errorf("Runs() = %s, want %s", got, want)
	}
	if v.Len() != 120 || len(v.Indices()) != 120 || v.Indices()[60] != 70 {
		t.Errorf("Len %d, Indices %d entries, [60] = %d", v.Len(), len(v.Indices()), v.Indices()[60])
	}
	if w.Slots(tVel, tPos) != v || w.Slots(tPos, tVel, tPos) != v {
		t.Errorf("the same set in another order is not the same cached view")
	}
	w.Destroy(ids[10])
	w.Remove(ids[75], tVel)
	tVel.Add(w, ids[65], velocity{})
	if got, want := runsOf(v), "[{0 10} {11 60} {65 66} {70 75} {76 130}]"; got != want {
		t.Errorf("after changes Runs() = %s, want %s", got, want)
	}
	want := []uint32{}
	for _, r := range v.Runs() {
		for s := r.Start; s < r.End; s++ {
			want = append(want, uint32(s))
		}
	}
	if !slices.Equal(v.Indices(), want) {
		t.Errorf("Indices() disagrees with Runs()")
	}
}

func TestSlotsRecomputedOnlyOnMembershipChange(t *testing.T) {
	w := world.New()
	for range 200 {
		world.Spawn2(w, tPos, position{}, tVel, velocity{})
	}
	v := w.Slots(tPos, tVel)
	runs := v.Runs()
	idx := v.Indices()
	// Changes to other components, and value changes, leave the view alone.
	e := world.Spawn1(w, tHealth, health{})
	tName.Add(w, e, "x")
	tPos.Add(w, e, position{}) // joins Position only: not a member
	tPos.Column(w)[3].X = 7
	if r := v.Runs(); &r[0] != &runs[0] || len(r) != len(runs) {
		t.Errorf("Runs() recomputed after unrelated changes")
	}
	if i := v.Indices(); &i[0] != &idx[0] {
		t.Errorf("Indices() recomputed after unrelated changes")
	}
	tVel.Add(w, e, velocity{}) // now a member
	if v.Len() != 201 || v.Runs()[len(v.Runs())-1].End != 201 {
		t.Errorf("new member missing: Len %d Runs %v", v.Len(), v.Runs())
	}
}

func TestSlotsBuiltFromExistingMembers(t *testing.T) {
	w := world.New()
	a := world.Spawn2(w, tPos, position{}, tHealth, health{})
	world.Spawn1(w, tPos, position{})
	b := world.Spawn2(w, tPos, position{}, tHealth, health{})
	v := w.Slots(tHealth, tPos) // a field and an object component
	if got := v.Indices(); !slices.Equal(got, []uint32{uint32(a.Slot()), uint32(b.Slot())}) {
		t.Errorf("Indices() = %v, want [%d %d]", got, a.Slot(), b.Slot())
	}
	empty := w.Slots(world.DefineComponent[int]("NeverUsed"))
	if empty.Len() != 0 || len(empty.Runs()) != 0 {
		t.Errorf("view of an unused component is not empty")
	}
}

func TestSlotsPanicsOnBadArity(t *testing.T) {
	w := world.New()
	mustPanicWith(t, func() { w.Slots() })
	many := make([]world.ComponentType, 9)
	for i := range many {
		many[i] = tPos
	}
	mustPanicWith(t, func() { w.Slots(many...) })
}

// TestSlotsLoopOutsideSystemIsNotAWalk: destroying inside a plain loop over
// a view's indices happens at once; the indices in hand stay as they were.
func TestSlotsLoopOutsideSystemIsNotAWalk(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for range 4 {
		ids = append(ids, world.Spawn1(w, tPos, position{}))
	}
	v := w.Slots(tPos)
	idx := v.Indices()
	for _, s := range idx {
		w.Destroy(ids[s])
		if w.IsAlive(ids[s]) {
			t.Fatalf("destroy in a slots loop was deferred")
		}
	}
	if len(idx) != 4 || v.Len() != 0 {
		t.Errorf("held indices %v, view Len %d", idx, v.Len())
	}
}

// TestEachOverFieldsSurvivesViewRebuild: a walk over field components holds
// the view's runs while the body changes membership and asks for the view
// again; the walk must still see its own runs.
func TestEachOverFieldsSurvivesViewRebuild(t *testing.T) {
	w := world.New()
	for range 100 {
		world.Spawn2(w, tPos, position{}, tVel, velocity{})
	}
	visited := 0
	world.Each2(w, tPos, tVel, func(e world.Entity, p *position, _ *velocity) {
		visited++
		if visited%10 == 0 {
			world.Spawn2(w, tPos, position{}, tVel, velocity{})
			w.Slots(tPos, tVel).Runs() // rebuilds while the walk holds the old runs
		}
		p.X++
	})
	if visited != 100 {
		t.Errorf("visited %d, want 100", visited)
	}
	moved := 0
	for _, p := range tPos.Column(w) {
		if p.X == 1 {
			moved++
		}
	}
	if moved != 100 {
		t.Errorf("%d bodies moved, want 100", moved)
	}
}

// TestSlotsSameViewWhateverTheOrder asks for more views than World.Slots
// remembers, in turn and in both orders: each set of components always
// gets its own one view, which counts its members.
func TestSlotsSameViewWhateverTheOrder(t *testing.T) {
	w := world.New()
	for i := range 10 {
		e := world.Spawn1(w, tPos, position{})
		if i%2 == 0 {
			tVel.Add(w, e, velocity{})
		}
		if i%3 == 0 {
			tPlayer.Add(w, e)
		}
	}
	sets := []struct {
		types []world.ComponentType
		n     int
	}{
		{[]world.ComponentType{tPos}, 10},
		{[]world.ComponentType{tVel}, 5},
		{[]world.ComponentType{tPlayer}, 4},
		{[]world.ComponentType{tPos, tVel}, 5},
		{[]world.ComponentType{tPos, tPlayer}, 4},
		{[]world.ComponentType{tVel, tPlayer}, 2},
		{[]world.ComponentType{tPos, tVel, tPlayer}, 2},
	}
	first := make([]*world.Slots, len(sets))
	for round := range 3 {
		for i, s := range sets {
			types := s.types
			if round == 1 {
				types = slices.Clone(types)
				slices.Reverse(types)
			}
			v := w.Slots(types...)
			if first[i] == nil {
				first[i] = v
			} else if v != first[i] {
				t.Errorf("round %d: Slots(%v) returned another view", round, types)
			}
			if v.Len() != s.n {
				t.Errorf("round %d: Slots(%v).Len() = %d, want %d", round, types, v.Len(), s.n)
			}
		}
	}
	for i := range first {
		for j := range i {
			if first[i] == first[j] {
				t.Errorf("sets %d and %d share a view", i, j)
			}
		}
	}
}

func TestRunsHeldThroughASystem(t *testing.T) {
	w := world.New()
	for i := range 15 {
		e := world.Spawn1(w, tPos, position{})
		if i < 5 || i >= 10 {
			tVel.Add(w, e, velocity{X: 1})
		}
	}
	var ranOver []world.Run
	check := true // off while counting allocations: the checks copy slices
	sys := func(ctx *world.Context) error {
		runs := w.Slots(tPos, tVel).Runs()
		var want []world.Run
		if check {
			want = slices.Clone(runs)
		}
		for ri, r := range runs {
			for i := r.Start; i < r.End; i++ {
				p := tPos.Column(w) // anew each time: the spawn below may grow it
				p[i].X++
			}
			if ri == 0 {
				world.Spawn2(w, tPos, position{}, tVel, velocity{})
				world.Each2(w, tPos, tVel, func(world.Entity, *position, *velocity) {})
				w.Slots(tVel, tPos).Indices()
			}
		}
		if check {
			ranOver = slices.Clone(runs)
			if !slices.Equal(ranOver, want) {
				t.Errorf("runs changed under the loop: %v, want %v", ranOver, want)
			}
		}
		return nil
	}
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: sys}); err != nil {
		t.Fatal(err)
	}
	if err := w.Run(world.Context{Phase: world.Fixed}, nil); err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, p := range tPos.Column(w) {
		if p.X == 1 {
			moved++
		}
	}
	if moved != 10 {
		t.Errorf("moved %d bodies, want the 10 that had Velocity", moved)
	}
	// Each run spawns one body, so the world grows now and then; a
	// recompute under a held buffer must not allocate every step.
	check = false
	if n := testing.AllocsPerRun(50, func() { w.Run(world.Context{Phase: world.Fixed}, nil) }); n >= 1 {
		t.Errorf("a step with a nested walk after a join allocates %v times", n)
	}
}
