package main

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images/flappy"
	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/internal/replaycheck"
)

// TestSameRunOnOneOrTwoCores records the gopher moving left and right
// under falling stars and plays it back under GOMAXPROCS 1 and 2 in
// lockstep: the worlds hash the same at every step.
func TestSameRunOnOneOrTwoCores(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{Defaults: engine.Config{Input: engine.StandardInput()}})
	if err != nil {
		t.Fatal(err)
	}
	newGame := func() engine.Game {
		return engine.Game{First: &Game{}, Assets: assets.WithFiles(nil, map[string][]byte{"gopher.png": flappy.Gopher_png})}
	}
	script := []engine.ScriptedInput{
		{Step: 0, Action: "left", Down: true},
		{Step: 30, Action: "left", Down: false},
		{Step: 30, Action: "right", Down: true},
		{Step: 150, Action: "right", Down: false},
	}
	replaycheck.Check(t, cfg, newGame, script, 400)
}
