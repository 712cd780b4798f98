package engine_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

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
