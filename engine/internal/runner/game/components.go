package game

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// The game's components, named in the prefabs.
var (
	// RunnerFields is the runner's: how it jumps and its hit box.
	RunnerFields = world.DefineFields[Runner]("Runner")
	// Obstacles is an obstacle's: its hit box and what clearing it scores.
	Obstacles = world.DefineComponent[Obstacle]("Obstacle")
	// Scrolls moves an entity left with the world, at Factor of the
	// world's speed (less than 1 for the background).
	Scrolls = world.DefineFields[Scroll]("Scroll")
)

// Runner is the value of [RunnerFields].
type Runner struct {
	Jump    float64   // the speed a jump starts with, pixels a second up
	Gravity float64   // pixels a second, a second, down
	Box     geom.Vec2 // the hit box, centred above the feet
}

// Obstacle is the value of [Obstacles].
type Obstacle struct {
	Box    geom.Vec2 // the hit box, centred above the bottom
	Points int       // what clearing it scores
	passed bool
}

// Scroll is the value of [Scrolls].
type Scroll struct{ Factor float64 }

// box returns the rectangle of a box standing at p (its bottom's middle).
func box(p, size geom.Vec2) geom.Rectangle {
	return geom.Rect(p.X-size.X/2, p.Y-size.Y, p.X+size.X/2, p.Y)
}
