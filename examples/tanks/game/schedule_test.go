package game

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// TestPlayDeclaredAccess: the play's systems that declare their access
// do what they declare, so a play that drives, turns the turret, fires
// and pauses reports no error in either build (the tesseradebug build
// fails a system that touches what it did not declare: drive once wrote
// the hull's WorldTransform and aim the turret's LocalTransform
// undeclared, and lost those writes); and the input readers share the
// schedule's groups as their declarations allow.
func TestPlayDeclaredAccess(t *testing.T) {
	g, h := headless(t, Options{Level: "duel"}, 1,
		script(started, hold(MoveDown, 2, 30), hold(TurnLeft, 10, 40), hold(FireAction, 20, 50))...)
	var failures []engine.Event
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			failures = append(failures, ev)
		}
	})
	if err := h.RunSteps(60); err != nil {
		t.Fatal(err)
	}
	for _, ev := range failures {
		t.Errorf("error event %v", ev)
	}
	got := g.Play().World().Schedule(world.Fixed).String()
	if want := "fixed: [tanks.tick!] [tanks.pause tanks.drive] [tanks.aim] [tanks.hunt] [tanks.nests!]"; !strings.HasPrefix(got, want) {
		t.Errorf("the play's schedule = %s\nwant it to start %s", got, want)
	}
}
