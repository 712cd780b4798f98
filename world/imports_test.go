package world_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImportsStandardLibraryOnly keeps world free of ebitengine and of any
// other module: it must build and test anywhere, even without cgo.
func TestImportsStandardLibraryOnly(t *testing.T) {
	depcheck.Only(t)
}
