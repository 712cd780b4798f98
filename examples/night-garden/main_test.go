package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHeadless runs the command headless, as scripts/example.sh does with
// no display, and checks its summary: the fireflies are in the garden
// and, the garden starting at night, the flowers are open.
func TestHeadless(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-headless", "-steps", "240", "-seed", "9"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run = %d, stderr %s", code, stderr.String())
	}
	for _, want := range []string{"night-garden: 240 steps (4s)", "(night)", "28 of 28 fireflies inside the garden", "11 of 11 flowers open"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout %q does not contain %q", stdout.String(), want)
		}
	}
}

// TestHeadlessDev runs headless from the assets directory, as -dev does.
func TestHeadlessDev(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-headless", "-steps", "10", "-dev", "game/assets"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run -dev game/assets = %d, stderr %s", code, stderr.String())
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-nope"}, 2, "flag provided but not defined"},
		{[]string{"-headless", "-window.width", "wide"}, 2, "window.width"},
		{[]string{"-screenshot", "x.png"}, 2, "-screenshot needs -frames"},
		{[]string{"-frames", "-1"}, 2, "-screenshot needs -frames"},
		{[]string{"-headless", "-dev", "no/such/dir"}, 1, "no/such/dir"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("run(%q) = %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}
