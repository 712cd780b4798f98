package random_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImportsStandardLibraryOnly keeps random importable by world, which
// may depend on the standard library only.
func TestImportsStandardLibraryOnly(t *testing.T) {
	depcheck.Only(t)
}
