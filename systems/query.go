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
func matches(b *body, id *bodyID, tags Tags) bool {
	return b.live && !b.bad && (tags == 0 || id.tags&tags != 0)
}

// AtPoint appends to dst the entities whose colliders contain p (edges
// included) and have one of tags (any collider when tags is 0), in
// ascending order, and returns the extended slice. It looks at one cell
// of the grid (and the large colliders) and allocates only if dst must
// grow.
func (c *Collision) AtPoint(p Vec2, tags Tags, dst []world.Entity) []world.Entity {
	start := len(dst)
	for _, i := range c.large {
		if b := &c.bodies[i]; matches(b, &c.ids[i], tags) && contains(b, &c.info[i], p) {
			dst = append(dst, c.ids[i].e)
		}
	}
	g := &c.grid
	if k := g.find(g.coord(p.X), g.coord(p.Y)); k >= 0 {
		for n := g.cells[k].head; n >= 0; n = g.nodes[n].next {
			i := g.nodes[n].body
			if b := &c.bodies[i]; matches(b, &c.ids[i], tags) && contains(b, &c.info[i], p) {
				dst = append(dst, c.ids[i].e)
			}
		}
	}
	slices.Sort(dst[start:])
	return dst
}

// InRect appends to dst the entities whose colliders overlap or touch r
// and have one of tags (any collider when tags is 0), in ascending order,
// and returns the extended slice. It looks at the cells r covers, or at
// every collider when r covers more cells than the colliders are filed
// in, and allocates only if dst must grow.
func (c *Collision) InRect(r Rectangle, tags Tags, dst []world.Entity) []world.Entity {
	if !(r.Min.X <= r.Max.X && r.Min.Y <= r.Max.Y) {
		return dst
	}
	start := len(dst)
	rc, rh := r.Min.Add(r.Max).Scale(0.5), r.Max.Sub(r.Min).Scale(0.5)
	g := &c.grid
	x0, y0, x1, y1 := g.coord(r.Min.X), g.coord(r.Min.Y), g.coord(r.Max.X), g.coord(r.Max.Y)
	if (int64(x1)-int64(x0)+1)*(int64(y1)-int64(y0)+1) > int64(g.filed) {
		for i := range c.bodies {
			if b := &c.bodies[i]; matches(b, &c.ids[i], tags) && c.touchesBox(b, &c.info[i], rc, rh) {
				dst = append(dst, c.ids[i].e)
			}
		}
		slices.Sort(dst[start:])
		return dst
	}
	for _, i := range c.large {
		if b := &c.bodies[i]; matches(b, &c.ids[i], tags) && c.touchesBox(b, &c.info[i], rc, rh) {
			dst = append(dst, c.ids[i].e)
		}
	}
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			k := g.find(cx, cy)
			if k < 0 {
				continue
			}
			for n := g.cells[k].head; n >= 0; n = g.nodes[n].next {
				i := g.nodes[n].body
				b := &c.bodies[i]
				if first(cx, cy, x0, y0, b) && matches(b, &c.ids[i], tags) && c.touchesBox(b, &c.info[i], rc, rh) {
					dst = append(dst, c.ids[i].e)
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

// ray appends the hits of the segment from→to to dst: of the large
// colliders, and of those in the grid's cells along the segment
// (Amanatides and Woo's traversal), or of every collider when the
// segment crosses more cells than the colliders are filed in. With
// first, the traversal stops once the cells left are all farther than
// the nearest hit.
func (c *Collision) ray(from, to Vec2, tags Tags, first bool, dst []RayHit) []RayHit {
	if !finiteVec(from) || !finiteVec(to) {
		return dst
	}
	start := len(dst)
	d := to.Sub(from)
	length := d.Len()
	stamp := c.nextStamp()
	try := func(i int32) {
		b, x := &c.bodies[i], &c.info[i]
		if x.stamp == stamp {
			return
		}
		x.stamp = stamp
		if !matches(b, &c.ids[i], tags) {
			return
		}
		if t, n, ok := rayBody(b, x, from, d); ok {
			dst = append(dst, RayHit{Entity: c.ids[i].e, Point: from.Add(d.Scale(t)), Normal: n, Dist: t * length})
		}
	}
	for _, i := range c.large {
		try(i)
	}
	g := &c.grid
	cx, cy, ex, ey := g.coord(from.X), g.coord(from.Y), g.coord(to.X), g.coord(to.Y)
	cells := abs64(int64(ex)-int64(cx)) + abs64(int64(ey)-int64(cy)) + 1
	if cells > int64(g.filed) || max(abs64(int64(cx)), abs64(int64(cy)), abs64(int64(ex)), abs64(int64(ey))) >= gridLimit {
		for i := range c.bodies {
			try(int32(i))
		}
		return dst
	}
	stepX, nextX, deltaX := axisWalk(from.X, d.X, cx, g.size)
	stepY, nextY, deltaY := axisWalk(from.Y, d.Y, cy, g.size)
	for range cells {
		if k := g.find(cx, cy); k >= 0 {
			for n := g.cells[k].head; n >= 0; n = g.nodes[n].next {
				try(g.nodes[n].body)
			}
		}
		// The cell's far edge along the ray.
		exit := min(nextX, nextY)
		if exit > 1 || cx == ex && cy == ey || first && len(dst) > start && slices.MinFunc(dst[start:], compareHits).Dist <= exit*length {
			break
		}
		if nextX < nextY {
			cx += stepX
			nextX += deltaX
		} else {
			cy += stepY
			nextY += deltaY
		}
	}
	return dst
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// axisWalk returns, for a ray p + t·d along one axis starting in cell
// cell, the step between cells, the t of the next cell edge and the t
// between edges.
func axisWalk(p, d float64, cell int32, size float64) (step int32, next, delta float64) {
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
