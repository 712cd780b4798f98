package engine

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"
)

// HeadlessOptions configure a [Headless] runner. The zero value runs one
// fixed step a frame with no scripted input.
type HeadlessOptions struct {
	// Frame is the length of each simulated frame; 0 means one fixed
	// step, so every frame runs exactly one step.
	Frame time.Duration
	// Frames are the lengths of the first frames, in order; Frame takes
	// over when they run out. A test of the loop's catching up feeds a
	// long frame here.
	Frames []time.Duration
	// Script is input to play: each entry holds its action down (or lets
	// it go) from the frame whose first step is at least Step on. With one
	// step a frame, the fixed step numbered Step (world.Context.Step) is
	// the first to see it. Entries need not be sorted.
	Script []ScriptedInput
}

// ScriptedInput is one entry of [HeadlessOptions.Script].
type ScriptedInput struct {
	Step   uint64
	Action string
	Down   bool
	// Value, with Down, holds the action at that amount, as a stick
	// pushed that far would ([Input.HoldValue]); 0 means fully (1).
	Value float64
}

// Headless runs an [Engine] with no window and a simulated clock: the same
// loop, scenes and systems as a windowed game, for dedicated servers, tests
// and benchmarks. Nothing is drawn. It runs as fast as it can; a server
// that wants real time paces its calls itself.
type Headless struct {
	*Engine
	opts    HeadlessOptions
	used    int // frames of opts.Frames used
	script  []ScriptedInput
	changed []bool // per action: a script entry changed it this frame
}

// NewHeadless returns a headless runner of g with the configuration cfg;
// see [New]. It returns an error if the script names an unknown action.
func NewHeadless(cfg Config, g Game, opts HeadlessOptions) (*Headless, error) {
	e, err := New(cfg, g)
	if err != nil {
		return nil, err
	}
	h := &Headless{Engine: e, opts: opts, script: slices.Clone(opts.Script), changed: make([]bool, len(e.input.actions))}
	slices.SortStableFunc(h.script, func(a, b ScriptedInput) int { return cmp.Compare(a.Step, b.Step) })
	for _, s := range h.script {
		if _, ok := e.input.index[s.Action]; !ok {
			return nil, wrap(fmt.Sprintf("engine: scripted input at step %d: ", s.Step), ErrUnknownAction, fmt.Sprintf(" %q", s.Action))
		}
	}
	return h, nil
}

// RunFrame runs one simulated frame: it plays the script due, samples the
// input and runs [Engine.Frame] with the next frame length.
//
// A frame that a RunSteps or RunUntil cut short has steps owed: RunFrame
// then runs those first, as a frame of their own with no new input and no
// new time, so that splitting a run into smaller calls changes nothing.
func (h *Headless) RunFrame() Tick {
	if h.loop.Owed() && !h.loop.Paused() {
		h.input.clearEdges() // a new frame: the frame view's edges are seen
		return h.frame(0, 0)
	}
	for len(h.script) > 0 && h.script[0].Step <= h.loop.Steps() {
		s := h.script[0]
		h.script = h.script[1:]
		v := b2f(s.Down)
		if s.Down && s.Value != 0 {
			v = s.Value
		}
		i := h.input.index[s.Action] // checked by NewHeadless
		if h.changed[i] {
			// A second change of one action in a frame (a press and its
			// release): latch the first, or the two cancel out.
			h.input.actions[i].set(h.input.actions[i].held)
		}
		h.input.actions[i].held = clamp01(v)
		h.changed[i] = true
	}
	clear(h.changed)
	h.input.Sample(nil)
	if h.used < len(h.opts.Frames) {
		h.used++
		return h.frame(h.opts.Frames[h.used-1], 0)
	}
	if h.opts.Frame <= 0 {
		return h.frame(0, 1) // exactly one step: 1/60 s is no whole number of ns
	}
	return h.frame(h.opts.Frame, 0)
}

// RunSteps runs frames until n more fixed steps have run, or the engine is
// done. The frame of the last step is cut short after it, and still runs
// its frame phase. It returns the first scene's OnEnter error, if the
// first scene is entered now.
//
// It allocates nothing of its own, so a benchmark or a server may call it
// once per step.
func (h *Headless) RunSteps(n uint64) error {
	if n == 0 {
		return h.run(nil)
	}
	h.haltAt = h.loop.Steps() + n
	defer func() { h.haltAt = 0 }()
	return h.run(nil)
}

// RunUntil runs frames until cond returns true, or the engine is done.
// cond is checked before each frame and after each step, whose frame is
// then cut short (its frame phase still runs). It returns the first
// scene's OnEnter error, if the first scene is entered now.
func (h *Headless) RunUntil(cond func() bool) error {
	h.halt = cond
	defer func() { h.halt = nil }()
	return h.run(cond)
}

// run runs frames until the engine is done, the step target is reached
// or cond, if not nil, returns true.
func (h *Headless) run(cond func() bool) error {
	var err error
	if !h.started {
		err = h.Start()
	}
	if h.haltAt == 0 && cond == nil {
		return err // RunSteps(0)
	}
	idle := 0
	for !h.Done() && !h.halted() {
		if t := h.RunFrame(); t.Steps > 0 {
			idle = 0
		} else if idle++; idle >= maxIdleFrames && (h.loop.Paused() || t.DT == 0) {
			// Paused, or frames that add no time (a time scale of 0, or
			// one so small that a frame scales to nothing).
			return errors.Join(err, fmt.Errorf("%w: %d frames without a step", ErrNoProgress, idle))
		}
	}
	return err
}

// maxIdleFrames is how many frames in a row RunUntil lets pass without a
// step while the loop is paused or frames add no time (time scale 0, or
// too small to count) before giving up: a frame system may resume it, but
// not never.
const maxIdleFrames = 100_000

// ErrNoProgress is returned by [Headless.RunUntil] (and RunSteps, Run)
// when the loop stays paused, or its frames add no time (time scale 0 or
// nearly), for so many frames that no step will ever run.
var ErrNoProgress = errors.New("engine: headless loop paused or stopped in time: no step runs")

// Sounds returns the sound requests game logic made and nobody took
// ([Engine.TakeSounds]): in a headless run, every one so far, in order, for
// tests to check that the game asked for the sounds it should. The slice
// is the engine's, valid until the next frame.
func (h *Headless) Sounds() []Sound { return h.sounds }

// Run runs frames until the engine is done: stopped by [Engine.Stop], or
// with its scene stack empty. It returns the first scene's OnEnter error,
// if the first scene is entered now.
func (h *Headless) Run() error {
	return h.RunUntil(func() bool { return false })
}
