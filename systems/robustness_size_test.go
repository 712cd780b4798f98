package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// checkSize's limit is the area's cells plus 65,536, but it estimates a
// shape's cells as (w/cell+2)*(h/cell+2): on a long area a box exactly
// the area's size is refused, and on a fine grid a bounds box a little
// bigger than the area is too (both were accepted before 71dbae9).
func TestColliderAsBigAsAreaAccepted(t *testing.T) {
	for _, tt := range []struct {
		name string
		area systems.Rectangle
		cell float64
		box  systems.Shape
	}{
		{"long level, box = area", systems.Rect(0, 0, 262160, 64), 8, systems.Box(262160, 64)},
		{"2048 area, 4-unit cells, 2400 bounds box", systems.Rect(0, 0, 2048, 2048), 4, systems.Box(2400, 2400)},
	} {
		_, w := newCollision(t, systems.CollisionOptions{Area: tt.area, CellSize: tt.cell})
		c := systems.Vec2{X: tt.area.Dx() / 2, Y: tt.area.Dy() / 2}
		spawn(w, c, tt.box)
		if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
