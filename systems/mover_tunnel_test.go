package systems_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// Sweep speeds up to the documented limit (MaxSubsteps × a quarter of the
// smallest width a step), several wall thicknesses and start offsets.
func TestTunnelLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	shapes := []struct {
		s     systems.Shape
		width float64 // the documented smallest width
	}{
		{systems.Box(16, 16), 16},
		{systems.Circle(8), 16},
		{systems.Polygon(diamond(8)...), 8 * 1.4142135623730951},
		{systems.Box(16, 40), 16},
	}
	fails := 0
	for _, sh := range shapes {
		for k := range 200 {
			wall := []float64{0.1, 0.5, 1, 2, 4}[k%5]
			perStep := (0.2 + 0.8*r.Float64()) * 32 * sh.width / 4
			start := -300 + r.Float64()*50
			dir := systems.Vec2{X: 1, Y: (r.Float64() - 0.5) * 0.6}
			_, w := newCollision(t, systems.CollisionOptions{CellSize: 64})
			spawn(w, systems.Vec2{X: 200}, systems.Box(wall, 20000))
			m := spawn(w, systems.Vec2{X: start}, sh.s)
			systems.Mover.Add(w, m, systems.Movement{})
			v := dir.Scale(perStep / dir.Len() * 60)
			systems.Velocity.Add(w, m, v)
			for range 40 {
				systems.Velocity.Add(w, m, v)
				step(t, w, 1)
			}
			if x := systems.Position.Require(w, m).X; x > 200 {
				fails++
				if fails < 5 {
					t.Errorf("%v: %.1f units a step (limit %.0f), wall %v: mover at x = %v, through", sh.s.Kind, perStep, 32*sh.width/4, wall, x)
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d through", fails, 4*200)
	}
	_ = fmt.Sprint
}

// A thin plank turned 45° (a rotated box is a polygon): its substep is a
// quarter of its bounding box, not of its width, so it goes through a
// thin wall parallel to it far below the documented limit.
func TestThinDiagonalMoverTunnels(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	// a plank 4 thick and 60 long, along the diagonal x = -y
	plank := func(half, thick float64) systems.Shape {
		u := systems.Vec2{X: 0.7071067811865476, Y: -0.7071067811865476} // along
		n := systems.Vec2{X: 0.7071067811865476, Y: 0.7071067811865476}  // across
		a, b := u.Scale(half), n.Scale(thick/2)
		return systems.Polygon(a.Add(b), a.Sub(b), a.Scale(-1).Sub(b), a.Scale(-1).Add(b))
	}
	spawn(w, systems.Vec2{X: 100, Y: 100}, plank(200, 1)) // a thin diagonal wall, parallel to the mover
	m := spawn(w, systems.Vec2{}, plank(30, 4))
	systems.Mover.Add(w, m, systems.Movement{})
	// 10 units a step along n: documented safe up to 32 × 4/4 = 32 a step
	v := systems.Vec2{X: 0.7071067811865476, Y: 0.7071067811865476}.Scale(10 * 60)
	systems.Velocity.Add(w, m, v)
	for range 30 {
		systems.Velocity.Add(w, m, v)
		step(t, w, 1)
	}
	if p := systems.Position.Require(w, m); p.X > 100 {
		t.Fatalf("4-unit-thick mover at 10 units a step ended at %v, past the wall at (100, 100)", *p)
	}
}

// TestMoverDoesNotTunnel fires movers at walls much thinner than their
// step and checks they stop against the near face.
func TestMoverDoesNotTunnel(t *testing.T) {
	tests := []struct {
		shape systems.Shape
		half  float64 // the mover's half width along x
		speed float64 // units a second; at 60 steps a second, speed/60 a step
		wall  float64 // the wall's thickness
	}{
		{systems.Box(16, 16), 8, 600, 2},
		{systems.Box(16, 16), 8, 1800, 1},
		{systems.Circle(8), 8, 1200, 1},
		{systems.Box(8, 32), 4, 2400, 4},
		{systems.Polygon(diamond(8)...), 8, 900, 2},
		{systems.Box(16, 16), 8, 1200, 0.1},
		{systems.Circle(4), 4, 900, 0.1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v-speed%v-wall%v", tt.shape.Kind, tt.speed, tt.wall), func(t *testing.T) {
			_, w := newCollision(t, systems.CollisionOptions{})
			spawn(w, systems.Vec2{X: 200}, systems.Box(tt.wall, 200))
			m := spawn(w, systems.Vec2{X: -300}, tt.shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{X: tt.speed})
			step(t, w, 60)
			want := 200 - tt.wall/2 - tt.half
			if x := systems.Position.Require(w, m).X; math.Abs(x-want) > 1e-9 {
				t.Errorf("mover at x = %v, want %v: against the wall's near face", x, want)
			}
		})
	}
}
