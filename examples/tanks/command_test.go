package main

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/commandtest"
)

// TestCommand builds the command as go run does (no window) and runs it:
// headless runs end well, a level that does not exist is a game error
// (status 1), bad values and a window without the tesserawindow tag are
// usage errors (status 2), each saying why.
func TestCommand(t *testing.T) {
	commandtest.Run(t, "tanks", []commandtest.Case{
		{Args: []string{"-headless", "-demo", "-steps", "600"}, Code: 0, Say: ""},
		{Args: []string{"-headless", "-steps", "5", "-random.seed", "9"}, Code: 0, Say: ""},
		{Args: []string{"-headless", "-level", "moon", "-steps", "5"}, Code: 1, Say: `no level "moon" (have [arena])`},
		{Args: []string{"-headless", "-demo", "maybe"}, Code: 2, Say: "unexpected arguments"},
		{Args: []string{"-headless", "-random.seed", "-3"}, Code: 2, Say: "random.seed"},
		{Args: nil, Code: 2, Say: "tesserawindow"},
	})
}
