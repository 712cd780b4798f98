package main

import (
	"cmp"
	"slices"

	"github.com/tessera-engine/tessera/internal/collidelimit"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// collideRadius is the radius of the circle collider every body gets with
// -collide, and collideCell the side of the collision grid's cells.
const (
	collideRadius = 2
	collideCell   = 16
)

// addCollision gives every body of w a circle collider and w two more
// Fixed systems, after the walk: one that copies the bodies' float32
// positions into systems.Position, which the collision system reads, and
// the collision system itself. Collision reports contacts and moves
// nothing, so the bodies still end where the limit leaves them; the limit
// runs the hand-written collision (newCollideLimit) over them.
func addCollision(w *world.World, ents []world.Entity) (*systems.Collision, error) {
	for _, e := range ents {
		p := positionC.Require(w, e)
		systems.Position.Add(w, e, systems.Vec2{X: float64(p.X), Y: float64(p.Y)})
		systems.Collider.Add(w, e, systems.Circle(collideRadius))
	}
	col, err := systems.NewCollision(systems.CollisionOptions{CellSize: collideCell})
	if err != nil {
		return nil, err
	}
	for _, s := range []world.System{systems.MirrorPositions("collide-positions", positionC), col.System()} {
		if err := w.AddSystem(s); err != nil {
			return nil, err
		}
	}
	return col, nil
}

// newCollideLimit returns the hand-written limit of the collision the
// world walks run with -collide: the same circles in a dense grid of the
// same cells over the field, rebuilt every step.
func newCollideLimit(n int) *collidelimit.Limit {
	bodies := make([]collidelimit.Body, n)
	for i := range bodies {
		bodies[i].R = collideRadius
	}
	return collidelimit.New(bodies, max(fieldW, fieldH), collideCell, 1)
}

// collideAt finds the contacts of bodies at ps with the limit, whose
// positions are float64 as systems.Position's: converted as
// MirrorPositions converts them.
func collideAt(l *collidelimit.Limit, ps []position) {
	for i, p := range ps {
		l.SetPosition(i, systems.Vec2{X: float64(p.X), Y: float64(p.Y)})
	}
	l.Collide()
}

// pair is a contact by the two bodies' spawn indexes, the lower first.
type pair [2]int32

// sortPairs sorts ps and returns it.
func sortPairs(ps []pair) []pair {
	slices.SortFunc(ps, func(a, b pair) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	return ps
}

// limitPairs returns the limit's contacts of the last step, sorted.
func limitPairs(l *collidelimit.Limit) []pair {
	var out []pair
	for _, c := range l.Contacts() {
		out = append(out, pair{c.A, c.B})
	}
	return sortPairs(out)
}

// systemPairs returns the touching pairs of col's last step by spawn
// index (index maps an entity to its), sorted.
func systemPairs(col *systems.Collision, index map[world.Entity]int32) []pair {
	var out []pair
	for _, c := range col.Contacts() {
		if c.Kind != systems.ContactExit {
			a, b := index[c.A], index[c.B]
			out = append(out, pair{min(a, b), max(a, b)})
		}
	}
	return sortPairs(out)
}
