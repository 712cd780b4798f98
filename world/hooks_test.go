package world_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// hookLog records hook calls as "Hook Component entity" lines.
type hookLog struct{ calls []string }

func (l *hookLog) add(hook, comp string, e world.Entity) {
	l.calls = append(l.calls, fmt.Sprintf("%s %s %v", hook, comp, e))
}

func (l *hookLog) take() []string {
	c := l.calls
	l.calls = nil
	return c
}

// hookedOptions returns options whose four hooks log to l under name.
func hookedOptions[T any](l *hookLog, name string) world.Options[T] {
	return world.Options[T]{
		Added:    func(_ *world.World, e world.Entity, _ *T) { l.add("Added", name, e) },
		Removed:  func(_ *world.World, e world.Entity, _ *T) { l.add("Removed", name, e) },
		Died:     func(_ *world.World, e world.Entity, _ *T) { l.add("Died", name, e) },
		Teardown: func(_ *world.World, e world.Entity, _ *T) { l.add("Teardown", name, e) },
	}
}

var (
	hlog      hookLog
	hookedObj = world.DefineComponent("HookedObj", hookedOptions[int](&hlog, "Obj"))
	hookedFld = world.DefineFields("HookedFld", hookedOptions[position](&hlog, "Fld"))
	hookedTag = world.DefineTag("HookedTag", hookedOptions[struct{}](&hlog, "Tag"))
)

func TestHooksOnEveryPath(t *testing.T) {
	hlog.take()
	w := world.New()
	tests := []struct {
		name string
		do   func() world.Entity
		want []string
	}{
		{"spawn", func() world.Entity {
			return world.Spawn3(w, hookedObj, 1, hookedFld, position{}, hookedTag, struct{}{})
		}, []string{"Added Obj 0v1", "Added Fld 0v1", "Added Tag 0v1"}},
		{"replace runs nothing", func() world.Entity {
			hookedObj.Add(w, 0, 0) // not alive: recovered below
			return 0
		}, nil},
		{"remove", func() world.Entity {
			e := world.Spawn1(w, hookedFld, position{})
			hlog.take()
			w.Remove(e, hookedFld)
			return e
		}, []string{"Removed Fld 1v1", "Teardown Fld 1v1"}},
		{"destroy", func() world.Entity {
			e := world.Spawn2(w, hookedObj, 1, hookedTag, struct{}{})
			hlog.take()
			w.Destroy(e)
			return e
		}, []string{"Died Obj 2v1", "Died Tag 2v1", "Teardown Obj 2v1", "Teardown Tag 2v1"}},
		{"clear", func() world.Entity {
			hlog.take()
			if err := w.Clear(); err != nil {
				t.Fatal(err)
			}
			return 0
		}, []string{"Teardown Obj 0v1", "Teardown Fld 0v1", "Teardown Tag 0v1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			func() {
				defer func() { recover() }()
				tt.do()
			}()
			if got := hlog.take(); !slices.Equal(got, tt.want) {
				t.Errorf("hooks ran %q, want %q", got, tt.want)
			}
		})
	}
}

// TestDiedSeesTheWholeEntity: in a Died hook every component of the dying
// entity is still there, and it is still alive.
func TestDiedSeesTheWholeEntity(t *testing.T) {
	var seen []string
	loot := world.DefineComponent("Loot", world.Options[string]{
		Died: func(w *world.World, e world.Entity, v *string) {
			p, ok := tPos.Get(w, e)
			seen = append(seen, fmt.Sprintf("%s alive=%v pos=%v,%v", *v, w.IsAlive(e), ok, *p))
			// What a Died hook spawns survives the destroy.
			world.Spawn1(w, tName, "coin at "+fmt.Sprint(p.X))
		},
	})
	w := world.New()
	e := world.Spawn2(w, loot, "gold", tPos, position{X: 3})
	w.Destroy(e)
	if want := []string{"gold alive=true pos=true,{3 0}"}; !slices.Equal(seen, want) {
		t.Errorf("Died saw %q, want %q", seen, want)
	}
	if w.IsAlive(e) || w.Count(tName) != 1 {
		t.Errorf("after Destroy: alive %v, %d names; want false, 1 (the coin)", w.IsAlive(e), w.Count(tName))
	}
}

