package game_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
)

// TestDemoSounds: the demo asks for a pickup sound for each item it picks
// up and a door sound for the door it goes through, in that order, and
// nothing else.
func TestDemoSounds(t *testing.T) {
	var heard []game.Sound
	g, h := start(t, game.Options{Seed: 1, Sound: func(s game.Sound) { heard = append(heard, s) }}, game.DemoScript())
	steps(t, h, game.DemoStop+20)
	if g.Items() != 2 {
		t.Fatalf("the demo picked up %d items, want 2", g.Items())
	}
	want := []game.Sound{game.SoundPickup, game.SoundDoor, game.SoundPickup}
	if !slices.Equal(heard, want) {
		t.Errorf("sounds %v, want %v", heard, want)
	}
}

// TestSoundFiles: every sound's file is in the embedded assets and loads
// as a sound (header checked), and the files are what internal/gensound
// writes.
func TestSoundFiles(t *testing.T) {
	lib := assets.New(game.Files())
	for _, s := range game.Sounds {
		snd, err := lib.Sound(s.File())
		if err != nil {
			t.Errorf("%v: %v", s, err)
			continue
		}
		if snd.Path() != s.File() {
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
		want, err := os.ReadFile(filepath.Join(dir, filepath.Base(s.File())))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("assets", filepath.FromSlash(s.File())))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("assets/%s is not what internal/gensound writes: run go generate in examples/walk-room/game", s.File())
		}
	}
}
