package main

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/night-garden/game"
)

// TestGameKeys: the game's keys come from the command line beside
// engine.Main's own flags; -dev turns watching on.
func TestGameKeys(t *testing.T) {
	g := engine.Game{Config: game.Config(), Keys: game.Keys()}
	for _, tc := range []struct {
		args []string
		want game.Options
	}{
		{nil, game.Options{Seed: 1}},
		{[]string{"-headless", "-steps", "9", "-seed", "9"}, game.Options{Seed: 9}},
		{[]string{"-dev", "game/assets"}, game.Options{Seed: 1, Dev: "game/assets", Watch: true, WatchInterval: 250 * time.Millisecond}},
	} {
		if got := game.OptionsOf(gameKeys(g, tc.args)); got.Seed != tc.want.Seed || got.Dev != tc.want.Dev ||
			got.Watch != tc.want.Watch || got.WatchInterval != tc.want.WatchInterval {
			t.Errorf("options of %q = %+v, want %+v", tc.args, got, tc.want)
		}
	}
}

// TestCommand builds the command as go run does (no window) and runs it:
// headless runs end well, from the embedded files or from -dev; a -dev
// directory without the files is a game error (status 1) naming it; bad
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
		{[]string{"-headless", "-steps", "10", "-dev", "game/assets"}, 0, ""},
		{[]string{"-headless", "-dev", "no/such/dir"}, 1, "files from no/such/dir"},
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
