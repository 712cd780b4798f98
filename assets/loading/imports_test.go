package loading_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps loading free of ebitengine (STYLE §1): it may import
// assets, scene (and world, which scene imports), the drawable components
// and geom for its bar, the standard library, and what assets imports:
// the YAML parser and go-text's font parser.
func TestImports(t *testing.T) {
	depcheck.Only(t,
		"github.com/tessera-engine/tessera/assets",
		"github.com/tessera-engine/tessera/geom",
		"github.com/tessera-engine/tessera/internal/loaderr",
		"github.com/tessera-engine/tessera/internal/poll",
		"github.com/tessera-engine/tessera/internal/yamlpos", "github.com/tessera-engine/tessera/internal/yamltext",
		"github.com/tessera-engine/tessera/render/drawable",
		"github.com/tessera-engine/tessera/render/camera",
		"github.com/tessera-engine/tessera/render/internal/core",
		"github.com/tessera-engine/tessera/scene",
		"github.com/tessera-engine/tessera/world",
		"go.yaml.in/yaml/v3",
		"github.com/go-text/typesetting/...", "golang.org/x/image/...")
}
