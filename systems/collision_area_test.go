package systems_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// TestCollidesAnywhere: colliders collide wherever they are, with the
// default options: at negative coordinates (a screen with (0, 0) in the
// middle, as docs/FIRST_GAME.md has it), far away, and across zero.
func TestCollidesAnywhere(t *testing.T) {
	for _, at := range []systems.Vec2{
		{X: -300, Y: -170}, {X: 310, Y: 170}, {X: -2, Y: 0}, {X: -1e6, Y: 3e5}, {X: 5e8, Y: -5e8}, {X: 1e300, Y: -1e300},
	} {
		t.Run(fmt.Sprint(at), func(t *testing.T) {
			col := mustCollision(t, systems.CollisionOptions{})
			w := newWorld(t, col.System())
			a := spawn(w, at, systems.Circle(5))
			b := spawn(w, at.Add(systems.Vec2{X: 4}), systems.Box(6, 6))
			step(t, w, 1)
			if got, want := events(col), fmt.Sprintf("enter %v %v", a, b); got != want {
				t.Errorf("events = %q, want %q", got, want)
			}
			if got := col.AtPoint(at.Sub(systems.Vec2{X: 4}), 0, nil); math.Abs(at.X) < 1e15 && (len(got) != 1 || got[0] != a) {
				t.Errorf("AtPoint(%v) = %v, want [%v]", at, got, a)
			}
		})
	}
}

// TestSmallCellsCostLittleMemory: the grid's memory follows the colliders,
// not the cell size: a system with 1-unit cells and a few colliders
// allocates well under a megabyte.
func TestSmallCellsCostLittleMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	col := mustCollision(t, systems.CollisionOptions{CellSize: 1})
	w := newWorld(t, col.System())
	for i := range 10 {
		spawn(w, systems.Vec2{X: float64(10 * i)}, systems.Circle(6))
	}
	step(t, w, 2)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("a collision system with 1-unit cells and 10 colliders allocated %d bytes, want under 1 MiB", got)
	}
	if n := len(col.Contacts()); n != 9 {
		t.Errorf("%d contacts, want 9", n)
	}
	_ = world.Entity(0)
}
