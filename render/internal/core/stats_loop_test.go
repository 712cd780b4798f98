package core_test

// An external test: engine imports render/drawable, which imports core.

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

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
		r.computed = core.Dropped(ctx.DT, ctx.Now-r.prevNow, r.steps, r.step)
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
