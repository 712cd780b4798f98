package game_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
)

// walkScript walks right through the hall (over a coin), then down and
// right, holding each for a while: a run that changes the world every
// step.
func walkScript(from uint64) []engine.ScriptedInput {
	return []engine.ScriptedInput{
		{Step: from, Action: game.MoveRight, Down: true},
		{Step: from + 120, Action: game.MoveRight},
		{Step: from + 120, Action: game.MoveDown, Down: true},
		{Step: from + 170, Action: game.MoveDown},
		{Step: from + 170, Action: game.MoveRight, Down: true},
	}
}

// TestSaveSlotContinues plays a game that saves at step saveAt (F5) and
// goes on; then a new game starts on its title scene, continues the
// save, and runs on with the same input: every step after the save, its
// world has the hash of the run that did not stop, and the game the same
// state.
func TestSaveSlotContinues(t *testing.T) {
	const saveAt, after = 100, 150
	slot := filepath.Join(t.TempDir(), "saves", "slot.yaml")

	// The run that does not stop.
	script := append(walkScript(0), engine.ScriptedInput{Step: saveAt, Action: game.SaveAction, Down: true},
		engine.ScriptedInput{Step: saveAt + 1, Action: game.SaveAction})
	g, h := start(t, game.Options{Seed: 1, SaveFile: slot}, script...)
	stepTo(t, h, saveAt+1) // the step that saves is step saveAt, the 101st
	if _, err := os.Stat(slot); err != nil {
		t.Fatalf("no save after pressing save: %v", err)
	}
	want := make([]uint64, after)
	states := make([]game.State, after)
	for i := range after {
		steps(t, h, 1)
		want[i], states[i] = g.Room().World().Hash(), g.Snapshot()
	}

	// A new game, on its title scene: continue at step 0, so that the
	// saved room steps from step 1 on, with the same input as the first
	// run had from the step after the save (what was held then is held
	// from the start).
	const k = 1
	rest := []engine.ScriptedInput{
		{Step: 0, Action: game.ContinueAction, Down: true},
		{Step: 1, Action: game.ContinueAction},
	}
	for _, in := range walkScript(0) {
		if in.Step <= saveAt {
			in.Step = 0
		} else {
			in.Step = in.Step - saveAt - 1 + k
		}
		rest = append(rest, in)
	}
	c, hc := start(t, game.Options{Seed: 1, SaveFile: slot, Title: true}, rest...)
	until(t, hc, 10, "the saved room entered", func() bool { return c.Room() != nil })
	if s := hc.Loop().Steps(); s != k {
		t.Fatalf("the saved room entered after %d steps, want %d", s, k)
	}
	for i := range after {
		steps(t, hc, 1)
		if got := c.Room().World().Hash(); got != want[i] {
			t.Fatalf("step %d after the save: hash differs from the run that did not stop: %v\nstate %v\nwant  %v",
				i+1, c.Room().World().Diff(g.Room().World()), c.Snapshot(), states[i])
		}
		if s := c.Snapshot(); s != states[i] {
			t.Fatalf("step %d after the save: %v, want %v", i+1, s, states[i])
		}
	}
}

// TestSaveSlotThatDoesNotLoad: a save slot with a broken save shows the
// problem on the title scene, which stays.
func TestSaveSlotThatDoesNotLoad(t *testing.T) {
	slot := filepath.Join(t.TempDir(), "slot.yaml")
	if err := os.WriteFile(slot, []byte("version: 1\nids: {slots: 1, free: []}\nentities: [{id: 0v1, prefab: dragon}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, h := start(t, game.Options{SaveFile: slot, Title: true},
		engine.ScriptedInput{Step: 0, Action: game.ContinueAction, Down: true},
		engine.ScriptedInput{Step: 1, Action: game.ContinueAction})
	steps(t, h, 5)
	title, ok := h.Scenes().Top().(*game.Title)
	if !ok || g.Room() != nil {
		t.Fatalf("top scene %T, room %v; want the title still", h.Scenes().Top(), g.Room())
	}
	if err := title.Err(); err == nil || !strings.Contains(err.Error(), `slot.yaml:3:`) || !strings.Contains(err.Error(), "dragon") {
		t.Errorf("Err() = %v, want the unknown prefab at its line", err)
	}
}

// TestSaveFileKey: the save slot's place is the configuration key save,
// by default under the user's configuration directory.
func TestSaveFileKey(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-save", "/tmp/mine.yaml"}, Defaults: game.Config(), Keys: game.Keys()})
	if err != nil {
		t.Fatal(err)
	}
	if o := game.OptionsOf(cfg); o.SaveFile != "/tmp/mine.yaml" || !o.Title {
		t.Errorf("options %+v, want the save file given and the title", o)
	}
	if dir, err := os.UserConfigDir(); err == nil && !strings.HasPrefix(game.DefaultSaveFile(), dir) {
		t.Errorf("DefaultSaveFile() = %s, want it under %s", game.DefaultSaveFile(), dir)
	}
	if got := game.New(game.Options{}).SaveFile(); got != game.DefaultSaveFile() {
		t.Errorf("SaveFile() = %s, want the default", got)
	}
}
