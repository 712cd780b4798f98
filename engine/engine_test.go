package engine_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// traceScene logs its systems and callbacks; its systems are given by
// the test.
type traceScene struct {
	scene.Base
	name    string
	log     *[]string
	systems []world.System
	enters  int
}

func (s *traceScene) OnEnter() error {
	s.enters++
	*s.log = append(*s.log, s.name+".enter")
	for _, sys := range s.systems {
		if err := s.World().AddSystem(sys); err != nil {
			return err
		}
	}
	return nil
}

func (s *traceScene) OnExit() { *s.log = append(*s.log, s.name+".exit") }

func (s *traceScene) FixedUpdate(dt float64) { *s.log = append(*s.log, s.name+".fixed") }

func (s *traceScene) Update(dt, alpha float64) { *s.log = append(*s.log, s.name+".update") }

// logSystem returns a system that appends its name to log.
func logSystem(log *[]string, name string, p world.Phase) world.System {
	return world.System{Name: name, Phase: p, Run: func(*world.Context) error {
		*log = append(*log, name)
		return nil
	}}
}

func newHeadless(t *testing.T, cfg engine.Config, first scene.Scene, opts engine.HeadlessOptions) *engine.Headless {
	t.Helper()
	h, err := engine.NewHeadless(cfg, engine.Game{First: first}, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := h.Close(); err != nil {
			t.Errorf("Close() = %v", err)
		}
	})
	return h
}

func TestFrameOrder(t *testing.T) {
	var log []string
	s := &traceScene{name: "s", log: &log}
	s.systems = []world.System{logSystem(&log, "fixed-sys", world.Fixed), logSystem(&log, "frame-sys", world.Frame)}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{Frames: []time.Duration{0, 40 * time.Millisecond}})
	h.RunFrame() // enters, owes nothing
	h.RunFrame() // 40 ms at 60 Hz: two steps
	want := []string{
		"s.enter",
		"frame-sys", "s.update",
		"fixed-sys", "s.fixed", "fixed-sys", "s.fixed", "frame-sys", "s.update",
	}
	if !slices.Equal(log, want) {
		t.Errorf("log = %q\nwant %q", log, want)
	}
}

func TestFailingSystemsAreReported(t *testing.T) {
	var log []string
	s := &traceScene{name: "s", log: &log}
	s.systems = []world.System{
		{Name: "explode", Phase: world.Fixed, Run: func(*world.Context) error { panic("kaboom") }},
		{Name: "refuse", Phase: world.Fixed, Run: func(*world.Context) error { return errors.New("no ammo") }},
		logSystem(&log, "after", world.Fixed),
		{Name: "draw-fail", Phase: world.Frame, Run: func(*world.Context) error { return errors.New("no sprite") }},
		logSystem(&log, "after-frame", world.Frame),
	}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{})
	var errs []engine.Event
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev)
		}
	})
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	type report struct {
		system string
		phase  world.Phase
		step   uint64
		panic  bool
	}
	var got []report
	for _, ev := range errs {
		got = append(got, report{ev.System, ev.Phase, ev.Step, errors.Is(ev.Err, world.ErrPanic)})
		var se *world.SystemError
		if !errors.As(ev.Err, &se) || se.System != ev.System {
			t.Errorf("event %v: Err is not a *world.SystemError for %s", ev, ev.System)
		}
	}
	want := []report{
		{"explode", world.Fixed, 0, true}, {"refuse", world.Fixed, 0, false}, {"draw-fail", world.Frame, 1, false},
		{"explode", world.Fixed, 1, true}, {"refuse", world.Fixed, 1, false}, {"draw-fail", world.Frame, 2, false},
	}
	if !slices.Equal(got, want) {
		t.Errorf("error events = %+v\nwant %+v", got, want)
	}
	if n := strings.Count(strings.Join(log, " "), "after-frame"); n != 2 || !slices.Contains(log, "after") {
		t.Errorf("log = %q: the systems after the failing ones did not run every time", log)
	}
	if msg := errs[0].String(); !strings.Contains(msg, `system "explode" (fixed)`) || !strings.Contains(msg, "kaboom") {
		t.Errorf("event text = %q, want it to name the system, its phase and the panic", msg)
	}
}

