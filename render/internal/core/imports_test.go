package core

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoEbitengine keeps core free of ebitengine, whose import alone
// panics at start-up without a display: the batching, sorting and
// bookkeeping test and benchmark anywhere.
func TestNoEbitengine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		if !strings.HasPrefix(path, "github.com/tessera-engine/tessera/") {
			t.Errorf("core depends on %s; it may import Tessera's pure packages and the standard library only", path)
		}
		if strings.Contains(path, "ebiten") {
			t.Errorf("core depends on %s", path)
		}
	}
}
