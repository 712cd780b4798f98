//go:build !tesserawindow

package main

import (
	"fmt"
	"io"
)

// runWindow stands in for the window mode in the default, headless build,
// which must not link ebitengine: ebitengine panics at start-up without a
// display, so linking it would break every headless run.
func runWindow(_ config, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "stress: -window needs a binary built with the tesserawindow tag: run ./scripts/stress.sh -window, or go run -tags tesserawindow ./cmd/stress -window")
	return 2
}

// runSprites stands in for the sprite mode, which draws through package
// render and so links ebitengine too.
func runSprites(_ config, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "stress: -sprites needs a binary built with the tesserawindow tag and a display: run ./scripts/stress.sh -sprites, or go run -tags tesserawindow ./cmd/stress -sprites")
	return 2
}
