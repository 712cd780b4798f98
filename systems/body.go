package systems

import (
	"fmt"
	"math"

	"github.com/solarlune/resolv"
	"github.com/tessera-engine/tessera/world"
)

// body is what a test reads of a collider it meets in a cell, in one
// cache line (64 bytes): a step's tests visit bodies in no memory order,
// so every line a body spans costs a miss. What a test reads only once
// the boxes overlap is in bodyID, the rest in shapeInfo, both at the same
// index.
type body struct {
	center Vec2 // the shape's centre, in world units
	// lo and hi are the corners of the box around the shape, relative to
	// center. For a circle hi.X is the radius; for a box hi is half its
	// size.
	lo, hi Vec2
	// x0 and y0 are the first grid cell the box covers (bodyID has the
	// last).
	x0, y0  int32
	kind    ShapeKind
	trigger bool
	mover   bool
	live    bool
	bad     bool // the collider is invalid; not filed
	filed   bool // in the cells it covers, or on the large list
	large   bool // on the large list rather than in cells
}

// bodyID is the rest of what a test reads.
type bodyID struct {
	e          world.Entity
	tags, mask Tags
	x1, y1     int32 // the last grid cell the box around the shape covers
}

// shapeInfo is the rest of a collider's record.
type shapeInfo struct {
	// With ResolvPolygons, the resolv shape of a circle or a polygon,
	// placed at center before each use.
	circle *resolv.Circle
	poly   *resolv.ConvexPolygon
	at     int32 // a large body's index in the large list

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

// shape returns the resolv shape of x placed at center (with
// ResolvPolygons).
func (x *shapeInfo) shape(center Vec2) resolv.IShape {
	if x.circle != nil {
		x.circle.SetPosition(center.X, center.Y)
		return x.circle
	}
	x.poly.SetPosition(center.X, center.Y)
	return x.poly
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

// build records s as body i's shape, and files the body in the cells
// it covers. The body's centre must be set.
func (c *Collision) build(i int32, s *Shape) {
	b, x := &c.bodies[i], &c.info[i]
	c.unfile(i)
	x.srcKind, x.srcSize, x.srcRadius, x.srcPoints, x.srcN = s.Kind, s.Size, s.Radius, nil, len(s.Points)
	if len(s.Points) > 0 {
		x.srcPoints = &s.Points[0]
	}
	if why := check(s); why != "" {
		b.bad = true
		c.errs = append(c.errs, &ColliderError{Entity: c.ids[i].e, Reason: why})
		return
	}
	b.bad = false
	b.kind = s.Kind
	if s.Kind == ShapeCircle {
		b.lo, b.hi = Vec2{X: -s.Radius, Y: -s.Radius}, Vec2{X: s.Radius, Y: s.Radius}
		x.points, x.normals, x.centroid = x.points[:0], x.normals[:0], Vec2{}
		x.step = s.Radius / 2
		if c.resolvPolygons {
			x.poly = nil
			if x.circle == nil {
				x.circle = resolv.NewCircle(0, 0, s.Radius)
			}
			x.circle.SetRadius(s.Radius)
		}
		c.file(i)
		return
	}
	if s.Kind == ShapeBox {
		h := s.Size.Scale(0.5)
		x.points = append(x.points[:0], Vec2{X: -h.X, Y: -h.Y}, Vec2{X: h.X, Y: -h.Y}, h, Vec2{X: -h.X, Y: h.Y})
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
	if c.resolvPolygons {
		x.circle = nil
		if x.poly == nil {
			x.poly = resolv.NewConvexPolygonVec(resolv.Vector{}, nil)
		}
		x.poly.Points = x.poly.Points[:0]
		for _, p := range x.points {
			x.poly.Points = append(x.poly.Points, resolv.Vector{X: p.X, Y: p.Y})
		}
		x.poly.SetScale(1, 1) // recomputes its bounds from the new points
	}
	c.file(i)
}

// cells returns the range of grid cells the box around body b covers at
// its centre.
func (c *Collision) cells(b *body) [4]int32 {
	g := &c.grid
	return [4]int32{g.coord(b.center.X + b.lo.X), g.coord(b.center.Y + b.lo.Y), g.coord(b.center.X + b.hi.X), g.coord(b.center.Y + b.hi.Y)}
}

// file puts body i in the cells it covers, or on the large list when
// they are more than maxCellsPerBody.
func (c *Collision) file(i int32) {
	b, id := &c.bodies[i], &c.ids[i]
	k := c.cells(b)
	b.x0, b.y0, id.x1, id.y1 = k[0], k[1], k[2], k[3]
	b.filed = true
	if b.large = (int64(k[2])-int64(k[0])+1)*(int64(k[3])-int64(k[1])+1) > maxCellsPerBody; b.large {
		c.info[i].at = int32(len(c.large))
		c.large = append(c.large, i)
		return
	}
	in, n := &c.in[i], 0
	for y := k[1]; y <= k[3]; y++ {
		for x := k[0]; x <= k[2]; x++ {
			cell := c.grid.insert(x, y, i)
			if n < len(in) {
				in[n] = cell
				n++
			}
		}
	}
}

// cellCount returns how many cells the range k covers.
func cellCount(k [4]int32) int64 {
	return (int64(k[2]) - int64(k[0]) + 1) * (int64(k[3]) - int64(k[1]) + 1)
}

// inSpan reports whether cell (x, y) is in the range k, and its place in
// the range's scan order.
func inSpan(k [4]int32, x, y int32) (int32, bool) {
	if x < k[0] || x > k[2] || y < k[1] || y > k[3] {
		return 0, false
	}
	return (y-k[1])*(k[2]-k[0]+1) + x - k[0], true
}

// unfile takes body i out of the cells (or the list) it is filed in.
func (c *Collision) unfile(i int32) {
	b := &c.bodies[i]
	if !b.filed {
		return
	}
	b.filed = false
	k := c.span(i)
	if b.large {
		at, last := c.info[i].at, c.large[len(c.large)-1]
		c.large[at], c.info[last].at = last, at
		c.large = c.large[:len(c.large)-1]
		return
	}
	few := cellCount(k) <= int64(len(c.in[i]))
	for y := k[1]; y <= k[3]; y++ {
		for x := k[0]; x <= k[2]; x++ {
			if few {
				at, _ := inSpan(k, x, y)
				c.grid.removeAt(c.in[i][at], i)
			} else {
				c.grid.remove(x, y, i)
			}
		}
	}
}

// refile files body i, in the cells old, in the cells of its centre now:
// for a body in a few cells, out of those it left and into those it
// entered only.
func (c *Collision) refile(i int32, old, now [4]int32) {
	b, id := &c.bodies[i], &c.ids[i]
	in := &c.in[i]
	if cellCount(old) > int64(len(in)) || cellCount(now) > int64(len(in)) {
		c.unfile(i)
		c.file(i)
		return
	}
	for y := old[1]; y <= old[3]; y++ {
		for x := old[0]; x <= old[2]; x++ {
			if _, kept := inSpan(now, x, y); !kept {
				at, _ := inSpan(old, x, y)
				c.grid.removeAt(in[at], i)
			}
		}
	}
	var next [4]int32
	for y := now[1]; y <= now[3]; y++ {
		for x := now[0]; x <= now[2]; x++ {
			to, _ := inSpan(now, x, y)
			if from, kept := inSpan(old, x, y); kept {
				next[to] = in[from]
			} else {
				next[to] = c.grid.insert(x, y, i)
			}
		}
	}
	*in = next
	b.x0, b.y0, id.x1, id.y1 = now[0], now[1], now[2], now[3]
}

// span returns the range of grid cells (x0, y0, x1, y1) body i was
// filed for.
func (c *Collision) span(i int32) [4]int32 {
	b, id := &c.bodies[i], &c.ids[i]
	return [4]int32{b.x0, b.y0, id.x1, id.y1}
}

// place moves body i's centre to p, filing it again if it now covers
// other cells.
func (c *Collision) place(i int32, p Vec2) {
	b, id, g := &c.bodies[i], &c.ids[i], &c.grid
	b.center = p
	if !b.filed || g.within(p.X+b.lo.X, b.x0) && g.within(p.Y+b.lo.Y, b.y0) && g.within(p.X+b.hi.X, id.x1) && g.within(p.Y+b.hi.Y, id.y1) {
		return // the common case: still in its cells
	}
	if now, old := c.cells(b), c.span(i); now != old {
		c.refile(i, old, now)
	}
}

// lookup returns the index of e's body, or -1.
func (c *Collision) lookup(e world.Entity) int32 {
	s := e.Slot()
	if s < len(c.bySlot) {
		if i := c.bySlot[s] - 1; i >= 0 && c.ids[i].e == e && c.bodies[i].live {
			return i
		}
	}
	return -1
}

// first reports whether cell (cx, cy) is the first cell, in scan order,
// that both a range starting at (x0, y0) and body b are in. A visit of
// the cells of a range meets a body once in each cell they share; the
// first shared cell is the one to handle it in, with nothing written to
// remember it.
func first(cx, cy, x0, y0 int32, b *body) bool {
	return cx == max(x0, b.x0) && cy == max(y0, b.y0)
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
func meets(a, b *bodyID) bool {
	return (a.mask == 0 || a.mask&b.tags != 0) && (b.mask == 0 || b.mask&a.tags != 0)
}

// boxesOverlap reports whether the boxes around a and b overlap.
func boxesOverlap(a, b *body) bool {
	d := a.center.Sub(b.center)
	return d.X+a.hi.X > b.lo.X && d.X+a.lo.X < b.hi.X && d.Y+a.hi.Y > b.lo.Y && d.Y+a.lo.Y < b.hi.Y
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
