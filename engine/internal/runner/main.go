// Command runner is the engine's own test game (package game): run it with
// ./scripts/example.sh ../engine/internal/runner, or
//
//	go run -tags tesserawindow ./engine/internal/runner   # a window
//	go run ./engine/internal/runner -headless             # none
//
// This file is the whole of its windowed entry point: configuration
// defaults, the files, the first scene. window.go links the window in
// builds with the tesserawindow tag.
package main

import (
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/internal/runner/game"
)

func main() {
	engine.Main(engine.Game{
		Config: game.Config(),
		Assets: game.Files(),
		First:  game.New(1).First(),
	})
}
