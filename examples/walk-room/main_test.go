package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHeadless runs the command headless with the demo walk, as
// ./scripts/example.sh walk-room does without a display, and checks the
// state it prints.
func TestHeadless(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-headless"}, "room study, player at (381.5, 320.0)"},
		{[]string{"-headless", "-steps", "90"}, "room hall, player at (320.0, 360.0), camera at (320.0, 360.0), 1 items"},
		{[]string{"-headless", "-demo=false", "-steps", "50"}, "room hall, player at (120.0, 360.0), camera at (320.0, 360.0), 0 items"},
		{[]string{"-headless", "-game.room", "study", "-steps", "1", "-demo=false"}, "room study, player at (100.0, 320.0)"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != 0 {
			t.Errorf("run(%q) = %d, want 0; stderr: %s", tc.args, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), tc.want) {
			t.Errorf("run(%q) printed %q, want it to contain %q", tc.args, stdout.String(), tc.want)
		}
	}
}

// TestBadArgs: bad flags, configuration and rooms exit with status 2 or 1,
// saying why.
func TestBadArgs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-steps", "x"}, 2, "invalid value"},
		{[]string{"-headless", "extra"}, 2, "unexpected arguments"},
		{[]string{"-frames", "-1"}, 2, "-frames must not be negative"},
		{[]string{"-screenshot", "x.png"}, 2, "-screenshot needs -frames"},
		{[]string{"-sound", "loud"}, 2, `-sound "loud": want on, off or auto`},
		{[]string{"-headless", "-window.zoom", "big"}, 2, "window.zoom"},
		{[]string{"-headless", "-game.room", "attic"}, 1, `no room "attic"`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("run(%q) = %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}
