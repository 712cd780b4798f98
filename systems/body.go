package systems

import (
	"fmt"
	"math"
	"slices"

	"github.com/solarlune/resolv"
	"github.com/tessera-engine/tessera/world"
)

// body is what a test reads of one collider, kept small: a step's tests
// visit bodies in no memory order, so every cache line a body spans costs
// a miss. The rest is in shapeInfo, at the same index.
type body struct {
	e      world.Entity
	center Vec2 // the shape's centre, in world units
	// lo and hi are the corners of the box around the shape, relative to
	// center. For a circle hi.X is the radius; for a box hi is half its
	// size.
	lo, hi Vec2
	// cell is the range of grid cells (x0, y0, x1, y1, unclipped) the
	// resolv shape is registered in, as resolv computed it.
	cell       [4]int32
	tags, mask Tags
	kind       ShapeKind
	trigger    bool
	mover      bool
	live       bool
	moved      bool // moved or changed this step, so tested again
	bad        bool // the collider is invalid; not in the space
}

// shapeInfo is the rest of a collider's record.
type shapeInfo struct {
	circle *resolv.Circle        // kind == ShapeCircle
	poly   *resolv.ConvexPolygon // kind == ShapeBox or ShapePolygon
	lag    bool                  // the resolv shape is in the right cells but not at center

	target Vec2 // a mover's new centre, before it is swept there
	offset Vec2 // from Position to center
	// points are a polygon's (or box's) vertices relative to center and
	// normals its unit edge normals, pointing out; centroid is the
	// vertices' mean, relative to center.
	points   []Vec2
	normals  []Vec2
	centroid Vec2
	step     float64 // a mover's longest substep

	teleport bool
	touch    uint8 // a mover's touchFloor|touchWall|touchCeiling this step
	floor    world.Entity
	floorDot float64
	seen     uint32 // the step that last saw the collider
	stamp    uint32 // the ray that last visited the body

	// What the shape was built from, to notice a change.
	srcKind   ShapeKind
	srcSize   Vec2
	srcRadius float64
	srcPoints *Vec2
	srcN      int
}

const (
	touchFloor = 1 << iota
	touchWall
	touchCeiling
)

// shape returns the resolv shape of x, nil when it has none.
func (x *shapeInfo) shape() resolv.IShape {
	if x.circle != nil {
		return x.circle
	}
	if x.poly != nil {
		return x.poly
	}
	return nil
}

// changed reports whether s differs from what x's shape was built from.
func (x *shapeInfo) changed(s *Shape) bool {
	if s.Kind != x.srcKind {
		return true
	}
	switch s.Kind {
	case ShapeBox:
		return s.Size != x.srcSize
	case ShapeCircle:
		return s.Radius != x.srcRadius
	}
	var first *Vec2
	if len(s.Points) > 0 {
		first = &s.Points[0]
	}
	return first != x.srcPoints || len(s.Points) != x.srcN
}

// check returns why s cannot be used, or "".
func check(s *Shape) string {
	finite := func(v ...float64) bool {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
		return true
	}
	if !finite(s.Offset.X, s.Offset.Y) {
		return "offset is not finite"
	}
	switch s.Kind {
	case ShapeBox:
		if !(s.Size.X > 0 && s.Size.Y > 0) || !finite(s.Size.X, s.Size.Y) {
			return fmt.Sprintf("box size %vx%v is not positive", s.Size.X, s.Size.Y)
		}
	case ShapeCircle:
		if !(s.Radius > 0) || !finite(s.Radius) {
			return fmt.Sprintf("circle radius %v is not positive", s.Radius)
		}
	case ShapePolygon:
		return checkPolygon(s.Points)
	default:
		return fmt.Sprintf("unknown shape kind %v", s.Kind)
	}
	return ""
}

