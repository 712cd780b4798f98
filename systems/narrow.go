package systems

import "math"

// collide tests bodies i and j, whose boxes overlap, and returns the unit
// vector along which i leaves j the shortest way, how deep they overlap,
// and whether they do (touching is not overlapping).
func (c *Collision) collide(i, j int32) (Vec2, float64, bool) {
	a, b := &c.bodies[i], &c.bodies[j]
	switch {
	case a.kind == ShapeCircle && b.kind == ShapeCircle:
		return circleCircle(a.center, a.hi.X, b.center, b.hi.X)
	case a.kind == ShapeBox && b.kind == ShapeBox:
		return boxBox(a.center, a.hi, b.center, b.hi)
	case a.kind == ShapeCircle && b.kind == ShapeBox:
		return circleBox(a.center, a.hi.X, b.center, b.hi)
	case a.kind == ShapeBox && b.kind == ShapeCircle:
		n, d, ok := circleBox(b.center, b.hi.X, a.center, a.hi)
		return flip(n), d, ok
	case c.resolvPolygons:
		return c.intersect(i, j)
	}
	return c.separate(i, j)
}

// intersect tests a pair of which at least one is a polygon with resolv's
// Intersection, whose MTV moves i out of j. resolv finds an overlap by
// crossing edges, so when one shape lies wholly inside the other it finds
// none: then the separating-axis test decides.
func (c *Collision) intersect(i, j int32) (Vec2, float64, bool) {
	set := c.info[i].shape(c.bodies[i].center).Intersection(c.info[j].shape(c.bodies[j].center))
	if len(set.Intersections) > 0 {
		mtv := Vec2{X: set.MTV.X, Y: set.MTV.Y}
		if d := mtv.Len(); d > 0 {
			return mtv.Scale(1 / d), d, true
		}
	}
	return c.separate(i, j)
}

// separate is the separating-axis test of bodies i and j, one of which at
// least is a polygon or a box (a circle has no vertices): the test resolv's
// MTV comes from, over the same axes, without its allocations.
func (c *Collision) separate(i, j int32) (Vec2, float64, bool) {
	a, b, xa, xb := &c.bodies[i], &c.bodies[j], &c.info[i], &c.info[j]
	switch {
	case a.kind == ShapeCircle:
		vb := vertices(b.center, xb.points, &c.scratchB)
		return satCircle(vb, xb.normals, b.center.Add(xb.centroid), a.center, a.hi.X)
	case b.kind == ShapeCircle:
		va := vertices(a.center, xa.points, &c.scratchA)
		n, d, ok := satCircle(va, xa.normals, a.center.Add(xa.centroid), b.center, b.hi.X)
		return flip(n), d, ok
	}
	va, vb := vertices(a.center, xa.points, &c.scratchA), vertices(b.center, xb.points, &c.scratchB)
	return satPolygons(va, xa.normals, vb, xb.normals, a.center.Add(xa.centroid).Sub(b.center.Add(xb.centroid)))
}

// vertices returns the points around center in world units, in *buf.
func vertices(center Vec2, points []Vec2, buf *[]Vec2) []Vec2 {
	v := (*buf)[:0]
	for _, p := range points {
		v = append(v, center.Add(p))
	}
	*buf = v
	return v
}

// circleCircle tests circle (ca, ra) against circle (cb, rb). A circle
// wholly inside the other overlaps it (resolv says it does not); two with
// the same centre separate upwards.
func circleCircle(ca Vec2, ra float64, cb Vec2, rb float64) (Vec2, float64, bool) {
	d := ca.Sub(cb)
	r := ra + rb
	d2 := d.X*d.X + d.Y*d.Y
	if d2 >= r*r {
		return Vec2{}, 0, false
	}
	if d2 == 0 {
		return Vec2{X: 0, Y: -1}, r, true
	}
	l := math.Sqrt(d2)
	return d.Scale(1 / l), r - l, true
}

