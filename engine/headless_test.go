package engine_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

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

// TestScriptedTapInOneFrame: a scripted press and release that fall due in
// one frame of several steps reach the next step as a press, as a tap
// between two steps does.
func TestScriptedTapInOneFrame(t *testing.T) {
	var saw []uint64
	s := &sysScene{sys: []world.System{{Name: "jump", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if engine.InputOf(ctx).JustPressed("jump") {
			saw = append(saw, ctx.Step)
		}
		return nil
	}}}}
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{Frame: 100 * time.Millisecond, Script: []engine.ScriptedInput{
		{Step: 3, Action: "jump", Down: true}, {Step: 4, Action: "jump", Down: false},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunSteps(18); err != nil {
		t.Fatal(err)
	}
	if len(saw) != 1 {
		t.Errorf("a scripted press (step 3) and release (step 4) reached the fixed steps %d times (at %v), want once", len(saw), saw)
	}
}

// TestSplitRunKeepsScriptedInput: RunSteps(1) twelve times and
// RunSteps(12) once deliver scripted input at the same steps.
func TestSplitRunKeepsScriptedInput(t *testing.T) {
	run := func(calls, each uint64) []uint64 {
		var saw []uint64
		s := &sysScene{sys: []world.System{{Name: "jump", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			if engine.InputOf(ctx).JustPressed("jump") {
				saw = append(saw, ctx.Step)
			}
			return nil
		}}}}
		cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
		h, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{Frame: 100 * time.Millisecond, Script: []engine.ScriptedInput{
			{Step: 3, Action: "jump", Down: true},
		}})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		for range calls {
			if err := h.RunSteps(each); err != nil {
				t.Fatal(err)
			}
		}
		return saw
	}
	whole, split := run(1, 12), run(12, 1)
	if fmt.Sprint(whole) != fmt.Sprint(split) {
		t.Errorf("same script, same frames: RunSteps(12) saw the press at steps %v, 12 x RunSteps(1) at %v", whole, split)
	}
}

// TestFrameStepsMatchesHeadless: FrameSteps(1), which the window runtime
// feeds its first frame and every debug.fixed_frames frame, runs one step
// a frame as the headless runner does; Frame(Loop().Step()) cannot (at
// 60 Hz a step is no whole number of nanoseconds, so the first runs none).
func TestFrameStepsMatchesHeadless(t *testing.T) {
	e, err := engine.New(engine.Config{}, engine.Game{First: &sysScene{}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var steps []int
	for range 3 {
		steps = append(steps, e.FrameSteps(1).Steps)
	}
	h, _ := engine.NewHeadless(engine.Config{}, engine.Game{First: &sysScene{}}, engine.HeadlessOptions{})
	defer h.Close()
	var hs []int
	for range 3 {
		hs = append(hs, h.RunFrame().Steps)
	}
	if fmt.Sprint(steps) != fmt.Sprint(hs) {
		t.Errorf("FrameSteps(1) ran %v steps; the headless runner's one-step frames ran %v", steps, hs)
	}
	if got := e.FrameSteps(3).Steps; got != 3 {
		t.Errorf("FrameSteps(3) ran %d steps", got)
	}
	if got := e.FrameSteps(0).Steps; got != 0 {
		t.Errorf("FrameSteps(0) ran %d steps", got)
	}
	if got := e.Frame(e.Loop().Step()).Steps + e.Frame(e.Loop().Step()).Steps; got != 1 {
		t.Logf("two frames of Loop().Step() ran %d steps", got)
	}
}

// TestTinyTimeScaleGivesUp: at a time scale so small that frames add no
// time, RunSteps gives up with ErrNoProgress instead of spinning forever.
func TestTinyTimeScaleGivesUp(t *testing.T) {
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &sysScene{}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.Loop().SetTimeScale(1e-10)
	done := make(chan error, 1)
	go func() { done <- h.RunSteps(1) }()
	select {
	case err := <-done:
		if !errors.Is(err, engine.ErrNoProgress) {
			t.Errorf("RunSteps(1) at time scale 1e-10 = %v, want ErrNoProgress", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("RunSteps(1) at time scale 1e-10 still running after 5 s (no ErrNoProgress)")
	}
}
