package systems_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// A mover standing on a thin floor when a solid (a closing door, a
// crusher) is spawned overlapping its top: it begins inside solids. The
// fallback used to hold it there; now it is "left to be pushed out".
// Where does it go?
func TestLastWedgedByDoor(t *testing.T) {
	for _, floorH := range []float64{4, 8, 16} {
		for _, ov := range []float64{2, 6, 10, 14} {
			_, w := newCollision(t, systems.CollisionOptions{})
			floorTop := 107.0
			spawn(w, systems.Vec2{X: 0, Y: floorTop + floorH/2}, systems.Box(400, floorH))
			m := spawn(w, systems.Vec2{X: 0, Y: floorTop - 8}, systems.Box(10, 16)) // resting, top at 91
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
			step(t, w, 5)
			spawn(w, systems.Vec2{X: 0, Y: 91 + ov - 8}, systems.Box(40, 16)) // door, bottom at 91+ov
			for range 60 {
				systems.Velocity.Require(w, m).X = 60
				step(t, w, 1)
			}
			p := *systems.Position.Require(w, m)
			where := "on/in the floor"
			if p.Y-8 >= floorTop+floorH {
				where = "BELOW THE FLOOR"
			} else if p.Y+8 <= floorTop+1e-6 && p.X > 25 {
				where = "walked out, on the floor"
			}
			t.Logf("floor %v thick, door overlap %v: mover at %v: %s", floorH, ov, p, where)
		}
	}
}
