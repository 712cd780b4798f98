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

// System is a named function the world runs in one phase.
//
// # Declared access
//
// A system may declare what it touches: the components whose values it
// reads (Reads) and writes (Writes), the ones it adds to or removes from
// entities (Adds, Removes), spawns entities with (Spawns) or that the
// entities it destroys hold (Destroys), and the resources it reads and
// writes. A system that declares nothing, or sets Exclusive, is
// exclusive: it runs alone, on the goroutine calling [World.Run], as
// systems always have. The systems that declare their access are
// scheduled by it (see [World.Schedule]): two of them conflict when one
// writes (or adds, removes, spawns with, destroys) a component or a
// resource the other reads or writes, or when both spawn or destroy
// entities; conflicting systems run in the order they were added, and
// the others may run at once, on a pool of goroutines sized by
// GOMAXPROCS (see [World.SetParallelism]).
//
// Such a system runs on a lane: ctx.World is a World of its own that
// reads the world's entities and values, and records the structural
// changes made through it (spawns, adds, removals, destroys, links,
// events) instead of making them. What the systems of a group recorded is
// applied when the group ends, system by system in the order they were
// added, each record in the order it was made (adds at once, removals and
// destroys at its end, hooks as the changes take effect), so the world
// never depends on which goroutine ran what or when. Hence:
//
//   - Use ctx.World, never a world captured from outside: only the lane
//     is safe beside the other systems of the group.
//   - The system does not see its own structural changes until its group
//     ends. An entity it spawns has its final id at once, but is not alive
//     until then; the calls that take it (Add, Remove, Destroy, Set of a
//     relationship) are recorded like the others.
//   - Value writes are immediate and visible to the system itself. Write
//     only what you declare; the hooks and event subscribers your changes
//     run act when they are applied, on the caller's goroutine, and what
//     they touch must be declared by the system too (or make it
//     exclusive).
//   - Destroying an entity removes all it holds: list in Destroys every
//     component the destroyed entities may hold (for a relationship with
//     LinkedDespawn, their sources' too).
//   - [World.IsAlive] and [World.Len] read entities, not components: an
//     entity destroyed by a system of the same group is alive until it
//     ends.
//   - Trackers ([World.Track]), subscriptions and systems cannot be made
//     or changed from such a system: those calls panic (or return an
//     error) with code [CodeConcurrent].
//
// Declared access is checked in the tesseradebug build: using a component
// the system does not declare, an add, removal, spawn or destroy it does
// not declare, and a write to a component it declares only reading
// (compared before and after the run) panic naming the system and the
// component; that build runs a group's systems one after another, with the
// same results. A spawn a system does not declare panics in every build.
type System struct {
	Name  string
	Phase Phase
	// Run does the system's work. An error it returns, or a panic, is
	// reported with the system's name and phase (see [World.Run]).
	Run func(ctx *Context) error
	// Dispose, if not nil, is called when the system is removed, by
	// [World.RemoveSystem] or [World.Clear].
	Dispose func()

	// Reads lists the components whose values or membership the system
	// reads (walks, Get, Has, Column, views).
	Reads []ComponentType
	// Writes lists the components whose values the system writes through
	// pointers and columns, or replaces with an add or a Set. It is also
	// what change detection sees (see [World.Track]): every view and
	// field-only walk the system asks for marks its slots as changed for
	// each of them that a Tracker watches (8 bytes per 64 slots, plus the
	// slots of blocks a view covers in part). Such writes by a system that
	// does not list the component are not seen.
	Writes []ComponentType
	// Adds lists the components the system adds to entities; the
	// components they require count as added too.
	Adds []ComponentType
	// Removes lists the components the system removes from entities (a
	// relationship it unsets included).
	Removes []ComponentType
	// Spawns lists the components the system spawns entities with; a
	// non-nil list, even empty, says it spawns.
	Spawns []ComponentType
	// Destroys lists the components the entities the system destroys may
	// hold; a non-nil list, even empty, says it destroys.
	Destroys []ComponentType
	// ReadsResources and WritesResources list the resources the system
	// reads and sets (see [Resource]). Changing a resource's value through
	// the pointer Lookup returns is a write: declare it in
	// WritesResources (the tesseradebug build checks it).
	ReadsResources, WritesResources []ResourceType
	// Exclusive makes the system exclusive whatever it declares: for a
	// system that calls code not safe for concurrent use (a library with
	// global state), or whose effects cannot be listed.
	Exclusive bool

	seq    uint64 // when it was added, for Clear's dispose order
	writes []*set // Writes' sets in the world
	rec    *lane  // its record, when it declares its access (see lane.go)
	rt     *sysState
}