// boxBox tests the box at ca with half size ha against the one at cb
// with half size hb, separating along the axis of least overlap.
func boxBox(ca, ha, cb, hb Vec2) (Vec2, float64, bool) {
	dx, dy := ca.X-cb.X, ca.Y-cb.Y
	px := ha.X + hb.X - math.Abs(dx)
	py := ha.Y + hb.Y - math.Abs(dy)
	if px <= 0 || py <= 0 {
		return Vec2{}, 0, false
	}
	if px < py {
		return Vec2{X: sign(dx), Y: 0}, px, true
	}
	return Vec2{X: 0, Y: sign(dy)}, py, true
}

// circleBox tests circle (cc, r) against the box at cb with half size hb;
// the normal is the circle's way out.
func circleBox(cc Vec2, r float64, cb, hb Vec2) (Vec2, float64, bool) {
	d := cc.Sub(cb)
	q := Vec2{X: min(max(d.X, -hb.X), hb.X), Y: min(max(d.Y, -hb.Y), hb.Y)}
	if q != d { // the centre is outside the box
		e := d.Sub(q)
		e2 := e.X*e.X + e.Y*e.Y
		if e2 >= r*r {
			return Vec2{}, 0, false
		}
		l := math.Sqrt(e2)
		return e.Scale(1 / l), r - l, true
	}
	// The centre is inside: leave through the nearest side.
	px, py := hb.X-math.Abs(d.X), hb.Y-math.Abs(d.Y)
	if px < py {
		return Vec2{X: sign(d.X), Y: 0}, px + r, true
	}
	return Vec2{X: 0, Y: sign(d.Y)}, py + r, true
}

// sign returns -1 for negative x and 1 otherwise.
func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

// project returns the interval the vertices v cover along axis.
func project(v []Vec2, axis Vec2) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range v {
		d := p.Dot(axis)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// satPolygons is the separating-axis test of convex polygons a and b
// (vertices and unit edge normals); ab points from b's centre to a's. It
// returns the axis of least overlap, turned to point along ab.
func satPolygons(va, na, vb, nb []Vec2, ab Vec2) (Vec2, float64, bool) {
	best, depth := Vec2{}, math.Inf(1)
	for _, axes := range [2][]Vec2{na, nb} {
		for _, n := range axes {
			alo, ahi := project(va, n)
			blo, bhi := project(vb, n)
			o := min(ahi-blo, bhi-alo)
			if o <= 0 {
				return Vec2{}, 0, false
			}
			if o < depth {
				best, depth = n, o
			}
		}
	}
	if best.Dot(ab) < 0 {
		best = flip(best)
	}
	return best, depth, true
}

// satCircle is the separating-axis test of the convex polygon v (with
// unit edge normals ns and centre pc) against circle (cc, r). It returns
// the circle's way out.
func satCircle(v, ns []Vec2, pc, cc Vec2, r float64) (Vec2, float64, bool) {
	best, depth := Vec2{}, math.Inf(1)
	try := func(n Vec2) bool {
		lo, hi := project(v, n)
		d := cc.Dot(n)
		o := min(hi-(d-r), (d+r)-lo)
		if o <= 0 {
			return false
		}
		if o < depth {
			best, depth = n, o
		}
		return true
	}
	for _, n := range ns {
		if !try(n) {
			return Vec2{}, 0, false
		}
	}
	// The axis from the nearest vertex to the centre separates a circle
	// beyond a corner.
	near, d2 := v[0], math.Inf(1)
	for _, p := range v {
		if e := cc.Sub(p); e.Dot(e) < d2 {
			near, d2 = p, e.Dot(e)
		}
	}
	if d2 > 0 {
		if !try(cc.Sub(near).Scale(1 / math.Sqrt(d2))) {
			return Vec2{}, 0, false
		}
	}
	if best.Dot(cc.Sub(pc)) < 0 {
		best = flip(best)
	}
	return best, depth, true
}
