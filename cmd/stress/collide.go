package main

import (
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
// nothing, so the bodies still end where the limit leaves them.
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
