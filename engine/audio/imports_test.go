package audio_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoDisplayNeeded keeps package audio off ebitengine's root package,
// whose import alone panics at start-up without a display: importing
// ebitengine's audio package only, its binaries and tests run anywhere.
func TestNoDisplayNeeded(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		if path == "github.com/hajimehoshi/ebiten/v2" || strings.Contains(path, "/ebiten/v2/internal/ui") || strings.Contains(path, "glfw") {
			t.Errorf("engine/audio depends on %s, which needs a display; import only ebitengine's audio packages", path)
		}
	}
}
