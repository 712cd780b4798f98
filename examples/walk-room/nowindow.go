//go:build !tesserawindow

package main

import (
	"fmt"
	"io"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
)

// runWindow stands in for the window in the default build, which must not
// link ebitengine (it panics at start-up without a display): it says how
// to get a window and exits with status 2.
func runWindow(_ engine.Config, _ game.Options, _ options, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "walk-room: a window needs a binary built with the tesserawindow tag: run ./scripts/example.sh walk-room, or go run -tags tesserawindow ./examples/walk-room; add -headless to run without one")
	return 2
}
