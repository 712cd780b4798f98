package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoEbitengine keeps package engine free of ebitengine, whose import
// alone panics at start-up without a display: the loop, input, config and
// headless runner must build and test anywhere. The ebitengine runtime is
// package engine/window.
func TestNoEbitengine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		if strings.Contains(path, "hajimehoshi/ebiten") || strings.Contains(path, "github.com/ebitengine/") {
			t.Errorf("engine depends on %s; only engine/window may import ebitengine", path)
		}
	}
}
