package engine_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// The tests in this file pin down what a review found wrong in the loop,
// the headless runner, the event bus and the configuration (each failed
// before its fix).

// sysScene adds the given systems in OnEnter.
type sysScene struct {
	scene.Base
	sys []world.System
}

func (s *sysScene) OnEnter() error {
	for _, x := range s.sys {
		if err := s.World().AddSystem(x); err != nil {
			return err
		}
	}
	return nil
}

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

// TestSubscriberPanicIsReported: a subscriber that panics stops neither
// the frame nor the other subscribers, and its panic is reported as a
// SubscriberError (once: its panic on that report is dropped).
func TestSubscriberPanicIsReported(t *testing.T) {
	s := &sysScene{sys: []world.System{{Name: "bad", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		return errors.New("boom")
	}}}}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			panic("logger broke")
		}
	})
	var second []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			second = append(second, ev.Err)
		}
	})
	var r any
	func() {
		defer func() { r = recover() }()
		h.RunSteps(1)
	}()
	if r != nil {
		t.Fatalf("a subscriber's panic escaped the engine: %v", r)
	}
	var se *engine.SubscriberError
	if len(second) != 2 || !errors.As(second[1], &se) || se.N != 1 || se.Kind != engine.EventError ||
		!errors.Is(se, world.ErrPanic) || !strings.Contains(se.Error(), "logger broke") {
		t.Errorf("the next subscriber got %v; want the system's error, then subscriber 1's panic", second)
	}
	if h.Loop().Steps() != 1 {
		t.Errorf("%d steps ran, want 1", h.Loop().Steps())
	}
}

// TestSubscriberPanicDuringSceneChange: a subscriber that panics on the
// scene event does not stop the change: the new scene is on top, with its
// input, and no bogus change follows.
func TestSubscriberPanicDuringSceneChange(t *testing.T) {
	a, b := &sysScene{}, &sysScene{}
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.RunSteps(1)
	boom := true
	var kinds []string
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene {
			kinds = append(kinds, ev.Change.String())
			if boom {
				boom = false
				panic("subscriber broke")
			}
		}
	})
	h.Scenes().Replace(b)
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	var ctx = world.Context{World: h.Scenes().Top().World(), Phase: world.Fixed}
	if h.Scenes().Top() != b || engine.InputOf(&ctx) == nil || len(kinds) != 1 {
		t.Errorf("top %s, input %v, scene events %q; want b on top with input, one change", scene.Name(h.Scenes().Top()), engine.InputOf(&ctx) != nil, kinds)
	}
}

// TestDisposePanicAsSceneLeaves: a system's Dispose that panics as its
// scene leaves is reported as the scene's Clear error, and the next scene
// enters.
func TestDisposePanicAsSceneLeaves(t *testing.T) {
	a := &sysScene{sys: []world.System{{Name: "net", Phase: world.Fixed,
		Run: func(*world.Context) error { return nil }, Dispose: func() { panic("boom") }}}}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.RunSteps(1)
	next := &sysScene{}
	h.Scenes().Replace(next)
	var r any
	var errs []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err)
		}
	})
	func() {
		defer func() { r = recover() }()
		h.RunSteps(1)
	}()
	var se *scene.Error
	if r != nil || len(errs) != 1 || !errors.As(errs[0], &se) || se.Op != "Clear" || !strings.Contains(errs[0].Error(), `"net"`) {
		t.Errorf("panic %v, error events %v; want one scene Clear error naming the system net", r, errs)
	}
	if h.Scenes().Top() != next {
		t.Errorf("top scene %s, want the next one", scene.Name(h.Scenes().Top()))
	}
}

// failScene fails its OnEnter or OnExit, as asked.
type failScene struct {
	scene.Base
	enter, exit bool
}

func (s *failScene) OnEnter() error {
	if s.enter {
		return errors.New("no level file")
	}
	return nil
}

func (s *failScene) OnExit() {
	if s.exit {
		panic("exit broke")
	}
}

// TestSceneErrorsInOrder: a change's failures are reported as error events
// just before its scene event, in the order things happened; the first
// scene's failing OnEnter is an event in a headless run too, as well as
// RunSteps's error.
func TestSceneErrorsInOrder(t *testing.T) {
	a, b, c := &failScene{exit: true}, &failScene{enter: true}, &failScene{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var log []string
	h.Events().Subscribe(func(ev engine.Event) {
		switch ev.Kind {
		case engine.EventError:
			var se *scene.Error
			if errors.As(ev.Err, &se) {
				log = append(log, "error "+se.Op)
			}
		case engine.EventScene:
			log = append(log, ev.Change.Kind.String())
		}
	})
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	h.Scenes().Replace(b) // a's OnExit panics, b's OnEnter fails
	h.Scenes().Push(c)
	h.RunSteps(1)
	want := "[replace error OnExit error OnEnter replace push]"
	if got := fmt.Sprint(log); got != want {
		t.Errorf("events %s, want %s", got, want)
	}

	log = nil
	h2, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &failScene{enter: true}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	h2.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			log = append(log, ev.Err.Error())
		}
	})
	err = h2.RunSteps(1)
	if err == nil || len(log) != 1 || !strings.Contains(log[0], "no level file") {
		t.Errorf("first scene's OnEnter failing: RunSteps = %v, error events %q; want the error both ways", err, log)
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