// TestHooksInWalksRunWhenApplied: inside a walk and a system, Removed,
// Died and Teardown run when the deferred change is applied, at the end
// of the outermost walk; Added runs at once.
func TestHooksInWalksRunWhenApplied(t *testing.T) {
	var order []string
	mark := world.DefineComponent("Mark", world.Options[int]{
		Added:    func(_ *world.World, e world.Entity, v *int) { order = append(order, fmt.Sprint("added ", *v)) },
		Removed:  func(_ *world.World, e world.Entity, v *int) { order = append(order, fmt.Sprint("removed ", *v)) },
		Died:     func(_ *world.World, e world.Entity, v *int) { order = append(order, fmt.Sprint("died ", *v)) },
		Teardown: func(_ *world.World, e world.Entity, v *int) { order = append(order, fmt.Sprint("teardown ", *v)) },
	})
	w := world.New()
	a := world.Spawn2(w, tPos, position{}, mark, 1)
	b := world.Spawn2(w, tPos, position{}, mark, 2)
	order = nil
	world.Each1(w, tPos, func(e world.Entity, _ *position) {
		switch e {
		case a:
			w.Remove(a, mark)
			order = append(order, "asked to remove 1")
		case b:
			w.Destroy(b)
			mark.Add(w, w.Create(), 3)
			order = append(order, "asked to destroy 2")
		}
	})
	order = append(order, "after the walk")
	want := []string{"asked to remove 1", "added 3", "asked to destroy 2", "removed 1", "teardown 1", "died 2", "teardown 2", "after the walk"}
	if !slices.Equal(order, want) {
		t.Errorf("order:\n%q\nwant\n%q", order, want)
	}
}

// TestHookChangesWait: removals and destroys a hook makes wait until the
// hooks of the change are done, then apply in order; the hooks of those
// run too, each once.
func TestHookChangesWait(t *testing.T) {
	var order []string
	var other world.Entity
	chain := world.DefineComponent("Chain", world.Options[int]{
		Died: func(w *world.World, e world.Entity, v *int) {
			order = append(order, fmt.Sprint("died ", *v))
			if *v == 1 {
				w.Destroy(other)
				order = append(order, fmt.Sprint("other still alive: ", w.IsAlive(other)))
			}
		},
		Teardown: func(w *world.World, e world.Entity, v *int) { order = append(order, fmt.Sprint("teardown ", *v)) },
	})
	w := world.New()
	e := world.Spawn1(w, chain, 1)
	other = world.Spawn1(w, chain, 2)
	w.Destroy(e)
	want := []string{"died 1", "other still alive: true", "teardown 1", "died 2", "teardown 2"}
	if !slices.Equal(order, want) {
		t.Errorf("order %q, want %q", order, want)
	}
	if w.Len() != 0 {
		t.Errorf("Len() = %d, want 0", w.Len())
	}
}

// TestAddedHookSeesTheWholeSpawn: an Added hook runs once the spawn is
// done, with every part in place, whatever the order of the parts.
func TestAddedHookSeesTheWholeSpawn(t *testing.T) {
	var saw []bool
	first := world.DefineComponent("First", world.Options[int]{
		Added: func(w *world.World, e world.Entity, _ *int) { saw = append(saw, w.Has(e, tName) && w.Has(e, tPos)) },
	})
	w := world.New()
	world.Spawn3(w, first, 1, tName, "n", tPos, position{})
	w.Spawn(first.With(1), tName.With("n"), tPos.With(position{}))
	ids := make([]world.Entity, 3)
	world.SpawnMany3(w, ids, first, 1, tName, "n", tPos, position{})
	if want := []bool{true, true, true, true, true}; !slices.Equal(saw, want) {
		t.Errorf("Added saw the other parts: %v, want %v", saw, want)
	}
}

