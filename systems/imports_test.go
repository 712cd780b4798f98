package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps systems headless: it may depend on world, geom, resolv,
// internal/yamltext (which imports only the standard library) and the
// standard library; never on ebitengine or the engine.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/world", "github.com/tessera-engine/tessera/geom", "github.com/solarlune/resolv",
		"github.com/tessera-engine/tessera/internal/yamltext") // standard library only: the names data may use
}
