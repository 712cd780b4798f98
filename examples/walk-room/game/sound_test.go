package game_test

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
)

// TestDemoSounds: the demo asks the engine for a pickup sound for each
// item it picks up and a door sound for the door it goes through, in that
// order, at the steps they happen, and nothing else.
func TestDemoSounds(t *testing.T) {
	g, h := start(t, game.Options{Seed: 1, Demo: true})
	var pickups []uint64 // the steps of the pickups, seen from outside
	seen := 0
	for h.Loop().Steps() < game.DemoStop+20 {
		steps(t, h, 1)
		if g.Items() != seen {
			seen = g.Items()
			pickups = append(pickups, h.Loop().Steps()-1) // the step that ran last, which Sound.Step names (world.Context.Step)
		}
	}
	if g.Items() != 2 {
		t.Fatalf("the demo picked up %d items, want 2", g.Items())
	}
	var heard []string
	for _, s := range h.Sounds() {
		if s.Kind != engine.PlayEffect {
			t.Errorf("sound request %v, want effects only", s)
		}
		heard = append(heard, s.Path.String())
	}
	if want := []string{game.SoundPickup, game.SoundDoor, game.SoundPickup}; !slices.Equal(heard, want) {
		t.Fatalf("sounds %v, want %v", heard, want)
	}
	if s := h.Sounds(); s[0].Step != pickups[0] || s[2].Step != pickups[1] {
		t.Errorf("pickup sounds at steps %d and %d, want at the pickups' steps %v", s[0].Step, s[2].Step, pickups)
	}
}

// TestSoundFiles: every sound's file is in the game's files and loads as
// a sound (header checked), and the files are what internal/gensound
// writes.
func TestSoundFiles(t *testing.T) {
	lib := assets.New(game.Files())
	for _, s := range game.Sounds {
		snd, err := lib.Sound(s)
		if err != nil {
			t.Errorf("%v: %v", s, err)
			continue
		}
		if snd.Path() != s {
			t.Errorf("%v loaded as %q", s, snd.Path())
		}
	}
	if testing.Short() {
		t.Skip("runs the generator")
	}
	dir := t.TempDir()
	if out, err := exec.Command("go", "run", "./internal/gensound", "-o", dir).CombinedOutput(); err != nil {
		t.Fatalf("gensound: %v\n%s", err, out)
	}
	for _, s := range game.Sounds {
		want, err := os.ReadFile(filepath.Join(dir, path.Base(s)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("assets", filepath.FromSlash(s)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("assets/%s is not what internal/gensound writes: run go generate in examples/walk-room/game", s)
		}
	}
}
