package engine_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// A subscriber that reacts to every error by emitting another event (say,
// a "pause" it tells the others about), and a subscriber that panics on
// that event: each panic report makes the first emit again, whose panic is
// reported again, ... The old in-flight counter dropped the nested report;
// now the recursion only ends when the stack overflows (a fatal error the
// engine cannot recover). The guard n keeps this test alive.
func TestLastReportLoop(t *testing.T) {
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
