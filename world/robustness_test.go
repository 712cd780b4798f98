package world_test

// The tests in this file pin down what a review found wrong where system
// runs meet walks left open (each failed before its fix).

import (
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// TestClearFromOnError: Clear called from Run's error handler, between two
// systems of the run, panics as Clear's doc says (a run is in progress),
// and the run goes on with its other systems instead of crashing.
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

// TestPullStoppedThenPanic: a walk pulled before a system runs and stopped
// inside it, after which the system panics inside a field-only walk: the
// runner ends the panicked walk (it names walks by marks, not counts), so
// nothing stays deferred.
func TestPullStoppedThenPanic(t *testing.T) {
	w := world.New()
	for range 3 {
		world.Spawn2(w, tPos, position{}, tVel, velocity{})
	}
	next, stop := iter.Pull2(world.Query1(w, tPos))
	next() // one walk open
	w.AddSystem(world.System{Name: "s", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		stop() // ends the pulled walk: none open now
		world.Each2(ctx.World, tPos, tVel, func(world.Entity, *position, *velocity) {
			panic("boom")
		})
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, func(error) {})
	if n := w.Walks(); n != 0 {
		t.Errorf("after the run, Walks() = %d, want 0", n)
	}
	e := w.Create()
	w.Destroy(e)
	if w.IsAlive(e) {
		t.Errorf("Destroy outside any walk or system is still deferred: the world is stuck deferring")
	}
	if err := w.Clear(); err != nil {
		t.Errorf("Clear() = %v", err)
	}
}

// TestPulledWalkEndedByPanic: a walk pulled in a system that then panics
// is ended with the system (the code that panicked began it), as Query
// documents: no walk stays open and nothing stays deferred.
func TestPulledWalkEndedByPanic(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for range 4 {
		ids = append(ids, world.Spawn1(w, tPos, position{}))
	}
	var stop func()
	w.AddSystem(world.System{Name: "s", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		var next func() (world.Entity, *position, bool)
		next, stop = iter.Pull2(world.Query1(ctx.World, tPos))
		next()
		tHealth.Require(ctx.World, ids[0]) // panics: no Health
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, func(error) {})
	defer stop()
	if n := w.Walks(); n != 0 {
		t.Errorf("after the panicking run, Walks() = %d, want 0", n)
	}
	w.Destroy(ids[2]) // at once: no walk is in progress
	if w.IsAlive(ids[2]) {
		t.Errorf("Destroy after the run was deferred")
	}
}
