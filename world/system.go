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
	// Writes declares the field components the system writes through
	// pointers and columns, for change detection (see [World.Track]):
	// every view and field-only walk the system asks for marks its slots
	// as changed for each of them that a Tracker watches (8 bytes per 64
	// slots, plus the slots of blocks a view covers in part). Nil declares
	// nothing, and then such writes are not seen.
	Writes []ComponentType

	seq    uint64 // when it was added, for Clear's dispose order
	writes []*set // Writes' sets in the world
}

type systemList struct {
	all     []System
	running bool
	removed bool // a system was removed during a run; compact afterwards
}

// AddSystem adds s after the systems of its phase. A system added during a
// run of its phase first runs in the next one.
//
// It returns an [*Error] of code [CodeDuplicateSystem] if a system with
// that name is already added (in either phase), and one of code
// [CodeInvalidSystem] if s has no name, no Run, an unknown phase or an
// undefined component in Writes.
func (w *World) AddSystem(s System) error {
	switch {
	case s.Name == "":
		return &Error{Code: CodeInvalidSystem, Op: "AddSystem", Field: "Name", Value: `""`}
	case s.Run == nil:
		return &Error{Code: CodeInvalidSystem, Op: "AddSystem", System: s.Name, Field: "Run", Value: "nil"}
	case s.Phase >= phaseCount:
		return &Error{Code: CodeInvalidSystem, Op: "AddSystem", System: s.Name, Field: "Phase", Value: s.Phase}
	}
	if _, _, ok := w.lookupSystem(s.Name); ok {
		return &Error{Code: CodeDuplicateSystem, Op: "AddSystem", System: s.Name}
	}
	s.writes = nil
	for i, c := range s.Writes {
		if c == nil || isNil(c) || handleOf(c.ID()) == nil {
			return &Error{Code: CodeInvalidSystem, Op: "AddSystem", System: s.Name, Field: fmt.Sprintf("Writes[%d]", i), Value: "not a defined component"}
		}
		s.writes = append(s.writes, w.storeFor(c).members())
	}
	w.sysSeq++
	s.seq = w.sysSeq
	l := &w.systems[s.Phase]
	l.all = append(l.all, s)
	return nil
}

// RemoveSystem removes the system called name, calls its Dispose and
// reports whether there was one. Removing a system during a run of its
// phase keeps it from running later in that run. A Dispose that panics
// does not escape: the system is removed all the same, and RemoveSystem
// returns the panic as a [*SystemError] naming the system and saying
// "Dispose", as [World.Clear] does.
func (w *World) RemoveSystem(name string) (removed bool, err error) {
	p, i, ok := w.lookupSystem(name)
	if !ok {
		return false, nil
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
		return true, dispose(s)
	}
	return true, nil
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
		return &Error{Code: CodeInvalidSystem, Op: "Run", Field: "Phase", Value: ctx.Phase}
	}
	l := &w.systems[ctx.Phase]
	if l.running {
		return &Error{Code: CodeNestedRun, Op: "Run", Value: ctx.Phase}
	}
	l.running = true
	defer w.finishRun(l)
	ctx.World = w
	c := &w.ctxs[ctx.Phase]
	n := len(l.all)
	for i := 0; i < n && i < len(l.all); i++ { // Clear may empty it (see Clear)
		// A pointer, not a copy: an AddSystem during the run may move the
		// list, but this system's entry is read before its run.
		s := &l.all[i]
		if s.Run == nil {
			continue
		}
		*c = ctx
		var err error
		if w.observer == nil {
			err = w.runSystem(s.Run, s, c)
		} else {
			err = w.runObserved(s, c)
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

// runObserved runs one system between the observer's two calls.
func (w *World) runObserved(s *System, c *Context) error {
	name, phase := s.Name, s.Phase
	w.observer.SystemStarted(name, phase)
	err := w.runSystem(s.Run, s, c)
	if w.observer != nil {
		w.observer.SystemEnded(name, phase)
	}
	return err
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
//
// The removals and destroys the system deferred are applied when it
// returns; the panics of the hooks that runs (see [Options]) are reported
// as the system's error.
func (w *World) runSystem(run func(*Context) error, s *System, ctx *Context) (err error) {
	walks, writing := w.seq, w.writing
	w.deferring++
	w.writing = s.writes
	defer w.endSystem(s, walks, writing, &err)
	if err = run(ctx); err != nil {
		err = w.systemError(s, err)
	}
	return err
}

// endSystem ends a system run: it turns a panic into the system's error,
// ends the walks the panic left open, and applies what the system
// deferred. It is deferred by runSystem and calls recover itself, as a
// deferred function must.
func (w *World) endSystem(s *System, walks uint64, writing []*set, err *error) {
	w.writing = writing // a run of the other phase may be inside another system's
	if r := recover(); r != nil {
		*err = &SystemError{System: s.Name, Phase: s.Phase, Err: panicError(r), Stack: debug.Stack()}
		if werr := w.endWalksErr(walks); werr != nil {
			*err = errors.Join(*err, w.systemError(s, werr))
		}
	}
	if herr := w.leave(); herr != nil {
		*err = errors.Join(*err, w.systemError(s, herr))
	}
}

// systemError returns err as the *SystemError of s.
func (w *World) systemError(s *System, err error) error {
	if se, ok := errors.AsType[*SystemError](err); ok && se.System == s.Name {
		return err
	}
	return &SystemError{System: s.Name, Phase: s.Phase, Err: err}
}
