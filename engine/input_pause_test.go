package engine_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// TestPressThatResumesDoesNotFire: the press that resumes a paused loop
// (in a frame system, as fixed ones do not run while paused) is one the
// fixed steps never see, like every other press made while paused.
func TestPressThatResumesDoesNotFire(t *testing.T) {
	var h *engine.Headless
	var jumps []uint64
	s := &sysScene{sys: []world.System{
		{Name: "player", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			if engine.InputOf(ctx).JustPressed("confirm") { // Space: jump
				jumps = append(jumps, ctx.Step)
			}
			return nil
		}},
		{Name: "pause-menu", Phase: world.Frame, Run: func(ctx *world.Context) error {
			if h.Loop().Paused() && engine.InputOf(ctx).JustPressed("confirm") { // "Resume"
				h.Loop().Resume()
			}
			return nil
		}},
	}}
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"confirm": {"Space"}}}}
	var err error
	h, err = engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.RunSteps(3)
	h.Loop().Pause()
	h.RunFrame()
	h.Input().Hold("confirm", true) // the player picks "Resume" in the pause menu
	h.RunFrame()                    // the frame system resumes
	h.Input().Hold("confirm", false)
	h.RunFrame()
	h.RunFrame()
	if len(jumps) != 0 {
		t.Errorf("the press made while paused (to resume) reached the fixed steps after Resume: jump at steps %v", jumps)
	}
}

// TestReleaseDuringPauseReachesGame: a key held into a pause and let go
// during it reaches the fixed steps after Resume as a release, once (a
// charged jump fires); a key pressed and let go during the pause reaches
// them not at all.
func TestReleaseDuringPauseReachesGame(t *testing.T) {
	var released, pressed []uint64
	s := &sysScene{sys: []world.System{{Name: "charge", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		in := engine.InputOf(ctx)
		if in.JustReleased("jump") {
			released = append(released, ctx.Step)
		}
		if in.JustPressed("fire") || in.JustReleased("fire") {
			pressed = append(pressed, ctx.Step)
		}
		return nil
	}}}}
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}, "fire": {"F"}}}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.Input().Hold("jump", true)
	h.RunSteps(3) // steps 0-2 see jump down
	h.Loop().Pause()
	h.Input().Hold("jump", false) // let go during the pause
	h.Input().Hold("fire", true)  // a tap made during the pause
	h.RunFrame()
	h.Input().Hold("fire", false)
	h.RunFrame()
	h.RunFrame()
	h.Loop().Resume()
	h.RunSteps(3) // steps 3-5
	if fmt.Sprint(released) != "[3]" || len(pressed) != 0 {
		t.Errorf("after Resume: jump released at steps %v (want [3]), fire seen at %v (want none)", released, pressed)
	}
}
