package scene

import (
	"errors"
	"fmt"
	"iter"

	"github.com/tessera-engine/tessera/world"
)

// ChangeKind says what a [Change] did.
type ChangeKind uint8

const (
	// Replaced: From left and To took its place (From is nil when the
	// stack was empty).
	Replaced ChangeKind = iota + 1
	// Pushed: To was entered on top of From, which stays on the stack.
	Pushed
	// Popped: From left, uncovering To (nil when the stack is now empty).
	Popped
	// Refused: nothing changed. A request could not be made (Err wraps
	// [ErrActive]: To, the scene asked for, is already on the stack), or
	// the drain gave up on a runaway loop of requests and dropped the
	// rest of the queue (Err wraps [ErrRunaway]). From is the top scene.
	Refused
)

// String returns "replace", "push", "pop" or "refuse".
func (k ChangeKind) String() string {
	switch k {
	case Replaced:
		return "replace"
	case Pushed:
		return "push"
	case Popped:
		return "pop"
	case Refused:
		return "refuse"
	}
	return fmt.Sprintf("ChangeKind(%d)", uint8(k))
}

// Change is one change of the stack made by [Manager.Apply], or a request
// it refused. From and To may be nil: the first scene replaces nothing,
// and popping the last one uncovers nothing.
type Change struct {
	Kind     ChangeKind
	From, To Scene
	// Err holds the failures of this change, as [*Error]s joined: the
	// leaving scene's OnExit or Clear, then the entered one's OnEnter.
	// For a Refused change, it says why.
	Err error
}

// String returns a description such as "replace *main.Menu -> *main.Level".
func (c Change) String() string {
	return fmt.Sprintf("%v %s -> %s", c.Kind, Name(c.From), Name(c.To))
}

// maxRequests bounds the requests one Apply makes, so that scenes whose
// OnEnter keeps changing scene fail with [ErrRunaway] instead of looping
// for ever.
const maxRequests = 64

// op is what a queued request asks for.
type op uint8

const (
	opReplace op = iota + 1
	opPush
	opPop
	opPopAll
	opReplaceAll
	opClose
)

// request is one entry of the manager's queue.
type request struct {
	op op
	to Scene
}

// Manager keeps the stack of active scenes. The top scene updates; every
// scene on the stack is drawn, bottom first.
//
// Every request (Replace, Push, Pop, PopAll, ReplaceAll, Close) is queued,
// and [Manager.Apply] makes the queued requests, in the order they were
// asked for, one change at a time; the engine calls it at every step
// boundary. What a scene's callbacks (OnEnter, OnExit) and the OnChange
// observer ask for while Apply runs joins the end of the same queue, and
// the same Apply makes it. Nothing else happens inside a change, so no
// request ever acts in the middle of another.
//
// The zero value is an empty manager ready to use. A Manager is not safe for
// concurrent use: use it on the loop's goroutine.
type Manager struct {
	// OnChange, if not nil, is called once for each change Apply makes,
	// right after it (the stack already changed, the entered scene's
	// OnEnter returned), with the change's failures in its Err; and once
	// for each request Apply refuses (Kind [Refused]). Replaying the
	// changes it sees, in order, rebuilds the stack. It may queue
	// requests; Apply makes them after those queued before. The engine
	// reports changes through it. A panic in OnChange is recovered and
	// returned by Apply as an [*Error] of op "OnChange".
	OnChange func(Change)
	// Prepare, if not nil, is called with a scene about to enter, its
	// world made, just before its OnEnter: the engine gives the world its
	// services there (the game's files, the sound queue), so that OnEnter
	// can load through them. It must not change the stack.
	Prepare func(Scene)

	stack    []Scene
	queue    []request
	head     int  // queue[head:] is still to make
	closed   bool // Close was called: no request is taken after it
	draining bool // inside Apply: an Apply called meanwhile returns at once
}

// NewManager returns an empty manager.
func NewManager() *Manager { return &Manager{} }

// Replace queues a request that leaves the top scene and enters s in its
// place (on an empty stack it enters s). Replacing the top scene with
// itself restarts it: it leaves and enters again. Apply refuses it if s is
// on the stack beneath the top. Panics if s is nil.
func (m *Manager) Replace(s Scene) { m.ask(opReplace, s) }

// Push queues a request that enters s on top of the current scene, which
// stops updating but stays on the stack and is still drawn. Apply refuses
// it if s is already on the stack. Panics if s is nil.
func (m *Manager) Push(s Scene) { m.ask(opPush, s) }

