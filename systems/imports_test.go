package systems_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports keeps systems headless: it may depend on world, geom, resolv
// and the standard library only; never on ebitengine or the engine.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	allowed := map[string]bool{
		"github.com/tessera-engine/tessera/systems": true,
		"github.com/tessera-engine/tessera/world":   true,
		"github.com/tessera-engine/tessera/geom":    true,
		"github.com/solarlune/resolv":               true,
	}
	for _, path := range strings.Fields(string(out)) {
		if !allowed[path] {
			t.Errorf("systems depends on %s; it may import world, geom, resolv and the standard library only", path)
		}
	}
}
