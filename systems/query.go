package systems

import (
	"cmp"
	"math"
	"slices"

	"github.com/tessera-engine/tessera/world"
)

// RayHit is where a ray meets a collider.
type RayHit struct {
	Entity world.Entity
	Point  Vec2    // where the ray enters the collider
	Normal Vec2    // the collider's outward unit normal there
	Dist   float64 // from the ray's start to Point
}

// matches reports whether b is in the space and has one of tags (any tag
// when tags is 0).
func matches(b *body, tags Tags) bool {
	return b.live && !b.bad && (tags == 0 || b.tags&tags != 0)
}

// AtPoint appends to dst the entities whose colliders contain p (edges
// included) and have one of tags (any collider when tags is 0), in
// ascending order, and returns the extended slice. It looks at one cell
// of the grid and allocates only if dst must grow.
func (c *Collision) AtPoint(p Vec2, tags Tags, dst []world.Entity) []world.Entity {
	q := c.toSpace(p)
	x0, y0, _, _, ok := c.clip(q.X, q.Y, q.X, q.Y)
	if !ok {
		return dst
	}
	start := len(dst)
	for _, s := range c.space.Cell(x0, y0).Shapes {
		i := indexOf(s)
		if b := &c.bodies[i]; matches(b, tags) && contains(b, &c.info[i], p) {
			dst = append(dst, b.e)
		}
	}
	slices.Sort(dst[start:])
	return dst
}

// InRect appends to dst the entities whose colliders overlap or touch r
// and have one of tags (any collider when tags is 0), in ascending order,
// and returns the extended slice. It looks at the cells r covers and
// allocates only if dst must grow.
func (c *Collision) InRect(r Rectangle, tags Tags, dst []world.Entity) []world.Entity {
	lo, hi := c.toSpace(r.Min), c.toSpace(r.Max)
	x0, y0, x1, y1, ok := c.clip(lo.X, lo.Y, hi.X, hi.Y)
	if !ok {
		return dst
	}
	start := len(dst)
	rc, rh := r.Min.Add(r.Max).Scale(0.5), r.Max.Sub(r.Min).Scale(0.5)
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			for _, s := range c.space.Cell(cx, cy).Shapes {
				i := indexOf(s)
				b := &c.bodies[i]
				if c.first(cx, cy, x0, y0, b) && matches(b, tags) && c.touchesBox(b, &c.info[i], rc, rh) {
					dst = append(dst, b.e)
				}
			}
		}
	}
	slices.Sort(dst[start:])
	return dst
}

// Raycast returns the first collider with one of tags (any collider when
// tags is 0) that the segment from from to to meets, and true; or false
// when it meets none. A collider containing from is met at from, with the
// normal pointing back along the ray. Ties go to the lower entity id. It
// visits the grid's cells along the segment, stopping at the first cell
// beyond the nearest hit, and allocates nothing.
func (c *Collision) Raycast(from, to Vec2, tags Tags) (RayHit, bool) {
	c.hits = c.ray(from, to, tags, true, c.hits[:0])
	if len(c.hits) == 0 {
		return RayHit{}, false
	}
	return slices.MinFunc(c.hits, compareHits), true
}

// RaycastAll appends to dst every collider with one of tags (any collider
// when tags is 0) that the segment from from to to meets, nearest first
// (ties by entity id), and returns the extended slice. It allocates only
// if dst must grow.
func (c *Collision) RaycastAll(from, to Vec2, tags Tags, dst []RayHit) []RayHit {
	start := len(dst)
	dst = c.ray(from, to, tags, false, dst)
	slices.SortFunc(dst[start:], compareHits)
	return dst
}

func compareHits(a, b RayHit) int {
	if c := cmp.Compare(a.Dist, b.Dist); c != 0 {
		return c
	}
	return cmp.Compare(a.Entity, b.Entity)
}

// ray appends the hits of the segment from→to to dst, walking the grid's
// cells along it (Amanatides and Woo's traversal). With first, it stops
// once the cells left are all farther than the nearest hit.
func (c *Collision) ray(from, to Vec2, tags Tags, first bool, dst []RayHit) []RayHit {
	start := len(dst)
	p, d := c.toSpace(from), to.Sub(from)
	// Clip the segment, p + t·d for t in [0, 1], to the grid.
	t0, t1 := 0.0, 1.0
	size := Vec2{X: float64(c.cols) * c.cell, Y: float64(c.rows) * c.cell}
	for _, ax := range [2][3]float64{{p.X, d.X, size.X}, {p.Y, d.Y, size.Y}} {
		o, v, hi := ax[0], ax[1], ax[2]
		if v == 0 {
			if o < 0 || o > hi {
				return dst
			}
			continue
		}
		ta, tb := (0-o)/v, (hi-o)/v
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = max(t0, ta), min(t1, tb)
	}
	if !(t0 <= t1) {
		return dst
	}
	q := p.Add(d.Scale(t0))
	cx := min(max(int(math.Floor(q.X/c.cell)), 0), c.cols-1)
	cy := min(max(int(math.Floor(q.Y/c.cell)), 0), c.rows-1)
	stepX, nextX, deltaX := axisWalk(p.X, d.X, cx, c.cell)
	stepY, nextY, deltaY := axisWalk(p.Y, d.Y, cy, c.cell)
	stamp := c.nextStamp()
	length := d.Len()
	for {
		for _, s := range c.space.Cell(cx, cy).Shapes {
			i := indexOf(s)
			b, x := &c.bodies[i], &c.info[i]
			if x.stamp == stamp {
				continue
			}
			x.stamp = stamp
			if !matches(b, tags) {
				continue
			}
			if t, n, ok := rayBody(b, x, from, d); ok {
				dst = append(dst, RayHit{Entity: b.e, Point: from.Add(d.Scale(t)), Normal: n, Dist: t * length})
			}
		}
		// The cell's far edge along the ray.
		exit := min(nextX, nextY)
		if exit > t1 || first && len(dst) > start && slices.MinFunc(dst[start:], compareHits).Dist <= exit*length {
			return dst
		}
		if nextX < nextY {
			cx += stepX
			nextX += deltaX
		} else {
			cy += stepY
			nextY += deltaY
		}
		if cx < 0 || cy < 0 || cx >= c.cols || cy >= c.rows {
			return dst
		}
	}
}

