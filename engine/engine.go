package engine

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Engine runs a game: a stack of scenes ([scene.Manager]) driven by a
// [FixedLoop], with input ([Input]) and an event bus ([Events]). It has no
// window and no clock: a runtime feeds it frames. The ebitengine runtime
// (package engine/window) feeds it the display's frames; [Headless] feeds
// it simulated ones.
//
// Each frame ([Engine.Frame]) runs the fixed steps the loop owes, each one
// running the top scene's fixed systems, then its FixedUpdate; then the
// frame phase: the top scene's frame systems, then its Update. A system
// that fails is reported as an [EventError] and the systems after it
// still run. Scene changes are asked for at any time and made at the step
// boundaries: the engine applies the manager's queue ([scene.Manager.Apply])
// after every step, after the frame phase and before each frame, and
// reports each change as an [EventScene], its failures as EventErrors just
// before it.
//
// An Engine is not safe for concurrent use, except [Engine.Stop] and
// [Events.Subscribe]: run it on one goroutine.
type Engine struct {
	cfg     Config
	loop    *FixedLoop
	scenes  *scene.Manager
	events  Events
	input   *Input
	started bool
	frames  uint64
	stop    atomic.Bool
	halt    func() bool    // ends a frame's steps early when it returns true
	haltAt  uint64         // if not 0, ends a frame's steps early once the loop has run this many
	ctx     *world.Context // of the step or frame phase in progress, for events
	onError func(error)    // made once, so reporting costs no allocation
	step    stepper

	svc        services           // what scenes' worlds get: the loader, the configuration
	queue      soundQueue         // where their sound requests go: sounds
	watch      *assets.Watcher    // with assets.dir: what changed there
	sounds     []Sound            // sound requests not yet taken
	animator   *drawable.Animator // plays the stepping scene's animations
	beforeStep func(scene.Scene)  // the runtime's step observer
	rec        *recorder          // a recording or a replay playing back
}

// New returns an engine that will run g with the configuration cfg
// (g.Config is only Main's defaults), fills in cfg's defaults and checks
// it ([Config.Validate]); with assets.dir set, the directory must exist
// (the error wraps [io/fs.ErrNotExist] when it does not). Entering g.First is the engine's first scene
// request, queued now and made by [Engine.Start] or the first frame, so
// that requests made before then come after it. Panics if g.First is nil.
func New(cfg Config, g Game) (*Engine, error) {
	first := g.First
	if first == nil {
		panic(errors.New("engine: New with a nil first scene"))
	}
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	in, err := NewInput(cfg.Input)
	if err != nil {
		return nil, err
	}
	e := &Engine{
		cfg:    cfg,
		loop:   NewFixedLoop(cfg.Loop.Hz, cfg.Loop.MaxSteps),
		scenes: scene.NewManager(),
		input:  in,
	}
	e.onError = func(err error) { e.emit(errorEvent(err)) }
	if e.svc, e.watch, err = newServices(g.Assets, cfg.Assets); err != nil {
		return nil, err
	}
	e.svc.cfg = &e.cfg
	e.queue = soundQueue{sounds: &e.sounds, steps: e.stepNow}
	if e.svc.assets != nil {
		e.animator = drawable.NewAnimator(e.svc.assets)
	}
	e.step.e = e
	e.scenes.OnChange = e.changed
	e.scenes.Prepare = e.provide
	e.scenes.Replace(first)
	return e, nil
}

// Start makes the scene requests queued since [New], the first scene's
// entry first, unless it already has; it returns the error of the first
// scene's OnEnter (the scene stays entered: see [scene.Scene]), which is
// also reported as an event. Subscribe to [Engine.Events] before Start to
// see the first scene change.
func (e *Engine) Start() error {
	if e.started {
		return nil
	}
	e.started = true
	return e.scenes.Apply()
}

// Frame runs one frame of length d: the fixed steps the loop owes, then
// the frame phase (see [Engine]). Sample the input first ([Input.Sample]).
// It does nothing once the engine is done ([Engine.Done]). A steady frame
// allocates nothing.
func (e *Engine) Frame(d time.Duration) Tick { return e.frame(d, 0) }

// FrameSteps is [Engine.Frame] for a frame exactly n steps long, n/hz
// seconds, which a Duration cannot always hold (at 60 Hz a step is
// 16666666.67 ns, and a frame of Loop().Step() is a hair short of one:
// the first such frame runs no step). The window runtime feeds its first
// frame and every frame of debug.fixed_frames this way, as the headless
// runner does. Panics if n is negative.
func (e *Engine) FrameSteps(n int) Tick {
	if n < 0 {
		panic(fmt.Errorf("engine: FrameSteps(%d): need n ≥ 0", n))
	}
	return e.frame(0, n) // n == 0 is a frame of no time
}

// frame runs a frame of length d, or of exactly steps steps if steps > 0.
func (e *Engine) frame(d time.Duration, steps int) Tick {
	e.started = true
	e.reload()       // files changed in assets.dir, between frames
	e.scenes.Apply() // the first scene, and requests made between frames: reported as events
	if e.Done() {
		return Tick{Stopped: true}
	}
	e.frames++
	wasPaused := e.loop.Paused()
	var t Tick
	if steps > 0 {
		t = e.loop.TickSteps(steps, &e.step)
	} else {
		t = e.loop.Tick(d, &e.step)
	}
	if t.Dropped > 0 {
		e.emit(Event{Kind: EventStall, Dropped: t.Dropped})
	}
	if wasPaused || e.loop.Paused() {
		// Presses made while paused do not fire on Resume, the press that
		// resumed (in a frame system, as fixed ones do not run) included.
		e.input.dropLatched()
	}
	return t
}

