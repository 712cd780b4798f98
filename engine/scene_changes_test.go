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

// hookScene is a scene whose OnEnter, OnExit and FixedUpdate run hooks,
// each once, and which counts its entries and exits.
type hookScene struct {
	scene.Base
	name                    string
	onEnter, onExit, onStep func()
	enters, exits           int
}

func (s *hookScene) OnEnter() error {
	s.enters++
	once(&s.onEnter)
	return nil
}

func (s *hookScene) OnExit() {
	s.exits++
	once(&s.onExit)
}

func (s *hookScene) FixedUpdate(float64) { once(&s.onStep) }

// once calls *f, if set, after clearing it.
func once(f *func()) {
	if g := *f; g != nil {
		*f = nil
		g()
	}
}

func hookName(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*hookScene).name
}

// sceneLog records an engine's scene events as "step:kind from->to", its
// error events as "error: message", and checks that replaying the scene
// events gives the stack.
type sceneLog struct {
	t      *testing.T
	h      *engine.Headless
	events []string
	stack  []scene.Scene
}

func newSceneLog(t *testing.T, h *engine.Headless) *sceneLog {
	l := &sceneLog{t: t, h: h}
	h.Events().Subscribe(l.on)
	return l
}

func (l *sceneLog) on(ev engine.Event) {
	switch ev.Kind {
	case engine.EventError:
		l.events = append(l.events, "error: "+ev.Err.Error())
	case engine.EventScene:
		c := ev.Change
		l.events = append(l.events, fmt.Sprintf("%d:%v %s->%s", ev.Step, c.Kind, hookName(c.From), hookName(c.To)))
		var top scene.Scene
		if n := len(l.stack); n > 0 {
			top = l.stack[n-1]
		}
		if c.From != top {
			l.t.Errorf("scene event %v: From is not the top the events built", c)
		}
		switch c.Kind {
		case scene.Pushed:
			l.stack = append(l.stack, c.To)
		case scene.Replaced:
			l.stack = append(l.stack[:max(len(l.stack)-1, 0)], c.To)
		case scene.Popped:
			l.stack = l.stack[:len(l.stack)-1]
		}
	}
}

// check compares the stack the events built with the engine's.
func (l *sceneLog) check() {
	l.t.Helper()
	var got []string
	for s := range l.h.Scenes().All() {
		got = append(got, hookName(s))
	}
	var built []string
	for _, s := range l.stack {
		built = append(built, hookName(s))
	}
	if fmt.Sprint(got) != fmt.Sprint(built) {
		l.t.Errorf("the engine's stack is %v, the scene events built %v", got, built)
	}
}

func (l *sceneLog) String() string { return strings.Join(l.events, "; ") }

// TestCloseInOnExit: a scene whose OnExit closes the engine ("save and
// quit"), left by a pop asked for between frames, a pop asked for by a
// system, or the engine's own Close: Close returns nil inside the change,
// the leave is reported, then every scene beneath leaves, and the run
// ends.
func TestCloseInOnExit(t *testing.T) {
	for _, how := range []string{"pop", "pop in a step", "close"} {
		t.Run(how, func(t *testing.T) {
			a, b := &hookScene{name: "a"}, &hookScene{name: "b"}
			h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
			if err != nil {
				t.Fatal(err)
			}
			log := newSceneLog(t, h)
			h.RunSteps(1)
			h.Scenes().Push(b)
			h.RunSteps(1)
			inner := errors.New("not called")
			b.onExit = func() { inner = h.Close() }
			var closeErr error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("the engine panicked: %v", r)
					}
				}()
				switch how {
				case "pop":
					h.Scenes().Pop()
					h.RunSteps(1)
				case "pop in a step":
					b.onStep = b.Scenes().Pop
					h.RunSteps(1)
				case "close":
					closeErr = h.Close()
				}
			}()
			if inner != nil || closeErr != nil {
				t.Errorf("Close() inside OnExit = %v, the outer Close = %v; want nil", inner, closeErr)
			}
			if !h.Done() || h.Scenes().Len() != 0 || a.exits != 1 || b.exits != 1 {
				t.Errorf("done %v, %d scenes, exits a %d b %d; want done, none, once each", h.Done(), h.Scenes().Len(), a.exits, b.exits)
			}
			if got := log.String(); !strings.HasSuffix(got, "pop b->a; 2:pop a->nil") {
				t.Errorf("events %q, want b's leave then a's", got)
			}
			log.check()
		})
	}
}

