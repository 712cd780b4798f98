package engine_test

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// errorEvents returns where h's error events collect from now on.
func errorEvents(h *engine.Headless) *[]engine.Event {
	var evs []engine.Event
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			evs = append(evs, ev)
		}
	})
	return &evs
}

// checkUndeclared checks the error events of a run whose one system,
// named system, declares its access but not the engine resource called
// resource, and uses it: in the tesseradebug build, one error from that
// system naming the resource (and, unless field is "", the declaration
// field that lacks it); in the other build, which does not check, none.
func checkUndeclared(t *testing.T, failures []engine.Event, system, resource, field string) {
	t.Helper()
	if !debugChecks {
		if failures != nil {
			t.Errorf("without tesseradebug: errors %v, want none", failures)
		}
		return
	}
	var we *world.Error
	if len(failures) != 1 || failures[0].System != system || !errors.As(failures[0].Err, &we) ||
		we.Code != world.CodeUndeclared || we.Component != resource || (field != "" && we.Field != field) {
		t.Fatalf("with tesseradebug: errors %v, want one from %s: undeclared %s %s", failures, system, resource, field)
	}
}
