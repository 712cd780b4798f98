// Package geom holds the 2D geometry every part of Tessera shares: the
// vector [Vec2], the axis-aligned [Rectangle], and the two field
// components every moving body has, [Position] and [Velocity], with the
// rotation and scale a hierarchy gives, [WorldTransform]. systems moves,
// places and collides bodies by them and render draws them where they
// are, so they live below both. It imports only world and the standard library.
package geom

import (
	"math"

	"github.com/tessera-engine/tessera/world"
)

// The field components every moving body has (numbers in slot-indexed
// columns, see [world.DefineFields]). Define them nowhere else: systems,
// render, prefabs and the examples share these.
var (
	// Position is where an entity is, in world units (pixels, y down).
	// Colliders, bounds and sprites are placed relative to it.
	Position = world.DefineFields[Vec2]("Position")
	// Velocity is how fast an entity moves, in units per second.
	Velocity = world.DefineFields[Vec2]("Velocity")
)

// Vec2 is a point or a vector in world units (pixels, with y growing down
// the screen, as ebitengine draws). It is the value type of [Position] and
// [Velocity] (and of systems.Acceleration).
//
// Coordinates are float64, not float32: ctx.DT, the math package,
// ebitengine's GeoM and resolv all work in float64, so no conversion (and
// no rounding) happens between a system and what it calls, and a world
// thousands of pixels wide keeps sub-pixel precision. The cost is 16 bytes
// a vector instead of 8, which a flat loop over a column pays in memory
// bandwidth only.
type Vec2 struct{ X, Y float64 }

// Add returns v+u.
func (v Vec2) Add(u Vec2) Vec2 { return Vec2{v.X + u.X, v.Y + u.Y} }

// Sub returns v-u.
func (v Vec2) Sub(u Vec2) Vec2 { return Vec2{v.X - u.X, v.Y - u.Y} }

// Scale returns v*k.
func (v Vec2) Scale(k float64) Vec2 { return Vec2{v.X * k, v.Y * k} }

// Dot returns the dot product of v and u.
func (v Vec2) Dot(u Vec2) float64 { return v.X*u.X + v.Y*u.Y }

// Len returns the length of v.
func (v Vec2) Len() float64 { return math.Hypot(v.X, v.Y) }

// Rectangle is an axis-aligned rectangle: the points p with
// Min.X <= p.X <= Max.X and Min.Y <= p.Y <= Max.Y. Build one with [Rect].
type Rectangle struct{ Min, Max Vec2 }

// Rect returns the rectangle with corners (x0, y0) and (x1, y1), swapping
// coordinates as needed so that Min <= Max, like image.Rect.
func Rect(x0, y0, x1, y1 float64) Rectangle {
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	return Rectangle{Vec2{x0, y0}, Vec2{x1, y1}}
}

// Dx returns the rectangle's width.
func (r Rectangle) Dx() float64 { return r.Max.X - r.Min.X }

// Dy returns the rectangle's height.
func (r Rectangle) Dy() float64 { return r.Max.Y - r.Min.Y }

// Empty reports whether the rectangle has no area.
func (r Rectangle) Empty() bool { return !(r.Min.X < r.Max.X && r.Min.Y < r.Max.Y) }

// Contains reports whether p lies in r, edges included.
func (r Rectangle) Contains(p Vec2) bool {
	return r.Min.X <= p.X && p.X <= r.Max.X && r.Min.Y <= p.Y && p.Y <= r.Max.Y
}

// Overlaps reports whether r and s share more than an edge.
func (r Rectangle) Overlaps(s Rectangle) bool {
	return r.Min.X < s.Max.X && s.Min.X < r.Max.X && r.Min.Y < s.Max.Y && s.Min.Y < r.Max.Y
}
