package game_test

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestNoEbitengine: the game never links ebitengine, whose import alone
// panics at start-up without a display, nor draws: what it shows is
// components the engine draws. (The pictures it takes from ebitengine's
// module are copied into its sprite sheet by internal/genart.)
func TestNoEbitengine(t *testing.T) {
	for _, path := range depcheck.Deps(t) {
		if strings.Contains(path, "hajimehoshi/ebiten") || strings.Contains(path, "github.com/ebitengine/") ||
			strings.HasSuffix(path, "tessera/render") || strings.Contains(path, "tessera/engine/window") {
			t.Errorf("the game depends on %s", path)
		}
	}
}
