package game

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/internal/replaycheck"
)

// TestSameRunOnOneOrTwoCores records a garden's first 600 steps (its
// fireflies wander and rest by the generator's draws) and plays them back
// under GOMAXPROCS 1 and 2 in lockstep: the worlds hash the same at every
// step.
func TestSameRunOnOneOrTwoCores(t *testing.T) {
	newGame := func() engine.Game {
		return engine.Game{First: New(Options{Seed: 3, Log: func(string) {}}), Assets: Files()}
	}
	replaycheck.Check(t, Config(), newGame, nil, 600)
}
