package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImports keeps systems headless: it may depend on world, geom, resolv
// and the standard library only; never on ebitengine or the engine.
func TestImports(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/world", "github.com/tessera-engine/tessera/geom", "github.com/solarlune/resolv")
}
