package engine_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// Events.Emit: "It allocates nothing unless a subscriber panics."
func TestLastEmitAllocs(t *testing.T) {
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
