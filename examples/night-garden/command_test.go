package main

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/commandtest"
)

// TestCommand builds the command as go run does (no window) and runs it:
// headless runs end well, from the embedded files or from -assets.dir;
// a directory without the files is a game error (status 1) naming it; bad
// values and a window without the tesserawindow tag are usage errors
// (status 2), each saying why.
func TestCommand(t *testing.T) {
	commandtest.Run(t, "night-garden", []commandtest.Case{
		{Args: []string{"-headless", "-steps", "240", "-seed", "9"}, Code: 0, Say: ""},
		{Args: []string{"-headless", "-steps", "10", "-assets.dir", "game/assets"}, Code: 0, Say: ""},
		{Args: []string{"-headless", "-assets.dir", "no/such/dir"}, Code: 2, Say: "files from no/such/dir"},
		{Args: []string{"-headless", "-dev", "game/assets"}, Code: 2, Say: "flag provided but not defined: -dev"},
		{Args: []string{"-nope"}, Code: 2, Say: "flag provided but not defined"},
		{Args: []string{"-headless", "-window.width", "wide"}, Code: 2, Say: "window.width"},
		{Args: nil, Code: 2, Say: "tesserawindow"},
	})
}
