//go:build !tesserawindow

package main

import (
	"fmt"
	"io"
)

// runWindow stands in for the window in the default build, which must not
// link ebitengine: ebitengine panics at start-up without a display.
func runWindow(_ options, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "ecs-stress: the window needs a binary built with the tesserawindow tag: run ./scripts/example.sh ecs-stress, or go run -tags tesserawindow ./examples/ecs-stress; or add -headless for the timing table")
	return 2
}
