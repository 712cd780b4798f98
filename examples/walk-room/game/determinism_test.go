package game_test

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/internal/replaycheck"
)

// TestSameRunOnOneOrTwoCores records the demo walk (two rooms, a pause,
// coins) and plays it back under GOMAXPROCS 1 and 2 in lockstep: the
// worlds hash the same at every step.
func TestSameRunOnOneOrTwoCores(t *testing.T) {
	newGame := func() engine.Game {
		g := game.New(game.Options{Seed: 1, Demo: true, View: view})
		return engine.Game{First: g.First(), Assets: game.Files()}
	}
	replaycheck.Check(t, game.Config(), newGame, nil, game.DemoStop+20)
}