// checkSize returns why s is too big for the space, or "": resolv visits
// every grid cell a shape's bounds cover, inside the area or not, each
// time it moves, so a shape whose bounds cover more cells than a box
// twice the area's size each way (plus 65,536) is refused — a typo in
// data, such as a radius of 1e7, covers billions of cells. A shape the
// size of the area, or a long floor strip well past a small area, is fine.
func (c *Collision) checkSize(s *Shape) string {
	w, h := 0.0, 0.0
	switch s.Kind {
	case ShapeBox:
		w, h = s.Size.X, s.Size.Y
	case ShapeCircle:
		w, h = 2*s.Radius, 2*s.Radius
	case ShapePolygon:
		lo, hi := s.Points[0], s.Points[0]
		for _, p := range s.Points[1:] {
			lo.X, lo.Y, hi.X, hi.Y = min(lo.X, p.X), min(lo.Y, p.Y), max(hi.X, p.X), max(hi.Y, p.Y)
		}
		w, h = hi.X-lo.X, hi.Y-lo.Y
	}
	cells := (w/c.cell + 2) * (h/c.cell + 2)
	// The estimate counts a partial cell at each end, so the area's own
	// count does too.
	if limit := 4*float64(c.cols+2)*float64(c.rows+2) + 1<<16; cells > limit {
		return fmt.Sprintf("shape %vx%v covers %.0f grid cells, more than the %.0f the collision area allows", w, h, cells, limit)
	}
	return ""
}

// checkPolygon returns why pts is not a convex polygon, or "".
func checkPolygon(pts []Vec2) string {
	if len(pts) < 3 {
		return fmt.Sprintf("polygon has %d points, needs at least 3", len(pts))
	}
	n := len(pts)
	sign, turns := 0.0, 0.0
	for i, p := range pts {
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
			return fmt.Sprintf("polygon point %d is not finite", i)
		}
		q, r := pts[(i+1)%n], pts[(i+2)%n]
		a, b := q.Sub(p), r.Sub(q)
		if a == (Vec2{}) {
			return fmt.Sprintf("polygon points %d and %d are the same", i, (i+1)%n)
		}
		cross := a.X*b.Y - a.Y*b.X
		if cross != 0 {
			if sign != 0 && math.Signbit(cross) != math.Signbit(sign) {
				return "polygon is not convex"
			}
			sign = cross
		}
		turns += math.Atan2(cross, a.Dot(b))
	}
	if sign == 0 {
		return "polygon has no area"
	}
	// Corners that all turn the same way can still go round twice, as a
	// five-pointed star's do.
	if math.Round(math.Abs(turns)/(2*math.Pi)) != 1 {
		return "polygon is not convex"
	}
	return ""
}