func TestSceneUpdatePanicIsReported(t *testing.T) {
	s := &panicScene{}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{})
	var got []string
	h.Events().Subscribe(func(ev engine.Event) {
		var se *engine.SceneError
		if errors.As(ev.Err, &se) {
			got = append(got, se.Op)
		}
	})
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	if want := []string{"FixedUpdate", "Update"}; !slices.Equal(got, want) {
		t.Errorf("scene errors = %q, want %q", got, want)
	}
}

type panicScene struct{ scene.Base }

// quietScene adds the given systems and does nothing else.
type quietScene struct {
	scene.Base
	systems []world.System
}

func (s *quietScene) OnEnter() error {
	for _, sys := range s.systems {
		if err := s.World().AddSystem(sys); err != nil {
			return err
		}
	}
	return nil
}

func (*panicScene) FixedUpdate(float64)     { panic("fixed") }
func (*panicScene) Update(float64, float64) { panic(errors.New("frame")) }

func TestSceneChangeInsideASystem(t *testing.T) {
	var log []string
	a := &traceScene{name: "a", log: &log}
	b := &traceScene{name: "b", log: &log}
	b.systems = []world.System{logSystem(&log, "b-sys", world.Fixed)}
	a.systems = []world.System{
		{Name: "switch", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			log = append(log, "switch")
			if ctx.Step == 1 {
				a.Scenes().Replace(b)
			}
			return nil
		}},
		logSystem(&log, "a-after", world.Fixed),
	}
	h := newHeadless(t, engine.Config{}, a, engine.HeadlessOptions{Frames: []time.Duration{50 * time.Millisecond}})
	var changes []string
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene {
			changes = append(changes, fmt.Sprintf("%d:%v", ev.Step, ev.Change.Kind))
		}
	})
	h.RunFrame() // three steps: the change asked for in step 1 applies after it
	want := []string{
		"a.enter",
		"switch", "a-after", "a.fixed",
		"switch", "a-after", "a.fixed", "a.exit", "b.enter",
		"b-sys", "b.fixed",
		"b.update",
	}
	if !slices.Equal(log, want) {
		t.Errorf("log = %q\nwant %q", log, want)
	}
	if want := []string{"0:replace", "1:replace"}; !slices.Equal(changes, want) {
		t.Errorf("scene events (step:kind) = %q, want %q: the first scene, then the change made in step 1", changes, want)
	}
	if a.World().Len() != 0 || len(a.World().SystemNames(world.Fixed)) != 0 {
		t.Error("the scene left kept its world")
	}
}

func TestPushedSceneCoversTheOneBeneath(t *testing.T) {
	var log []string
	game := &traceScene{name: "game", log: &log}
	pause := &traceScene{name: "pause", log: &log}
	game.systems = []world.System{logSystem(&log, "game-sys", world.Fixed)}
	h := newHeadless(t, engine.Config{}, game, engine.HeadlessOptions{})
	h.RunSteps(1)
	h.Scenes().Push(pause)
	h.RunSteps(1)
	h.Scenes().Pop()
	h.RunSteps(1)
	want := []string{
		"game.enter", "game-sys", "game.fixed", "game.update",
		"pause.enter", "pause.fixed", "pause.update", "pause.exit",
		"game-sys", "game.fixed", "game.update",
	}
	if !slices.Equal(log, want) {
		t.Errorf("log = %q\nwant %q", log, want)
	}
	if game.enters != 1 {
		t.Errorf("game entered %d times, want 1: a covered scene is not left", game.enters)
	}
}

func TestReenteredSceneAddsItsSystemsAgain(t *testing.T) {
	var log []string
	a := &traceScene{name: "a", log: &log}
	b := &traceScene{name: "b", log: &log}
	a.systems = []world.System{logSystem(&log, "a-sys", world.Fixed)}
	h := newHeadless(t, engine.Config{}, a, engine.HeadlessOptions{})
	for _, next := range []scene.Scene{b, a} {
		h.RunSteps(1)
		h.Scenes().Replace(next)
	}
	h.RunSteps(1)
	if n := strings.Count(strings.Join(log, " "), "a-sys"); n != 2 || a.enters != 2 {
		t.Errorf("a-sys ran %d times over %d entries, want 2 over 2; log %q", n, a.enters, log)
	}
}