// TestHookPanicIsReportedAndChangeCompletes: a panicking hook names the
// component and the hook; the change it reacts to completes, and the
// other hooks run.
func TestHookPanicIsReportedAndChangeCompletes(t *testing.T) {
	var ran []string
	fragile := world.DefineComponent("Fragile", world.Options[int]{
		Died:     func(*world.World, world.Entity, *int) { panic("glass") },
		Teardown: func(*world.World, world.Entity, *int) { ran = append(ran, "teardown fragile") },
	})
	sturdy := world.DefineComponent("Sturdy", world.Options[int]{
		Died: func(*world.World, world.Entity, *int) { ran = append(ran, "died sturdy") },
	})
	w := world.New()
	e := world.Spawn2(w, fragile, 1, sturdy, 2)
	err := mustPanicWith(t, func() { w.Destroy(e) })
	var we *world.Error
	if !errors.Is(err, world.ErrHookPanic) || !errors.As(err, &we) || we.Op != "Died" || we.Component != "Fragile" || we.Entity != e {
		t.Errorf("Destroy panicked with %v, want a hook panic naming Died, Fragile and %v", err, e)
	}
	if !strings.Contains(err.Error(), "Died[Fragile]") || !strings.Contains(err.Error(), "glass") {
		t.Errorf("message %q does not name the hook, component and panic", err)
	}
	if w.IsAlive(e) || !slices.Equal(ran, []string{"died sturdy", "teardown fragile"}) {
		t.Errorf("after the panic: alive %v, ran %q; want dead, the other hooks ran", w.IsAlive(e), ran)
	}

	// In a system, the runner reports it as the system's error.
	e = world.Spawn1(w, fragile, 1)
	w.AddSystem(world.System{Name: "breaker", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		ctx.World.Destroy(e)
		return nil
	}})
	err = w.Run(world.Context{Phase: world.Fixed}, nil)
	var se *world.SystemError
	if !errors.As(err, &se) || se.System != "breaker" || !errors.Is(err, world.ErrHookPanic) || w.IsAlive(e) {
		t.Errorf("Run = %v, want breaker's error wrapping the hook panic, and the entity dead", err)
	}

	// Clear returns it.
	world.Spawn1(w, world.DefineComponent("Bad", world.Options[int]{Teardown: func(*world.World, world.Entity, *int) { panic(errors.New("leak")) }}), 0)
	if err := w.Clear(); !errors.Is(err, world.ErrHookPanic) || !strings.Contains(err.Error(), "leak") || w.Len() != 0 {
		t.Errorf("Clear = %v (Len %d), want the hook panic and an empty world", err, w.Len())
	}
}

// TestTeardownOncePerValueWhenHookReAdds: a Teardown hook that adds a
// component back during a destroy, after that component's teardown ran,
// does not keep the entity alive; the new value is torn down in turn, and
// no value twice.
func TestTeardownOncePerValueWhenHookReAdds(t *testing.T) {
	var torn []string
	first := world.DefineComponent("TornFirst", world.Options[int]{
		Teardown: func(_ *world.World, _ world.Entity, v *int) { torn = append(torn, fmt.Sprint("first ", *v)) },
	})
	var second *world.Component[int]
	second = world.DefineComponent("TornSecond", world.Options[int]{
		Teardown: func(w *world.World, e world.Entity, v *int) {
			torn = append(torn, fmt.Sprint("second ", *v))
			first.Add(w, e, 2)  // first was torn down already: it joins again
			second.Add(w, e, 9) // replaces the value being torn down
		},
	})
	w := world.New()
	e := world.Spawn2(w, first, 1, second, 1)
	w.Destroy(e)
	if want := []string{"first 1", "second 1", "first 2"}; w.IsAlive(e) || !slices.Equal(torn, want) || w.Count(first) != 0 || w.Count(second) != 0 {
		t.Errorf("alive %v, torn down %q, counts %d %d; want dead, %q, 0 0", w.IsAlive(e), torn, w.Count(first), w.Count(second), want)
	}
}

// TestClearEndsHooksThatSpawnForever: Clear ends even when every
// Teardown spawns a new entity with the same hook.
func TestClearEndsHooksThatSpawnForever(t *testing.T) {
	var rabbit *world.Component[int]
	rabbit = world.DefineComponent("Rabbit", world.Options[int]{
		Teardown: func(w *world.World, _ world.Entity, v *int) { world.Spawn1(w, rabbit, *v+1) },
	})
	w := world.New()
	world.Spawn1(w, rabbit, 0)
	if err := w.Clear(); err != nil || w.Len() != 0 {
		t.Errorf("Clear() = %v with %d left, want nil and none", err, w.Len())
	}
}
