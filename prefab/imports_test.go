package prefab_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports keeps prefab to world, the standard library and the YAML
// parser: it must build and test anywhere, without ebitengine.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	allowed := map[string]bool{
		"github.com/tessera-engine/tessera/prefab":            true,
		"github.com/tessera-engine/tessera/world":             true,
		"github.com/tessera-engine/tessera/internal/yamltext": true,
		"go.yaml.in/yaml/v3":                                  true,
	}
	for _, path := range strings.Fields(string(out)) {
		if !allowed[path] {
			t.Errorf("prefab depends on %s; it may import world, internal/yamltext, the standard library and go.yaml.in/yaml/v3 only", path)
		}
	}
}
