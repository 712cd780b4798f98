package scene

import (
	"errors"
	"fmt"
	"iter"
)

// ChangeKind says what a [Change] did.
type ChangeKind uint8

const (
	// Replaced: From left and To took its place.
	Replaced ChangeKind = iota + 1
	// Pushed: To was entered on top of From, which stays on the stack.
	Pushed
	// Popped: From left, uncovering To (nil when the stack is now empty).
	Popped
)

// String returns "replace", "push" or "pop".
func (k ChangeKind) String() string {
	switch k {
	case Replaced:
		return "replace"
	case Pushed:
		return "push"
	case Popped:
		return "pop"
	}
	return fmt.Sprintf("ChangeKind(%d)", uint8(k))
}

// Change is one change of the stack, made by [Manager.Apply] or
// [Manager.Close]. From and To may be nil: the first scene is pushed over
// nothing, and popping the last one uncovers nothing.
type Change struct {
	Kind     ChangeKind
	From, To Scene
	// Err holds the failures of this change, as [*Error]s joined: the
	// leaving scene's OnExit, Clear or Release, the entered one's
	// OnEnter. Apply returns them too; OnChange sees them first, so
	// that a change's failures can be reported with it, in order.
	Err error
}

// String returns a description such as "replace *main.Menu -> *main.Level".
func (c Change) String() string {
	return fmt.Sprintf("%v %s -> %s", c.Kind, Name(c.From), Name(c.To))
}

// maxChanges bounds the changes one Apply makes, so scenes whose OnEnter
// keeps changing scene fail instead of looping for ever.
const maxChanges = 64

// Manager keeps the stack of active scenes. The top scene updates; every
// scene on the stack is drawn, bottom first. Replace, Push and Pop queue a
// change and Apply makes the queued changes, which the engine does at the
// end of every fixed step and frame.
//
// The zero value is an empty manager ready to use. A Manager is not safe for
// concurrent use: use it on the loop's goroutine.
type Manager struct {
	// OnChange, if not nil, is called after each change, once the entered
	// scene's OnEnter has returned. The engine reports changes through it.
	// Replaying the changes it sees, in order, rebuilds the stack: even
	// when a scene closes the manager from inside a change (see Close).
	OnChange func(Change)

	stack    []Scene
	pending  []request
	closes   uint64 // Close calls: one during Apply restarts the queue
	changing int    // changes in progress: a Close waits for them
	closing  bool   // Close was called during a change, its pops wait
	applying bool   // inside Apply or Close: a nested Apply does nothing
}

type request struct {
	kind ChangeKind
	to   Scene
}

// NewManager returns an empty manager.
func NewManager() *Manager { return &Manager{} }

// Replace queues a change that leaves the top scene and enters s in its
// place (on an empty stack it enters s). Replacing the top scene with
// itself restarts it: it leaves and enters again. Panics if s is nil.
func (m *Manager) Replace(s Scene) { m.queue(Replaced, s) }

// Push queues a change that enters s on top of the current scene, which
// stops updating but stays on the stack and is still drawn. Panics if s
// is nil.
func (m *Manager) Push(s Scene) { m.queue(Pushed, s) }

// Pop queues a change that leaves the top scene, so the one beneath it
// updates again. Popping the last scene leaves the stack empty, which ends
// the engine's run. Popping an empty stack does nothing.
func (m *Manager) Pop() { m.pending = append(m.pending, request{kind: Popped}) }

func (m *Manager) queue(k ChangeKind, s Scene) {
	if s == nil {
		panic(fmt.Errorf("scene: %v of a nil scene", k))
	}
	m.pending = append(m.pending, request{kind: k, to: s})
}

// Pending reports whether changes are queued.
func (m *Manager) Pending() bool { return len(m.pending) > 0 }

// Apply makes the queued changes in the order they were asked for, and any
// that the entered scenes' OnEnter queue in turn. A scene's OnEnter or
// OnExit that fails or panics does not stop the others: Apply returns
// every such failure as an [*Error], joined. A Replace or Push of a scene
// that is already on the stack is skipped with an error wrapping
// [ErrActive].
//
// Never call Apply from inside a system of a scene it may leave: leaving
// clears the scene's world, which panics during a system run. The engine
// calls it between steps. Called during an Apply or a Close (from an
// OnEnter, OnExit or OnChange), it does nothing: the Apply in progress
// makes the changes queued meanwhile, and those queued during a Close
// wait for the next Apply.
func (m *Manager) Apply() error {
	if len(m.pending) == 0 || m.applying { // a change runs inside an Apply or a Close
		return nil
	}
	m.applying = true
	defer func() { m.applying = false }()
	var errs []error
	done := 0 // requests taken off the queue
	closes := m.closes
	defer func() {
		if m.closes != closes {
			done = 0 // closed during a change: what is queued came after Close
		}
		// Normally every request is done. A panic out of a change (an
		// OnChange that panics) leaves the ones after it queued, in order.
		n := copy(m.pending, m.pending[min(done, len(m.pending)):]) // Close may have emptied it
		clear(m.pending[n:])
		m.pending = m.pending[:n]
	}()
	// By index: an OnEnter may queue more changes, which run in this Apply.
	for i := 0; i < len(m.pending); i++ {
		if i == maxChanges {
			errs = append(errs, fmt.Errorf("scene: more than %d changes in one Apply; does a scene's OnEnter keep changing scene?", maxChanges))
			done = len(m.pending)
			break
		}
		r := m.pending[i]
		m.pending[i] = request{}
		done = i + 1
		if err := m.apply(r); err != nil {
			errs = append(errs, err)
		}
		if m.closes != closes {
			// Closed during the change: the queue now holds only what was
			// asked after Close, none of it done; the next Apply runs it
			// (the deferred compaction keeps it all, panic or not).
			break
		}
	}
	return errors.Join(errs...)
}

