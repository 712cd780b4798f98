package window_test

import (
	"log"
	"os"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/window"
	"github.com/tessera-engine/tessera/scene"
)

// Title is a game's first scene.
type Title struct{ scene.Base }

// ExampleRun is what a game's main does. It has no output to check, so it
// is compiled but not run: running it would open a window.
func ExampleRun() {
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args:     os.Args[1:],
		Defaults: engine.Config{Window: engine.WindowConfig{Title: "Orcs", Width: 320, Height: 180, Zoom: 3}},
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := window.Run(cfg, engine.Game{First: &Title{}}); err != nil {
		log.Fatal(err)
	}
}
