package engine_test

import (
	"errors"
	"fmt"
	"runtime"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// A scene whose OnExit closes the engine (save and quit): the scene change
// that leaves it panics out of the engine with index out of range [-1],
// because the manager pops a stack Close has already emptied.
func TestEngineCloseInSceneOnExit(t *testing.T) {
	a := &exitHookScene{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.RunSteps(1)
	a.onExit = func() { h.Close() }
	h.Scenes().Pop()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("engine panicked: %v", r)
		}
	}()
	h.RunSteps(1)
}

// Goroutines emitting (with panicking subscribers and a subscriber that
// emits on reports) while others subscribe and unsubscribe: no race, no
// deadlock, and afterwards no mark is left in flight, so a fresh panic of
// every subscriber is reported again.
func TestEventsConcurrentEmitSubscribe(t *testing.T) {
	var b engine.Events
	for range 3 {
		b.Subscribe(func(ev engine.Event) {
			if ev.Kind == engine.EventStall {
				panic("stall")
			}
		})
	}
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			b.Emit(engine.Event{Kind: engine.EventStall})
		}
	})
	done := make(chan struct{})
	for g := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 300 {
				if g%2 == 0 {
					b.Emit(engine.Event{Kind: engine.EventStall})
				} else {
					u := b.Subscribe(func(ev engine.Event) {
						if i%3 == 0 && ev.Kind == engine.EventScene {
							panic("scene")
						}
					})
					b.Emit(engine.Event{Kind: engine.EventScene})
					u()
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
	var reports []uint64
	u := b.Subscribe(func(ev engine.Event) {
		var se *engine.SubscriberError
		if ev.Kind == engine.EventError && errors.As(ev.Err, &se) {
			reports = append(reports, se.N)
		}
	})
	defer u()
	b.Emit(engine.Event{Kind: engine.EventStall})
	// 3 root reports; their nested stalls are dropped (in flight).
	if len(reports) != 3 {
		t.Errorf("after concurrent use, reports %v, want one per panicking subscriber (3)", reports)
	}
}

// A and B panic on stalls; the report of A's panic makes a subscriber
// emit a stall, on which both panic again. Both new panics are dropped:
// reports of A's and of B's stall panics are going out or waiting to, from
// the first Emit (as the bus documents). So 2 reports, not 4, and not
// more for every nesting.
func TestEventsQueuedReportDropsNestedPanic(t *testing.T) {
	var b engine.Events
	n := func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			panic("stall")
		}
	}
	b.Subscribe(n) // A = 1
	b.Subscribe(n) // B = 2
	var reports []string
	b.Subscribe(func(ev engine.Event) {
		var se *engine.SubscriberError
		if ev.Kind == engine.EventError && errors.As(ev.Err, &se) {
			reports = append(reports, fmt.Sprint(se.N, " on step ", ev.Step))
			if se.N == 1 {
				b.Emit(engine.Event{Kind: engine.EventStall, Step: 2})
			}
		}
	})
	b.Emit(engine.Event{Kind: engine.EventStall, Step: 1})
	if want := []string{"1 on step 1", "2 on step 1"}; fmt.Sprint(reports) != fmt.Sprint(want) {
		t.Errorf("reports %q, want %q", reports, want)
	}
}

// Goexit in the handler of the first of two reports: the marks of both are
// taken back, so both subscribers' later panics are reported.
func TestEventsGoexitMidReports(t *testing.T) {
	var b engine.Events
	p := func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			panic("stall")
		}
	}
	b.Subscribe(p)
	b.Subscribe(p)
	exit, reports := true, 0
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			reports++
			if exit {
				exit = false
				runtime.Goexit()
			}
		}
	})
	done := make(chan struct{})
	go func() { defer close(done); b.Emit(engine.Event{Kind: engine.EventStall}) }()
	<-done
	reports = 0
	b.Emit(engine.Event{Kind: engine.EventStall})
	if reports != 2 {
		t.Errorf("reports = %d, want 2", reports)
	}
}
