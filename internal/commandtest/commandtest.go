// Package commandtest builds an example's command as go run does (no
// window) and runs it with cases of arguments, checking each run's exit
// status and what it printed: the examples' TestCommand tests.
package commandtest

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Case is one run of the command: its arguments, the exit status wanted,
// and text its standard output (Out) and standard error (Say) must
// contain ("" for anything).
type Case struct {
	Args []string
	Code int
	Out  string
	Say  string
}

// Run builds the package in the test's working directory into a
// temporary binary named name and runs each case, at most two minutes
// each, reporting every case that exits otherwise or prints otherwise.
// It skips the test with -short, as building takes a while.
func Run(t *testing.T, name string, cases []Case) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range cases {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bin, tc.Args...)
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
		if code != tc.Code || !strings.Contains(stdout.String(), tc.Out) || !strings.Contains(stderr.String(), tc.Say) {
			t.Errorf("%s %s: status %d, stdout %q, stderr %q; want %d, %q and %q",
				name, strings.Join(tc.Args, " "), code, stdout.String(), stderr.String(), tc.Code, tc.Out, tc.Say)
		}
	}
}
