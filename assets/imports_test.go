package assets_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps assets to the standard library and the YAML parser
// (STYLE §1): it must build and test anywhere, without ebitengine, and
// import no other Tessera package.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/internal/loaderr", "github.com/tessera-engine/tessera/internal/poll", "github.com/tessera-engine/tessera/internal/yamlpos", "github.com/tessera-engine/tessera/internal/yamltext", "go.yaml.in/yaml/v3")
}
