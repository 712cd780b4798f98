package game

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// from returns the part of script s from step n on, moved to start at
// step at: every action held at step n is held from step at, and every
// later change comes at - n steps earlier.
func from(s []engine.ScriptedInput, n, at uint64) []engine.ScriptedInput {
	sorted := append([]engine.ScriptedInput(nil), s...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Step < sorted[j].Step })
	held := map[string]engine.ScriptedInput{}
	var out []engine.ScriptedInput
	for _, in := range sorted {
		if in.Step <= n {
			held[in.Action] = in
			continue
		}
		in.Step = in.Step - n + at
		out = append(out, in)
	}
	for _, in := range held {
		if in.Down {
			in.Step = at
			out = append(out, in)
		}
	}
	return out
}

// hashes runs h for n steps and returns the hash of g's play's world
// after each.
func hashes(t *testing.T, g *Game, h *engine.Headless, n int) []uint64 {
	t.Helper()
	var hs []uint64
	for range n {
		if err := h.RunSteps(1); err != nil {
			t.Fatal(err)
		}
		hs = append(hs, g.Play().World().Hash())
	}
	return hs
}

// saveNow saves g's play to its slot and returns the play's world hash
// and the save.
func saveNow(t *testing.T, g *Game) (uint64, []byte) {
	t.Helper()
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	data, err := g.SaveData()
	if err != nil {
		t.Fatal(err)
	}
	return g.Play().World().Hash(), data
}

// TestSaveAndContinue: a play saved in the middle of a fight and
// continued by a new game (from its title, with another seed) is the saved
// play, hash for hash, and with the same input from there goes on as the
// saved one did, step for step, to the same tally: kills, shells and the
// monsters' random wandering included.
func TestSaveAndContinue(t *testing.T) {
	const at, more = 240, 300
	g, h := headless(t, Options{}, 7, fight...)
	if err := h.RunSteps(at); err != nil {
		t.Fatal(err)
	}
	saved, data := saveNow(t, g)
	want := hashes(t, g, h, more)
	wantTally := g.Play().Tally()

	g2 := New(Options{})
	g2.SetSaveData(data)
	cfg := Config()
	cfg.Random.Seed = 3
	h3, err := engine.NewHeadless(cfg, engine.Game{First: g2.First(), Assets: testFiles()},
		engine.HeadlessOptions{Script: append(press(ContinueAction, 1), from(fight, at, 2)...)})
	if err != nil {
		t.Fatal(err)
	}
	defer h3.Close()
	if err := h3.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	p := g2.Play()
	if p == nil || p.resume == nil {
		t.Fatalf("continue did not enter a continued play (%v)", p)
	}
	if got := p.World().Hash(); got != saved {
		t.Fatalf("the continued world hashes %x, the saved one %x", got, saved)
	}
	got := hashes(t, g2, h3, more)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%d steps after the save the continued play's world hashes %x, the saved play's %x", i+1, got[i], want[i])
		}
	}
	if p.Tally() != wantTally || wantTally.Kills == 0 {
		t.Errorf("the continued play ended with %+v, the saved one with %+v (want some kills)", p.Tally(), wantTally)
	}
}

// TestSaveFromThePauseScreen: on the pause screen the save action saves
// the play beneath and says so; the title then offers to continue, and
// continue plays on from the pause, the tank where it was.
func TestSaveFromThePauseScreen(t *testing.T) {
	in := script(started, hold(MoveUp, 2, 18), press(PauseAction, 30), press(SaveAction, 35), press(QuitAction, 40), press(ContinueAction, 45))
	g, h := headless(t, Options{}, 1, in...)
	if err := h.RunSteps(36); err != nil {
		t.Fatal(err)
	}
	if !g.Paused() || !g.HasSave() {
		t.Fatalf("paused %v, has a save %v; want both", g.Paused(), g.HasSave())
	}
	saved := g.Play()
	tank, ticks := saved.TankState(), saved.Tally().Ticks
	if err := h.RunSteps(6); err != nil {
		t.Fatal(err)
	}
	if h.Scenes().Top() != g.Title() {
		t.Fatalf("top scene %T after quit, want the title", h.Scenes().Top())
	}
	if err := h.RunSteps(6); err != nil {
		t.Fatal(err)
	}
	p := g.Play()
	if p == saved || p.TankState() != tank || p.Tally().Ticks != ticks+2 {
		t.Errorf("continued play %p (saved %p), tank %+v (saved %+v), ticks %d (saved at %d, 2 steps ago)", p, saved, p.TankState(), tank, p.Tally().Ticks, ticks)
	}
}

