package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestFilesAreCurrent: the sprite sheet, its atlas file and its tileset
// in the game's assets are what the program draws today.
func TestFilesAreCurrent(t *testing.T) {
	files, err := sheet()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "assets", "sprites", f.name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.data) {
			t.Errorf("assets/sprites/%s is not what internal/genart draws: run go generate in examples/walk-room/game", f.name)
		}
	}
}

// TestNames: every piece has a name of its own, no wider than the sheet,
// and the clips name pieces.
func TestNames(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range pieces {
		if seen[p.name] {
			t.Errorf("two pieces called %q", p.name)
		}
		seen[p.name] = true
		if p.w > sheetWidth {
			t.Errorf("piece %q is %d wide, wider than the sheet", p.name, p.w)
		}
	}
	for _, c := range clips {
		for _, f := range c.frames {
			if !seen[f] {
				t.Errorf("clip %q names frame %q, which is no piece", c.name, f)
			}
		}
	}
}