// axisWalk returns, for a ray p + t·d along one axis starting in cell
// cell, the step between cells, the t of the next cell edge and the t
// between edges.
func axisWalk(p, d float64, cell int, size float64) (step int, next, delta float64) {
	switch {
	case d > 0:
		return 1, (float64(cell+1)*size - p) / d, size / d
	case d < 0:
		return -1, (float64(cell)*size - p) / d, -size / d
	}
	return 0, math.Inf(1), math.Inf(1)
}

// rayBody returns where, as a share t of d, the ray from p along d enters
// b, with b's outward normal there.
func rayBody(b *body, x *shapeInfo, p, d Vec2) (float64, Vec2, bool) {
	back := d.Scale(-1 / d.Len())
	if d == (Vec2{}) {
		back = Vec2{X: 0, Y: -1}
	}
	if b.kind == ShapeCircle {
		m := p.Sub(b.center)
		cc := m.Dot(m) - b.hi.X*b.hi.X
		if cc <= 0 {
			return 0, back, true
		}
		a, bb := d.Dot(d), m.Dot(d)
		disc := bb*bb - a*cc
		if a == 0 || bb >= 0 || disc < 0 {
			return 0, Vec2{}, false
		}
		t := (-bb - math.Sqrt(disc)) / a
		if t > 1 {
			return 0, Vec2{}, false
		}
		n := p.Add(d.Scale(t)).Sub(b.center)
		return t, n.Scale(1 / n.Len()), true
	}
	// Clip the ray against each edge's half-plane (Cyrus and Beck).
	tIn, tOut, normal := 0.0, 1.0, back
	for k, pt := range x.points {
		n := x.normals[k]
		num := n.Dot(b.center.Add(pt).Sub(p)) // ≥ 0 when p is inside this edge
		den := n.Dot(d)
		switch {
		case den == 0:
			if num < 0 {
				return 0, Vec2{}, false
			}
		case den < 0: // entering
			if t := num / den; t > tIn {
				tIn, normal = t, n
			}
		default: // leaving
			tOut = min(tOut, num/den)
		}
		if tIn > tOut {
			return 0, Vec2{}, false
		}
	}
	return tIn, normal, true
}

// contains reports whether b's shape contains p, edges included.
func contains(b *body, x *shapeInfo, p Vec2) bool {
	d := p.Sub(b.center)
	if b.kind == ShapeCircle {
		return d.Dot(d) <= b.hi.X*b.hi.X
	}
	for k, pt := range x.points {
		if x.normals[k].Dot(d.Sub(pt)) > 0 {
			return false
		}
	}
	return true
}

// touchesBox reports whether b's shape overlaps or touches the box at rc
// with half size rh.
func (c *Collision) touchesBox(b *body, x *shapeInfo, rc, rh Vec2) bool {
	d := b.center.Sub(rc)
	if d.X+b.lo.X > rh.X || d.X+b.hi.X < -rh.X || d.Y+b.lo.Y > rh.Y || d.Y+b.hi.Y < -rh.Y {
		return false
	}
	switch b.kind {
	case ShapeBox:
		return true
	case ShapeCircle:
		q := Vec2{X: min(max(d.X, -rh.X), rh.X), Y: min(max(d.Y, -rh.Y), rh.Y)}
		e := d.Sub(q)
		return e.Dot(e) <= b.hi.X*b.hi.X
	}
	// A polygon: no axis of either separates them (touching counts).
	va := vertices(b.center, x.points, &c.scratchA)
	vb := append(c.scratchB[:0], rc.Add(Vec2{X: -rh.X, Y: -rh.Y}), rc.Add(Vec2{X: rh.X, Y: -rh.Y}), rc.Add(rh), rc.Add(Vec2{X: -rh.X, Y: rh.Y}))
	c.scratchB = vb
	xy := [2]Vec2{{X: 1}, {Y: 1}}
	for _, axes := range [2][]Vec2{x.normals, xy[:]} {
		for _, n := range axes {
			alo, ahi := project(va, n)
			blo, bhi := project(vb, n)
			if ahi < blo || bhi < alo {
				return false
			}
		}
	}
	return true
}
