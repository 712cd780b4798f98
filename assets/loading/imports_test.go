package loading_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps loading free of ebitengine (STYLE §1): it may import
// assets, scene (and world, which scene imports), the standard library and
// the YAML parser assets uses.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/assets", "github.com/tessera-engine/tessera/internal/loaderr", "github.com/tessera-engine/tessera/internal/poll", "github.com/tessera-engine/tessera/internal/yamlpos", "github.com/tessera-engine/tessera/internal/yamltext", "github.com/tessera-engine/tessera/scene", "github.com/tessera-engine/tessera/world", "go.yaml.in/yaml/v3")
}
