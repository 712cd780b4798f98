package engine_test

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
)

type exitPanicScene struct {
	scene.Base
	name string
}

func (s *exitPanicScene) OnExit() { panic("exit broke in " + s.name) }

// A game that closes the engine on its first error (a subscriber calling
// Close during a scene change): no panic out of Frame, and each failure
// reported once.
func TestCloseDuringSceneChange(t *testing.T) {
	a, b := &exitPanicScene{name: "a"}, &exitPanicScene{name: "b"}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.RunSteps(1)
	var errs []string
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err.Error())
			h.Close()
		}
	})
	h.Scenes().Replace(b)
	h.RunSteps(1)
	for _, e := range errs {
		t.Logf("error event: %s", e)
	}
	seen := map[string]int{}
	for _, e := range errs {
		seen[e]++
		if seen[e] == 2 {
			t.Errorf("reported twice: %s", e)
		}
	}
}
