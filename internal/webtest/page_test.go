//go:build unix

package webtest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPageShowsFailures checks that a game that cannot run shows why on
// its page instead of a black one: a game that exits (testdata/exit, a
// stand-in for a game whose start-up fails) leaves its exit code and its
// last output there, and a page whose game.wasm cannot be loaded says so.
func TestPageShowsFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for the browser and opens it in Chromium")
	}
	chromium := lookBrowser(t)
	root := repoRoot(t)
	trackSources(t, root)
	out := t.TempDir()
	s, err := serve(root, "internal/webtest/testdata/exit", out)
	if err != nil {
		t.Fatal(err)
	}
	defer s.stop()
	b := startBrowser(t, chromium, 640, 360)
	ctx, cancel := context.WithTimeout(context.Background(), sceneTimeout)
	defer cancel()

	tests := []struct {
		name      string
		prepare   func(t *testing.T)
		state     string
		exitCode  string
		saysParts []string
	}{
		{
			name:      "game exits",
			state:     "exited",
			exitCode:  "3",
			saysParts: []string{"exit exited with code 3", "exit: no level to start with"},
		},
		{
			name: "no game.wasm",
			prepare: func(t *testing.T) {
				if err := os.Remove(filepath.Join(out, "game.wasm")); err != nil {
					t.Fatal(err)
				}
			},
			state:     "failed",
			saysParts: []string{"exit failed: Error: game.wasm: 404 Not Found"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.prepare != nil {
				tt.prepare(t)
			}
			if err := b.navigate(ctx, s.url); err != nil {
				t.Fatal(err)
			}
			p, err := waitState(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			if p.State != tt.state {
				t.Errorf("state %q, want %q; the page says:\n%s", p.State, tt.state, p.Status)
			}
			for _, part := range tt.saysParts {
				if !strings.Contains(p.Status, part) {
					t.Errorf("the page says:\n%s\nwant it to say %q", p.Status, part)
				}
			}
			var code string
			if err := b.eval(ctx, `document.documentElement.dataset.exitCode || ""`, &code); err != nil {
				t.Fatal(err)
			}
			if code != tt.exitCode {
				t.Errorf("data-exit-code %q, want %q", code, tt.exitCode)
			}
			shot, err := b.screenshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if p := paletteOf(shot); p.colours() < 3 {
				t.Errorf("the page shows %d colours, want its message (on a background, at least 3)", p.colours())
			}
		})
	}
}
