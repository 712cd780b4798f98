package core

import "github.com/tessera-engine/tessera/geom"

// Vec is shorthand for a geom.Vec2.
func Vec(x, y float64) geom.Vec2 { return geom.Vec2{X: x, Y: y} }
