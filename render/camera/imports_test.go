package camera_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoEbitengine keeps package camera free of ebitengine, whose import
// alone panics at start-up without a display: camera math tests anywhere.
func TestNoEbitengine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		switch path {
		case "github.com/tessera-engine/tessera/render/camera",
			"github.com/tessera-engine/tessera/geom",
			"github.com/tessera-engine/tessera/world":
		default:
			t.Errorf("camera depends on %s; it may import world, geom and the standard library only", path)
		}
	}
}
