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
// -headless prints the table; without it the binary says it has no window
// (status 2); bad keys are usage errors.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "ecs-stress")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args     []string
		code     int
		out, say string
	}{
		{[]string{"-headless", "-bodies", "200", "-steps", "3", "-walk", "slots"}, 0, "ok: every walk matches the limit", ""},
		{nil, 2, "", "tesserawindow"},
		{[]string{"-bodies", "lots"}, 2, "", "bodies"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bin, tc.args...)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || !strings.Contains(stdout.String(), tc.out) || !strings.Contains(stderr.String(), tc.say) {
			t.Errorf("ecs-stress %s: status %d, stdout %q, stderr %q; want %d, %q and %q",
				strings.Join(tc.args, " "), code, stdout.String(), stderr.String(), tc.code, tc.out, tc.say)
		}
	}
}
