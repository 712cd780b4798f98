package main

import (
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/pixelart"
	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

// TestFilesAreCurrent: the tiles, the tileset, the actors' sheet and its
// atlas file in the game's assets are what the program draws today.
func TestFilesAreCurrent(t *testing.T) {
	artfile.CheckCurrent(t, filepath.Join("..", "..", "assets", "sprites"), all, "go generate in examples/tanks/game")
}

// TestNames: every piece and tile has a name of its own, pieces are no
// wider than the sheet, and the clips and animations name frames.
func TestNames(t *testing.T) {
	artfile.CheckSheet(t, "piece", sheetWidth, pieces, func(p pixelart.Piece) (string, int) { return p.Name, p.W },
		clips, func(c pixelart.Clip) (string, []string) { return c.Name, c.Frames })

	artfile.CheckSheet(t, "tile", 0, tiles, func(tl tile) (string, int) { return tl.name, TileSize },
		tiles, func(tl tile) (string, []string) { return tl.name, tl.anim })
}
