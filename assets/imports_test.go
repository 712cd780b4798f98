package assets_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps assets to the standard library, the YAML parser and
// go-text's font parser (which brings parts of golang.org/x/image; it is
// the parser ebitengine's text/v2 uses, so a font assets accepts makes
// faces) (STYLE §1): it must build and test anywhere, without ebitengine,
// and import no other Tessera package.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/internal/loaderr", "github.com/tessera-engine/tessera/internal/poll", "github.com/tessera-engine/tessera/internal/yamlpos", "github.com/tessera-engine/tessera/internal/yamltext", "go.yaml.in/yaml/v3",
		"github.com/go-text/typesetting/...", "golang.org/x/image/...")
}
