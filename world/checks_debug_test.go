//go:build tesseradebug

package world_test

import (
	"errors"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// The tesseradebug build checks the invariants the unchecked paths rest on
// (see checks.go) and NaNs in columns, on every access.
func TestDebugChecksCatchBrokenStorage(t *testing.T) {
	if !world.DebugChecks {
		t.Fatal("built with tesseradebug, but the checks are off")
	}
	tests := []struct {
		name string
		do   func(w *world.World, e world.Entity)
		want error
	}{
		{"Get of a slot whose bit is clear", func(w *world.World, e world.Entity) {
			world.ClearBitQuietly(w, tPos, e)
			tPos.Get(w, e)
		}, world.ErrBrokenInvariant},
		{"walk over a stale view", func(w *world.World, e world.Entity) {
			w.Slots(tPos, tVel).Runs()
			world.ClearBitQuietly(w, tVel, e)
			world.Each2(w, tPos, tVel, func(world.Entity, *position, *velocity) {})
		}, world.ErrBrokenInvariant},
		{"NaN written raw, read by a walk", func(w *world.World, e world.Entity) {
			tPos.Column(w)[e.Slot()].Y = float32(math.NaN())
			for range world.Query1(w, tPos) {
			}
		}, world.ErrNaN},
		{"NaN written raw, read by Get", func(w *world.World, e world.Entity) {
			tVel.Column(w)[e.Slot()].X = float32(math.NaN())
			tVel.Get(w, e)
		}, world.ErrNaN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := world.New()
			world.Spawn2(w, tPos, position{}, tVel, velocity{})
			e := world.Spawn2(w, tPos, position{}, tVel, velocity{})
			err := mustPanicWith(t, func() { tt.do(w, e) })
			var we *world.Error
			if !errors.Is(err, tt.want) || !errors.As(err, &we) || we.Entity != e {
				t.Errorf("panicked with %v, want %v naming %v", err, tt.want, e)
			}
		})
	}
}
