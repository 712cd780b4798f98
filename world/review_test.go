package world_test

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"
	"weak"

	"github.com/tessera-engine/tessera/world"
)

// TestZeroValueHandlesAreNeverComponents: a handle built by hand (id 0)
// must not alias a defined component's storage.
func TestZeroValueHandlesAreNeverComponents(t *testing.T) {
	w := world.New()
	e := world.Spawn1(w, tPos, position{X: 1, Y: 2})
	var name world.Component[string]
	var tag world.Tag
	var fields world.Fields[position]
	if _, ok := name.Get(w, e); ok {
		t.Errorf("zero Component.Get found a value")
	}
	if _, ok := fields.Get(w, e); ok {
		t.Errorf("zero Fields.Get found a value")
	}
	if w.Has(e, &tag) || w.Count(&name) != 0 {
		t.Errorf("zero handles answer Has or Count")
	}
	for _, add := range []func(){
		func() { name.Add(w, e, "x") },
		func() { tag.Add(w, e) },
		func() { fields.Add(w, e, position{}) },
		func() { world.Spawn1(w, &fields, position{}) },
	} {
		err := mustPanicWith(t, add)
		if !errors.Is(err, world.ErrUndefined) || !strings.Contains(err.Error(), "undefined handle") {
			t.Errorf("add through a zero handle panicked with %v", err)
		}
	}
	if got := *tPos.Require(w, e); got != (position{1, 2}) {
		t.Errorf("Position after zero-handle use = %v, want {1 2}", got)
	}
	var r world.Resource[int]
	if _, ok := r.Lookup(w); ok {
		t.Errorf("zero Resource.Lookup found a value")
	}
	mustPanicWith(t, func() { r.Set(w, new(int)) })
}

func TestSpawnWithARepeatedComponent(t *testing.T) {
	w := world.New()
	w.Destroy(world.Spawn1(w, tPos, position{}))
	e := world.Spawn2(w, tPos, position{X: 1}, tPos, position{X: 2})
	if w.Count(tPos) != 1 || tPos.Require(w, e).X != 2 {
		t.Errorf("Spawn2(Position, Position): Count %d, X %v, want 1 and the later value", w.Count(tPos), tPos.Require(w, e).X)
	}
	w.Destroy(e)
	if w.Count(tPos) != 0 || w.Slots(tPos).Len() != 0 {
		t.Errorf("after destroy: Count %d, view Len %d", w.Count(tPos), w.Slots(tPos).Len())
	}
}

// TestRunsHeldThroughASystem: a system loops over Runs while the loop's
// body adds bodies and runs a nested walk over the same components; the
// slice it holds must not change under it.
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
		p := tPos.Column(w)
		runs := w.Slots(tPos, tVel).Runs()
		var want []world.Run
		if check {
			want = slices.Clone(runs)
		}
		for ri, r := range runs {
			for i := r.Start; i < r.End; i++ {
				p = tPos.Column(w)
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

func TestClearDisposesInAddOrderOnce(t *testing.T) {
	w := world.New()
	var disposed []string
	add := func(name string, phase world.Phase, dispose func()) {
		t.Helper()
		if err := w.AddSystem(world.System{Name: name, Phase: phase, Run: func(*world.Context) error { return nil }, Dispose: dispose}); err != nil {
			t.Fatal(err)
		}
	}
	add("draw", world.Frame, func() { disposed = append(disposed, "draw") })
	add("physics-debug", world.Fixed, func() { disposed = append(disposed, "physics-debug") })
	add("physics", world.Fixed, func() {
		disposed = append(disposed, "physics")
		w.RemoveSystem("physics-debug")
	})
	add("render", world.Frame, func() { disposed = append(disposed, "render") })
	w.Clear()
	if want := []string{"draw", "physics-debug", "physics", "render"}; !slices.Equal(disposed, want) {
		t.Errorf("Clear disposed %v, want %v", disposed, want)
	}
}

func TestRunEdgeCases(t *testing.T) {
	w := world.New()
	var inner, second error
	var seen []float64
	w.AddSystem(world.System{Name: "a", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		inner = w.Run(world.Context{Phase: world.Fixed}, nil)
		seen = append(seen, ctx.DT)
		ctx.DT = 99 // must not reach the next system
		return nil
	}})
	w.AddSystem(world.System{Name: "b", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		seen = append(seen, ctx.DT)
		return nil
	}})
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 0.5}, nil); err != nil {
		t.Fatal(err)
	}
	if inner == nil {
		t.Errorf("a Run of the same phase inside a run succeeded")
	}
	if !slices.Equal(seen, []float64{0.5, 0.5}) {
		t.Errorf("systems saw DT %v, want [0.5 0.5]", seen)
	}
	second = w.Run(world.Context{Phase: world.Phase(9)}, func(error) {})
	if !errors.Is(second, world.ErrInvalidSystem) {
		t.Errorf("Run of an unknown phase = %v, want ErrInvalidSystem", second)
	}
}

func TestRemovedValuesCanBeCollected(t *testing.T) {
	type big struct{ data []byte }
	bigC := world.DefineComponent[*big]("Big")
	w := world.New()
	keep := world.Spawn1(w, bigC, &big{make([]byte, 1<<10)})
	v := &big{make([]byte, 1<<20)}
	ref := weak.Make(v)
	a := world.Spawn1(w, bigC, v)
	b := world.Spawn1(w, bigC, &big{make([]byte, 1<<10)})
	v = nil
	w.Remove(a, bigC) // a's value was not last: the last one moves into its place
	_ = b
	runtime.GC()
	runtime.GC()
	if ref.Value() != nil {
		t.Errorf("a removed object component's value is still reachable from the world")
	}
	_ = keep
}

func TestTagThroughItsEmbeddedComponent(t *testing.T) {
	frozen := world.DefineTag("FrozenTwice")
	w := world.New()
	e := w.Create()
	world.Add(w, e, world.Key[struct{}](&frozen.Component), struct{}{})
	if got := w.ComponentsOf(e); len(got) != 1 || got[0] != world.ComponentType(frozen) {
		t.Errorf("ComponentsOf = %v, want the Tag handle", got)
	}
	if !w.Has(e, frozen) || !w.Has(e, &frozen.Component) {
		t.Errorf("Has through either handle = false")
	}
}

// TestManyJoinsDuringAWalk: every emitter spawns a particle during the
// walk; none of them is visited, and the cost stays linear (the check is
// a stamp per slot, not a search of a log).
func TestManyJoinsDuringAWalk(t *testing.T) {
	emitter := world.DefineComponent[int]("Emitter")
	w := world.New()
	for i := range 20000 {
		world.Spawn2(w, emitter, i, tPos, position{})
	}
	visited := 0
	world.Each2(w, emitter, tPos, func(e world.Entity, _ *int, _ *position) {
		visited++
		world.Spawn1(w, tPos, position{})
		w.Remove(e, tPos)
		tPos.Add(w, e, position{X: 1}) // cancels the removal
	})
	if visited != 20000 || w.Count(tPos) != 40000 {
		t.Errorf("visited %d, Count %d, want 20000 and 40000", visited, w.Count(tPos))
	}
}
