package game

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/internal/replaycheck"
)

// TestSameRunOnOneOrTwoCores records 200 steps of a colliding field and
// plays them back under GOMAXPROCS 1 and 2 in lockstep: the worlds hash
// the same at every step.
func TestSameRunOnOneOrTwoCores(t *testing.T) {
	newGame := func() engine.Game {
		return engine.Game{First: New(Options{Bodies: 300, Collide: true, Seed: 5}), Assets: Files()}
	}
	replaycheck.Check(t, Config(), newGame, nil, 200)
}
