package engine_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
)

// exitHookScene is a scene whose OnExit runs a hook, once.
type exitHookScene struct {
	scene.Base
	onExit func()
}

func (s *exitHookScene) OnExit() {
	if f := s.onExit; f != nil {
		s.onExit = nil
		f()
	}
}

// A pushed scene whose OnExit closes the engine (save and quit), popped by
// a system: no EventScene ever says it left. Subscribers see
// "push a->b" then "pop a->nil", with b still on the stack as far as the
// events tell.
func TestEngineCloseInOnExitReportsTheLeave(t *testing.T) {
	a, b := &exitHookScene{}, &exitHookScene{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	left := map[scene.Scene]bool{}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene {
			log = append(log, ev.Change.String())
			if ev.Change.Kind != scene.Pushed && ev.Change.From != nil {
				left[ev.Change.From] = true
			}
		}
	})
	h.RunSteps(1)
	h.Scenes().Push(b)
	h.RunSteps(1)
	b.onExit = func() { h.Close() }
	h.Scenes().Pop()
	h.RunSteps(1)
	if !h.Done() {
		t.Fatal("engine not done after Close")
	}
	if !left[b] {
		t.Errorf("no EventScene reports b leaving; scene events %q", log)
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
