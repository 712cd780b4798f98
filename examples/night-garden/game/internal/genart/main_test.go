package main

import (
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

// TestFilesAreCurrent: the moon, the flower and the glow in the game's
// assets are what the program draws today.
func TestFilesAreCurrent(t *testing.T) {
	artfile.CheckCurrent(t, filepath.Join("..", "..", "assets"), all, "go generate in examples/night-garden/game")
}
