// Command ecs-stress is Tessera's main example; see doc.go. This file is
// its whole entry point: the configuration's defaults and keys, the
// files, the first scene (which reads the game's keys when the engine
// enters it); with -headless, the timing table of table.go instead.
// window.go links the window into builds with the tesserawindow tag.
package main

import (
	"os"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/ecs-stress/game"
)

func main() {
	args := os.Args[1:]
	if headless(args) {
		os.Exit(table(args, os.Stdout, os.Stderr))
	}
	engine.Main(engine.Game{Config: game.Config(), Keys: game.Keys(), Assets: game.Files(), First: game.FromConfig()})
}
