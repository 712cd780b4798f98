package world_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func run(name string, phase world.Phase, f func(*world.Context) error) world.System {
	return world.System{Name: name, Phase: phase, Run: f}
}

func TestSystemsRunInOrderPerPhase(t *testing.T) {
	w := world.New()
	var log []string
	for _, s := range []struct {
		name  string
		phase world.Phase
	}{{"a", world.Fixed}, {"draw", world.Frame}, {"b", world.Fixed}, {"c", world.Fixed}} {
		if err := w.AddSystem(run(s.name, s.phase, func(ctx *world.Context) error {
			log = append(log, fmt.Sprintf("%s:%v:%v:%g", s.name, ctx.Phase, ctx.World == w, ctx.DT))
			return nil
		})); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 0.5}, nil); err != nil {
		t.Fatal(err)
	}
	if err := w.Run(world.Context{Phase: world.Frame, DT: 0.25, Alpha: 0.5}, nil); err != nil {
		t.Fatal(err)
	}
	want := []string{"a:fixed:true:0.5", "b:fixed:true:0.5", "c:fixed:true:0.5", "draw:frame:true:0.25"}
	if !slices.Equal(log, want) {
		t.Errorf("ran %v, want %v", log, want)
	}
	if got := w.SystemNames(world.Fixed); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("SystemNames(Fixed) = %v", got)
	}
}