type exitPanicScene struct {
	scene.Base
	name string
}

func (s *exitPanicScene) OnExit() { panic("exit broke in " + s.name) }

// TestCloseOnFirstError: a game that closes the engine on its first error
// (a subscriber calling Close during a scene change): no panic out of the
// run, each failure reported once, and the run ends at the step boundary.
func TestCloseOnFirstError(t *testing.T) {
	a, b := &exitPanicScene{name: "a"}, &exitPanicScene{name: "b"}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.RunSteps(1)
	var errs []string
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err.Error())
			if err := h.Close(); err != nil {
				t.Errorf("Close() in a subscriber = %v, want nil", err)
			}
		}
	})
	h.Scenes().Replace(b)
	h.RunSteps(1)
	want := "[scene: *engine_test.exitPanicScene OnExit: world: panic: exit broke in a scene: *engine_test.exitPanicScene OnExit: world: panic: exit broke in b]"
	if fmt.Sprint(errs) != want {
		t.Errorf("error events %q, want a's then b's OnExit, once each", errs)
	}
	if !h.Done() || h.Scenes().Len() != 0 {
		t.Errorf("done %v with %d scenes; want the run over", h.Done(), h.Scenes().Len())
	}
}

// TestNothingEntersAfterClose: a scene whose OnExit asks for a change (a
// level pushing its game-over screen), and applies it, while the engine
// closes, between frames or from a step: the change is dropped, so no
// scene is left entered in a closed engine, and the events replay.
func TestNothingEntersAfterClose(t *testing.T) {
	for _, fromStep := range []bool{false, true} {
		level, over := &hookScene{name: "level"}, &hookScene{name: "over"}
		h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: level}, engine.HeadlessOptions{})
		if err != nil {
			t.Fatal(err)
		}
		log := newSceneLog(t, h)
		h.RunSteps(1)
		level.onExit = func() {
			level.Scenes().Push(over)
			level.Scenes().Apply()
		}
		if fromStep {
			level.onStep = func() { h.Close() } // quit
			h.RunSteps(3)
		}
		if err := h.Close(); err != nil {
			t.Fatal(err)
		}
		if !h.Done() || over.enters != 0 || h.Scenes().Len() != 0 {
			t.Errorf("from a step %v: done %v, over entered %d times, %d scenes; want done, never, none", fromStep, h.Done(), over.enters, h.Scenes().Len())
		}
		log.check()
	}
}

// TestQuitFromAStep: Engine.Close in a system returns nil; the step goes
// on (the systems after it run), no step runs after it, and the scenes
// leave at its boundary.
func TestQuitFromAStep(t *testing.T) {
	s := &sysScene{}
	var log []string
	s.sys = []world.System{
		{Name: "quit", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			log = append(log, fmt.Sprint("quit ", ctx.Step))
			if ctx.Step == 2 {
				log = append(log, fmt.Sprint("Close: ", quit()))
			}
			return nil
		}},
		{Name: "after", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			log = append(log, fmt.Sprint("after ", ctx.Step))
			return nil
		}},
	}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{Frame: 100 * time.Millisecond}) // 6 steps a frame
	if err != nil {
		t.Fatal(err)
	}
	quit = h.Close
	defer func() { quit = nil }()
	if err := h.RunSteps(10); err != nil {
		t.Fatal(err)
	}
	want := "[quit 0 after 0 quit 1 after 1 quit 2 Close: <nil> after 2]"
	if fmt.Sprint(log) != want || !h.Done() || h.Scenes().Len() != 0 || h.Loop().Steps() != 3 {
		t.Errorf("log %q after %d steps, done %v, %d scenes; want %s, 3 steps and the run over", log, h.Loop().Steps(), h.Done(), h.Scenes().Len(), want)
	}
}

// quit is what TestQuitFromAStep's system calls.
var quit func() error

// TestCloseBeforeStart: an engine closed before it started runs no step;
// its first scene, the first request, enters and leaves, as the queue
// says, and the run is over.
func TestCloseBeforeStart(t *testing.T) {
	first := &hookScene{name: "first"}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: first}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	log := newSceneLog(t, h)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(5); err != nil || !h.Done() || h.Loop().Steps() != 0 {
		t.Errorf("RunSteps = %v after Close: done %v, %d steps; want done, none run", err, h.Done(), h.Loop().Steps())
	}
	if got := log.String(); got != "0:replace nil->first; 0:pop first->nil" || first.enters != first.exits {
		t.Errorf("events %q, first entered %d times and left %d; want it entered and left once", got, first.enters, first.exits)
	}
}

