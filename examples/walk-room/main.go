// Command walk-room is Tessera's top-down walking example; see doc.go.
// This file is its whole entry point: the configuration's defaults and
// keys, the files, the first scene. window.go links the window into
// builds with the tesserawindow tag.
package main

import (
	"os"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
)

func main() {
	g := engine.Game{Config: game.Config(), Keys: game.Keys(), Assets: game.Files()}
	g.First = game.New(game.OptionsOf(gameKeys(g, os.Args[1:]))).First()
	engine.Main(g)
}
