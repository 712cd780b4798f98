package level_test

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestNoEbitengine: level never links ebitengine, whose import alone
// panics at start-up without a display, nor the renderer or the engine:
// maps load, spawn and test headless, and name what they draw with the
// drawables' components only.
func TestNoEbitengine(t *testing.T) {
	for _, path := range depcheck.Deps(t) {
		if strings.Contains(path, "hajimehoshi/ebiten") || strings.Contains(path, "github.com/ebitengine/") ||
			strings.HasSuffix(path, "tessera/render") || strings.Contains(path, "tessera/engine") {
			t.Errorf("level depends on %s", path)
		}
	}
}
