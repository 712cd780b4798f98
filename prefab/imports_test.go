package prefab_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps prefab to world, assets (whose Referrers prefab data
// may hold), small internal helpers of world's and YAML's, and what
// assets imports (go-text's font parser and parts of
// golang.org/x/image), the standard library and the YAML parser: it must
// build and test anywhere, without ebitengine.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/world", "github.com/tessera-engine/tessera/assets",
		"github.com/tessera-engine/tessera/internal/entitytext", "github.com/tessera-engine/tessera/internal/loaderr",
		"github.com/tessera-engine/tessera/internal/poll",
		"github.com/tessera-engine/tessera/internal/yamlpos", "github.com/tessera-engine/tessera/internal/yamltext",
		"go.yaml.in/yaml/v3", "github.com/go-text/typesetting/...", "golang.org/x/image/...")
}
