package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestFilesAreCurrent: the tiles, the tileset, the actors' sheet and its
// atlas file in the game's assets are what the program draws today.
func TestFilesAreCurrent(t *testing.T) {
	files, err := all()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "assets", "sprites", f.name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.data) {
			t.Errorf("assets/sprites/%s is not what internal/genart draws: run go generate in examples/tanks/game", f.name)
		}
	}
}

// TestNames: every piece and tile has a name of its own, pieces are no
// wider than the sheet, and the clips and animations name frames.
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
	tileNames := map[string]bool{}
	for _, tl := range tiles {
		if tileNames[tl.name] {
			t.Errorf("two tiles called %q", tl.name)
		}
		tileNames[tl.name] = true
	}
	for _, tl := range tiles {
		for _, f := range tl.anim {
			if !tileNames[f] {
				t.Errorf("tile %q's animation names %q, which is no tile", tl.name, f)
			}
		}
	}
}
