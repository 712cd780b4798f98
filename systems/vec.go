package systems

import "github.com/tessera-engine/tessera/geom"

// Vec2, Rectangle and Rect are geom's, named here too so code that uses
// systems reads naturally; they are the same types.
type (
	// Vec2 is [geom.Vec2].
	Vec2 = geom.Vec2
	// Rectangle is [geom.Rectangle].
	Rectangle = geom.Rectangle
)

// Rect is [geom.Rect].
func Rect(x0, y0, x1, y1 float64) Rectangle { return geom.Rect(x0, y0, x1, y1) }

// flip returns -v, without negative zeros: 0 - 0 is +0 where -0 would be
// -0, and a normal printed as {-1 -0} reads as a bug.
func flip(v Vec2) Vec2 { return Vec2{X: 0 - v.X, Y: 0 - v.Y} }