func TestStallEvent(t *testing.T) {
	var log []string
	h := newHeadless(t, engine.Config{}, &traceScene{name: "s", log: &log},
		engine.HeadlessOptions{Frames: []time.Duration{time.Second}})
	var stalls []engine.Event
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			stalls = append(stalls, ev)
		}
	})
	tick := h.RunFrame()
	if tick.Steps != 8 || tick.Dropped != 52 || len(stalls) != 1 || stalls[0].Dropped != 52 {
		t.Errorf("a 1 s frame at 60 Hz: %d steps, %d dropped, stall events %v; want 8, 52, one of 52", tick.Steps, tick.Dropped, stalls)
	}
}

func TestScriptedInputReachesSystems(t *testing.T) {
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	var fixedSeen, frameSeen []uint64
	s := &traceScene{name: "s", log: new([]string)}
	s.systems = []world.System{
		{Name: "jumper", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			if engine.InputOf(ctx).JustPressed("jump") {
				fixedSeen = append(fixedSeen, ctx.Step)
			}
			return nil
		}},
		{Name: "hud", Phase: world.Frame, Run: func(ctx *world.Context) error {
			if engine.InputOf(ctx).Pressed("jump") {
				frameSeen = append(frameSeen, ctx.Step)
			}
			return nil
		}},
	}
	h := newHeadless(t, cfg, s, engine.HeadlessOptions{Script: []engine.ScriptedInput{
		{Step: 7, Action: "jump", Down: false},
		{Step: 3, Action: "jump", Down: true},
		{Step: 5, Action: "jump", Down: false},
		{Step: 6, Action: "jump", Down: true},
	}})
	if err := h.RunSteps(10); err != nil {
		t.Fatal(err)
	}
	if want := []uint64{3, 6}; !slices.Equal(fixedSeen, want) {
		t.Errorf("fixed system saw jump pressed at steps %v, want %v", fixedSeen, want)
	}
	if want := []uint64{4, 5, 7}; !slices.Equal(frameSeen, want) {
		t.Errorf("frame system saw jump held in frames ending at steps %v, want %v", frameSeen, want)
	}
	if _, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{Script: []engine.ScriptedInput{{Action: "fly"}}}); !errors.Is(err, engine.ErrUnknownAction) {
		t.Errorf("NewHeadless with a script naming fly = %v, want ErrUnknownAction", err)
	}
}

func TestHeadlessRunsUntil(t *testing.T) {
	var log []string
	s := &traceScene{name: "s", log: &log}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{Frame: 50 * time.Millisecond})
	if err := h.RunSteps(10); err != nil || h.Loop().Steps() != 10 {
		t.Fatalf("RunSteps(10) = %v with %d steps; want exactly 10 though frames run 3", err, h.Loop().Steps())
	}
	if err := h.RunUntil(func() bool { return h.Loop().Now() >= 2*time.Second }); err != nil || h.Loop().Steps() != 120 {
		t.Errorf("RunUntil(2 s) stopped at step %d, %v; want 120", h.Loop().Steps(), err)
	}
	s.systems = nil
	stopAt := uint64(150)
	stopper := world.System{Name: "stop", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if ctx.Step+1 == stopAt {
			h.Stop()
		}
		return nil
	}}
	if err := s.World().AddSystem(stopper); err != nil {
		t.Fatal(err)
	}
	if err := h.Run(); err != nil || h.Loop().Steps() != stopAt || !h.Done() {
		t.Errorf("Run() with a system calling Stop at step %d: %v, stopped after %d steps, Done %v", stopAt, err, h.Loop().Steps(), h.Done())
	}
}

