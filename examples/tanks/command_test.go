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
// headless runs end well, a level that does not exist is a game error
// (status 1), bad values and a window without the tesserawindow tag are
// usage errors (status 2), each saying why.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "tanks")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"-headless", "-demo", "-steps", "600"}, 0, ""},
		{[]string{"-headless", "-steps", "5", "-random.seed", "9"}, 0, ""},
		{[]string{"-headless", "-level", "moon", "-steps", "5"}, 1, `no level "moon" (have [arena])`},
		{[]string{"-headless", "-demo", "maybe"}, 2, "unexpected arguments"},
		{[]string{"-headless", "-random.seed", "-3"}, 2, "random.seed"},
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
			t.Errorf("tanks %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.say)
		}
	}
}
