package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// EventKind says what an [Event] reports.
type EventKind uint8

const (
	// EventError: something failed and the game went on. Err says what: a
	// [*world.SystemError] for a system that returned an error or
	// panicked (System and Phase name it), a [*SceneError] for a scene's
	// FixedUpdate or Update, a [*scene.Error] for a scene's OnEnter,
	// OnExit or leaving (its world's Clear, its root's Release), a
	// [*SubscriberError] for a subscriber of this bus that panicked, or a
	// runtime error such as a screenshot that could not be saved.
	EventError EventKind = iota + 1
	// EventScene: the scene stack changed; Change says how.
	EventScene
	// EventStall: a frame owed more steps than the loop's MaxSteps, and
	// Dropped of them were dropped.
	EventStall
	// EventReload: with assets.dir set, files of the game changed and
	// were reloaded between frames; Reload says which, and what failed
	// (an asset that fails keeps what it had). Each failure is also an
	// EventError.
	EventReload
)

// String returns "error", "scene", "stall" or "reload".
func (k EventKind) String() string {
	switch k {
	case EventError:
		return "error"
	case EventScene:
		return "scene"
	case EventStall:
		return "stall"
	case EventReload:
		return "reload"
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is something the engine reports on its [Events] bus.
type Event struct {
	Kind EventKind
	// Step and Now are those of the step or frame phase the event
	// happened in ([world.Context]); between frames, the loop's step count
	// and simulated time.
	Step uint64
	Now  time.Duration

	Err error // EventError
	// System and Phase name the failing system of an EventError whose Err
	// is a *world.SystemError; System is "" otherwise.
	System string
	Phase  world.Phase

	Change scene.Change // EventScene

	Dropped int // EventStall

	Reload assets.Reload // EventReload
}

// String describes the event, such as
// `error at step 12: world: system "move" (fixed): boom`.
func (e Event) String() string {
	switch e.Kind {
	case EventError:
		return fmt.Sprintf("error at step %d: %v", e.Step, e.Err)
	case EventScene:
		return fmt.Sprintf("scene at step %d: %v", e.Step, e.Change)
	case EventStall:
		return fmt.Sprintf("stall at step %d: %d steps dropped", e.Step, e.Dropped)
	case EventReload:
		return fmt.Sprintf("reload at step %d: %s", e.Step, strings.Join(e.Reload.Paths, ", "))
	}
	return fmt.Sprintf("%v at step %d", e.Kind, e.Step)
}

// errorEvent builds the event reporting err.
func errorEvent(err error) Event {
	ev := Event{Kind: EventError, Err: err}
	var se *world.SystemError
	if errors.As(err, &se) {
		ev.System, ev.Phase = se.System, se.Phase
	}
	return ev
}

// SceneError reports a scene's FixedUpdate or Update that panicked,
// naming the scene by its Go type.
type SceneError struct {
	Scene string // such as "*main.Level"
	Op    string // "FixedUpdate" or "Update"
	Err   error  // wraps world.ErrPanic
}

// Error returns a message such as
// "engine: *main.Level FixedUpdate: world: panic: boom".
func (e *SceneError) Error() string {
	return fmt.Sprintf("engine: %s %s: %v", e.Scene, e.Op, e.Err)
}

// Unwrap returns the scene's error.
func (e *SceneError) Unwrap() error { return e.Err }

// Events is the engine's event bus. Subscribers are called synchronously,
// on the loop's goroutine, in the order they subscribed. Subscribe and the
// function it returns are safe to call from any goroutine, a subscriber
// included.
//
// A subscriber that panics does not stop the others, nor the frame: the
// bus recovers the panic and reports it, to every subscriber, as an
// EventError whose Err is a [*SubscriberError]. So that reports cannot
// feed each other without end, a panic while handling a report is
// dropped, and so is one by a subscriber on a kind of event while the
// Emit that caught its last panic on that kind is still sending reports
// (its own, or the other subscribers' panics it caught), on any goroutine.
//
// The zero value is a bus with no subscribers, ready to use.
type Events struct {
	mu   sync.Mutex // serializes changes to subs
	subs atomic.Pointer[[]subscriber]
	next uint64
	// inFlight counts the reports being emitted, by subscriber and kind
	// of event it panicked on: a panic whose report is in flight already
	// is dropped, so that reports cannot feed back without end.
	inFlight map[[2]uint64]int
}

type subscriber struct {
	id uint64
	fn func(Event)
}

// SubscriberError reports a subscriber of an [Events] bus that panicked:
// the N-th to subscribe (counting from 1, unsubscribed ones included),
// while handling an event of kind Kind.
type SubscriberError struct {
	N    uint64
	Kind EventKind
	Err  error // wraps world.ErrPanic
}

// Error returns a message such as
// "engine: subscriber 2 (error event): world: panic: boom".
func (e *SubscriberError) Error() string {
	return fmt.Sprintf("engine: subscriber %d (%v event): %v", e.N, e.Kind, e.Err)
}

// Unwrap returns the subscriber's panic as an error.
func (e *SubscriberError) Unwrap() error { return e.Err }

// Subscribe calls fn with every event emitted from now on, until the
// returned function is called.
func (b *Events) Subscribe(fn func(Event)) (unsubscribe func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.next++
	id := b.next
	var old []subscriber
	if p := b.subs.Load(); p != nil {
		old = *p
	}
	subs := append(slices.Clip(old), subscriber{id, fn})
	b.subs.Store(&subs)
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		subs := slices.DeleteFunc(slices.Clone(*b.subs.Load()), func(s subscriber) bool { return s.id == id })
		b.subs.Store(&subs)
	}
}

// Emit calls every subscriber with ev. It allocates nothing unless a
// subscriber panics.
func (b *Events) Emit(ev Event) {
	p := b.subs.Load()
	if p == nil {
		return
	}
	var failed []*SubscriberError
	for _, s := range *p {
		if err := call(s.fn, ev); err != nil {
			failed = append(failed, &SubscriberError{N: s.id, Kind: ev.Kind, Err: err})
		}
	}
	// Reported once every subscriber has had ev, in order. A panic while
	// handling such a report is dropped (a subscriber that always panics
	// cannot loop), and so is one whose report (same subscriber, same
	// kind) is in flight already: caught by an Emit still sending its
	// reports (a subscriber that emits on every error and one that panics
	// on that event cannot feed each other); any other panic, nested or
	// not, is reported.
	if len(failed) == 0 {
		return
	}
	var se *SubscriberError
	if ev.Kind == EventError && errors.As(ev.Err, &se) {
		return
	}
	// Every report of this Emit is marked in flight before any goes out,
	// so that nested emissions cannot report the rest again (which grew
	// with the factorial of the subscribers that panic); unmarked in a
	// deferred call, so that a handler that exits its goroutine
	// (runtime.Goexit, as t.FailNow does) leaves no mark behind. The
	// marks are the bus's, not a goroutine's: a report on one goroutine
	// also drops the same subscriber's panic on the same kind on another
	// meanwhile.
	busy := make([]bool, len(failed))
	b.mu.Lock()
	if b.inFlight == nil {
		b.inFlight = make(map[[2]uint64]int)
	}
	for i, err := range failed {
		k := [2]uint64{err.N, uint64(err.Kind)}
		busy[i] = b.inFlight[k] > 0
		b.inFlight[k]++
	}
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		for _, err := range failed {
			k := [2]uint64{err.N, uint64(err.Kind)}
			if b.inFlight[k]--; b.inFlight[k] == 0 {
				delete(b.inFlight, k)
			}
		}
		b.mu.Unlock()
	}()
	for i, err := range failed {
		if !busy[i] {
			b.Emit(Event{Kind: EventError, Step: ev.Step, Now: ev.Now, Err: err})
		}
	}
}

// call calls fn with ev and returns its panic, if it panics, as an error
// wrapping world.ErrPanic.
func call(fn func(Event), ev Event) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if perr, ok := r.(error); ok {
				err = fmt.Errorf("%w: %w", world.ErrPanic, perr)
			} else {
				err = fmt.Errorf("%w: %v", world.ErrPanic, r)
			}
		}
	}()
	fn(ev)
	return nil
}
