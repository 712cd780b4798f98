package systems_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// TestCollisionOptions: NewCollision takes the options in their ranges
// and refuses the rest with an error naming the option, before anything
// is allocated for them.
func TestCollisionOptions(t *testing.T) {
	for _, tt := range []struct {
		opts   systems.CollisionOptions
		option string // "" for accepted
	}{
		{systems.CollisionOptions{}, ""},
		{systems.CollisionOptions{CellSize: 1}, ""},
		{systems.CollisionOptions{CellSize: 1.0 / 64}, ""},
		{systems.CollisionOptions{CellSize: 65536, MaxSubsteps: 4096}, ""},
		{systems.CollisionOptions{CellSize: 12.5, MaxSubsteps: 1}, ""},
		{systems.CollisionOptions{CellSize: math.NaN()}, "CellSize"},
		{systems.CollisionOptions{CellSize: -1}, "CellSize"},
		{systems.CollisionOptions{CellSize: 1e-300}, "CellSize"},
		{systems.CollisionOptions{CellSize: 1e300}, "CellSize"},
		{systems.CollisionOptions{CellSize: math.Inf(1)}, "CellSize"},
		{systems.CollisionOptions{MaxSubsteps: -1}, "MaxSubsteps"},
		{systems.CollisionOptions{MaxSubsteps: 1e9}, "MaxSubsteps"},
	} {
		t.Run(fmt.Sprintf("%+v", tt.opts), func(t *testing.T) {
			col, err := systems.NewCollision(tt.opts)
			if tt.option == "" {
				if err != nil || col == nil {
					t.Fatalf("NewCollision = %v, %v, want a system", col, err)
				}
				return
			}
			var oe *systems.OptionError
			if !errors.As(err, &oe) || oe.Option != tt.option || !errors.Is(err, systems.ErrBadOption) ||
				!strings.Contains(err.Error(), "CollisionOptions."+tt.option) || col != nil {
				t.Errorf("NewCollision = %v, %v, want an OptionError naming %s", col, err, tt.option)
			}
		})
	}
}
