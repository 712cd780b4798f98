package assets_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports keeps assets to the standard library and the YAML parser
// (STYLE §1): it must build and test anywhere, without ebitengine, and
// import no other Tessera package.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		switch path {
		case "github.com/tessera-engine/tessera/assets", "github.com/tessera-engine/tessera/internal/yamltext", "go.yaml.in/yaml/v3":
		default:
			t.Errorf("assets depends on %s; it may import the standard library, internal/yamltext and go.yaml.in/yaml/v3 only", path)
		}
	}
}