type systemList struct {
	all      []System
	running  bool
	removed  bool // a system was removed during a run; compact afterwards
	dirty    bool // all changed since sched was compiled
	sched    schedule
	compiles int // how often sched was compiled, for tests
}

// AddSystem adds s after the systems of its phase. A system added during a
// run of its phase first runs in the next one.
//
// It returns an [*Error] of code [CodeDuplicateSystem] if a system with
// that name is already added (in either phase), and one of code
// [CodeInvalidSystem] if s has no name, no Run, an unknown phase or an
// undefined component in Writes.
func (w *World) AddSystem(s System) error {
	if w.rec != nil {
		return &Error{Code: CodeConcurrent, Op: "AddSystem", System: s.Name}
	}
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
	acc, err := compileAccess(&s)
	if err != nil {
		return err
	}
	s.rt = &sysState{acc: acc}
	if !acc.exclusive {
		s.rec = newRecord(w, s.Name, s.writes, acc, false)
	}
	s.rt.time.run.resize(w.timingWindow)
	s.rt.time.apply.resize(w.timingWindow)
	w.sysSeq++
	s.seq = w.sysSeq
	l := &w.systems[s.Phase]
	l.all = append(l.all, s)
	l.dirty = true
	return nil
}

// RemoveSystem removes the system called name, calls its Dispose and
// reports whether there was one. Removing a system during a run of its
// phase keeps it from running later in that run. A Dispose that panics
// does not escape: the system is removed all the same, and RemoveSystem
// returns the panic as a [*SystemError] naming the system and saying
// "Dispose", as [World.Clear] does.
func (w *World) RemoveSystem(name string) (removed bool, err error) {
	if w.rec != nil {
		return false, &Error{Code: CodeConcurrent, Op: "RemoveSystem", System: name}
	}
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
		l.dirty = true
	}
	if s.Dispose != nil {
		return true, dispose(s)
	}
	return true, nil
}

// SystemNames returns the names of the systems of phase p in run order.
// It allocates.
func (w *World) SystemNames(p Phase) []string {
	if w.rec != nil {
		w = w.rec.root
	}
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
// profilers: it may read the wall clock, which no system may. Its methods
// must not change the world. For the systems of a group that run at once
// (see [System]), the calls come from the goroutines running them, one
// at a time (the world serializes them), so the calls of different
// systems may interleave. [World.SetTimingWindow] times every system
// without one.
type RunObserver interface {
	SystemStarted(name string, phase Phase)
	SystemEnded(name string, phase Phase)
}

// SetRunObserver makes o the world's run observer, replacing the one it
// had; nil removes it. Without one, a system run costs one nil test more.
//
// Panics with an [*Error] of code [CodeConcurrent] in a system that
// declares its access.
func (w *World) SetRunObserver(o RunObserver) {
	if w.rec != nil {
		panic(&Error{Code: CodeConcurrent, Op: "SetRunObserver", System: w.rec.sysName()})
	}
	w.observer = o
	w.watching = w.timed || o != nil
}

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
	if w.rec != nil {
		return &Error{Code: CodeConcurrent, Op: "Run", System: w.rec.sysName(), Value: ctx.Phase}
	}
	l := &w.systems[ctx.Phase]
	if l.running {
		return &Error{Code: CodeNestedRun, Op: "Run", Value: ctx.Phase}
	}
	l.running = true
	defer w.finishRun(l)
	ctx.World = w
	c := &w.ctxs[ctx.Phase]
	c.World = w
	if l.dirty {
		w.compile(l)
	}
	if l.sched.lanes {
		return w.runGroups(l, &ctx, c, onError)
	}
	for i, n := 0, len(l.all); i < n && i < len(l.all); { // Clear may empty the list (see Clear)
		var err error
		if i, err = w.runFrom(l, i, n, &ctx, c, onError); err != nil {
			return err
		}
	}
	return nil
}

func (w *World) finishRun(l *systemList) {
	w.endRecording() // a no-op but after a runtime.Goexit in a group
	l.running = false
	if l.removed {
		l.all = slices.DeleteFunc(l.all, func(s System) bool { return s.Run == nil })
		l.removed = false
		l.dirty = true
	}
}

