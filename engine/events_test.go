package engine_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// TestSubscriberPanicIsReported: a subscriber that panics stops neither
// the frame nor the other subscribers, and its panic is reported as a
// SubscriberError (once: its panic on that report is dropped).
func TestSubscriberPanicIsReported(t *testing.T) {
	s := &sysScene{sys: []world.System{{Name: "bad", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		return errors.New("boom")
	}}}}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			panic("logger broke")
		}
	})
	var second []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			second = append(second, ev.Err)
		}
	})
	var r any
	func() {
		defer func() { r = recover() }()
		h.RunSteps(1)
	}()
	if r != nil {
		t.Fatalf("a subscriber's panic escaped the engine: %v", r)
	}
	var se *engine.SubscriberError
	if len(second) != 2 || !errors.As(second[1], &se) || se.N != 1 || se.Kind != engine.EventError ||
		!errors.Is(se, world.ErrPanic) || !strings.Contains(se.Error(), "logger broke") {
		t.Errorf("the next subscriber got %v; want the system's error, then subscriber 1's panic", second)
	}
	if h.Loop().Steps() != 1 {
		t.Errorf("%d steps ran, want 1", h.Loop().Steps())
	}
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

// A report handler that ends its goroutine (runtime.Goexit, as t.FailNow
// does) skips the decrement: that subscriber's panics on that kind are
// dropped for ever after.
func TestEventsReportAfterGoexitInReport(t *testing.T) {
	var b engine.Events
	exit, reports := true, 0
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			panic("broken")
		}
	})
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
	b.Emit(engine.Event{Kind: engine.EventStall})
	if reports != 2 {
		t.Errorf("reports = %d, want 2: the second panic's report was dropped: a handler that exited its goroutine left its report marked in flight", reports)
	}
}

// m subscribers panic on EventStall and one emits EventStall on every
// error: each panic is reported once, and the reports' own stalls are
// dropped, so the error subscriber hears 1 + m errors (the reports used
// to grow with the factorial of m).
func TestEventsNestedReportsDoNotMultiply(t *testing.T) {
	for _, m := range []int{1, 4, 8} {
		var b engine.Events
		n := 0
		b.Subscribe(func(ev engine.Event) {
			if ev.Kind == engine.EventError {
				n++
				b.Emit(engine.Event{Kind: engine.EventStall})
			}
		})
		for range m {
			b.Subscribe(func(ev engine.Event) {
				if ev.Kind == engine.EventStall {
					panic("stall handler broke")
				}
			})
		}
		b.Emit(engine.Event{Kind: engine.EventError, Err: errors.New("level failed")})
		if n != 1+m {
			t.Errorf("%d broken subscribers: %d errors heard, want %d", m, n, 1+m)
		}
	}
}

// A's and B's panics on one stall are caught by one Emit; while it sends
// their reports, a nested stall's panics of both are dropped, even after
// A's own report has gone out (the marks last until the Emit is done).
func TestEventsDropWhileEmitReports(t *testing.T) {
	var b engine.Events
	p := func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			panic("stall")
		}
	}
	b.Subscribe(p) // A = 1
	b.Subscribe(p) // B = 2
	var reports []string
	b.Subscribe(func(ev engine.Event) {
		var se *engine.SubscriberError
		if ev.Kind == engine.EventError && errors.As(ev.Err, &se) {
			reports = append(reports, fmt.Sprint(se.N, " on step ", ev.Step))
			if se.N == 2 && ev.Step == 1 { // A's report has gone out already
				b.Emit(engine.Event{Kind: engine.EventStall, Step: 2})
			}
		}
	})
	b.Emit(engine.Event{Kind: engine.EventStall, Step: 1})
	b.Emit(engine.Event{Kind: engine.EventStall, Step: 3}) // marks gone: reported
	want := []string{"1 on step 1", "2 on step 1", "1 on step 3", "2 on step 3"}
	if fmt.Sprint(reports) != fmt.Sprint(want) {
		t.Errorf("reports %q, want %q", reports, want)
	}
}

// A panic of a subscriber on an event that another subscriber emits while
// handling a panic report is not a panic "while handling that report":
// it must still be reported.
func TestNestedPanicReported(t *testing.T) {
	var b engine.Events
	var got []string
	first := true
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			panic("A broke on stall")
		}
	})
	b.Subscribe(func(ev engine.Event) {
		var se *engine.SubscriberError
		if ev.Kind == engine.EventError && errors.As(ev.Err, &se) && first {
			first = false
			b.Emit(engine.Event{Kind: engine.EventScene}) // e.g. an error handler that changes scene / pauses
		}
	})
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene {
			panic("C broke on scene")
		}
	})
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			got = append(got, ev.Err.Error())
		}
	})
	b.Emit(engine.Event{Kind: engine.EventStall})
	t.Logf("error events: %q", got)
	if !strings.Contains(strings.Join(got, "|"), "C broke on scene") {
		t.Errorf("C's panic (on a scene event, not on a report) was never reported")
	}
}

// Emit is safe from any goroutine: a panic in one goroutine's emission is
// reported even while another goroutine is reporting one.
func TestConcurrentPanicReported(t *testing.T) {
	var b engine.Events
	inReport, release := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	var got []string
	b.Subscribe(func(ev engine.Event) {
		switch ev.Kind {
		case engine.EventStall:
			panic("stall handler broke")
		case engine.EventScene:
			panic("pause handler broke")
		}
	})
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind != engine.EventError {
			return
		}
		mu.Lock()
		got = append(got, ev.Err.Error())
		mu.Unlock()
		if strings.Contains(ev.Err.Error(), "stall") {
			close(inReport)
			<-release // a slow logger
		}
	})
	done := make(chan struct{})
	go func() { b.Emit(engine.Event{Kind: engine.EventStall}); close(done) }()
	<-inReport
	b.Emit(engine.Event{Kind: engine.EventScene}) // another goroutine
	close(release)
	<-done
	t.Logf("error events: %q", got)
	if !strings.Contains(strings.Join(got, "|"), "pause handler broke") {
		t.Errorf("the pause handler's panic, on another goroutine, was dropped")
	}
}

// Events.Emit: "It allocates nothing unless a subscriber panics."
func TestEmitAllocs(t *testing.T) {
	var b engine.Events
	n := 0
	b.Subscribe(func(engine.Event) { n++ })
	err := errors.New("x")
	for _, ev := range []engine.Event{{Kind: engine.EventStall}, {Kind: engine.EventError, Err: err}} {
		if a := testing.AllocsPerRun(100, func() { b.Emit(ev) }); a != 0 {
			t.Errorf("Emit(%v) allocates %v times", ev.Kind, a)
		}
	}
}

// A subscriber that reacts to every error by emitting another event (say,
// a "pause" it tells the others about), and a subscriber that panics on
// that event: each panic report makes the first emit again, whose panic is
// reported again, ... The old in-flight counter dropped the nested report;
// now the recursion only ends when the stack overflows (a fatal error the
// engine cannot recover). The guard n keeps this test alive.
func TestEventsReportsDoNotFeedBack(t *testing.T) {
	var b engine.Events
	const guard = 10000
	n := 0
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError && n < guard {
			n++
			b.Emit(engine.Event{Kind: engine.EventStall})
		}
	})
	b.Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventStall {
			panic("stall handler broke")
		}
	})
	b.Emit(engine.Event{Kind: engine.EventError, Err: errors.New("level failed")})
	if n > 10 {
		t.Errorf("one error led to %d nested emissions (stopped by the test's guard): panic reports feed back without end", n)
	}
}
