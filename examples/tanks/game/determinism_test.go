package game

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/internal/replaycheck"
)

// TestSameRunOnOneOrTwoCores records the scripted fight (the title, the
// play, kills, a pause) and plays it back under GOMAXPROCS 1 and 2 in
// lockstep: the worlds hash the same at every step.
func TestSameRunOnOneOrTwoCores(t *testing.T) {
	newGame := func() engine.Game {
		return engine.Game{First: New(Options{}).First(), Assets: testFiles()}
	}
	cfg := Config()
	cfg.Random.Seed = 7
	replaycheck.Check(t, cfg, newGame, fight, 600)
}
