package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runMarker names a shell block of the walkthrough that a test runs.
var runMarker = regexp.MustCompile(`^<!--\s*run:\s*separate-module\s*-->$`)

// TestSeparateModule runs the walkthrough's "Make it in a module of your
// own" block, as it is, in a fresh directory holding a link to this
// repository as tessera/: a game in a module of its own, required through
// a replace line, builds and runs headless. Skipped under -short (it
// resolves the game's dependencies, from the module cache when it is
// warm).
func TestSeparateModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	script := shellBlock(t, doc)
	repo, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(repo, filepath.Join(dir, "tessera")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the walkthrough's block failed: %v\n%s\n---\n%s", err, script, out)
	}
	mod, err := os.ReadFile(filepath.Join(dir, "catch", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"module example.com/catch", "github.com/tessera-engine/tessera => ../tessera"} {
		if !strings.Contains(string(mod), want) {
			t.Errorf("catch/go.mod lacks %q:\n%s", want, mod)
		}
	}
}

// shellBlock returns the sh block of path that follows the run marker.
func shellBlock(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	state := 0 // 0 before the marker, 1 between it and the fence, 2 inside
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case state == 0 && runMarker.MatchString(line):
			state = 1
		case state == 1 && line == "```sh":
			state = 2
		case state == 2 && line == "```":
			return b.String()
		case state == 2:
			b.WriteString(line + "\n")
		}
	}
	t.Fatalf("%s has no sh block after <!-- run: separate-module -->", path)
	return ""
}
