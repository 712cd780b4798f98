package systems_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func TestConfine(t *testing.T) {
	box := systems.Rect(0, 0, 100, 50)
	tests := []struct {
		name     string
		mode     systems.BoundsMode
		pos, vel systems.Vec2
		noVel    bool
		wantPos  systems.Vec2
		wantVel  systems.Vec2
		wantDead bool
	}{
		{name: "clamp inside", mode: systems.Clamp, pos: systems.Vec2{X: 50, Y: 25}, vel: systems.Vec2{X: 1}, wantPos: systems.Vec2{X: 50, Y: 25}, wantVel: systems.Vec2{X: 1}},
		{name: "clamp right", mode: systems.Clamp, pos: systems.Vec2{X: 110, Y: 25}, vel: systems.Vec2{X: 5, Y: 3}, wantPos: systems.Vec2{X: 100, Y: 25}, wantVel: systems.Vec2{Y: 3}},
		{name: "clamp corner", mode: systems.Clamp, pos: systems.Vec2{X: -5, Y: -5}, vel: systems.Vec2{X: -1, Y: -2}, wantPos: systems.Vec2{}, wantVel: systems.Vec2{}},
		{name: "clamp keeps velocity pointing in", mode: systems.Clamp, pos: systems.Vec2{X: -5, Y: 10}, vel: systems.Vec2{X: 4}, wantPos: systems.Vec2{Y: 10}, wantVel: systems.Vec2{X: 4}},
		{name: "clamp without velocity", mode: systems.Clamp, pos: systems.Vec2{X: 50, Y: 60}, noVel: true, wantPos: systems.Vec2{X: 50, Y: 50}},
		{name: "bounce bottom", mode: systems.Bounce, pos: systems.Vec2{X: 50, Y: 53}, vel: systems.Vec2{X: 2, Y: 7}, wantPos: systems.Vec2{X: 50, Y: 47}, wantVel: systems.Vec2{X: 2, Y: -7}},
		{name: "bounce left", mode: systems.Bounce, pos: systems.Vec2{X: -3, Y: 10}, vel: systems.Vec2{X: -7}, wantPos: systems.Vec2{X: 3, Y: 10}, wantVel: systems.Vec2{X: 7}},
		{name: "bounce far past clamps", mode: systems.Bounce, pos: systems.Vec2{X: 350, Y: 10}, vel: systems.Vec2{X: 7}, wantPos: systems.Vec2{X: 0, Y: 10}, wantVel: systems.Vec2{X: -7}},
		{name: "bounce without velocity", mode: systems.Bounce, pos: systems.Vec2{X: 50, Y: 60}, noVel: true, wantPos: systems.Vec2{X: 50, Y: 40}},
		{name: "wrap right", mode: systems.Wrap, pos: systems.Vec2{X: 103, Y: 10}, vel: systems.Vec2{X: 9}, wantPos: systems.Vec2{X: 3, Y: 10}, wantVel: systems.Vec2{X: 9}},
		{name: "wrap top", mode: systems.Wrap, pos: systems.Vec2{X: 10, Y: -2}, vel: systems.Vec2{Y: -9}, wantPos: systems.Vec2{X: 10, Y: 48}, wantVel: systems.Vec2{Y: -9}},
		{name: "wrap far", mode: systems.Wrap, pos: systems.Vec2{X: -230, Y: 10}, wantPos: systems.Vec2{X: 70, Y: 10}},
		{name: "destroy outside", mode: systems.DestroyOutside, pos: systems.Vec2{X: 100.5, Y: 10}, wantDead: true},
		{name: "destroy keeps the edge", mode: systems.DestroyOutside, pos: systems.Vec2{X: 100, Y: 50}, wantPos: systems.Vec2{X: 100, Y: 50}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, systems.Confine())
			var jumped teleports
			geom.AddTeleporter(w, &jumped)
			e := world.Spawn2(w, systems.Position, tt.pos, systems.Bounds, systems.Boundary{Rect: box, Mode: tt.mode})
			if !tt.noVel {
				systems.Velocity.Add(w, e, tt.vel)
			}
			step(t, w, 1)
			// A wrap is a jump, reported to the renderer; the rest move.
			if want := tt.mode == systems.Wrap; (len(jumped) == 1 && jumped[0] == e) != want || len(jumped) > 1 {
				t.Errorf("teleported %v; want the entity %v: %v", jumped, e, want)
			}
			if w.IsAlive(e) == tt.wantDead {
				t.Fatalf("alive = %v, want %v", w.IsAlive(e), !tt.wantDead)
			}
			if tt.wantDead {
				return
			}
			if p := *systems.Position.Require(w, e); !within(p, tt.wantPos, 1e-9) {
				t.Errorf("position %v, want %v", p, tt.wantPos)
			}
			if v, ok := systems.Velocity.Get(w, e); ok && !within(*v, tt.wantVel, 1e-9) {
				t.Errorf("velocity %v, want %v", *v, tt.wantVel)
			}
		})
	}
}

func TestBoundsModeString(t *testing.T) {
	for m, want := range map[systems.BoundsMode]string{
		systems.Clamp: "clamp", systems.Bounce: "bounce", systems.Wrap: "wrap",
		systems.DestroyOutside: "destroy-outside", 9: "BoundsMode(9)",
	} {
		if got := m.String(); got != want {
			t.Errorf("BoundsMode(%d).String() = %q, want %q", uint8(m), got, want)
		}
	}
}

// teleports records what geom.Teleport reports.
type teleports []world.Entity

func (t *teleports) Teleport(e world.Entity) { *t = append(*t, e) }

// Wrap keeps an infinite coordinate a number: it comes in at the other edge.
func TestWrapInfinity(t *testing.T) {
	w := newWorld(t, systems.Confine())
	e := world.Spawn2(w, systems.Position, systems.Vec2{X: math.Inf(1), Y: 5},
		systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 100, 100), Mode: systems.Wrap})
	step(t, w, 1)
	if p := *systems.Position.Require(w, e); math.IsNaN(p.X) {
		t.Fatalf("wrap made position %v", p)
	}
}
