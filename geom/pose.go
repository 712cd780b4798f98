package geom

import "github.com/tessera-engine/tessera/world"

// WorldTransform is an entity's rotation and scale in the world, beside
// its [Position]: for a child of a hierarchy, what systems.Transforms
// computed from its parent's; for a root, what the game set (none means
// no rotation and scale 1). The renderer turns and scales an entity's
// drawables by it, on top of their own rotation and scale, between its
// values at the last two fixed steps as it does with positions. It lives
// here, below both systems and render, as Position does.
var WorldTransform = world.DefineFields[Pose]("WorldTransform")

// Pose is the value of [WorldTransform]: a rotation, in radians
// (clockwise on the screen, as y grows down), and a scale per axis. A
// zero axis of Scale means 1, so the zero Pose is no rotation and scale
// 1: write a small scale to make an entity vanish.
type Pose struct {
	Rotation float64
	Scale    Vec2
}

// UnitScale returns the pose's Scale with each zero axis made 1: the
// factors it scales by.
func (p Pose) UnitScale() Vec2 {
	s := p.Scale
	if s.X == 0 {
		s.X = 1
	}
	if s.Y == 0 {
		s.Y = 1
	}
	return s
}
