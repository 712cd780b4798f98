package systems_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// With ResolvPolygons, lagging shapes are brought up to date before any
// loop over a cell's shapes (re-registering one there reordered the list
// under the loop, and a neighbour was skipped).
func TestResolvPolygonsFindAllContacts(t *testing.T) {
	for _, resolvPolys := range []bool{false, true} {
		t.Run(fmt.Sprint(resolvPolys), func(t *testing.T) { checkResolvPolygons(t, resolvPolys) })
	}
}

func checkResolvPolygons(t *testing.T, resolvPolys bool) {
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