func (m *Manager) apply(r request) (err error) {
	from := m.Top()
	restart := r.kind == Replaced && r.to == from // leave, then enter again
	if r.to != nil && r.to.base().scenes != nil && !restart {
		return fmt.Errorf("%w: %v of %s", ErrActive, r.kind, Name(r.to))
	}
	var errs []error
	// A scene leaving is off the stack before its OnExit runs, so that
	// the stack is right for a Close there when the change is done.
	m.changing++
	switch r.kind {
	case Replaced:
		if from != nil {
			m.pop()
			errs = append(errs, leave(from))
		}
		if m.closing {
			// Closed while leaving: the new scene does not enter, and
			// what happened is a pop.
			r.kind, r.to = Popped, m.Top()
		} else {
			errs = append(errs, m.enter(r.to))
		}
	case Pushed:
		errs = append(errs, m.enter(r.to))
	case Popped:
		if from == nil {
			m.changing--
			return nil
		}
		m.pop()
		errs = append(errs, leave(from))
		r.to = m.Top()
	}
	m.changing--
	err = errors.Join(errs...)
	if m.closing && m.changing == 0 {
		// Close was called during this change: it takes effect now that
		// the change is done, after its report (even one that panics).
		m.closing = false
		defer func() { err = errors.Join(err, m.popAll()) }()
	}
	if m.OnChange != nil {
		m.OnChange(Change{Kind: r.kind, From: from, To: r.to, Err: err})
	}
	return err
}

// pop takes the top scene off the stack.
func (m *Manager) pop() {
	m.stack[len(m.stack)-1] = nil
	m.stack = m.stack[:len(m.stack)-1]
}

// enter puts s on top of the stack and calls its OnEnter.
func (m *Manager) enter(s Scene) error {
	s.base().scenes = m
	m.stack = append(m.stack, s)
	s.World() // make it now, so OnEnter and the engine find it
	return call(s, "OnEnter", s.OnEnter)
}

// leave calls s's OnExit, clears its world and releases its root. Each
// runs whatever the one before did, so a scene always leaves: a system's
// Dispose that panics is reported as op "Clear", a node's OnRelease that
// panics as op "Release".
func leave(s Scene) error {
	err := call(s, "OnExit", func() error { s.OnExit(); return nil })
	cerr := call(s, "Clear", s.World().Clear)
	rerr := call(s, "Release", func() error { s.Root().Release(); return nil })
	s.base().scenes = nil
	return errors.Join(err, cerr, rerr)
}

// call runs a lifecycle method, turning an error or a panic into an
// *Error. A panic's unfinished world walks are ended (see
// world.World.EndWalks), so leaving the scene can clear its world.
func call(s Scene, op string, fn func() error) (err error) {
	w := s.World()
	walks := w.WalkMark()
	defer func() {
		if r := recover(); r != nil {
			w.EndWalks(walks)
			perr, ok := r.(error)
			if !ok {
				perr = fmt.Errorf("panic: %v", r)
			} else {
				perr = fmt.Errorf("panic: %w", perr)
			}
			err = &Error{Scene: Name(s), Op: op, Err: perr}
		}
	}()
	if err := fn(); err != nil {
		return &Error{Scene: Name(s), Op: op, Err: err}
	}
	return nil
}

// Close drops the queued changes and leaves every scene, top first, as
// pops do (OnChange sees each). It returns the failures of their OnExit,
// joined. The engine calls it when its run ends.
//
// Called from inside a change (from an OnEnter or OnExit, as a "save and
// quit" does), Close drops the queue at once but leaves the scenes once
// that change is done and reported, and the failures come back from the
// Apply (or Close) making the change instead. A Replace whose leaving
// scene closes does not enter the new scene: it is reported as a pop.
// Called from OnChange, Close leaves the scenes at once. Either way the
// changes queued after Close wait for the next Apply.
func (m *Manager) Close() error {
	m.closes++
	clear(m.pending)
	m.pending = m.pending[:0]
	if m.changing > 0 {
		m.closing = true
		return nil
	}
	if !m.applying {
		// No Apply in the scenes' callbacks while they leave: what they
		// queue waits for the next one.
		m.applying = true
		defer func() { m.applying = false }()
	}
	return m.popAll()
}

// popAll leaves every scene, top first.
func (m *Manager) popAll() error {
	var errs []error
	for len(m.stack) > 0 {
		if err := m.apply(request{kind: Popped}); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
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
