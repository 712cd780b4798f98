package systems_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// TestLargeColliders: a collider too large to file in cells (a typo such
// as a radius of 1e7, a level-sized trigger, a floor far wider than the
// level under small cells) collides like any other, in a step of bounded
// time, and a collider that grows past the bound or shrinks under it
// keeps its contacts right.
func TestLargeColliders(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cell  float64
		big   systems.Shape
		large int
	}{
		{"a circle of 1e7", 0, systems.Circle(1e7), 1},
		{"a circle of 8000 in 4-unit cells", 4, systems.Circle(8000), 1},
		{"a circle of 100 in 4-unit cells", 4, systems.Circle(100), 1},
		{"a circle of 100", 0, systems.Circle(100), 0},
		{"a long level's floor", 8, systems.Box(262160, 64), 1},
		{"a box of 2400 in 4-unit cells", 4, systems.Box(2400, 2400), 1},
		{"a triangle of 1e6", 0, systems.Polygon(systems.Vec2{Y: -1e6}, systems.Vec2{X: 1e6, Y: 1e6}, systems.Vec2{X: -1e6, Y: 1e6}), 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{CellSize: tt.cell})
			tt.big.Trigger = true // so that the mover stays inside
			big := spawn(w, systems.Vec2{}, tt.big)
			inside := spawn(w, systems.Vec2{X: 10, Y: 10}, systems.Circle(2))
			away := spawn(w, systems.Vec2{X: 3e7, Y: 10}, systems.Circle(2))
			systems.Velocity.Add(w, inside, systems.Vec2{X: 60})
			m := spawn(w, systems.Vec2{X: -10, Y: 20}, systems.Box(4, 4))
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{X: 60})
			start := time.Now()
			step(t, w, 3)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("3 steps took %v", d)
			}
			if got := col.Stats().Large; got != tt.large {
				t.Errorf("Stats().Large = %d, want %d", got, tt.large)
			}
			want := fmt.Sprintf("stay %v %v, stay %v %v", big, inside, big, m)
			if got := events(col); got != want {
				t.Errorf("events = %q, want %q", got, want)
			}
			if got := col.AtPoint(systems.Vec2{X: 13, Y: 10}, 0, nil); fmt.Sprint(got) != fmt.Sprint([]world.Entity{big, inside}) {
				t.Errorf("AtPoint = %v, want [%v %v]", got, big, inside)
			}
			if got := col.InRect(systems.Rect(-1, -1, 1, 1), 0, nil); fmt.Sprint(got) != fmt.Sprint([]world.Entity{big}) {
				t.Errorf("InRect = %v, want [%v]", got, big)
			}
			if hit, ok := col.Raycast(systems.Vec2{X: 3e7 - 10, Y: 10}, systems.Vec2{X: 3e7 + 10, Y: 10}, 0); !ok || hit.Entity != away {
				t.Errorf("Raycast = %v, %v, want %v", hit, ok, away)
			}
		})
	}
}

// TestColliderChangesSize: a collider that grows too large to file in
// cells and shrinks back keeps its contacts, with nothing left behind in
// the cells it left.
func TestColliderChangesSize(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{CellSize: 4})
	e := spawn(w, systems.Vec2{}, systems.Circle(10))
	near := spawn(w, systems.Vec2{X: 12}, systems.Circle(5))
	far := spawn(w, systems.Vec2{X: 300}, systems.Circle(5))
	var log []string
	for _, r := range []float64{10, 400, 400, 1, 10} {
		*systems.Collider.Require(w, e) = systems.Circle(r)
		step(t, w, 1)
		log = append(log, fmt.Sprintf("%v large=%d cells=%d: %s", r, col.Stats().Large, col.Stats().Cells, events(col)))
	}
	want := []string{
		// 36 cells of e's, 16 of near's (8 shared) and 16 of far's
		fmt.Sprintf("10 large=0 cells=60: enter %v %v", e, near),
		fmt.Sprintf("400 large=1 cells=32: stay %v %v, enter %v %v", e, near, e, far),
		fmt.Sprintf("400 large=1 cells=32: stay %v %v, stay %v %v", e, near, e, far),
		fmt.Sprintf("1 large=0 cells=36: exit %v %v, exit %v %v", e, near, e, far),
		fmt.Sprintf("10 large=0 cells=60: enter %v %v", e, near),
	}
	if fmt.Sprint(log) != fmt.Sprint(want) {
		t.Errorf("steps:\n%v\nwant\n%v", log, want)
	}
}

// TestLongFloor: a player lands on a long ground strip (a "catch-all"
// floor far wider than the level) and stays on it.
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
		t.Errorf("player fell through a 2000-wide floor (at %v): %v", p, err)
	}
}