// build records s as body i's shape: its geometry and a resolv shape in
// the space, reused from the parked ones when one of the right kind is
// there. The body's centre must be set.
func (c *Collision) build(i int32, s *Shape) {
	b, x := &c.bodies[i], &c.info[i]
	c.park(x)
	x.srcKind, x.srcSize, x.srcRadius, x.srcPoints, x.srcN = s.Kind, s.Size, s.Radius, nil, len(s.Points)
	if len(s.Points) > 0 {
		x.srcPoints = &s.Points[0]
	}
	why := check(s)
	if why == "" {
		why = c.checkSize(s)
	}
	if why != "" {
		b.bad = true
		c.errs = append(c.errs, &ColliderError{Entity: b.e, Reason: why})
		return
	}
	b.bad = false
	b.kind = s.Kind
	at := c.toSpace(b.center)
	if s.Kind == ShapeCircle {
		b.lo, b.hi = Vec2{X: -s.Radius, Y: -s.Radius}, Vec2{X: s.Radius, Y: s.Radius}
		x.points, x.normals, x.centroid = x.points[:0], x.normals[:0], Vec2{}
		x.step = s.Radius / 2
		if n := len(c.circles); n > 0 {
			x.circle = c.circles[n-1]
			c.circles = c.circles[:n-1]
			x.circle.SetRadius(s.Radius)
			x.circle.SetPosition(at.X, at.Y)
		} else {
			x.circle = resolv.NewCircle(at.X, at.Y, s.Radius)
			c.space.Add(x.circle)
			c.stretch(x.circle, at)
		}
		x.circle.SetData(i)
		c.registered(b, x)
		return
	}
	if s.Kind == ShapeBox {
		h := s.Size.Scale(0.5)
		x.points = append(x.points[:0], Vec2{X: -h.X, Y: -h.Y}, Vec2{X: h.X, Y: -h.Y}, Vec2{X: h.X, Y: h.Y}, Vec2{X: -h.X, Y: h.Y})
	} else {
		x.points = append(x.points[:0], s.Points...)
	}
	x.normals = x.normals[:0]
	lo, hi := x.points[0], x.points[0]
	sum := Vec2{}
	for k, p := range x.points {
		lo, hi = Vec2{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}, Vec2{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
		sum = sum.Add(p)
		e := x.points[(k+1)%len(x.points)].Sub(p)
		n := Vec2{X: e.Y, Y: 0 - e.X}
		x.normals = append(x.normals, n.Scale(1/n.Len()))
	}
	x.centroid = sum.Scale(1 / float64(len(x.points)))
	for k := range x.normals { // point them out of the polygon
		if x.normals[k].Dot(x.points[k].Sub(x.centroid)) < 0 {
			x.normals[k] = flip(x.normals[k])
		}
	}
	b.lo, b.hi = lo, hi
	// A quarter of the polygon's smallest width: its extent along the
	// edge normals (a convex polygon is narrowest across one of them),
	// not its bounding box's, which a thin plank at 45° overstates.
	width := math.Inf(1)
	for _, n := range x.normals {
		plo, phi := math.Inf(1), math.Inf(-1)
		for _, p := range x.points {
			d := p.Dot(n)
			plo, phi = min(plo, d), max(phi, d)
		}
		width = min(width, phi-plo)
	}
	x.step = width / 4
	if n := len(c.polys); n > 0 {
		x.poly = c.polys[n-1]
		c.polys = c.polys[:n-1]
		x.poly.Points = x.poly.Points[:0]
		for _, p := range x.points {
			x.poly.Points = append(x.poly.Points, resolv.Vector{X: p.X, Y: p.Y})
		}
		x.poly.SetPosition(at.X, at.Y)
		x.poly.SetScale(1, 1) // recomputes its bounds from the new points
	} else {
		pts := make([]resolv.Vector, len(x.points))
		for k, p := range x.points {
			pts[k] = resolv.Vector{X: p.X, Y: p.Y}
		}
		x.poly = resolv.NewConvexPolygonVec(resolv.Vector{X: at.X, Y: at.Y}, pts)
		c.space.Add(x.poly)
		c.stretch(x.poly, at)
	}
	x.poly.SetData(i)
	c.registered(b, x)
}

// stretch places a new shape, for a moment, centred on the grid corner
// nearest at, and then at at. On a corner it covers as many cells as it
// ever will, so resolv's list of the cells it touches grows to full size
// now instead of one allocation at a time in later steps.
func (c *Collision) stretch(s resolv.IShape, at Vec2) {
	s.SetPosition(math.Round(at.X/c.cell)*c.cell, math.Round(at.Y/c.cell)*c.cell)
	s.SetPosition(at.X, at.Y)
}

// park takes x's resolv shape out of the grid and keeps it for reuse.
// Removing a shape from a resolv space is a linear search through all of
// its shapes, so a parked shape stays in the space, far outside the grid,
// where no cell holds it.
func (c *Collision) park(x *shapeInfo) {
	const far = -1e15
	switch {
	case x.circle != nil:
		x.circle.SetPosition(far, far)
		c.circles = append(c.circles, x.circle)
	case x.poly != nil:
		x.poly.SetPosition(far, far)
		c.polys = append(c.polys, x.poly)
	}
	x.circle, x.poly = nil, nil
}

// toSpace converts world coordinates into the space's, whose origin is
// the area's top-left corner.
func (c *Collision) toSpace(p Vec2) Vec2 { return p.Sub(c.area.Min) }

// place moves body i's centre, and its shape in the space, to p.
func (c *Collision) place(i int32, p Vec2) {
	c.bodies[i].center = p
	c.catchUp(i)
}

// move moves body i's centre to p. Its resolv shape moves only if it
// covers other grid cells there: re-binning costs more than the rest of a
// step together, and a shape moved within its cells would only have its
// position change, which nothing reads until resolv computes with it
// (catchUp brings it up to date first).
func (c *Collision) move(i int32, p Vec2) {
	b := &c.bodies[i]
	b.center = p
	at := c.toSpace(p)
	f := func(v float64) int32 { return int32(min(max(math.Floor(v/c.cell), -1<<30), 1<<30)) }
	if f(at.X+b.lo.X) != b.cell[0] || f(at.Y+b.lo.Y) != b.cell[1] || f(at.X+b.hi.X) != b.cell[2] || f(at.Y+b.hi.Y) != b.cell[3] {
		c.catchUp(i)
	} else {
		c.info[i].lag = true
	}
}

// catchUp places body i's resolv shape at its centre.
func (c *Collision) catchUp(i int32) {
	b, x := &c.bodies[i], &c.info[i]
	at := c.toSpace(b.center)
	switch {
	case x.circle != nil:
		x.circle.SetPosition(at.X, at.Y)
	case x.poly != nil:
		x.poly.SetPosition(at.X, at.Y)
	}
	c.registered(b, x)
}

// registered records the cells resolv registered x's shape in, from the
// bounds resolv computed them from, and that the shape is at b.center.
func (c *Collision) registered(b *body, x *shapeInfo) {
	var bd resolv.Bounds
	switch {
	case x.circle != nil:
		bd = x.circle.Bounds()
	case x.poly != nil:
		bd = x.poly.Bounds()
	}
	f := func(v float64) int32 { return int32(min(max(math.Floor(v/c.cell), -1<<30), 1<<30)) }
	b.cell = [4]int32{f(bd.Min.X), f(bd.Min.Y), f(bd.Max.X), f(bd.Max.Y)}
	x.lag = false
}

// lookup returns the index of e's body, or -1.
func (c *Collision) lookup(e world.Entity) int32 {
	s := e.Slot()
	if s < len(c.bySlot) {
		if i := c.bySlot[s] - 1; i >= 0 && c.bodies[i].e == e && c.bodies[i].live {
			return i
		}
	}
	return -1
}

// indexOf returns the body index a resolv shape of this system carries.
func indexOf(s resolv.IShape) int32 { return s.Data().(int32) }

// span returns the grid cells a body registered in cells k covers, clipped
// to the grid; ok is false when none.
func (c *Collision) span(k [4]int32) (x0, y0, x1, y1 int, ok bool) {
	x0, y0 = max(int(k[0]), 0), max(int(k[1]), 0)
	x1, y1 = min(int(k[2]), c.cols-1), min(int(k[3]), c.rows-1)
	return x0, y0, x1, y1, x0 <= x1 && y0 <= y1
}

// clip returns the cells the box from (minX, minY) to (maxX, maxY), in
// space coordinates, covers, clipped to the grid; ok is false when none.
func (c *Collision) clip(minX, minY, maxX, maxY float64) (x0, y0, x1, y1 int, ok bool) {
	fx0, fy0 := math.Floor(minX/c.cell), math.Floor(minY/c.cell)
	fx1, fy1 := math.Floor(maxX/c.cell), math.Floor(maxY/c.cell)
	if !(fx1 >= 0 && fy1 >= 0 && fx0 < float64(c.cols) && fy0 < float64(c.rows)) {
		return 0, 0, 0, 0, false // outside, or NaN
	}
	x0, y0 = int(max(fx0, 0)), int(max(fy0, 0))
	x1, y1 = int(min(fx1, float64(c.cols-1))), int(min(fy1, float64(c.rows-1)))
	return x0, y0, x1, y1, true
}

// first reports whether cell (cx, cy) is the first cell, in scan order,
// that both a range starting at (x0, y0) and body b are in. A visit of
// the cells of a range meets a body once in each cell they share; the
// first shared cell is the one to handle it in, with nothing written to
// remember it.
func (c *Collision) first(cx, cy, x0, y0 int, b *body) bool {
	return cx == max(x0, min(max(int(b.cell[0]), 0), c.cols-1)) &&
		cy == max(y0, min(max(int(b.cell[1]), 0), c.rows-1))
}

// nextStamp returns a new stamp for a ray, which visits cells along a
// line rather than a range, so each body is handled once.
func (c *Collision) nextStamp() uint32 {
	c.stamp++
	if c.stamp == 0 { // wrapped: forget every old stamp
		for i := range c.info {
			c.info[i].stamp = 0
		}
		c.stamp = 1
	}
	return c.stamp
}

// meets reports whether a and b may touch: each one's mask has a bit of
// the other's tags, a zero mask meeting everything.
func meets(a, b *body) bool {
	return (a.mask == 0 || a.mask&b.tags != 0) && (b.mask == 0 || b.mask&a.tags != 0)
}

// boxesOverlap reports whether the boxes around a and b overlap.
func boxesOverlap(a, b *body) bool {
	d := a.center.Sub(b.center)
	return d.X+a.hi.X > b.lo.X && d.X+a.lo.X < b.hi.X && d.Y+a.hi.Y > b.lo.Y && d.Y+a.lo.Y < b.hi.Y
}

// sortContacts sorts cs by (A, B).
func sortContacts(cs []newPair) {
	slices.SortFunc(cs, func(x, y newPair) int { return compareKey(x.c.A, x.c.B, y.c.A, y.c.B) })
}

func compareKey(a1, b1, a2, b2 world.Entity) int {
	switch {
	case a1 < a2:
		return -1
	case a1 > a2:
		return 1
	case b1 < b2:
		return -1
	case b1 > b2:
		return 1
	}
	return 0
}
