package systems_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// A mover falling into a V of two steep ramps, and into a gap narrower
// than itself, must come to rest above them, not be pushed through.
func TestMoverInV(t *testing.T) {
	for _, steep := range []float64{1, 2, 4} { // ramp rise per unit run
		for _, shape := range []systems.Shape{systems.Circle(8), systems.Box(16, 16), systems.Polygon(diamond(8)...)} {
			_, w := newCollision(t, systems.CollisionOptions{})
			// left ramp: high on the left; right ramp: high on the right; they meet at (0, 100)
			h := 60 * steep
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: -60, Y: 100 - h}, systems.Vec2{X: 0, Y: 100}, systems.Vec2{X: -60, Y: 100}))
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: 60, Y: 100 - h}, systems.Vec2{X: 60, Y: 100}, systems.Vec2{X: 0, Y: 100}))
			m := spawn(w, systems.Vec2{X: 3, Y: 100 - h - 20}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 2000})
			step(t, w, 300)
			p := systems.Position.Require(w, m)
			if p.Y > 100 || math.IsNaN(p.Y) || math.Abs(p.X) > 60 {
				t.Errorf("steepness %v, %v: mover at %v, through the V (its bottom is at y = 100)", steep, shape.Kind, *p)
			}
		}
	}
}

func TestMoverOnNarrowGap(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: -20, Y: 100}, systems.Box(26, 16)) // right face at -7
	spawn(w, systems.Vec2{X: 20, Y: 100}, systems.Box(26, 16))  // left face at 7: a 14-unit gap
	m := spawn(w, systems.Vec2{X: 0.5, Y: 0}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 3000})
	step(t, w, 120)
	if p := systems.Position.Require(w, m); math.Abs(p.Y-84) > 1e-6 || !systems.Mover.Require(w, m).OnFloor {
		t.Fatalf("16-wide mover over a 14-wide gap at %v, %+v; want resting at y 84 on the floor", *p, *systems.Mover.Require(w, m))
	}
}

// A platformer hero 20 wide lands over a one-tile (16-wide) hole in a
// floor of 16×16 tiles, after falling 100 units under 980 units/s²
// gravity: it must land on the tiles either side, not slip through.
func TestHeroLandsOverNarrowerHole(t *testing.T) {
	fails := 0
	for k := range 100 {
		dx, fall := float64(k%5)*0.5, 40+float64(k/5)*13
		_, w := newCollision(t, systems.CollisionOptions{})
		for x := -152.0; x <= 152; x += 16 {
			if x != 8 { // the hole: x 0..16
				spawn(w, systems.Vec2{X: x, Y: 208}, systems.Box(16, 16)) // tops at y = 200
			}
		}
		hero := spawn(w, systems.Vec2{X: 8 + dx, Y: 190 - fall}, systems.Box(20, 20))
		systems.Mover.Add(w, hero, systems.Movement{})
		systems.Velocity.Add(w, hero, systems.Vec2{})
		systems.Acceleration.Add(w, hero, systems.Vec2{Y: 980})
		step(t, w, 120)
		if p := systems.Position.Require(w, hero); p.Y > 190+1e-6 {
			fails++
			t.Errorf("hero 20 wide, %v right of the 16-wide hole's centre, falling %v: at %v, fell through (want resting at y 190)", dx, fall, *p)
		}
	}
	if fails > 0 {
		t.Errorf("%d of 100 fell through", fails)
	}
}

// On a gentle ramp (about 27°), a mover standing or walking has OnFloor
// and never OnWall.
func TestSlopeFlags(t *testing.T) {
	for _, shape := range []systems.Shape{systems.Circle(8), systems.Box(16, 16), systems.Box(12, 20)} {
		for _, vx := range []float64{0, 60, -60} {
			_, w := newCollision(t, systems.CollisionOptions{})
			// ramp rising to the right: top edge from (-200, 100) to (200, -100)
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: -200, Y: 100}, systems.Vec2{X: 200, Y: -100}, systems.Vec2{X: 200, Y: 100}))
			m := spawn(w, systems.Vec2{X: 0, Y: -40}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
			step(t, w, 30)
			bad := 0
			for s := range 60 {
				systems.Velocity.Require(w, m).X = vx
				step(t, w, 1)
				mv := systems.Mover.Require(w, m)
				if !mv.OnFloor || mv.OnWall || mv.OnCeiling {
					bad++
					if bad < 3 {
						t.Errorf("%v vx %v step %d: at %v flags %+v", shape.Kind, vx, s, *systems.Position.Require(w, m), *mv)
					}
				}
			}
		}
	}
}
