package game

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
)

// library returns the example's prefab library, loaded.
func library(t *testing.T) *prefab.Library {
	t.Helper()
	lib, err := LoadPrefabs(Files())
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// run runs a scene of opts headless for steps steps with script, and
// returns it.
func run(t *testing.T, opts Options, steps uint64, script ...engine.ScriptedInput) *Scene {
	t.Helper()
	s := New(opts)
	h, err := engine.NewHeadless(Config(), engine.Game{First: s, Assets: Files()}, engine.HeadlessOptions{Script: script})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			t.Errorf("engine: %v", ev)
		}
	})
	if err := h.RunSteps(steps); err != nil {
		t.Fatal(err)
	}
	return s
}

// press returns the script that presses action at step and lets it go at
// the next.
func press(action string, step uint64) []engine.ScriptedInput {
	return []engine.ScriptedInput{
		{Step: step, Action: action, Down: true},
		{Step: step + 1, Action: action, Down: false},
	}
}
