//go:build !tesserawindow

package main

import (
	"fmt"
	"io"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/night-garden/game"
)

// runWindow stands in for the window in the default build, which must not
// link ebitengine: ebitengine panics at start-up without a display, so
// linking it would break every headless run.
func runWindow(_ engine.Config, _ *game.Garden, _ options, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "night-garden: the window needs a binary built with the tesserawindow tag: run ./scripts/example.sh night-garden, or go run -tags tesserawindow ./examples/night-garden (or pass -headless)")
	return 2
}
