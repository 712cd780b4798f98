package world

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"time"
)

// Phase says when a system runs.
type Phase uint8

const (
	// Fixed systems run once per simulation step, with DT one step and
	// Alpha 0: movement, collision, game rules.
	Fixed Phase = iota
	// Frame systems run once per rendered frame, with DT the frame's length
	// and Alpha the share of a step since the last fixed step: drawing and
	// anything purely visual.
	Frame

	phaseCount = iota
)

// String returns "fixed" or "frame".
func (p Phase) String() string {
	switch p {
	case Fixed:
		return "fixed"
	case Frame:
		return "frame"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// Context is what a system's run function receives. The world owns it and
// reuses it between runs: do not keep it.
type Context struct {
	World *World
	Phase Phase
	// DT is the time the run covers, in seconds: one step for fixed
	// systems, the frame's length for frame systems.
	DT float64
	// Alpha is the share of a fixed step accumulated since the last fixed
	// step, from 0 to 1, for drawing between the last two steps. It is 0
	// for fixed systems.
	Alpha float64
	// Now is the loop's clock: simulated time since the loop started, the
	// same on every machine for the same inputs. Never read the wall clock
	// inside a step.
	Now time.Duration
	// Step counts the fixed steps run before this one.
	Step uint64
}

// System is a named function the world runs in one phase. Systems of a
// phase run in the order they were added.
type System struct {
	Name  string
	Phase Phase
	// Run does the system's work. An error it returns, or a panic, is
	// reported with the system's name and phase (see [World.Run]).
	Run func(ctx *Context) error
	// Dispose, if not nil, is called when the system is removed, by
	// [World.RemoveSystem] or [World.Clear].
	Dispose func()

	seq uint64 // when it was added, for Clear's dispose order
}

type systemList struct {
	all     []System
	running bool
	removed bool // a system was removed during a run; compact afterwards
}

// AddSystem adds s after the systems of its phase. A system added during a
// run of its phase first runs in the next one.
//
// It returns an error wrapping [ErrDuplicateSystem] if a system with that
// name is already added (in either phase), and one wrapping
// [ErrInvalidSystem] if s has no name, no Run or an unknown phase.
func (w *World) AddSystem(s System) error {
	switch {
	case s.Name == "":
		return fmt.Errorf("%w: a system needs a name", ErrInvalidSystem)
	case s.Run == nil:
		return fmt.Errorf("%w: system %q has no Run function", ErrInvalidSystem, s.Name)
	case s.Phase >= phaseCount:
		return fmt.Errorf("%w: system %q has unknown phase %v", ErrInvalidSystem, s.Name, s.Phase)
	}
	if _, _, ok := w.lookupSystem(s.Name); ok {
		return fmt.Errorf("%w: %q is already added", ErrDuplicateSystem, s.Name)
	}
	w.sysSeq++
	s.seq = w.sysSeq
	l := &w.systems[s.Phase]
	l.all = append(l.all, s)
	return nil
}

// RemoveSystem removes the system called name, calls its Dispose and
// reports whether there was one. Removing a system during a run of its
// phase keeps it from running later in that run.
func (w *World) RemoveSystem(name string) bool {
	p, i, ok := w.lookupSystem(name)
	if !ok {
		return false
	}
	l := &w.systems[p]
	s := l.all[i]
	if l.running {
		l.all[i].Run = nil // a tombstone, compacted when the run ends
		l.all[i].Name = ""
		l.removed = true
	} else {
		l.all = slices.Delete(l.all, i, i+1)
	}
	if s.Dispose != nil {
		s.Dispose()
	}
	return true
}

// SystemNames returns the names of the systems of phase p in run order.
// It allocates.
func (w *World) SystemNames(p Phase) []string {
	var names []string
	if p < phaseCount {
		for _, s := range w.systems[p].all {
			if s.Run != nil {
				names = append(names, s.Name)
			}
		}
	}
	return names
}

func (w *World) lookupSystem(name string) (Phase, int, bool) {
	for p := range w.systems {
		for i, s := range w.systems[p].all {
			if s.Name == name && s.Run != nil {
				return Phase(p), i, true
			}
		}
	}
	return 0, 0, false
}

// RunObserver is told when each system run begins and ends, for
// profilers and the debug overlay: it may read the wall clock, which no
// system may. Its methods must not change the world.
type RunObserver interface {
	SystemStarted(name string, phase Phase)
	SystemEnded(name string, phase Phase)
}

// SetRunObserver makes o the world's run observer, replacing the one it
// had; nil removes it. Without one, a system run costs one nil test more.
func (w *World) SetRunObserver(o RunObserver) { w.observer = o }

// Run runs the systems of ctx.Phase in order, passing each the context
// with World set to w. Each system run counts as a walk: removals and
// destroys it makes wait until it returns, then take effect before the next
// system runs.
//
// With an onError handler, a system that returns an error or panics is
// reported to it as a [*SystemError] naming the system and phase, and the
// systems after it still run; Run then returns nil. Without one (nil), Run
// stops at the first failing system and returns its *SystemError. Either
// way, Run returns an error at once, running nothing, for an unknown phase
// (wrapping [ErrInvalidSystem]) or when a run of the same phase is already
// in progress.
//
// Run allocates nothing itself when no system fails.
func (w *World) Run(ctx Context, onError func(error)) error {
	if ctx.Phase >= phaseCount {
		return fmt.Errorf("%w: unknown phase %v", ErrInvalidSystem, ctx.Phase)
	}
	l := &w.systems[ctx.Phase]
	if l.running {
		return fmt.Errorf("world: Run(%v) inside a run of the same phase", ctx.Phase)
	}
	l.running = true
	defer w.finishRun(l)
	n := len(l.all)
	for i := 0; i < n && i < len(l.all); i++ { // Clear may empty it (see Clear)
		s := l.all[i]
		if s.Run == nil {
			continue
		}
		c := &w.ctxs[ctx.Phase]
		*c = ctx
		c.World = w
		if w.observer != nil {
			w.observer.SystemStarted(s.Name, s.Phase)
		}
		err := w.runSystem(&s, c)
		if w.observer != nil {
			w.observer.SystemEnded(s.Name, s.Phase)
		}
		if err != nil {
			if onError == nil {
				return err
			}
			onError(err)
		}
	}
	return nil
}

func (w *World) finishRun(l *systemList) {
	l.running = false
	if l.removed {
		l.all = slices.DeleteFunc(l.all, func(s System) bool { return s.Run == nil })
		l.removed = false
	}
}

// runSystem runs one system as a walk and turns a returned error or a
// panic into a *SystemError.
//
// A walk a panic left open in the system (Each and Query over field
// components end their walk without a deferred call, so that they inline)
// ends with the system. A walk the system left open on purpose (through
// iter.Pull2) stays open.
func (w *World) runSystem(s *System, ctx *Context) (err error) {
	walks := w.WalkMark()
	w.deferring++
	defer func() {
		if r := recover(); r != nil {
			w.EndWalks(walks)
			perr, ok := r.(error)
			if ok {
				perr = fmt.Errorf("%w: %w", ErrPanic, perr)
			} else {
				perr = fmt.Errorf("%w: %v", ErrPanic, r)
			}
			err = &SystemError{System: s.Name, Phase: s.Phase, Err: perr, Stack: debug.Stack()}
		}
		w.endDeferring()
	}()
	if rerr := s.Run(ctx); rerr != nil {
		var se *SystemError
		if errors.As(rerr, &se) && se.System == s.Name {
			return rerr
		}
		return &SystemError{System: s.Name, Phase: s.Phase, Err: rerr}
	}
	return nil
}
