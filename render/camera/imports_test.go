package camera_test

import (
	"testing"

	"github.com/tessera-engine/tessera/internal/depcheck"
)

// TestNoEbitengine keeps package camera free of ebitengine, whose import
// alone panics at start-up without a display: camera math tests anywhere.
func TestNoEbitengine(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/geom", "github.com/tessera-engine/tessera/world")
}
