package save_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps save above world and prefab and free of ebitengine,
// so that saves load in tests, tools and servers.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/world", "github.com/tessera-engine/tessera/prefab",
		"github.com/tessera-engine/tessera/random", "github.com/tessera-engine/tessera/save/compact",
		"github.com/tessera-engine/tessera/assets", "github.com/tessera-engine/tessera/internal/...",
		"go.yaml.in/yaml/v3", "github.com/go-text/typesetting/...", "golang.org/x/image/...")
}
