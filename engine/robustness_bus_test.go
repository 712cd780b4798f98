package engine_test

import (
	"errors"
	"runtime"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

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
