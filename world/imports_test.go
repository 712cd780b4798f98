package world_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestImportsStandardLibraryOnly keeps world free of ebitengine and of any
// other module: it must build and test anywhere, even without cgo. It may
// import package random, the world's generator, which imports the
// standard library only.
func TestImportsStandardLibraryOnly(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/random")
}