// TestSlotFile: with a slot file the save is written there, atomically,
// and a new game (a later run) finds it and continues from it.
func TestSlotFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "saves", "slot.yaml")
	g, h := headless(t, Options{Slot: path}, 1, started...)
	if g.HasSave() {
		t.Fatal("a save before any was made")
	}
	if err := h.RunSteps(30); err != nil {
		t.Fatal(err)
	}
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	later := New(Options{Slot: path})
	if !later.HasSave() {
		t.Fatal("a new game does not see the slot's file")
	}
	data, err := later.SaveData()
	if err != nil || string(data) != string(file) {
		t.Fatalf("SaveData: %d bytes, %v; want the file's %d", len(data), err, len(file))
	}
	if !strings.Contains(string(file), "prefab: tank") {
		t.Errorf("the save does not name the tank's prefab:\n%.400s", file)
	}
}

// TestBadSave: a slot that holds no save makes continuing an error of the
// continued play's OnEnter, which names the slot and where in it.
func TestBadSave(t *testing.T) {
	g := New(Options{})
	g.SetSaveData([]byte("version: 1\nentities: {not: a list}\n"))
	cfg := Config()
	h, err := engine.NewHeadless(cfg, engine.Game{First: g.First(), Assets: testFiles()}, engine.HeadlessOptions{Script: press(ContinueAction, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var errs []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err)
		}
	})
	h.RunSteps(4)
	if len(errs) == 0 || !strings.Contains(errs[0].Error(), "save slot:") {
		t.Errorf("errors %v; want one naming the save slot", errs)
	}
}

// TestSaveKeepsPatchedObjects: a level whose object a designer patched
// (patched.tmx's ogre walks at 7 and scores 250) saves and continues,
// the ogre still the map's variant of its prefab with the patch, and the
// continued world hashes as the saved one did.
func TestSaveKeepsPatchedObjects(t *testing.T) {
	opts := Options{Level: "patched"}
	g, h := headless(t, opts, 1, started...)
	if err := h.RunSteps(10); err != nil {
		t.Fatal(err)
	}
	ogre := func(g *Game) (Beast, string) {
		t.Helper()
		w := g.Play().World()
		for e, m := range world.Query1(w, Monster) {
			return *m, (*prefab.Origin.Require(w, e)).Name()
		}
		t.Fatal("no monster in the play")
		return Beast{}, ""
	}
	if m, name := ogre(g); m.Speed != 7 || m.Points != 250 || name != "levels/patched.tmx#2" {
		t.Fatalf("the ogre walks at %v, scores %d, of prefab %q; want 7, 250, the map's variant", m.Speed, m.Points, name)
	}
	saved, data := saveNow(t, g)
	if !bytes.Contains(data, []byte("levels/patched.tmx#2")) {
		t.Errorf("the save does not name the ogre's variant")
	}

	g2 := New(opts)
	g2.SetSaveData(data)
	h2, err := engine.NewHeadless(Config(), engine.Game{First: g2.First(), Assets: testFiles()},
		engine.HeadlessOptions{Script: press(ContinueAction, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	if err := h2.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	if p := g2.Play(); p == nil || p.resume == nil {
		t.Fatalf("continue did not enter a continued play (%v)", p)
	}
	if got := g2.Play().World().Hash(); got != saved {
		t.Errorf("the continued world hashes %x, the saved one %x", got, saved)
	}
	if m, name := ogre(g2); m.Speed != 7 || m.Points != 250 || name != "levels/patched.tmx#2" {
		t.Errorf("continued, the ogre walks at %v, scores %d, of prefab %q; want 7, 250, the map's variant", m.Speed, m.Points, name)
	}
}