func TestAddSystemErrors(t *testing.T) {
	w := world.New()
	ok := func(*world.Context) error { return nil }
	if err := w.AddSystem(run("move", world.Fixed, ok)); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		sys  world.System
		want error
	}{
		{"duplicate same phase", run("move", world.Fixed, ok), world.ErrDuplicateSystem},
		{"duplicate other phase", run("move", world.Frame, ok), world.ErrDuplicateSystem},
		{"no name", run("", world.Fixed, ok), world.ErrInvalidSystem},
		{"no run", world.System{Name: "x", Phase: world.Fixed}, world.ErrInvalidSystem},
		{"bad phase", run("y", world.Phase(7), ok), world.ErrInvalidSystem},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := w.AddSystem(tt.sys)
			if !errors.Is(err, tt.want) {
				t.Errorf("AddSystem = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestRemoveSystemDisposes(t *testing.T) {
	w := world.New()
	disposed := 0
	w.AddSystem(world.System{Name: "s", Phase: world.Frame, Run: func(*world.Context) error { return nil }, Dispose: func() { disposed++ }})
	if ok, err := w.RemoveSystem("s"); !ok || err != nil || disposed != 1 {
		t.Errorf("RemoveSystem: disposed %d times", disposed)
	}
	if ok, _ := w.RemoveSystem("s"); ok || disposed != 1 {
		t.Errorf("second RemoveSystem reported a system or disposed again")
	}
	if err := w.AddSystem(run("s", world.Frame, func(*world.Context) error { return nil })); err != nil {
		t.Errorf("re-adding a removed name: %v", err)
	}
}

func TestRemoveAndAddSystemDuringRun(t *testing.T) {
	w := world.New()
	var ran []string
	mk := func(name string) func(*world.Context) error {
		return func(*world.Context) error { ran = append(ran, name); return nil }
	}
	w.AddSystem(run("a", world.Fixed, func(*world.Context) error {
		ran = append(ran, "a")
		w.RemoveSystem("b")
		w.AddSystem(run("late", world.Fixed, mk("late")))
		return nil
	}))
	w.AddSystem(run("b", world.Fixed, mk("b")))
	w.AddSystem(run("c", world.Fixed, mk("c")))
	w.Run(world.Context{Phase: world.Fixed}, nil)
	if want := []string{"a", "c"}; !slices.Equal(ran, want) {
		t.Errorf("first run: %v, want %v", ran, want)
	}
	ran = nil
	w.RemoveSystem("a")
	w.Run(world.Context{Phase: world.Fixed}, nil)
	if want := []string{"c", "late"}; !slices.Equal(ran, want) {
		t.Errorf("second run: %v, want %v", ran, want)
	}
}

func TestRunReportsFailingSystemsAndGoesOn(t *testing.T) {
	w := world.New()
	e := w.Create()
	bad := errors.New("bad input")
	var ran []string
	w.AddSystem(run("returns", world.Fixed, func(*world.Context) error { ran = append(ran, "returns"); return bad }))
	w.AddSystem(run("panics", world.Fixed, func(*world.Context) error { ran = append(ran, "panics"); panic("oops") }))
	w.AddSystem(run("requires", world.Fixed, func(ctx *world.Context) error {
		ran = append(ran, "requires")
		tHealth.Require(ctx.World, e)
		return nil
	}))
	w.AddSystem(run("last", world.Fixed, func(*world.Context) error { ran = append(ran, "last"); return nil }))

	var reported []*world.SystemError
	err := w.Run(world.Context{Phase: world.Fixed}, func(err error) {
		var se *world.SystemError
		if !errors.As(err, &se) {
			t.Fatalf("handler got %T, want *SystemError", err)
		}
		reported = append(reported, se)
	})
	if err != nil {
		t.Errorf("Run with a handler returned %v", err)
	}
	if want := []string{"returns", "panics", "requires", "last"}; !slices.Equal(ran, want) {
		t.Errorf("ran %v, want %v", ran, want)
	}
	if len(reported) != 3 {
		t.Fatalf("reported %d errors, want 3", len(reported))
	}
	checks := []struct {
		system string
		is     []error
		text   string
	}{
		{"returns", []error{bad}, `world: system "returns" (fixed): bad input`},
		{"panics", []error{world.ErrPanic}, `world: system "panics" (fixed): panic: oops`},
		{"requires", []error{world.ErrPanic, world.ErrMissingComponent}, "Require[Health] on entity " + e.String()},
	}
	for i, c := range checks {
		se := reported[i]
		if se.System != c.system || se.Phase != world.Fixed {
			t.Errorf("report %d names %q (%v), want %q (fixed)", i, se.System, se.Phase, c.system)
		}
		for _, target := range c.is {
			if !errors.Is(se, target) {
				t.Errorf("report %q: errors.Is(%v) = false", c.system, target)
			}
		}
		if !strings.Contains(se.Error(), c.text) {
			t.Errorf("report %q reads %q, want it to contain %q", c.system, se.Error(), c.text)
		}
	}
	if len(reported[1].Stack) == 0 {
		t.Errorf("a panic's report carries no stack")
	}

	ran = nil
	err = w.Run(world.Context{Phase: world.Fixed}, nil)
	var se *world.SystemError
	if !errors.As(err, &se) || se.System != "returns" || !errors.Is(err, bad) {
		t.Errorf("Run without a handler = %v, want the first system's error", err)
	}
	if !slices.Equal(ran, []string{"returns"}) {
		t.Errorf("without a handler ran %v, want to stop after the first failure", ran)
	}
}

func TestSystemRunDefersAndFlushesBetweenSystems(t *testing.T) {
	w := world.New()
	e := world.Spawn2(w, tHealth, health{}, tName, "x")
	victim := w.Create()
	w.AddSystem(run("kill", world.Fixed, func(ctx *world.Context) error {
		w.Destroy(victim)
		w.Remove(e, tName)
		if !w.IsAlive(victim) || !w.Has(e, tName) {
			t.Errorf("changes inside a system run were not deferred")
		}
		return nil
	}))
	w.AddSystem(run("look", world.Fixed, func(ctx *world.Context) error {
		if w.IsAlive(victim) || w.Has(e, tName) {
			t.Errorf("the next system does not see the previous system's changes")
		}
		return nil
	}))
	w.AddSystem(run("crash", world.Fixed, func(ctx *world.Context) error {
		w.Destroy(e)
		panic("after destroying")
	}))
	w.Run(world.Context{Phase: world.Fixed}, func(error) {})
	if w.IsAlive(e) {
		t.Errorf("a panicking system's deferred destroy was lost")
	}
	f := w.Create()
	w.Destroy(f)
	if w.IsAlive(f) {
		t.Errorf("after a panicking system, destroys stay deferred")
	}
}

func TestClear(t *testing.T) {
	w := world.New()
	var disposed []string
	for _, n := range []string{"a", "b"} {
		w.AddSystem(world.System{Name: n, Phase: world.Fixed, Run: func(*world.Context) error { return nil }, Dispose: func() { disposed = append(disposed, n) }})
	}
	e := world.Spawn2(w, tPos, position{X: 1}, tHealth, health{})
	w.Clear()
	if w.Len() != 0 || w.IsAlive(e) || w.Count(tPos) != 0 || w.Count(tHealth) != 0 {
		t.Errorf("Clear left entities: Len %d", w.Len())
	}
	if !slices.Equal(disposed, []string{"a", "b"}) || len(w.SystemNames(world.Fixed)) != 0 {
		t.Errorf("Clear disposed %v, systems left %v", disposed, w.SystemNames(world.Fixed))
	}
	f := world.Spawn1(w, tPos, position{})
	if f == e || w.IsAlive(e) {
		t.Errorf("an id from before Clear came back alive")
	}
	w.AddSystem(run("in", world.Fixed, func(*world.Context) error { w.Clear(); return nil }))
	err := w.Run(world.Context{Phase: world.Fixed}, nil)
	if !errors.Is(err, world.ErrPanic) {
		t.Errorf("Clear inside a system run: %v, want a reported panic", err)
	}
}

type recordingObserver struct{ log []string }

func (r *recordingObserver) SystemStarted(name string, p world.Phase) {
	r.log = append(r.log, "start "+name+" "+p.String())
}
func (r *recordingObserver) SystemEnded(name string, p world.Phase) {
	r.log = append(r.log, "end "+name)
}

func TestRunObserver(t *testing.T) {
	w := world.New()
	obs := &recordingObserver{}
	w.SetRunObserver(obs)
	w.AddSystem(run("a", world.Fixed, func(*world.Context) error { return nil }))
	w.AddSystem(run("b", world.Fixed, func(*world.Context) error { panic("x") }))
	w.Run(world.Context{Phase: world.Fixed}, func(error) {})
	want := []string{"start a fixed", "end a", "start b fixed", "end b"}
	if !slices.Equal(obs.log, want) {
		t.Errorf("observer saw %v, want %v", obs.log, want)
	}
	w.Clear()
	obs.log = nil
	w.AddSystem(run("c", world.Fixed, func(*world.Context) error { return nil }))
	w.Run(world.Context{Phase: world.Fixed}, nil)
	if len(obs.log) != 0 {
		t.Errorf("Clear kept the observer: %v", obs.log)
	}
}

// TestClearGoesOnAfterDisposePanics: a Dispose that panics does not stop
// Clear: the other systems are disposed, every entity is destroyed, and
// Clear returns the panic as a *SystemError naming the system.
func TestClearGoesOnAfterDisposePanics(t *testing.T) {
	w := world.New()
	var disposed []string
	add := func(name string, p world.Phase, boom bool) {
		t.Helper()
		err := w.AddSystem(world.System{Name: name, Phase: p, Run: func(*world.Context) error { return nil },
			Dispose: func() {
				disposed = append(disposed, name)
				if boom {
					panic("socket already closed")
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
	}
	add("net", world.Fixed, true)
	add("audio", world.Frame, false)
	e := w.Create()
	err := w.Clear()
	var se *world.SystemError
	if !errors.As(err, &se) || se.System != "net" || se.Phase != world.Fixed || !errors.Is(err, world.ErrPanic) ||
		!strings.Contains(err.Error(), "Dispose") || !strings.Contains(err.Error(), "socket already closed") {
		t.Errorf("Clear() = %v, want a SystemError for net's Dispose panic", err)
	}
	if len(disposed) != 2 || disposed[1] != "audio" {
		t.Errorf("disposed %v, want net then audio", disposed)
	}
	if w.IsAlive(e) || w.Len() != 0 || len(w.SystemNames(world.Fixed))+len(w.SystemNames(world.Frame)) != 0 {
		t.Errorf("after Clear: %v alive %v, %d entities, systems %v %v", e, w.IsAlive(e), w.Len(), w.SystemNames(world.Fixed), w.SystemNames(world.Frame))
	}
	if err := w.Clear(); err != nil {
		t.Errorf("a second Clear() = %v, want nil", err)
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

func TestClearFromOnError(t *testing.T) {
	w := world.New()
	ran := []string{}
	for _, name := range []string{"a", "b", "c"} {
		w.AddSystem(world.System{Name: name, Phase: world.Fixed, Run: func(*world.Context) error {
			ran = append(ran, name)
			if name == "a" {
				return errors.New("level failed")
			}
			return nil
		}})
	}
	var clearPanic any
	w.Run(world.Context{Phase: world.Fixed}, func(err error) {
		defer func() { clearPanic = recover() }()
		w.Clear() // reset the level on failure
	})
	if err, _ := clearPanic.(error); !errors.Is(err, world.ErrDuringWalk) || !strings.Contains(err.Error(), "Clear") {
		t.Errorf("Clear from onError panicked with %v, want the documented panic", clearPanic)
	}
	if strings.Join(ran, " ") != "a b c" {
		t.Errorf("ran %v, want a b c", ran)
	}
}
