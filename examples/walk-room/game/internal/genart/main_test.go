package main

import (
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/pixelart"
	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

// TestFilesAreCurrent: the sprite sheet, its atlas file and its tileset
// in the game's assets are what the program draws today.
func TestFilesAreCurrent(t *testing.T) {
	artfile.CheckCurrent(t, filepath.Join("..", "..", "assets", "sprites"), sheet, "go generate in examples/walk-room/game")
}

// TestNames: every piece has a name of its own, no wider than the sheet,
// and the clips name pieces.
func TestNames(t *testing.T) {
	artfile.CheckSheet(t, "piece", sheetWidth, pieces, func(p piece) (string, int) { return p.name, p.w },
		clips, func(c pixelart.Clip) (string, []string) { return c.Name, c.Frames })
}
