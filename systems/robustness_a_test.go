package systems_test

// The tests in the robustness_*_test.go files come from a review of the
// package: each pins down a defect it found (and failed before the fix),
// or checks a property against brute force (queries, contacts under churn,
// walk order, tunnelling limits).

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// A timer whose Every is too large for a Duration (here +Inf, "never
// again") must not hang the step.
func TestTimerHugeEveryFiresOnce(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	n := 0
	tm.Start(systems.Timer{Name: "once-then-never", Every: math.Inf(1), Do: func(systems.TimerEvent) { n++ }})
	done := make(chan struct{})
	go func() {
		step(t, w, 1)
		close(done)
	}()
	select {
	case <-done:
		if n != 1 {
			t.Fatalf("Every: +Inf (never again) fired %d times in its first step, want 1", n)
		}
	case <-time.After(3 * time.Second):
		t.Fatalf("one step did not finish in 3s; the timer has fired %d times so far", n)
	}
}

// A timer with a delay too large for a Duration, started once the clock
// is past zero, must not fire at the next step.
func TestTimerHugeDelayNeverFires(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	step(t, w, 1) // clock > 0
	tm.Start(systems.Timer{Name: "far future", Delay: 1e10})
	step(t, w, 1)
	if got := tm.Fired(); len(got) != 0 {
		t.Fatalf("a timer 1e10 s away fired after one step: %+v", got)
	}
}

// A tween stopped from its own setter stops there.
func TestTweenStopInsideSetter(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	var id systems.TweenID
	calls := 0
	id = tw.Start(0, func(v float64) {
		calls++
		if v >= 50 {
			tw.Stop(id)
		}
	}, systems.Tween{To: 100, Seconds: 1})
	step(t, w, 60)
	if calls != 30 || tw.Len() != 0 {
		t.Fatalf("the setter stopped the tween at call 30; it was called %d times, Len = %d", calls, tw.Len())
	}
}

// A tween started from a setter runs from the next run on.
func TestTweenStartInsideSetter(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	started := false
	var got float64
	tw.Start(0, func(v float64) {
		if !started {
			started = true
			tw.Start(0, func(v float64) { got = v }, systems.Tween{To: 10, Seconds: 0.1, Name: "child"})
		}
	}, systems.Tween{To: 1, Seconds: 1})
	step(t, w, 30)
	if got != 10 {
		t.Fatalf("the tween started from a setter never ran (value %v); Len = %d", got, tw.Len())
	}
}

// A repeating tween carries the part of the step past each run's end into
// the next, so it keeps time: a 0.11 s loop, 100 times, takes 11 s.
func TestTweenRepeatKeepsTime(t *testing.T) {
	tw := systems.NewTweens()
	tm := systems.NewTimers()
	w := newWorld(t, tw.System(), tm.System())
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Seconds: 0.11, Repeat: 99, Name: "loop"})
	tm.Start(systems.Timer{Delay: 11, Name: "11 s"})
	tweenStep, timerStep := 0, 0
	for s := 1; s <= 1000 && (tweenStep == 0 || timerStep == 0); s++ {
		step(t, w, 1)
		if len(tw.Completed()) > 0 {
			tweenStep = s
		}
		if len(tm.Fired()) > 0 {
			timerStep = s
		}
	}
	if tweenStep != timerStep {
		t.Fatalf("100 runs of 0.11 s completed at step %d; 11 s is step %d", tweenStep, timerStep)
	}
}

// TestMoverNaNIsReported: a mover whose Position goes NaN (one NaN
// velocity) is reported as a ColliderError and left where it was, so that
// once the game repairs it, it moves on from there and not from NaN.
func TestMoverNaNIsReported(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	hero := world.Spawn3(w, systems.Position, systems.Vec2{X: 10, Y: 10}, systems.Velocity, systems.Vec2{X: math.NaN()},
		systems.Collider, systems.Box(10, 10))
	systems.Mover.Add(w, hero, systems.Movement{})
	err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil)
	var ce *systems.ColliderError
	if !errors.As(err, &ce) || ce.Entity != hero || !strings.Contains(err.Error(), "not finite") {
		t.Fatalf("step with a NaN velocity = %v, want a ColliderError for %v", err, hero)
	}
	// The game notices and repairs the hero.
	*systems.Position.Require(w, hero) = systems.Vec2{X: 10, Y: 10}
	*systems.Velocity.Require(w, hero) = systems.Vec2{}
	step(t, w, 1)
	if p := *systems.Position.Require(w, hero); p != (systems.Vec2{X: 10, Y: 10}) {
		t.Fatalf("repaired mover at %v after a step, want (10, 10)", p)
	}
}

// Wrap keeps an infinite coordinate a number: it comes in at the other edge.
func TestWrapInfinity(t *testing.T) {
	w := newWorld(t, systems.Confine())
	e := world.Spawn2(w, systems.Position, systems.Vec2{X: math.Inf(1), Y: 5},
		systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 100, 100), Mode: systems.Wrap})
	step(t, w, 1)
	if p := *systems.Position.Require(w, e); math.IsNaN(p.X) {
		t.Fatalf("wrap made position %v", p)
	}
}

// TestTweenSetterPanic: a setter that panics (the world recovers and
// reports it) leaves the list whole: no tween twice, the completion made
// before the panic called back once, the others going on.
func TestTweenSetterPanic(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	var done []string
	tw.OnComplete(func(ev systems.TweenEvent) { done = append(done, ev.Name) })
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Name: "a"})                // completes at step 1
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Seconds: 0.05, Name: "b"}) // 3 steps
	boom := true
	tw.Start(0, func(float64) {
		if boom {
			boom = false
			panic("setter failed")
		}
	}, systems.Tween{To: 1, Seconds: 10, Name: "c"})
	if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err == nil {
		t.Fatal("the panic was not reported")
	}
	step(t, w, 5)
	if tw.Len() != 1 || fmt.Sprint(done) != "[a b]" {
		t.Fatalf("after the panic: Len = %d (want 1: c), completions %v (want [a b])", tw.Len(), done)
	}
}

// MaxSpeed caps an infinite velocity along its direction, without NaN.
func TestMaxSpeedInfinity(t *testing.T) {
	w := newWorld(t, systems.Motion())
	e := world.Spawn2(w, systems.Position, systems.Vec2{}, systems.Velocity, systems.Vec2{X: math.Inf(1)})
	systems.MaxSpeed.Add(w, e, systems.SpeedLimit{Max: 100})
	step(t, w, 1)
	if v := *systems.Velocity.Require(w, e); math.IsNaN(v.X) {
		t.Fatalf("capped velocity %v", v)
	}
}
