package main

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/commandtest"
)

// TestCommand builds the command as go run does (no window) and runs it:
// -headless prints the table; without it the binary says it has no window
// (status 2); bad keys are usage errors.
func TestCommand(t *testing.T) {
	commandtest.Run(t, "ecs-stress", []commandtest.Case{
		{Args: []string{"-headless", "-bodies", "200", "-steps", "3", "-walk", "slots"}, Code: 0, Out: "ok: every walk matches the limit", Say: ""},
		{Args: nil, Code: 2, Out: "", Say: "tesserawindow"},
		{Args: []string{"-bodies", "lots"}, Code: 2, Out: "", Say: "bodies"},
	})
}
