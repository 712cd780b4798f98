package compact_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImportsStandardLibraryOnly keeps the codec free of every other
// package, Tessera's included, so tools can use it alone.
func TestImportsStandardLibraryOnly(t *testing.T) {
	depcheck.Only(t)
}
