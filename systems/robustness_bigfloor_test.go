package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// A long ground strip (a "catch-all" floor wider than the area, which
// collides where it is inside the area) with a player standing on it.
func TestLongFloor(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 160, Y: 220}, systems.Box(2000, 20)) // top at 210
	m := spawn(w, systems.Vec2{X: 160, Y: 100}, systems.Box(10, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	var err error
	for range 120 {
		if e := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); e != nil {
			err = e
		}
	}
	p := *systems.Position.Require(w, m)
	t.Logf("player at %v, last error %v", p, err)
	if p.Y > 203 {
		t.Errorf("player fell through a 2000-wide floor in a 320x240 area (at %v): %v", p, err)
	}
}
