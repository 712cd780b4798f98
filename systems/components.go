package systems

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// The motion components. They are field components (numbers in columns,
// see [world.DefineFields]), so [Motion] moves every body with a flat loop.
// Position and Velocity are geom's, shared with render and the examples.
var (
	// Position is [geom.Position]: where an entity is, in world units.
	// Colliders, bounds and sprites are placed relative to it.
	Position = geom.Position
	// Velocity is [geom.Velocity]: how fast an entity moves, in units per
	// second.
	Velocity = geom.Velocity
	// Acceleration changes Velocity, in units per second squared
	// (gravity, thrust). Optional.
	Acceleration = world.DefineFields[Vec2]("Acceleration")
	// Damping slows Velocity down exponentially. Optional.
	Damping = world.DefineFields[Drag]("Damping")
	// MaxSpeed caps the length of Velocity. Optional.
	MaxSpeed = world.DefineFields[SpeedLimit]("MaxSpeed")
)

// Drag is the value of [Damping]: Rate is the share of its velocity a body
// keeps losing, per second, as exponential decay. After t seconds with no
// acceleration a velocity v is v·e^(−Rate·t), whatever the step length:
// Rate 0 changes nothing, Rate 1 loses 63% a second, Rate 5 stops a body
// within about a second.
type Drag struct{ Rate float64 }

// SpeedLimit is the value of [MaxSpeed]: the longest Velocity may be, in
// units per second. A velocity over it is scaled down to it, direction
// kept. Max 0 stops the body.
type SpeedLimit struct{ Max float64 }
