package systems_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// tick is a component only the scheduling test's other systems use.
var tick = world.DefineFields[struct{ N int32 }]("systems_test.tick")

// TestCollisionSystemIsExclusive: resolv is not safe for concurrent use,
// so the collision system runs alone, even beside systems that declare
// their access and conflict with nothing, and even when a game adds
// declarations to it (a and b alone would share a group); instrumented,
// no other system runs during its step.
func TestCollisionSystemIsExclusive(t *testing.T) {
	col := mustCollision(t, systems.CollisionOptions{})
	cs := col.System()
	if !cs.Exclusive {
		t.Fatalf("Collision.System().Exclusive = false")
	}
	cs.Reads = []world.ComponentType{systems.Position} // a game's declaration changes nothing
	var running atomic.Int32
	var overlapped atomic.Bool
	other := func(ctx *world.Context) error {
		running.Add(1)
		defer running.Add(-1)
		var n int32
		world.Each1(ctx.World, tick, func(_ world.Entity, v *struct{ N int32 }) { n += v.N })
		_ = n
		return nil
	}
	step := cs.Run
	cs.Run = func(ctx *world.Context) error {
		if running.Load() != 0 {
			overlapped.Store(true)
		}
		return step(ctx)
	}
	w := world.New()
	for i, s := range []world.System{
		{Name: "a", Run: other, Reads: []world.ComponentType{tick}},
		cs,
		{Name: "b", Run: other, Reads: []world.ComponentType{tick}},
	} {
		if i != 1 {
			s.Phase = world.Fixed
		}
		if err := w.AddSystem(s); err != nil {
			t.Fatal(err)
		}
	}
	world.Spawn1(w, tick, struct{ N int32 }{})
	want := fmt.Sprintf("fixed: [a] [%s!] [b]", cs.Name)
	if got := w.Schedule(world.Fixed).String(); got != want {
		t.Fatalf("Schedule = %s, want %s", got, want)
	}
	for range 20 {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if overlapped.Load() {
		t.Error("another system ran during the collision step")
	}
}
