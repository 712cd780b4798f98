package world_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestWalkGenUpToDate regenerates walk_gen.go from its template and fails
// when the checked-in file differs: edit internal/gen, then run
// go generate.
func TestWalkGenUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	out := filepath.Join(t.TempDir(), "walk_gen.go")
	cmd := exec.Command("go", "run", "./internal/gen", "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/gen: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("walk_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("walk_gen.go is not what internal/gen makes: run go generate in world/")
	}
}
