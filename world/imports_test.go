package world_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportsStandardLibraryOnly keeps world free of ebitengine and of any
// other module: it must build and test anywhere, even without cgo.
func TestImportsStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		if path != "github.com/tessera-engine/tessera/world" {
			t.Errorf("world depends on %s; it may import the standard library only", path)
		}
	}
}
