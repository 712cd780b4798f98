package main

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCommand builds the command as go run does (no window) and runs it:
// headless runs end well, a room that does not exist is a game error
// (status 1), bad values and a window without the tesserawindow tag are
// usage errors (status 2), each saying why.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "walk-room")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"-headless", "-demo", "-steps", "200"}, 0, ""},
		{[]string{"-headless", "-room", "study", "-steps", "5"}, 0, ""},
		{[]string{"-headless", "-room", "attic", "-steps", "5"}, 1, `no room "attic" (have [hall study])`},
		{[]string{"-headless", "-window.zoom", "big"}, 2, "window.zoom"},
		{[]string{"-headless", "-seed", "-3"}, 2, "seed"},
		{[]string{"-headless", "extra"}, 2, "unexpected arguments"},
		{nil, 2, "tesserawindow"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bin, tc.args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		cancel()
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || !strings.Contains(stderr.String(), tc.say) {
			t.Errorf("walk-room %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.say)
		}
	}
}
