package systems_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

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

// Two worlds with the same entities, ids and components, differing only
// in the order the Collider walk visits them, must step alike (docs: "what
// a step reports does not depend on map order or on the order of the
// world's walks").
func TestWalkOrderIndependence(t *testing.T) {
	build := func(reorder bool) (*systems.Collision, *world.World, []world.Entity) {
		r := rand.New(rand.NewPCG(11, 12))
		col := mustCollision(t, systems.CollisionOptions{CellSize: 16})
		w := newWorld(t, systems.Motion(), col.System())
		var es []world.Entity
		for i := range 120 {
			p := systems.Vec2{X: float64(r.IntN(40)) * 10, Y: float64(r.IntN(40)) * 10}
			var s systems.Shape
			switch r.IntN(3) {
			case 0:
				s = systems.Circle(float64(3 + r.IntN(6)))
			case 1:
				s = systems.Box(float64(4+2*r.IntN(6)), float64(4+2*r.IntN(6)))
			default:
				s = systems.Polygon(diamond(float64(4 + r.IntN(6)))...)
			}
			e := spawn(w, p, s)
			if i%4 == 0 {
				systems.Mover.Add(w, e, systems.Movement{})
				systems.Velocity.Add(w, e, systems.Vec2{X: float64(r.IntN(7)-3) * 60, Y: float64(r.IntN(7)-3) * 60})
			}
			es = append(es, e)
		}
		if reorder {
			for _, e := range slices.Backward(es) {
				s := *systems.Collider.Require(w, e)
				w.Remove(e, systems.Collider)
				systems.Collider.Add(w, e, s)
			}
		}
		return col, w, es
	}
	c1, w1, es := build(false)
	c2, w2, _ := build(true)
	for s := 1; s <= 60; s++ {
		step(t, w1, 1)
		step(t, w2, 1)
		a, b := fmt.Sprint(c1.Contacts()), fmt.Sprint(c2.Contacts())
		if a != b {
			for k := range min(len(c1.Contacts()), len(c2.Contacts())) {
				if x, y := c1.Contacts()[k], c2.Contacts()[k]; x != y {
					t.Fatalf("step %d: contact %d differs:\n%+v\n%+v", s, k, x, y)
				}
			}
			t.Fatalf("step %d: contacts differ in length", s)
		}
		for _, e := range es {
			if p, q := *systems.Position.Require(w1, e), *systems.Position.Require(w2, e); p != q {
				t.Fatalf("step %d: %v at %v in one world, %v in the other", s, e, p, q)
			}
		}
	}
}
