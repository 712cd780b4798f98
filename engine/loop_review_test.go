package engine_test

import (
	"errors"
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

// TestHeadlessRunStepsSplitOrWhole: RunSteps(1) ten times runs the same
// simulation as RunSteps(10): no time piles up and nothing is dropped.
func TestHeadlessRunStepsSplitOrWhole(t *testing.T) {
	run := func(calls, each uint64) (steps, dropped uint64) {
		h, err := engine.NewHeadless(engine.DefaultConfig(), engine.Game{First: &quietScene{}}, engine.HeadlessOptions{Frame: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		for range calls {
			if err := h.RunSteps(each); err != nil {
				t.Fatal(err)
			}
		}
		return h.Loop().Steps(), h.Loop().Dropped()
	}
	s1, d1 := run(10, 1)
	s2, d2 := run(1, 10)
	if s1 != 10 || s2 != 10 || d1 != d2 {
		t.Errorf("10 x RunSteps(1): %d steps, %d dropped; RunSteps(10): %d steps, %d dropped", s1, d1, s2, d2)
	}
}

// TestHeadlessGivesUpWhenPaused: RunSteps on a loop nothing resumes
// returns ErrNoProgress instead of spinning forever.
func TestHeadlessGivesUpWhenPaused(t *testing.T) {
	h, err := engine.NewHeadless(engine.DefaultConfig(), engine.Game{First: &quietScene{}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	h.Loop().Pause()
	done := make(chan error, 1)
	go func() { done <- h.RunSteps(1) }()
	select {
	case err := <-done:
		if !errors.Is(err, engine.ErrNoProgress) {
			t.Errorf("RunSteps on a paused loop = %v, want ErrNoProgress", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("RunSteps on a paused loop did not return")
	}
}
