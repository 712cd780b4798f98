// Command night-garden is a small living scene of fireflies and flowers
// under a day/night cycle; see doc.go. This file is its whole entry
// point: the configuration's defaults and keys, the files (the embedded
// ones, or -dev DIR's), the first scene. window.go links the window into
// builds with the tesserawindow tag.
package main

import (
	"os"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/night-garden/game"
)

func main() {
	g := engine.Game{Config: game.Config(), Keys: game.Keys()}
	opts := game.OptionsOf(gameKeys(g, os.Args[1:]))
	g.Assets, g.First = opts.Files(), game.New(opts)
	engine.Main(g)
}
