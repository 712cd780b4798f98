package world_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

var moved = world.DefineEvent("Moved")

// TestEventsBatchPerSystemRun: ids emitted during a system run reach each
// subscriber as one call, before the run's destroys, so every id is alive.
func TestEventsBatchPerSystemRun(t *testing.T) {
	w := world.New()
	ids := make([]world.Entity, 5)
	world.SpawnMany1(w, ids, tPos, position{})
	var calls [][]world.Entity
	var aliveInCall []bool
	cancel := moved.Subscribe(w, func(w *world.World, got []world.Entity) {
		calls = append(calls, slices.Clone(got))
		all := true
		for _, e := range got {
			all = all && w.IsAlive(e)
		}
		aliveInCall = append(aliveInCall, all)
	})
	second := 0
	moved.Subscribe(w, func(_ *world.World, got []world.Entity) { second += len(got) })
	w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		world.Each1(ctx.World, tPos, func(e world.Entity, p *position) {
			p.X++
			moved.Emit(ctx.World, e)
			if e == ids[2] {
				ctx.World.Destroy(e)
			}
		})
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, nil)
	if len(calls) != 1 || !slices.Equal(calls[0], ids) || !aliveInCall[0] || second != 5 {
		t.Errorf("calls %v (all alive %v), second got %d; want one call of %v, alive, and 5", calls, aliveInCall, second, ids)
	}
	if w.IsAlive(ids[2]) {
		t.Errorf("the destroy did not apply after the delivery")
	}
	// Outside walks, at once; cancelled subscribers get nothing.
	cancel()
	moved.Emit(w, ids[0], ids[1])
	if len(calls) != 1 || second != 7 {
		t.Errorf("after cancel: %d calls, second %d; want 1, 7", len(calls), second)
	}
	w.Clear()
	moved.Emit(w, ids[0])
	if second != 7 {
		t.Errorf("Clear left a subscription")
	}
}

func TestEventSubscriberPanicIsReported(t *testing.T) {
	w := world.New()
	moved.Subscribe(w, func(*world.World, []world.Entity) { panic("deaf") })
	err := mustPanicWith(t, func() { moved.Emit(w, w.Create()) })
	var we *world.Error
	if !errors.Is(err, world.ErrHookPanic) || !errors.As(err, &we) || we.Component != "Moved" {
		t.Errorf("Emit panicked with %v, want the subscriber's panic naming the event", err)
	}
}

func TestEmitAllocatesNothing(t *testing.T) {
	w := world.New()
	e := w.Create()
	n := 0
	moved.Subscribe(w, func(_ *world.World, ids []world.Entity) { n += len(ids) })
	w.AddSystem(world.System{Name: "emit", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		for range 100 {
			moved.Emit(ctx.World, e)
		}
		return nil
	}})
	if a := testing.AllocsPerRun(50, func() { w.Run(world.Context{Phase: world.Fixed}, nil) }); a != 0 {
		t.Errorf("a step emitting 100 ids allocates %v times", a)
	}
}