// Pop queues a request that leaves the top scene, so the one beneath it
// updates again. Popping the last scene leaves the stack empty, which ends
// the engine's run. Popping an empty stack does nothing.
func (m *Manager) Pop() { m.ask(opPop, nil) }

// PopAll queues a request that leaves every scene, top first, each
// reported as a pop. It ends the engine's run, unless a request queued
// after it enters a scene.
func (m *Manager) PopAll() { m.ask(opPopAll, nil) }

// ReplaceAll queues a request that leaves every scene but the bottom one,
// top first (each a pop), then replaces the bottom one with s (on an empty
// stack it enters s): "quit to the title screen". The stack is never empty
// on the way, so the engine's run goes on. If s is the bottom scene, it
// restarts. Panics if s is nil.
func (m *Manager) ReplaceAll(s Scene) { m.ask(opReplaceAll, s) }

// Close queues a request that leaves every scene, top first, as PopAll
// does, and makes the manager take no request after it: those asked for
// later (by the scenes leaving, say) are dropped. Calling Close again does
// nothing. The engine calls it when its run ends.
func (m *Manager) Close() {
	if !m.closed {
		m.ask(opClose, nil)
		m.closed = true
	}
}

// Closed reports whether [Manager.Close] was called: the manager takes
// no more requests, and its scenes leave (or have left) at the next Apply.
func (m *Manager) Closed() bool { return m.closed }

func (m *Manager) ask(o op, s Scene) {
	if s == nil && (o == opReplace || o == opPush || o == opReplaceAll) {
		panic(fmt.Errorf("scene: %v of a nil scene", o))
	}
	if m.closed {
		return
	}
	m.queue = append(m.queue, request{op: o, to: s})
}

// String describes the request, such as "Push *main.Pause".
func (r request) String() string {
	if r.to == nil {
		return r.op.String()
	}
	return r.op.String() + " " + Name(r.to)
}

// String returns the request's method name, for messages.
func (o op) String() string {
	switch o {
	case opReplace:
		return "Replace"
	case opPush:
		return "Push"
	case opPop:
		return "Pop"
	case opPopAll:
		return "PopAll"
	case opReplaceAll:
		return "ReplaceAll"
	case opClose:
		return "Close"
	}
	return fmt.Sprintf("op(%d)", uint8(o))
}

// Pending reports whether requests are queued.
func (m *Manager) Pending() bool { return m.head < len(m.queue) }

// Apply makes the queued requests in the order they were asked for, and
// those asked for meanwhile (by the scenes entering and leaving, and by
// OnChange), until the queue is empty. Each change is reported to OnChange
// once. A scene's OnEnter or OnExit that fails or panics does not stop the
// others: it is reported with its change, as an [*Error] naming the scene
// and the call. Apply returns every failure of the changes it made, every
// refusal and every OnChange panic, joined in the order they happened.
//
// After 64 requests in one Apply, the rest of the queue is dropped (a
// Close in it aside) and reported as a Refused change wrapping
// [ErrRunaway].
//
// Never call Apply from inside a system of a scene it may leave: leaving
// clears the scene's world, which panics during a system run. The engine
// calls it between steps. Called while an Apply is in progress (from an
// OnEnter, OnExit or OnChange), Apply returns nil at once: the Apply in
// progress makes what is queued.
func (m *Manager) Apply() error {
	if m.draining || !m.Pending() {
		return nil
	}
	m.draining = true
	defer func() { m.draining = false }()
	var errs []error
	n := 0 // requests made, Close aside: it can be asked only once
	for m.Pending() {
		r := m.queue[m.head]
		if r.op != opClose {
			if n == maxRequests {
				keep := m.closed // giveUp keeps the Close
				m.giveUp(&errs)
				if keep {
					continue
				}
				break // what OnChange queued since waits for the next Apply
			}
			n++
		}
		m.queue[m.head] = request{}
		m.head++
		m.make(r, &errs)
	}
	if !m.Pending() {
		m.queue, m.head = m.queue[:0], 0
	}
	return errors.Join(errs...)
}

// giveUp drops the queue of a runaway Apply and reports it. A Close in
// it is kept: the manager takes no request after it, so it can never be
// asked again.
func (m *Manager) giveUp(errs *[]error) {
	dropped := len(m.queue) - m.head
	next := m.queue[m.head]
	clear(m.queue)
	m.queue, m.head = m.queue[:0], 0
	if m.closed {
		m.queue = append(m.queue, request{op: opClose})
		dropped--
	}
	err := fmt.Errorf("%w: more than %d requests in one Apply; %d dropped, the next %v; does a scene's OnEnter or OnExit keep changing scene?",
		ErrRunaway, maxRequests, dropped, next)
	m.report(Change{Kind: Refused, From: m.Top(), Err: err}, errs)
}