func TestPoppingTheLastSceneEndsTheRun(t *testing.T) {
	var log []string
	s := &traceScene{name: "s", log: &log}
	s.systems = []world.System{{Name: "quit", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if ctx.Step == 4 {
			s.Scenes().Pop()
		}
		return nil
	}}}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{})
	if err := h.Run(); err != nil {
		t.Fatal(err)
	}
	if h.Loop().Steps() != 5 || h.Scenes().Len() != 0 || !h.Done() {
		t.Errorf("after popping the last scene at step 4: %d steps, %d scenes, Done %v; want 5, 0, true", h.Loop().Steps(), h.Scenes().Len(), h.Done())
	}
}

func TestFirstSceneEnterError(t *testing.T) {
	s := &traceScene{name: "s", log: new([]string)}
	bad := world.System{Name: "", Phase: world.Fixed, Run: func(*world.Context) error { return nil }}
	s.systems = []world.System{bad}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{})
	if err := h.RunSteps(1); !errors.Is(err, world.ErrInvalidSystem) {
		t.Errorf("RunSteps = %v, want the OnEnter error wrapping world.ErrInvalidSystem", err)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	_, err := engine.New(engine.Config{Window: engine.WindowConfig{Zoom: 99}}, engine.Game{First: &traceScene{}})
	if !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("New with zoom 99 = %v, want ErrOutOfRange", err)
	}
}

func TestInputOfFollowsTheStack(t *testing.T) {
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	a := &traceScene{name: "a", log: new([]string)}
	b := &traceScene{name: "b", log: new([]string)}
	h := newHeadless(t, cfg, a, engine.HeadlessOptions{})
	h.RunSteps(1)
	ctxA := &world.Context{World: a.World(), Phase: world.Fixed}
	if engine.InputOf(ctxA) != h.Input().Fixed() {
		t.Fatal("InputOf(a's world) is not the engine's fixed view")
	}
	h.Scenes().Replace(b)
	h.RunSteps(1)
	if engine.InputOf(ctxA) != nil || engine.InputOf(&world.Context{World: b.World(), Phase: world.Frame}) != h.Input().Frame() {
		t.Error("InputOf did not follow the replace")
	}
}

func TestSteadyFrameAllocs(t *testing.T) {
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	s := &quietScene{}
	counter := 0
	s.systems = []world.System{{Name: "count", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if engine.InputOf(ctx).Pressed("jump") {
			counter++
		}
		return nil
	}}}
	e, err := engine.New(cfg, engine.Game{First: s})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(); err != nil {
		t.Fatal(err)
	}
	down := func(engine.Button) bool { return true }
	if n := testing.AllocsPerRun(100, func() {
		e.Input().Sample(down)
		e.Frame(25 * time.Millisecond)
	}); n != 0 {
		t.Errorf("a steady frame allocates %v times, want 0", n)
	}
}

func TestEventsConcurrentSubscribe(t *testing.T) {
	var b engine.Events
	var mu sync.Mutex
	got := 0
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			unsub := b.Subscribe(func(engine.Event) { mu.Lock(); got++; mu.Unlock() })
			b.Emit(engine.Event{Kind: engine.EventStall})
			unsub()
		})
	}
	for range 100 {
		b.Emit(engine.Event{Kind: engine.EventStall})
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if got < 8 {
		t.Errorf("subscribers got %d events, want at least 8 (each its own)", got)
	}
}

func TestEventsUnsubscribe(t *testing.T) {
	var b engine.Events
	var got []int
	unsub1 := b.Subscribe(func(engine.Event) { got = append(got, 1) })
	b.Subscribe(func(engine.Event) { got = append(got, 2) })
	b.Emit(engine.Event{})
	unsub1()
	unsub1()
	b.Emit(engine.Event{})
	if want := []int{1, 2, 2}; !slices.Equal(got, want) {
		t.Errorf("deliveries = %v, want %v", got, want)
	}
}

func TestDebugFramesEndsHeadlessRun(t *testing.T) {
	h := newHeadless(t, engine.Config{Debug: engine.DebugConfig{Frames: 7}}, &quietScene{},
		engine.HeadlessOptions{Frame: 50 * time.Millisecond})
	if err := h.Run(); err != nil || h.Frames() != 7 || !h.Done() || h.Loop().Steps() != 21 {
		t.Errorf("Run() with debug.frames 7 = %v after %d frames and %d steps, Done %v; want 7 frames of 3 steps", err, h.Frames(), h.Loop().Steps(), h.Done())
	}
}