// runFrom runs the systems of l from i to n on, each as a walk, turning an
// error or a panic into a *SystemError, and returns the index of the next
// one to run. It returns early when a system fails and Run has no error
// handler (with the failure), or when a system panicked (Run calls it
// again for the systems after).
//
// One deferred function per call, not per system, and the loop's state
// in locals (stores through a pointer would pay write barriers): a run of
// systems that do not panic costs a few nanoseconds a system (issue 17). A
// panic out of the observer or the error handler is not the system's: it
// goes on up, out of Run.
func (w *World) runFrom(l *systemList, i, n int, ctx, c *Context, onError func(error)) (next int, stop error) {
	var (
		cur      *System // the system running
		walks    uint64  // World.seq when it began
		writing  []*set  // World.writing before it
		inSystem bool    // its Run function is running
	)
	defer func() {
		if inSystem {
			next, stop = w.systemPanicked(cur, walks, writing, recover(), onError)
			next += i
		}
	}()
	for ; i < n && i < len(l.all); i++ {
		// A pointer, not a copy: an AddSystem during the run may move
		// the list, but this system's entry is read before its run.
		s := &l.all[i]
		if s.Run == nil {
			continue
		}
		// The fields one by one: the World pointer is set once, and
		// copying it again would pay a write barrier.
		c.Phase, c.DT, c.Alpha, c.Now, c.Step = ctx.Phase, ctx.DT, ctx.Alpha, ctx.Now, ctx.Step
		if w.watching {
			w.systemStarted(s)
		}
		cur, walks, writing = s, w.seq, w.writing
		w.deferring++
		if s.writes != nil {
			w.writing = s.writes
		}
		inSystem = true
		err := s.Run(c)
		inSystem = false
		if err != nil {
			err = w.systemError(s, err)
		}
		if w.deferring == 1 && len(w.pending)+len(w.eventq)+len(w.held)+len(w.hookErrs) == 0 &&
			w.writing == nil && !w.watching && err == nil {
			w.deferring = 0 // endSystem's work when nothing waited: no call
			continue
		}
		if err = w.endSystem(s, writing, err); err != nil {
			if onError == nil {
				return i + 1, err
			}
			onError(err)
		}
	}
	return i, nil
}

// endSystem ends the run of system s, whose error (or nil) is err: it
// applies what the system deferred, adding the panics of the hooks that
// ran, and tells the observer.
func (w *World) endSystem(s *System, writing []*set, err error) error {
	if w.writing != nil || writing != nil {
		w.writing = writing // a run of the other phase may be inside another system's
	}
	var ran time.Time
	if w.timed {
		ran = time.Now()
		s.rt.time.run.add(ran.Sub(s.rt.time.started))
	}
	if herr := w.leave(); herr != nil {
		err = errors.Join(err, w.systemError(s, herr))
	}
	if w.timed {
		s.rt.time.apply.add(time.Since(ran))
	}
	if w.observer != nil {
		w.observer.SystemEnded(s.Name, s.Phase)
	}
	return err
}

// systemStarted tells the observer that s starts, and notes the time.
func (w *World) systemStarted(s *System) {
	if w.observer != nil {
		w.observer.SystemStarted(s.Name, s.Phase)
	}
	if w.timed {
		s.rt.time.started = time.Now()
	}
}

// systemPanicked ends the run of system s, which panicked with p (nil for
// a runtime.Goexit, which goes on), ending the walks the panic left open.
// It returns 1 and nil to go on with the next system, or 1 and the error
// when Run has no error handler.
func (w *World) systemPanicked(s *System, walks uint64, writing []*set, p any, onError func(error)) (int, error) {
	var err error
	if p != nil {
		err = &SystemError{System: s.Name, Phase: s.Phase, Err: panicError(p), Stack: debug.Stack()}
		if werr := w.endWalksErr(walks); werr != nil {
			err = errors.Join(err, w.systemError(s, werr))
		}
	}
	err = w.endSystem(s, writing, err)
	if p == nil || onError == nil {
		return 1, err
	}
	onError(err)
	return 1, nil
}

// systemError returns err as the *SystemError of s.
func (w *World) systemError(s *System, err error) error {
	if se, ok := errors.AsType[*SystemError](err); ok && se.System == s.Name {
		return err
	}
	return &SystemError{System: s.Name, Phase: s.Phase, Err: err}
}