// make makes one request: each change it makes is reported.
func (m *Manager) make(r request, errs *[]error) {
	switch r.op {
	case opReplace:
		m.replace(r.to, errs)
	case opPush:
		if m.refused(Pushed, r.to, errs) {
			return
		}
		from := m.Top()
		m.report(Change{Kind: Pushed, From: from, To: r.to, Err: m.enter(r.to)}, errs)
	case opPop:
		if len(m.stack) > 0 {
			m.pop(errs)
		}
	case opPopAll, opClose:
		for len(m.stack) > 0 {
			m.pop(errs)
		}
	case opReplaceAll:
		for len(m.stack) > 1 {
			m.pop(errs)
		}
		m.replace(r.to, errs)
	}
}

// replace leaves the top scene and enters s, or restarts s if it is the
// top scene.
func (m *Manager) replace(s Scene, errs *[]error) {
	from := m.Top()
	if s != from && m.refused(Replaced, s, errs) {
		return
	}
	var err error
	if from != nil {
		m.stack = m.stack[:len(m.stack)-1]
		err = leave(from)
	}
	err = errors.Join(err, m.enter(s))
	m.report(Change{Kind: Replaced, From: from, To: s, Err: err}, errs)
}

// pop leaves the top scene.
func (m *Manager) pop(errs *[]error) {
	from := m.Top()
	m.stack[len(m.stack)-1] = nil
	m.stack = m.stack[:len(m.stack)-1]
	err := leave(from)
	m.report(Change{Kind: Popped, From: from, To: m.Top(), Err: err}, errs)
}

// refused reports whether s is already on a stack (this manager's or
// another's), and if so reports the request of kind k as refused.
func (m *Manager) refused(k ChangeKind, s Scene, errs *[]error) bool {
	if s.base().scenes == nil {
		return false
	}
	err := fmt.Errorf("%w: %v of %s", ErrActive, k, Name(s))
	m.report(Change{Kind: Refused, From: m.Top(), To: s, Err: err}, errs)
	return true
}

// report collects c's failures and tells OnChange, recovering its panic.
func (m *Manager) report(c Change, errs *[]error) {
	if c.Err != nil {
		*errs = append(*errs, c.Err)
	}
	if m.OnChange == nil {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			s := c.To
			if c.Kind == Popped || s == nil {
				s = c.From
			}
			*errs = append(*errs, &Error{Scene: Name(s), Op: "OnChange", Err: &world.PanicError{Value: r}})
		}
	}()
	m.OnChange(c)
}

// enter puts s on top of the stack and calls its OnEnter.
func (m *Manager) enter(s Scene) error {
	s.base().scenes = m
	m.stack = append(m.stack, s)
	s.World() // make it now, so OnEnter and the engine find it
	if m.Prepare != nil {
		m.Prepare(s)
	}
	return call(s, "OnEnter", s.OnEnter)
}

// leave calls s's OnExit, then clears its world. Each runs whatever the
// one before did, so a scene always leaves: a system's Dispose that
// panics is reported as op "Clear".
func leave(s Scene) error {
	err := call(s, "OnExit", func() error { s.OnExit(); return nil })
	cerr := call(s, "Clear", s.World().Clear)
	s.base().scenes = nil
	return errors.Join(err, cerr)
}

// call runs a lifecycle method, turning an error or a panic into an
// *Error. A panic's unfinished world walks are ended (world.World.Recover),
// so leaving the scene can clear its world.
func call(s Scene, op string, fn func() error) error {
	if err := s.World().Recover(fn); err != nil {
		return &Error{Scene: Name(s), Op: op, Err: err}
	}
	return nil
}

// Top returns the scene on top of the stack, the one that updates, or nil
// when the stack is empty.
func (m *Manager) Top() Scene {
	if len(m.stack) == 0 {
		return nil
	}
	return m.stack[len(m.stack)-1]
}

// Len returns how many scenes are on the stack.
func (m *Manager) Len() int { return len(m.stack) }

// All returns the scenes on the stack from the bottom up, the order they
// are drawn in. The stack must not change during the loop.
func (m *Manager) All() iter.Seq[Scene] {
	return func(yield func(Scene) bool) {
		for _, s := range m.stack {
			if !yield(s) {
				return
			}
		}
	}
}
