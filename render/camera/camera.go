package camera

import (
	"image/color"
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// Camera shows part of the world in a viewport of the screen. Its zero
// value is usable: it shows the world at 1:1 with the world's origin at
// the middle of the whole screen.
//
// Position, Zoom and Rotation say what the camera looks at; Viewport
// where on the screen it draws. Follow, Smoothing and DeadZone make it
// follow an entity, and Bounds keeps it inside the world. A scene gives its
// world cameras as entities with the drawable.Camera component; the engine
// moves the ones that follow an entity every fixed step ([Step]), so the
// camera is game state like any other, and package render draws through
// each between its last two steps' positions, zooms and rotations.
//
// A Camera is a plain value: not safe for concurrent use.
type Camera struct {
	// Position is the world point shown at the middle of the viewport.
	Position geom.Vec2
	// Zoom is how many screen pixels a world unit covers: 2 shows
	// everything twice as large. 0 (or less) means 1.
	Zoom float64
	// Rotation turns the camera clockwise by this many radians (y grows
	// down, so positive angles are clockwise, as in ebitengine's GeoM);
	// the world appears turned the other way.
	Rotation float64

	// Viewport is the part of the screen the camera draws in, in screen
	// pixels; what lies outside it is clipped. An empty Viewport (the zero
	// value) is the whole screen, as last set by [Camera.SetScreen].
	Viewport geom.Rectangle
	// Background, if its alpha is not 0, fills the viewport before the
	// camera draws. The zero value fills nothing.
	Background color.NRGBA

	// Bounds, if not empty, is the part of the world the camera may show:
	// moves keep the view inside it, and a view larger than it is centred
	// on it. The zero value leaves the camera free.
	Bounds geom.Rectangle

	// Follow is the entity the camera follows; the zero Entity follows
	// none. [Step] moves the camera towards the entity's position every
	// fixed step, with [Camera.Track].
	Follow world.Entity
	// Smoothing is the half-life of the distance to the target, in
	// seconds: with 0.1 the camera covers half the way in a tenth of a
	// second, whatever the frame rate. 0 snaps to the target at once.
	Smoothing float64
	// DeadZone is half the size, in world units, of the box around the
	// camera's position inside which the target moves without moving the
	// camera. The zero value keeps the target at the middle.
	DeadZone geom.Vec2

	// Depth orders the cameras of one world: lower depths draw first,
	// higher ones over them (a minimap over the main view); equal depths
	// draw in the order of their entities' slots.
	Depth int

	screen geom.Rectangle
}

// Affine is a 2D affine transform: a point (x, y) maps to
// (A·x + C·y + TX, B·x + D·y + TY). Its elements are in the order
// ebitengine's GeoM.SetElement takes them: A = (0,0), C = (0,1),
// TX = (0,2), B = (1,0), D = (1,1), TY = (1,2).
type Affine struct {
	A, B, C, D, TX, TY float64
}

// Apply returns the image of p.
func (m Affine) Apply(p geom.Vec2) geom.Vec2 {
	return geom.Vec2{X: m.A*p.X + m.C*p.Y + m.TX, Y: m.B*p.X + m.D*p.Y + m.TY}
}

// Then returns the transform that applies m, then n.
func (m Affine) Then(n Affine) Affine {
	return Affine{
		A:  n.A*m.A + n.C*m.B,
		B:  n.B*m.A + n.D*m.B,
		C:  n.A*m.C + n.C*m.D,
		D:  n.B*m.C + n.D*m.D,
		TX: n.A*m.TX + n.C*m.TY + n.TX,
		TY: n.B*m.TX + n.D*m.TY + n.TY,
	}
}

// SetScreen sets the screen the camera's empty Viewport stands for: the
// rectangle from (0, 0) to (width, height). Package render calls it at
// every draw with the screen's size; a test or a tool without a renderer
// calls it once.
func (c *Camera) SetScreen(width, height float64) {
	c.screen = geom.Rect(0, 0, width, height)
}

// Area returns the part of the screen the camera draws in: its Viewport,
// or the whole screen when the Viewport is empty.
func (c *Camera) Area() geom.Rectangle {
	if c.Viewport.Empty() {
		return c.screen
	}
	return c.Viewport
}

// scale returns the zoom in effect.
func (c *Camera) scale() float64 {
	if c.Zoom <= 0 {
		return 1
	}
	return c.Zoom
}

// centre returns the middle of the camera's area, in screen pixels.
func (c *Camera) centre() geom.Vec2 {
	a := c.Area()
	return geom.Vec2{X: (a.Min.X + a.Max.X) / 2, Y: (a.Min.Y + a.Max.Y) / 2}
}

// Transform returns the transform from world to screen coordinates:
// translate by -Position, rotate by -Rotation, scale by Zoom, translate to
// the middle of the area. O(1), no allocation.
func (c *Camera) Transform() Affine {
	z := c.scale()
	sin, cos := math.Sincos(-c.Rotation)
	a, b, cc, d := cos*z, sin*z, -sin*z, cos*z
	m := c.centre()
	p := c.Position
	return Affine{A: a, B: b, C: cc, D: d, TX: m.X - (a*p.X + cc*p.Y), TY: m.Y - (b*p.X + d*p.Y)}
}

// WorldToScreen returns where the world point p appears on the screen.
func (c *Camera) WorldToScreen(p geom.Vec2) geom.Vec2 { return c.Transform().Apply(p) }

// ScreenToWorld returns the world point shown at the screen point s, such
// as the mouse cursor: the inverse of [Camera.WorldToScreen]. It answers
// for any s, inside the camera's area or not; see [Camera.Contains].
func (c *Camera) ScreenToWorld(s geom.Vec2) geom.Vec2 {
	z := c.scale()
	m := c.centre()
	d := s.Sub(m).Scale(1 / z)
	sin, cos := math.Sincos(c.Rotation)
	return geom.Vec2{X: c.Position.X + cos*d.X - sin*d.Y, Y: c.Position.Y + sin*d.X + cos*d.Y}
}

// Contains reports whether the screen point s lies in the camera's area.
func (c *Camera) Contains(s geom.Vec2) bool { return c.Area().Contains(s) }

// halfView returns half the size of the world-space box that bounds what
// the camera shows: its area, turned and scaled into the world.
func (c *Camera) halfView() geom.Vec2 {
	a := c.Area()
	w, h := a.Dx()/2/c.scale(), a.Dy()/2/c.scale()
	sin, cos := math.Sincos(c.Rotation)
	sin, cos = math.Abs(sin), math.Abs(cos)
	return geom.Vec2{X: cos*w + sin*h, Y: sin*w + cos*h}
}

// View returns the axis-aligned box of the world the camera shows: every
// point drawn in its area lies inside it (with rotation, so do some points
// that are not drawn). Package render culls whatever lies outside it.
func (c *Camera) View() geom.Rectangle {
	h := c.halfView()
	return geom.Rectangle{Min: c.Position.Sub(h), Max: c.Position.Add(h)}
}

// CenterOn puts p at the middle of the view, then keeps the view inside
// Bounds.
func (c *Camera) CenterOn(p geom.Vec2) {
	c.Position = p
	c.Clamp()
}

// Clamp moves the camera the least it can so that its view lies inside
// Bounds; on an axis where the view is larger than Bounds it centres the
// view on Bounds. It does nothing when Bounds is empty.
func (c *Camera) Clamp() {
	if c.Bounds.Empty() {
		return
	}
	h := c.halfView()
	c.Position.X = clampAxis(c.Position.X, c.Bounds.Min.X+h.X, c.Bounds.Max.X-h.X)
	c.Position.Y = clampAxis(c.Position.Y, c.Bounds.Min.Y+h.Y, c.Bounds.Max.Y-h.Y)
}

func clampAxis(x, lo, hi float64) float64 {
	if lo > hi {
		return (lo + hi) / 2
	}
	return min(max(x, lo), hi)
}

// Track moves the camera towards target, dt seconds after the last move,
// as [Camera.Follow] asks: the target may move within DeadZone of the
// camera's position freely; beyond it the camera moves to bring it back
// to the zone's edge, covering half the way every Smoothing seconds (at
// once if Smoothing is 0). Then it keeps the view inside Bounds. O(1).
func (c *Camera) Track(target geom.Vec2, dt float64) {
	goal := geom.Vec2{
		X: deadZone(c.Position.X, target.X, c.DeadZone.X),
		Y: deadZone(c.Position.Y, target.Y, c.DeadZone.Y),
	}
	if c.Smoothing > 0 && dt >= 0 {
		k := 1 - math.Exp2(-dt/c.Smoothing)
		c.Position = c.Position.Add(goal.Sub(c.Position).Scale(k))
	} else {
		c.Position = goal
	}
	c.Clamp()
}

// deadZone returns where a camera at x should be on one axis so that
// target lies within half of x.
func deadZone(x, target, half float64) float64 {
	half = math.Abs(half)
	switch d := target - x; {
	case d > half:
		return target - half
	case d < -half:
		return target + half
	}
	return x
}

// Step moves c for one fixed step of dt seconds on a logical screen of the
// given size: towards the position of the entity it follows, if that
// entity is alive and has a [geom.Position], and then inside Bounds. The
// engine calls it for every camera of the scene that steps, after the
// scene's systems. O(1).
func (c *Camera) Step(w *world.World, screen geom.Vec2, dt float64) {
	c.SetScreen(screen.X, screen.Y)
	if c.Follow != 0 {
		if p, ok := geom.Position.Get(w, c.Follow); ok {
			c.Track(*p, dt)
			return
		}
	}
	c.Clamp()
}