// TestRunWithoutRuntime: engine.Run needs engine/window linked in; without
// it, it says so instead of failing later.
func TestRunWithoutRuntime(t *testing.T) {
	err := engine.Run(engine.DefaultConfig(), engine.Game{First: &quietScene{}})
	if !errors.Is(err, engine.ErrNoRuntime) {
		t.Errorf("Run without a runtime = %v, want ErrNoRuntime", err)
	}
}

// TestEngineRun: Engine.Run hands the engine it is called on to the
// registered runtime, and without one returns ErrNoRuntime.
func TestEngineRun(t *testing.T) {
	e, err := engine.New(engine.Config{}, engine.Game{First: &quietScene{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Run(); !errors.Is(err, engine.ErrNoRuntime) {
		t.Errorf("Engine.Run without a runtime = %v, want ErrNoRuntime", err)
	}
	done := errors.New("window closed")
	var got *engine.Engine
	engine.RegisterRuntime(func(e *engine.Engine) error {
		got = e
		return done
	})
	defer engine.RegisterRuntime(nil)
	if err := e.Run(); err != done || got != e {
		t.Errorf("Engine.Run = %v with the runtime given %p; want %v and the engine %p", err, got, done, e)
	}
}

// TestHeadlessRunStepsAllocs: a server or benchmark stepping the headless
// runner one step at a time allocates nothing per call in steady state,
// and each call runs exactly the steps asked for.
func TestHeadlessRunStepsAllocs(t *testing.T) {
	s := &quietScene{}
	steps := 0
	s.systems = []world.System{{Name: "count", Phase: world.Fixed, Run: func(*world.Context) error {
		steps++
		return nil
	}}}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{Frame: 25 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(10); err != nil {
		t.Fatal(err)
	}
	if steps != 10 {
		t.Fatalf("RunSteps(10) ran %d steps, want 10", steps)
	}
	if n := testing.AllocsPerRun(100, func() {
		if err := h.RunSteps(1); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("RunSteps(1) allocates %v times a call, want 0", n)
	}
	if want := 10 + 101; steps != want { // AllocsPerRun runs once more to warm up
		t.Errorf("after 101 calls of RunSteps(1): %d steps, want %d", steps, want)
	}
}

// TestMainExits covers Main's exits, through RunMain: -help exits 0, a bad
// flag or value 2 with the message, an error running 1 with the message,
// and a game that ends 0.
func TestMainExits(t *testing.T) {
	defaults := engine.Config{Input: engine.StandardInput()}
	tests := []struct {
		name    string
		args    []string
		runtime func(*engine.Engine) error // nil: none registered
		code    int
		says    string
	}{
		{"help", []string{"-help"}, nil, 0, "-window.width int"},
		{"bad flag", []string{"-nope"}, nil, 2, "flag provided but not defined: -nope"},
		{"bad value", []string{"-loop.hz", "0"}, nil, 2, "config loop.hz from flag -loop.hz: out of range"},
		{"no window", nil, nil, 2, "this binary has no window"},
		{"headless", []string{"-headless", "-steps", "3"}, nil, 0, ""},
		{"headless bad steps", []string{"-headless", "-steps", "x"}, nil, 2, "invalid value"},
		{"extra argument", []string{"-headless", "more"}, nil, 2, "unexpected arguments"},
		{"ends", nil, func(e *engine.Engine) error { return nil }, 0, ""},
		{"fails", nil, func(e *engine.Engine) error { return errors.New("the GPU melted") }, 1, "the GPU melted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			engine.RegisterRuntime(tt.runtime)
			defer engine.RegisterRuntime(nil)
			var out strings.Builder
			code := engine.RunMain(tt.args, engine.Game{Config: defaults, First: &quietScene{}}, &out)
			if code != tt.code || !strings.Contains(out.String(), tt.says) {
				t.Errorf("Main(%q) exits %d saying %q; want %d, saying %q", tt.args, code, out.String(), tt.code, tt.says)
			}
		})
	}
}

// walkPanicker panics out of a field-only Each walk in its first
// FixedUpdate (whose walk, inlined, has no deferred end) and destroys an
// entity in its second.
type walkPanicker struct {
	scene.Base
	steps int
	first world.Entity
}

var wpPos = world.DefineFields[struct{ X float64 }]("engine_test.wpPos")

func (s *walkPanicker) OnEnter() error {
	for i := range 3 {
		e := world.Spawn1(s.World(), wpPos, struct{ X float64 }{float64(i)})
		if i == 0 {
			s.first = e
		}
	}
	return nil
}

func (s *walkPanicker) FixedUpdate(float64) {
	s.steps++
	switch s.steps {
	case 1:
		world.Each1(s.World(), wpPos, func(world.Entity, *struct{ X float64 }) { panic("boom") })
	case 2:
		s.World().Destroy(s.first)
	}
}

// TestScenePanicEndsItsWalks: a panic out of a walk in a scene's
// FixedUpdate is reported, the walk it left open is ended, later destroys
// take effect, and the scene can still be left (its world cleared).
func TestScenePanicEndsItsWalks(t *testing.T) {
	s := &walkPanicker{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var reported []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			reported = append(reported, ev.Err)
		}
	})
	if err := h.RunSteps(3); err != nil {
		t.Fatal(err)
	}
	if len(reported) != 1 || !errors.Is(reported[0], world.ErrPanic) {
		t.Errorf("reported %v, want the one panic", reported)
	}
	if s.World().Walks() != 0 || s.World().IsAlive(s.first) {
		t.Errorf("after the panic: %d walks open, first alive %v; want 0 and destroyed", s.World().Walks(), s.World().IsAlive(s.first))
	}
	if err := h.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestPressWhilePausedIsDropped: a press made while the loop is paused
// (in a pause menu) does not reach the first fixed step after Resume; a
// button still held then reads as pressed, and a press after Resume does.
func TestPressWhilePausedIsDropped(t *testing.T) {
	s := &quietScene{}
	var just []uint64
	s.systems = []world.System{{Name: "jump", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if engine.InputOf(ctx).JustPressed("jump") {
			just = append(just, ctx.Step)
		}
		return nil
	}}}
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	h.Loop().Pause()
	for _, down := range []bool{true, false, true} { // press, release, press again while paused
		if err := h.Input().Hold("jump", down); err != nil {
			t.Fatal(err)
		}
		h.RunFrame()
	}
	h.Loop().Resume()
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	if len(just) != 0 {
		t.Errorf("presses made while paused reached steps %v, want none", just)
	}
	if err := errors.Join(h.Input().Hold("jump", false), h.RunSteps(1), h.Input().Hold("jump", true), h.RunSteps(1)); err != nil {
		t.Fatal(err)
	}
	if len(just) != 1 {
		t.Errorf("a press after Resume reached steps %v, want one", just)
	}
}

// TestHugeTimeScale: a time scale so large that a frame's length overflows
// int64 runs the most steps a frame and drops the rest, and the loop goes
// on normally at scale 1.
func TestHugeTimeScale(t *testing.T) {
	l := engine.NewFixedLoop(60, 8)
	l.SetTimeScale(1e300)
	var c stepCounter
	tk := l.Tick(time.Hour, &c)
	if tk.Steps != 8 || tk.Dropped <= 0 {
		t.Errorf("Tick at scale 1e300 = %+v, want 8 steps and the rest dropped", tk)
	}
	l.SetTimeScale(1)
	if tk := l.Tick(time.Second/60+time.Millisecond, &c); tk.Steps != 1 || tk.Dropped != 0 {
		t.Errorf("a step's frame at scale 1 afterwards = %+v, want 1 step, none dropped", tk)
	}
}

// stepCounter is a Stepper that counts.
type stepCounter struct{ steps, frames int }

func (c *stepCounter) FixedStep(*world.Context) bool { c.steps++; return true }
func (c *stepCounter) Frame(*world.Context)          { c.frames++ }
