package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/synth"
)

// TestFilesAreCurrent: the game's sound files are what the program
// synthesizes today, and nothing else is in their directory.
func TestFilesAreCurrent(t *testing.T) {
	dir := filepath.Join("..", "..", "assets", "sounds")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(Effects) {
		t.Errorf("assets/sounds holds %d files, gensound writes %d", len(entries), len(Effects))
	}
	for name, make := range Effects {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, synth.WAV(make())) {
			t.Errorf("assets/sounds/%s is not what internal/gensound writes: run go generate in examples/tanks/game", name)
		}
	}
}