// TestRequestBeforeStart: a scene pushed before the engine starts is
// pushed over the first scene, which is the engine's first request.
func TestRequestBeforeStart(t *testing.T) {
	first, overlay := &hookScene{name: "first"}, &hookScene{name: "overlay"}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: first}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	log := newSceneLog(t, h)
	h.Scenes().Push(overlay)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	if got := log.String(); got != "0:replace nil->first; 0:push first->overlay" {
		t.Errorf("events %q, want the first scene entered, then the overlay pushed over it", got)
	}
}

// TestTwoPushesInOneStep: two scenes pushed by one step are both entered
// at its end, in order, each reported.
func TestTwoPushesInOneStep(t *testing.T) {
	game, dialog, tip := &hookScene{name: "game"}, &hookScene{name: "dialog"}, &hookScene{name: "tip"}
	game.onStep = func() {
		game.Scenes().Push(dialog)
		game.Scenes().Push(tip)
	}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: game}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	log := newSceneLog(t, h)
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	if got, want := log.String(), "0:replace nil->game; 0:push game->dialog; 0:push dialog->tip"; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
	log.check()
}

// TestRefusedRequest: a Push of a scene already on the stack is an error
// event wrapping scene.ErrActive, with no scene event; the game goes on.
func TestRefusedRequest(t *testing.T) {
	game := &hookScene{name: "game"}
	game.onStep = func() { game.Scenes().Push(game) }
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: game}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var errs []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err)
		}
	})
	log := newSceneLog(t, h)
	if err := h.RunSteps(3); err != nil {
		t.Fatal(err)
	}
	if len(errs) != 1 || !errors.Is(errs[0], scene.ErrActive) || log.String() != "0:replace nil->game; error: "+errs[0].Error() || h.Loop().Steps() != 3 {
		t.Errorf("error events %v, events %q after %d steps; want one ErrActive and no scene event for it, 3 steps", errs, log, h.Loop().Steps())
	}
}

// loopScene's OnEnter replaces it with another of its kind, for ever.
type loopScene struct{ scene.Base }

func (s *loopScene) OnEnter() error {
	s.Scenes().Replace(&loopScene{})
	return nil
}

// TestRunawayChanges: scenes whose OnEnter keeps changing scene make one
// error event wrapping scene.ErrRunaway, and the game goes on with the
// last scene entered.
func TestRunawayChanges(t *testing.T) {
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &loopScene{}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var errs []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err)
		}
	})
	err = h.RunSteps(2)
	if !errors.Is(err, scene.ErrRunaway) || len(errs) != 1 || !errors.Is(errs[0], scene.ErrRunaway) {
		t.Errorf("RunSteps = %v, error events %v; want ErrRunaway, once", err, errs)
	}
	if h.Loop().Steps() != 2 || h.Scenes().Len() != 1 || h.Scenes().Pending() {
		t.Errorf("%d steps, %d scenes, pending %v; want the game going on with one scene", h.Loop().Steps(), h.Scenes().Len(), h.Scenes().Pending())
	}
}

// TestReplaceAllAndPopAll: a pause menu's "quit to title" (ReplaceAll)
// keeps the run going, with the title's input; its "quit" (PopAll) ends
// it.
func TestReplaceAllAndPopAll(t *testing.T) {
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	level, pause, title := &hookScene{name: "level"}, &hookScene{name: "pause"}, &hookScene{name: "title"}
	h, err := engine.NewHeadless(cfg, engine.Game{First: level}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	log := newSceneLog(t, h)
	h.Scenes().Push(pause)
	h.RunSteps(1)
	pause.onStep = func() { pause.Scenes().ReplaceAll(title) }
	h.RunSteps(2)
	if got, want := log.String(), "0:replace nil->level; 0:push level->pause; 1:pop pause->level; 1:replace level->title"; got != want || h.Done() {
		t.Errorf("events %q, done %v; want %q and the run going on", got, h.Done(), want)
	}
	if engine.InputOf(&world.Context{World: title.World(), Phase: world.Fixed}) == nil {
		t.Error("the title has no input after ReplaceAll")
	}
	title.onStep = func() { title.Scenes().PopAll() }
	if err := h.Run(); err != nil || !h.Done() || h.Scenes().Len() != 0 {
		t.Errorf("after PopAll: Run = %v, done %v, %d scenes; want the run over", err, h.Done(), h.Scenes().Len())
	}
	log.check()
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
