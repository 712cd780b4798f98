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
// headless runs end well, from the embedded files or from -assets.dir;
// a directory without the files is a game error (status 1) naming it; bad
// values and a window without the tesserawindow tag are usage errors
// (status 2), each saying why.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "night-garden")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"-headless", "-steps", "240", "-seed", "9"}, 0, ""},
		{[]string{"-headless", "-steps", "10", "-assets.dir", "game/assets"}, 0, ""},
		{[]string{"-headless", "-assets.dir", "no/such/dir"}, 2, "files from no/such/dir"},
		{[]string{"-headless", "-dev", "game/assets"}, 2, "flag provided but not defined: -dev"},
		{[]string{"-nope"}, 2, "flag provided but not defined"},
		{[]string{"-headless", "-window.width", "wide"}, 2, "window.width"},
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
			t.Errorf("night-garden %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.say)
		}
	}
}