// stepper is the engine as the loop's Stepper.
type stepper struct{ e *Engine }

func (s *stepper) FixedStep(ctx *world.Context) bool {
	e := s.e
	e.ctx = ctx
	defer func() { e.ctx = nil }()
	e.stepInput() // a recording notes what the step sees; a replay sets it
	if top := e.scenes.Top(); top != nil {
		e.stepBegins(top, ctx)
		if err := top.World().Run(*ctx, e.onError); err != nil {
			e.onError(err)
		}
		e.update(top, "FixedUpdate", ctx.DT, 0)
		e.stepEnds(top, ctx)
		e.stepHash(top.World(), ctx.Step)
	}
	e.input.endStep()
	e.scenes.Apply() // the step boundary
	return !e.ended() && !e.halted()
}

// halted reports whether a headless run's condition or step target says
// to stop stepping.
func (e *Engine) halted() bool {
	return e.haltAt != 0 && e.loop.Steps() >= e.haltAt || e.halt != nil && e.halt()
}

func (s *stepper) Frame(ctx *world.Context) {
	e := s.e
	e.ctx = ctx
	defer func() { e.ctx = nil }()
	if top := e.scenes.Top(); top != nil {
		if err := top.World().Run(*ctx, e.onError); err != nil {
			e.onError(err)
		}
		e.update(top, "Update", ctx.DT, ctx.Alpha)
	}
	e.scenes.Apply()
}

// update calls the scene's FixedUpdate (op "FixedUpdate") or Update,
// reporting a panic as a *SceneError and ending the world walks it left
// open (world.World.Recover).
func (e *Engine) update(s scene.Scene, op string, dt, alpha float64) {
	err := s.World().Recover(func() error {
		if op == "FixedUpdate" {
			s.FixedUpdate(dt)
		} else {
			s.Update(dt, alpha)
		}
		return nil
	})
	if err != nil {
		e.onError(&SceneError{Scene: scene.Name(s), Op: op, Err: err})
	}
}

// eachError calls fn with each error err joins (however deeply), or err.
func eachError(err error, fn func(error)) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, one := range j.Unwrap() {
			eachError(one, fn)
		}
		return
	}
	if err != nil {
		fn(err)
	}
}

// changed is the manager's observer: it reports a change's failures, each
// as an error event, then (unless the manager refused the request, which
// changes nothing) hands the engine's input to the scene that became
// current (a world resource, read by InputOf) and reports the change.
func (e *Engine) changed(c scene.Change) {
	eachError(c.Err, e.onError)
	if c.Kind == scene.Refused {
		return
	}
	if c.Kind != scene.Pushed && c.From != nil {
		inputResource.Set(c.From.World(), nil)
	}
	if c.To != nil {
		inputResource.Set(c.To.World(), e.input)
	}
	e.emit(Event{Kind: EventScene, Change: c})
}

// emit stamps ev with the step or frame in progress, or the loop's clock
// between frames, and emits it.
func (e *Engine) emit(ev Event) {
	if e.ctx != nil {
		ev.Step, ev.Now = e.ctx.Step, e.ctx.Now
	} else {
		ev.Step, ev.Now = e.loop.Steps(), e.loop.Now()
	}
	e.events.Emit(ev)
}

// Stop asks the engine to stop: no step runs after the one in progress,
// if any, and no frame after this one. Safe to call from any goroutine.
func (e *Engine) Stop() { e.stop.Store(true) }

// Done reports whether the engine has finished: it was stopped or closed,
// it started and its scene stack is empty (the last scene was popped), or
// it ran the debug.frames frames its configuration allows.
func (e *Engine) Done() bool {
	return e.ended() || (e.cfg.Debug.Frames > 0 && e.frames >= uint64(e.cfg.Debug.Frames))
}

// ended reports whether the engine was stopped or closed, or ran out of
// scenes: no step may run after it is true.
func (e *Engine) ended() bool {
	return e.stop.Load() || e.scenes.Closed() || (e.started && e.scenes.Len() == 0 && !e.scenes.Pending())
}

// Close asks every scene to leave, top first, after the scene changes
// already asked for, and the engine to take no change after that
// ([scene.Manager.Close]): it is done. Each scene that leaves is reported
// as a pop, its failures (OnExit, Clear) as error events just before it.
//
// Between frames (a runtime ending its run, a test's deferred Close),
// Close makes the changes at once and returns their failures, joined.
// Called from inside a step, a frame phase or a scene change (a quit
// system, a scene's OnExit saving and quitting, an event subscriber),
// Close returns nil and the changes are made at the step boundary, as
// every scene change is. Calling Close again does nothing.
func (e *Engine) Close() error {
	e.scenes.Close()
	if e.ctx != nil {
		return nil // a step or frame phase is running: its end applies the queue
	}
	return e.scenes.Apply() // inside a change, this returns at once: the change in progress goes on to the Close
}

// Config returns the configuration the engine runs, defaults filled in.
func (e *Engine) Config() Config { return e.cfg }

// Loop returns the engine's fixed-step loop, to pause it, change its rate
// or its time scale.
func (e *Engine) Loop() *FixedLoop { return e.loop }

// Scenes returns the engine's scene stack.
func (e *Engine) Scenes() *scene.Manager { return e.scenes }

// Events returns the engine's event bus.
func (e *Engine) Events() *Events { return &e.events }

// Input returns the engine's input.
func (e *Engine) Input() *Input { return e.input }

// Frames returns how many frames have run.
func (e *Engine) Frames() uint64 { return e.frames }
