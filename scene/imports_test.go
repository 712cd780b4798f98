package scene_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoEbitengine keeps scene free of ebitengine (STYLE §1): scenes must
// build and test without a display. Only world may be imported of ours.
func TestNoEbitengine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		switch path {
		case "github.com/tessera-engine/tessera/scene", "github.com/tessera-engine/tessera/world":
		default:
			t.Errorf("scene depends on %s; it may import world and the standard library only", path)
		}
	}
}
