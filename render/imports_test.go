package render_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports keeps render's own imports to those the style guide allows
// it: world, geom and assets, and its own subpackages. (It is one of the
// two packages that import ebitengine.)
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	allowed := map[string]bool{
		"github.com/tessera-engine/tessera/world":                true,
		"github.com/tessera-engine/tessera/geom":                 true,
		"github.com/tessera-engine/tessera/assets":               true,
		"github.com/tessera-engine/tessera/render/camera":        true,
		"github.com/tessera-engine/tessera/render/drawable":      true,
		"github.com/tessera-engine/tessera/render/internal/core": true,
	}
	for _, path := range strings.Fields(string(out)) {
		if strings.HasPrefix(path, "github.com/tessera-engine/tessera/") && !allowed[path] {
			t.Errorf("render imports %s; it may import world, geom, assets and its own subpackages", path)
		}
	}
}
