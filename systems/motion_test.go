package systems_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func TestMotion(t *testing.T) {
	tests := []struct {
		name     string
		vel      systems.Vec2
		acc      *systems.Vec2
		damp     *systems.Drag
		max      *systems.SpeedLimit
		steps    int
		wantPos  systems.Vec2
		wantVel  systems.Vec2
		posSlack float64
	}{
		{name: "velocity", vel: systems.Vec2{X: 60, Y: -30}, steps: 60, wantPos: systems.Vec2{X: 60, Y: -30}, wantVel: systems.Vec2{X: 60, Y: -30}},
		{name: "standing still", steps: 10},
		{
			// Semi-implicit Euler: after n steps of dt, v = a·n·dt and
			// x = a·dt²·n(n+1)/2.
			name: "acceleration", acc: &systems.Vec2{Y: 600}, steps: 60,
			wantPos: systems.Vec2{Y: 600 * stepDT * stepDT * 60 * 61 / 2}, wantVel: systems.Vec2{Y: 600},
		},
		{
			name: "damping halves the speed in ln 2 seconds", vel: systems.Vec2{X: 100}, damp: &systems.Drag{Rate: math.Ln2}, steps: 60,
			wantVel: systems.Vec2{X: 50}, wantPos: systems.Vec2{X: dampedDistance(100, math.Ln2, 60)},
		},
		{
			name: "max speed keeps the direction", vel: systems.Vec2{X: 300, Y: 400}, max: &systems.SpeedLimit{Max: 50}, steps: 60,
			wantVel: systems.Vec2{X: 30, Y: 40}, wantPos: systems.Vec2{X: 30, Y: 40},
		},
		{
			name: "max speed under the limit does nothing", vel: systems.Vec2{X: 3, Y: 4}, max: &systems.SpeedLimit{Max: 50}, steps: 60,
			wantVel: systems.Vec2{X: 3, Y: 4}, wantPos: systems.Vec2{X: 3, Y: 4},
		},
		{
			name: "max speed 0 stops", vel: systems.Vec2{X: 3, Y: 4}, max: &systems.SpeedLimit{}, steps: 1,
		},
		{
			// Gravity against the cap: a terminal velocity.
			name: "acceleration capped", acc: &systems.Vec2{Y: 6000}, max: &systems.SpeedLimit{Max: 100}, steps: 60,
			wantVel: systems.Vec2{Y: 100}, wantPos: systems.Vec2{Y: 100}, posSlack: 1e-9,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, systems.Motion())
			e := world.Spawn2(w, systems.Position, systems.Vec2{}, systems.Velocity, tt.vel)
			if tt.acc != nil {
				systems.Acceleration.Add(w, e, *tt.acc)
			}
			if tt.damp != nil {
				systems.Damping.Add(w, e, *tt.damp)
			}
			if tt.max != nil {
				systems.MaxSpeed.Add(w, e, *tt.max)
			}
			// A body without Velocity is not moved.
			still := world.Spawn2(w, systems.Position, systems.Vec2{X: 7}, systems.Acceleration, systems.Vec2{X: 100})
			step(t, w, tt.steps)
			p, v := *systems.Position.Require(w, e), *systems.Velocity.Require(w, e)
			if !within(p, tt.wantPos, 1e-9) || !within(v, tt.wantVel, 1e-9) {
				t.Errorf("after %d steps: at %v moving %v, want at %v moving %v", tt.steps, p, v, tt.wantPos, tt.wantVel)
			}
			if p := *systems.Position.Require(w, still); p != (systems.Vec2{X: 7}) {
				t.Errorf("body without Velocity moved to %v", p)
			}
		})
	}
}

// dampedDistance is how far a body starting at speed v0 goes in n steps
// with Damping at rate: the velocity is multiplied by e^(−rate·dt) before
// each move.
func dampedDistance(v0, rate float64, n int) float64 {
	x, v := 0.0, v0
	for range n {
		v *= math.Exp(-rate * stepDT)
		x += v * stepDT
	}
	return x
}

// within reports whether a and b are within eps on both axes.
func within(a, b systems.Vec2, eps float64) bool {
	return math.Abs(a.X-b.X) <= eps && math.Abs(a.Y-b.Y) <= eps
}

// TestMotionManyBodies: the flat loops handle every body, across runs of
// slots broken by entities without the components.
func TestMotionManyBodies(t *testing.T) {
	w := newWorld(t, systems.Motion())
	var es []world.Entity
	for i := range 500 {
		if i%7 == 0 {
			w.Create() // a hole in the slots
		}
		e := world.Spawn2(w, systems.Position, systems.Vec2{X: float64(i)}, systems.Velocity, systems.Vec2{Y: 60})
		if i%3 == 0 {
			systems.MaxSpeed.Add(w, e, systems.SpeedLimit{Max: 30})
		}
		es = append(es, e)
	}
	step(t, w, 60)
	for i, e := range es {
		want := systems.Vec2{X: float64(i), Y: 60}
		if i%3 == 0 {
			want.Y = 30
		}
		if p := *systems.Position.Require(w, e); !within(p, want, 1e-9) {
			t.Fatalf("body %d at %v, want %v", i, p, want)
		}
	}
}

// MaxSpeed caps an infinite velocity along its direction, without NaN.
func TestMaxSpeedInfinity(t *testing.T) {
	w := newWorld(t, systems.Motion())
	e := world.Spawn2(w, systems.Position, systems.Vec2{}, systems.Velocity, systems.Vec2{X: math.Inf(1)})
	systems.MaxSpeed.Add(w, e, systems.SpeedLimit{Max: 100})
	step(t, w, 1)
	if v := *systems.Velocity.Require(w, e); math.IsNaN(v.X) {
		t.Fatalf("capped velocity %v", v)
	}
}
