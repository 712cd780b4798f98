package loading_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports keeps loading free of ebitengine (STYLE §1): it may import
// assets, scene (and world, which scene imports), the standard library and
// the YAML parser assets uses.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		switch path {
		case "github.com/tessera-engine/tessera/assets/loading", "github.com/tessera-engine/tessera/assets", "github.com/tessera-engine/tessera/internal/yamltext",
			"github.com/tessera-engine/tessera/scene", "github.com/tessera-engine/tessera/world", "go.yaml.in/yaml/v3":
		default:
			t.Errorf("loading depends on %s; it may import assets, scene, world, the standard library and go.yaml.in/yaml/v3 only", path)
		}
	}
}
