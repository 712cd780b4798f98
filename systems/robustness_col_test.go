package systems_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// A mover that changes its collider (a crouch: the box gets shorter) in a
// step is still swept to its new Position, so it does not pass through a
// thin wall in that step.
func TestReshapedMoverIsSwept(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 100}, systems.Box(2, 200)) // near face at x = 99
	m := spawn(w, systems.Vec2{X: 0}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{X: 1200}) // 20 a step: 5 substeps of 4
	for s := 1; s <= 10; s++ {
		if x := systems.Position.Require(w, m).X; x > 70 && x < 91 {
			// The next step crosses the wall: crouch in it.
			*systems.Collider.Require(w, m) = systems.Box(16, 12)
		}
		step(t, w, 1)
	}
	if x := systems.Position.Require(w, m).X; x > 91+1e-9 {
		t.Fatalf("mover at x = %v: through the wall (its near face is at 99, the mover's half width 8)", x)
	}
}

// On a 45° slope the push is exactly 45° from Up, which the docs call a
// floor ("slopes steeper than 45° count as walls").
func TestFortyFiveDegreeSlope(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	// a ramp rising to the right: its top edge from (-100, 100) to (100, -100)
	spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: -100, Y: 100}, systems.Vec2{X: 100, Y: -100}, systems.Vec2{X: 100, Y: 100}))
	m := spawn(w, systems.Vec2{X: 0, Y: -40}, systems.Circle(8))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 900})
	for s := 1; s <= 40; s++ {
		step(t, w, 1)
		mv := systems.Mover.Require(w, m)
		if mv.OnWall {
			t.Fatalf("step %d: on a 45° slope, flags %+v: a wall, not a floor", s, *mv)
		}
	}
}

// Two boxes on the same spot: the contact's Normal depends on which entity
// is A, not on which body the Collider walk happened to visit first.
func TestTieNormalIndependentOfWalkOrder(t *testing.T) {
	normal := func(reorder bool) systems.Vec2 {
		col, w := newCollision(t, systems.CollisionOptions{})
		a := spawn(w, systems.Vec2{X: 10, Y: 10}, systems.Box(8, 8))
		spawn(w, systems.Vec2{X: 10, Y: 10}, systems.Box(8, 8))
		if reorder { // the same entities; a's collider now walks after b's
			s := *systems.Collider.Require(w, a)
			w.Remove(a, systems.Collider)
			systems.Collider.Add(w, a, s)
		}
		step(t, w, 1)
		return col.Contacts()[0].Normal
	}
	if n1, n2 := normal(false), normal(true); n1 != n2 {
		t.Fatalf("same scene, same ids: Normal %v in one world, %v in the other", n1, n2)
	}
}

// With ResolvPolygons, lagging shapes are brought up to date before any
// loop over a cell's shapes (re-registering one there reordered the list
// under the loop, and a neighbour was skipped).
func TestResolvPolygonsFindAllContacts(t *testing.T) {
	for _, resolvPolys := range []bool{false, true} {
		t.Run(fmt.Sprint(resolvPolys), func(t *testing.T) { reviewResolvPolys(t, resolvPolys) })
	}
}

func reviewResolvPolys(t *testing.T, resolvPolys bool) {
	r := rand.New(rand.NewPCG(5, 6))
	col := mustCollision(t, systems.CollisionOptions{CellSize: 64, ResolvPolygons: resolvPolys})
	w := newWorld(t, systems.Motion(), col.System())
	var es []world.Entity
	for range 60 {
		p := systems.Vec2{X: 20 + r.Float64()*216, Y: 20 + r.Float64()*216}
		s := systems.Polygon(square(10)...)
		if r.IntN(2) == 0 {
			s = systems.Box(10, 10)
		}
		e := spawn(w, p, s)
		systems.Velocity.Add(w, e, systems.Vec2{X: (r.Float64() - 0.5) * 30, Y: (r.Float64() - 0.5) * 30})
		es = append(es, e)
	}
	for s := 1; s <= 120; s++ {
		step(t, w, 1)
		got := map[[2]world.Entity]bool{}
		for _, c := range col.Contacts() {
			if c.Kind != systems.ContactExit {
				got[[2]world.Entity{c.A, c.B}] = true
			}
		}
		for pair := range bruteForceSquares(w, es) {
			if !got[pair] {
				t.Fatalf("step %d: %v overlap, no contact reported", s, pair)
			}
		}
	}
}

func bruteForceSquares(w *world.World, es []world.Entity) map[[2]world.Entity]bool {
	out := map[[2]world.Entity]bool{}
	for _, a := range es {
		for _, b := range es {
			if a >= b {
				continue
			}
			d := systems.Position.Require(w, a).Sub(*systems.Position.Require(w, b))
			if math.Abs(d.X) < 10-1e-9 && math.Abs(d.Y) < 10-1e-9 {
				out[[2]world.Entity{a, b}] = true
			}
		}
	}
	return out
}

// Reset called from a contact callback, say to restart a level, empties
// the space; the step's remaining contacts are not reported, and nothing
// panics.
func TestResetInsideCallback(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 3}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 100}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 103}, systems.Circle(5))
	col.OnEnter(func(systems.Contact) { col.Reset() })
	if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err != nil {
		t.Fatal(err)
	}
}
