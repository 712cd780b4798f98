// Package replaycheck is the examples' determinism check: a run recorded
// with scripted input, played back on two more runs in lockstep under
// GOMAXPROCS 1 and 2, whose worlds must hash the same after every step.
package replaycheck

import (
	"runtime"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// Check records steps fixed steps of the game newGame returns, driven by
// script, with the world hash of every step ([engine.Engine.Record]'s
// default), then plays the recording back on two more games of newGame
// in lockstep ([engine.Replay.Lockstep]), the first under GOMAXPROCS 1,
// the second under 2. It fails t at the first step whose worlds differ,
// with what differs ([engine.Divergence]). It restores GOMAXPROCS after.
func Check(t testing.TB, cfg engine.Config, newGame func() engine.Game, script []engine.ScriptedInput, steps uint64) {
	t.Helper()
	h, err := engine.NewHeadless(cfg, newGame(), engine.HeadlessOptions{Script: script})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Start(); err != nil {
		h.Close()
		t.Fatal(err)
	}
	if err := h.Record(nil); err != nil {
		h.Close()
		t.Fatal(err)
	}
	if err := h.RunSteps(steps); err != nil {
		h.Close()
		t.Fatal(err)
	}
	r := h.Recording()
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if r == nil || r.Steps != steps || len(r.Hashes) != int(steps) {
		t.Fatalf("recorded %+v, want %d steps with hashes", r, steps)
	}
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	if err := r.Lockstep(cfg, newGame(), newGame(), func(run int) { runtime.GOMAXPROCS(run + 1) }); err != nil {
		t.Fatalf("GOMAXPROCS 1 and 2: %v", err)
	}
}
