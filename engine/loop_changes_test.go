package engine_test

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// stepper counts steps and frames and runs a hook in each step.
type stepper struct {
	steps, frames int
	alphas        []float64
	inStep        func(n int)
}

func (s *stepper) FixedStep(ctx *world.Context) bool {
	s.steps++
	if s.inStep != nil {
		s.inStep(s.steps)
	}
	return true
}

func (s *stepper) Frame(ctx *world.Context) {
	s.frames++
	s.alphas = append(s.alphas, ctx.Alpha)
}

// TestPauseDuringAStep: a system that pauses stops the steps its frame
// still owed; they run after Resume.
func TestPauseDuringAStep(t *testing.T) {
	l := engine.NewFixedLoop(60, 8)
	s := &stepper{}
	s.inStep = func(n int) {
		if n == 1 {
			l.Pause()
		}
	}
	tk := l.TickSteps(3, s)
	if tk.Steps != 1 || s.steps != 1 {
		t.Fatalf("a frame owing 3 steps, paused in the first, ran %d", tk.Steps)
	}
	if tk := l.TickSteps(2, s); tk.Steps != 0 {
		t.Errorf("a paused loop ran %d steps", tk.Steps)
	}
	l.Resume()
	s.inStep = nil
	if tk := l.TickSteps(0, s); tk.Steps != 2 {
		t.Errorf("after Resume the 2 steps still owed ran as %d", tk.Steps)
	}
}

// TestSetHzDuringAStep: a rate change asked for by a system applies from
// the next frame; the frame in progress keeps its steps and alpha in [0, 1].
func TestSetHzDuringAStep(t *testing.T) {
	l := engine.NewFixedLoop(60, 8)
	s := &stepper{}
	s.inStep = func(n int) {
		if n == 1 {
			l.SetHz(30)
		}
	}
	tk := l.TickSteps(3, s)
	if tk.Steps != 3 || l.Hz() != 60 {
		t.Errorf("frame of SetHz: %d steps at %d Hz, want 3 at 60 (the change waits)", tk.Steps, l.Hz())
	}
	s.inStep = nil
	tk = l.Tick(34*time.Millisecond, s) // a little over one 30 Hz step
	if l.Hz() != 30 || tk.Steps != 1 {
		t.Errorf("next frame of 34 ms: %d steps at %d Hz, want 1 at 30", tk.Steps, l.Hz())
	}
	for _, a := range s.alphas {
		if a < 0 || a > 1 {
			t.Errorf("alpha %v outside [0, 1]", a)
		}
	}
}

// TestSetHzLastCallWins: SetHz during a step, then SetHz between frames:
// the later call sets the rate.
func TestSetHzLastCallWins(t *testing.T) {
	l := engine.NewFixedLoop(60, 8)
	s := &hookStepper{step: func() { l.SetHz(30) }}
	l.TickSteps(1, s)
	s.step = nil
	l.SetHz(120) // between frames: applies at once
	if l.Hz() != 120 {
		t.Fatalf("Hz after SetHz(120) = %d", l.Hz())
	}
	l.TickSteps(1, s)
	if l.Hz() != 120 {
		t.Errorf("after SetHz(30) in a step then SetHz(120) between frames, the next frame runs at %d Hz, want 120", l.Hz())
	}
}

type hookStepper struct{ step func() }

func (s *hookStepper) FixedStep(*world.Context) bool {
	if s.step != nil {
		s.step()
	}
	return true
}

func (s *hookStepper) Frame(*world.Context) {}
