package main

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/commandtest"
)

// TestCommand builds the command as go run does (no window) and runs it:
// headless runs end well, a room that does not exist is a game error
// (status 1), bad values and a window without the tesserawindow tag are
// usage errors (status 2), each saying why.
func TestCommand(t *testing.T) {
	commandtest.Run(t, "walk-room", []commandtest.Case{
		{Args: []string{"-headless", "-demo", "-steps", "200"}, Code: 0, Say: ""},
		{Args: []string{"-headless", "-room", "study", "-steps", "5"}, Code: 0, Say: ""},
		{Args: []string{"-headless", "-room", "attic", "-steps", "5"}, Code: 1, Say: `no room "attic" (have [hall study])`},
		{Args: []string{"-headless", "-window.zoom", "big"}, Code: 2, Say: "window.zoom"},
		{Args: []string{"-headless", "-seed", "-3"}, Code: 2, Say: "seed"},
		{Args: []string{"-headless", "extra"}, Code: 2, Say: "unexpected arguments"},
		{Args: nil, Code: 2, Say: "tesserawindow"},
	})
}
