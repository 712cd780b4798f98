package scene_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestNoEbitengine keeps scene free of ebitengine (STYLE §1): scenes must
// build and test without a display. Only world may be imported of ours.
func TestNoEbitengine(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/world")
}
