// Command tanks is Tessera's arcade example, a top-down tank game; see
// doc.go. This file is its whole entry point: the configuration's
// defaults and keys, the files, the first scene (which reads the game's
// keys when the engine enters it). window.go links the window into
// builds with the tesserawindow tag.
package main

import (
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/tanks/game"
)

func main() {
	engine.Main(engine.Game{Config: game.Config(), Keys: game.Keys(), Assets: game.Files(), First: game.FromConfig().First()})
}
