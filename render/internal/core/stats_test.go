package core

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

func TestWindow(t *testing.T) {
	var w Window
	ms := time.Millisecond
	w.Add(0, 2*ms)
	w.Add(500*ms, 4*ms)
	if got := w.Last(); got != (Sample{}) {
		t.Errorf("before a second passed: Last() = %+v, want zero", got)
	}
	w.Add(1000*ms, 6*ms) // closes the first second, then counts in the next
	got := w.Last()
	if got.N != 2 || got.Avg() != 3*ms || got.Max != 4*ms || got.Span != time.Second {
		t.Errorf("Last() = %+v (avg %v), want 2 runs, avg 3ms, max 4ms over 1s", got, got.Avg())
	}
	w.Count(1500*ms, 30)
	w.Tick(2500 * ms)
	if got := w.Last(); got.N != 31 || got.Rate() != 31/1.5 {
		t.Errorf("Last() = %+v, rate %v; want 31 events over 1.5 s", got, got.Rate())
	}
}

// recorder is an engine.Stepper that works out the dropped steps of each
// frame as the overlay does, from the contexts alone.
type recorder struct {
	step     time.Duration
	steps    int
	prevNow  time.Duration
	begun    bool
	computed int
}

func (r *recorder) FixedStep(ctx *world.Context) bool {
	r.step = time.Duration(ctx.DT * float64(time.Second))
	r.steps++
	return true
}

func (r *recorder) Frame(ctx *world.Context) {
	r.computed = 0
	if r.begun {
		r.computed = Dropped(ctx.DT, ctx.Now-r.prevNow, r.steps, r.step)
	}
	r.prevNow, r.begun, r.steps = ctx.Now, true, 0
}

// TestDroppedMatchesTheLoop drives engine.FixedLoop with frames of many
// lengths, paused and at several time scales, and checks that Dropped
// works out from the frame contexts what the loop reports.
func TestDroppedMatchesTheLoop(t *testing.T) {
	loop := engine.NewFixedLoop(60, 4)
	var r recorder
	frames := []time.Duration{
		16 * time.Millisecond, 17 * time.Millisecond, 100 * time.Millisecond, 16 * time.Millisecond,
		time.Second, 3 * time.Millisecond, 250 * time.Millisecond, 67 * time.Millisecond, 66 * time.Millisecond,
	}
	for round := range 4 {
		switch round {
		case 1:
			loop.SetTimeScale(2.5)
		case 2:
			loop.SetTimeScale(0.3)
		case 3:
			loop.SetTimeScale(1)
			loop.Pause()
		}
		for _, f := range frames {
			tick := loop.Tick(f, &r)
			if r.computed != tick.Dropped {
				t.Errorf("round %d, frame %v: Dropped worked out %d, the loop dropped %d", round, f, r.computed, tick.Dropped)
			}
		}
	}
}
