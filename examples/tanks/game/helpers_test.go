package game

import (
	"io/fs"
	"os"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
)

// testFiles are the game's files with testdata's over them: the levels
// duel (the tank facing an ogre along its gun), patched (duel with the
// ogre patched by properties: speed 7, 250 points) and trap (the tank
// boxed in by three wraiths).
func testFiles() fs.FS { return assets.Over(os.DirFS("testdata"), Files()) }

// headless starts a headless run of a game made with opts and a config
// of the game's defaults (seed 1 unless seed says), with script as its
// input, and closes it when the test ends.
func headless(t testing.TB, opts Options, seed int, script ...engine.ScriptedInput) (*Game, *engine.Headless) {
	t.Helper()
	g := New(opts)
	cfg := Config()
	cfg.Random.Seed = seed
	h, err := engine.NewHeadless(cfg, engine.Game{First: g.First(), Assets: testFiles()}, engine.HeadlessOptions{Script: script})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return g, h
}

// started is the script that starts a play from the title: start
// pressed at step 1, so the play's first step is step 2.
var started = press(StartAction, 1)

// press is a script that presses action at step and lets it go at step+1.
func press(action string, step uint64) []engine.ScriptedInput {
	return []engine.ScriptedInput{{Step: step, Action: action, Down: true}, {Step: step + 1, Action: action}}
}

// hold is a script that holds action down from step from until step to.
func hold(action string, from, to uint64) []engine.ScriptedInput {
	return []engine.ScriptedInput{{Step: from, Action: action, Down: true}, {Step: to, Action: action}}
}

// script joins scripts.
func script(parts ...[]engine.ScriptedInput) []engine.ScriptedInput {
	var s []engine.ScriptedInput
	for _, p := range parts {
		s = append(s, p...)
	}
	return s
}
