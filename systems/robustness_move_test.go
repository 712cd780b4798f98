package systems_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// A mover whose collider is taller than a low tunnel (it stood up from a
// crouch inside it, or a solid closed on it) overlaps the floor and the
// ceiling. Walking must still move it (out of the tunnel).
func TestStuckInLowTunnel(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 0, Y: 115}, systems.Box(200, 16)) // floor top at 107
	spawn(w, systems.Vec2{X: 0, Y: 85}, systems.Box(200, 16))  // ceiling bottom at 93: a 14-high tunnel
	m := spawn(w, systems.Vec2{X: 0, Y: 100}, systems.Box(10, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	start := *systems.Position.Require(w, m)
	for range 120 {
		systems.Velocity.Require(w, m).X = 60 // walking right, every step
		step(t, w, 1)
	}
	p := *systems.Position.Require(w, m)
	t.Logf("after 120 steps walking right at 60/s: from %v to %v, vel %v", start, p, *systems.Velocity.Require(w, m))
	if p.X-start.X < 50 {
		t.Errorf("mover stuck: moved %v in 2 s of walking at 60/s (want ~120)", p.X-start.X)
	}
}

// The same with a mover wider than a vertical shaft (it grew inside it):
// it hangs in the air, falling never again.
func TestHoversInNarrowShaft(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: -20, Y: 0}, systems.Box(26, 300)) // right face at -7
	spawn(w, systems.Vec2{X: 20, Y: 0}, systems.Box(26, 300))  // left face at 7: a 14-wide shaft
	spawn(w, systems.Vec2{X: 0, Y: 200}, systems.Box(200, 40)) // ground, top at 180
	m := spawn(w, systems.Vec2{X: 0, Y: 0}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	step(t, w, 120)
	p := *systems.Position.Require(w, m)
	t.Logf("after 2 s of gravity: at %v vel %v flags %+v", p, *systems.Velocity.Require(w, m), *systems.Mover.Require(w, m))
	if p.Y < 1 {
		t.Errorf("mover hovers at %v: gravity never moves it", p)
	}
}

// Walking across ordinary floors and slopes: count the steps in which a
// mover walking at a steady speed does not advance (the narrow-gap
// fallback reverting a substep) or loses OnFloor.
func TestWalkFloorsAndSlopes(t *testing.T) {
	total := 0
	for _, shape := range []systems.Shape{systems.Circle(8), systems.Box(16, 16), systems.Box(12, 20), systems.Polygon(diamond(8)...)} {
		for _, vx := range []float64{60, 150, 300, -60, -150, -300} {
			_, w := newCollision(t, systems.CollisionOptions{})
			// tiles of 16 at y top 100, from -400 to -8
			for x := -392.0; x <= -8; x += 16 {
				spawn(w, systems.Vec2{X: x, Y: 108}, systems.Box(16, 16))
			}
			// ramp from (0,100) up to (200, 0), then flat tiles from 200
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: 0, Y: 100}, systems.Vec2{X: 200, Y: 0}, systems.Vec2{X: 200, Y: 100}))
			for x := 208.0; x <= 400; x += 16 {
				spawn(w, systems.Vec2{X: x, Y: 8}, systems.Box(16, 16))
			}
			// small gap-free joint: a flat box under the ramp start
			spawn(w, systems.Vec2{X: -4, Y: 108}, systems.Box(8, 16))
			x0 := -300.0
			if vx < 0 {
				x0 = 350
			}
			yTop := 100.0
			if vx < 0 {
				yTop = 0
			}
			m := spawn(w, systems.Vec2{X: x0, Y: yTop - 12}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
			step(t, w, 30)
			stalls, offFloor := 0, 0
			for s := range 240 {
				p0 := *systems.Position.Require(w, m)
				if p0.X < -380 || p0.X > 390 {
					break
				}
				systems.Velocity.Require(w, m).X = vx
				step(t, w, 1)
				p1 := *systems.Position.Require(w, m)
				if math.Abs(p1.X-p0.X) < math.Abs(vx)/60*0.2 {
					stalls++
					if stalls < 3 {
						t.Logf("%v vx %v step %d: stalled at %v (from %v)", shape.Kind, vx, s, p1, p0)
					}
				}
				if !systems.Mover.Require(w, m).OnFloor {
					offFloor++
				}
			}
			if stalls > 0 || offFloor > 0 {
				t.Logf("%v vx %v: %d stalled steps, %d steps off the floor", shape.Kind, vx, stalls, offFloor)
				total += stalls
			}
		}
	}
	if total > 0 {
		t.Errorf("%d stalled steps walking over floors and slopes", total)
	}
}

// A crouching player (10x8) walks into a 14-high tunnel and stands up
// (collider back to 10x16) while still walking: it must not freeze.
func TestStandUpInTunnel(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 0, Y: 115}, systems.Box(400, 16))  // floor top at 107
	spawn(w, systems.Vec2{X: 100, Y: 85}, systems.Box(200, 16)) // ceiling bottom at 93, x 0..200
	m := spawn(w, systems.Vec2{X: -50, Y: 103}, systems.Box(10, 8))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	walk := func(n int) {
		for range n {
			systems.Velocity.Require(w, m).X = 60
			step(t, w, 1)
		}
	}
	walk(90) // crouch-walk 90 units: into the tunnel
	t.Logf("crouching in the tunnel at %v", *systems.Position.Require(w, m))
	*systems.Collider.Require(w, m) = systems.Box(10, 16) // stand up
	p0 := *systems.Position.Require(w, m)
	walk(120)
	p1 := *systems.Position.Require(w, m)
	t.Logf("stood up at %v; 2 s of walking later at %v", p0, p1)
	if p1.X-p0.X < 50 {
		t.Errorf("frozen after standing up in the tunnel: moved %v in 2 s at 60/s", p1.X-p0.X)
	}
}
