// Package collidelimit is the hand-written limit the collision system
// (systems.Collision) is measured against: bodies moving and bouncing in
// a square field, a dense uniform grid of cell lists rebuilt every
// step, exact circle and box tests, and movers pushed out of solids, all
// over plain slices. It is what a game would write for this one scene,
// with no world, no events and no state kept between steps beyond the
// bodies, so that systems' benchmarks and cmd/stress can say how far
// from it the general system is.
//
// It reproduces the collision system's arithmetic operation for
// operation (motion, bounce, the movers' substeps and pushes, the
// narrow phase), so the two find the same contacts, which the systems
// tests check pair by pair.
//
// Outline: [Body], [Scene], [New], [Limit.Step], [Limit.Contacts]
// ([Contact]), [Limit.Positions], [Limit.Mover]; for bodies moved by the
// caller, [Limit.SetPosition] and [Limit.Collide].
package collidelimit

import (
	"math"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/geom"
)

type vec = geom.Vec2

// Body is one body of a scene: a circle of radius R, or a box of half
// size Half when R is 0, at P moving at V (units a second). A mover is
// pushed out of the solids (every body that is not a mover) it runs
// into, as systems.Mover is.
type Body struct {
	P, V  vec
	R     float64
	Half  vec
	Mover bool
}

// Scene returns n bodies scattered over a side×side field, seeded:
// circles of radius 3 to 8 and boxes of 6 to 16 units, half each, at
// speeds up to 60 units a second along each axis; one body in ten is a
// mover (always a circle).
func Scene(n int, side float64, seed uint64) []Body {
	r := rand.New(rand.NewPCG(seed, 0xc011de))
	bs := make([]Body, n)
	for i := range bs {
		b := &bs[i]
		b.P = vec{X: r.Float64() * side, Y: r.Float64() * side}
		b.V = vec{X: (2*r.Float64() - 1) * 60, Y: (2*r.Float64() - 1) * 60}
		b.Mover = i%10 == 0
		if b.Mover || i%2 == 1 {
			b.R = 3 + 5*r.Float64()
		} else {
			b.Half = vec{X: 3 + 5*r.Float64(), Y: 3 + 5*r.Float64()}
		}
	}
	return bs
}

// Contact is a pair of bodies that overlap: A < B by index; Normal is
// the unit vector along which A leaves B, Depth how far.
type Contact struct {
	A, B   int32
	Normal vec
	Depth  float64
}

// Limit steps a scene.
type Limit struct {
	side, inv float64 // the field's side, 1 / a cell's side
	n         int     // cells along a side
	maxSub    int
	b         []hot // by body index
	vel       []vec
	mover     []bool
	step      []float64 // a mover's longest substep
	at        []vec     // where the last step left each mover
	head      []int32   // per cell: first node + 1, 0 for none
	nodes     []node
	contacts  []Contact
	pushes    []Contact // this step's pushes, deepest per pair
	started   bool
}

// hot is what a test reads of a body.
type hot struct {
	p      vec
	h      vec     // half the size of the box around it
	r      float64 // a circle's radius; 0 for a box
	x0, y0 int32   // the first cell it covers
}

// node is one body filed in one cell's list.
type node struct{ body, next int32 }

// New returns a limit over bodies in a side×side field with cells of
// cell units and movers cut into at most maxSub substeps a step.
func New(bodies []Body, side, cell float64, maxSub int) *Limit {
	n := int(math.Ceil(side / cell))
	l := &Limit{side: side, inv: 1 / cell, n: n, maxSub: maxSub, head: make([]int32, n*n)}
	for _, b := range bodies {
		h := b.Half
		if b.R > 0 {
			h = vec{X: b.R, Y: b.R}
		}
		l.b = append(l.b, hot{p: b.P, h: h, r: b.R})
		l.vel = append(l.vel, b.V)
		l.mover = append(l.mover, b.Mover)
		l.step = append(l.step, b.R/2)
		l.at = append(l.at, b.P)
	}
	return l
}

// Positions appends the bodies' positions to dst.
func (l *Limit) Positions(dst []vec) []vec {
	for i := range l.b {
		dst = append(dst, l.b[i].p)
	}
	return dst
}

// Contacts returns the last step's contacts, in the order the grid
// found them and then the pushes; the slice is reused by the next step.
func (l *Limit) Contacts() []Contact { return l.contacts }

// Step advances the scene by dt seconds: motion, bounce off the field's
// edges, movers swept against the solids, and the contacts found.
func (l *Limit) Step(dt float64) {
	for i := range l.b {
		p, v := &l.b[i].p, &l.vel[i]
		p.X += v.X * dt
		p.Y += v.Y * dt
		p.X = bounce(p.X, 0, l.side, &v.X)
		p.Y = bounce(p.Y, 0, l.side, &v.Y)
	}
	if !l.started {
		// The collision system first sees the bodies where this step's
		// motion took them.
		for i := range l.b {
			l.at[i] = l.b[i].p
		}
		l.started = true
	}
	// File the solids, sweep the movers against them, then file the
	// movers where they ended.
	clear(l.head)
	l.nodes = l.nodes[:0]
	for i := range l.b {
		if !l.mover[i] {
			l.file(int32(i))
		}
	}
	l.pushes = l.pushes[:0]
	for i := range l.b {
		if l.mover[i] {
			l.sweep(int32(i))
		}
	}
	for i := range l.b {
		if l.mover[i] {
			l.file(int32(i))
		}
	}
	l.contacts = l.contacts[:0]
	for i := range l.b {
		l.test(int32(i))
	}
	l.contacts = append(l.contacts, l.pushes...)
}

// bounce is systems.Confine's Bounce along one axis.
func bounce(x, lo, hi float64, v *float64) float64 {
	switch {
	case x < lo:
		*v = math.Abs(*v)
		x = 2*lo - x
	case x > hi:
		*v = -math.Abs(*v)
		x = 2*hi - x
	default:
		return x
	}
	return min(max(x, lo), hi)
}

// cells returns the cells a body at p with half size h covers, clamped
// to the grid.
func (l *Limit) cells(p, h vec) (x0, y0, x1, y1 int32) {
	c := func(v float64) int32 { return int32(min(max(int(math.Floor(v*l.inv)), 0), l.n-1)) }
	return c(p.X - h.X), c(p.Y - h.Y), c(p.X + h.X), c(p.Y + h.Y)
}

// file puts body i in the lists of the cells it covers.
func (l *Limit) file(i int32) {
	b := &l.b[i]
	x0, y0, x1, y1 := l.cells(b.p, b.h)
	b.x0, b.y0 = x0, y0
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			k := int(y)*l.n + int(x)
			l.nodes = append(l.nodes, node{body: i, next: l.head[k] - 1})
			l.head[k] = int32(len(l.nodes))
		}
	}
}

// test records the contacts of body i with the bodies of higher index,
// each pair in the first cell both cover.
func (l *Limit) test(i int32) {
	a := &l.b[i]
	x0, y0, x1, y1 := l.cells(a.p, a.h)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for n := l.head[int(y)*l.n+int(x)] - 1; n >= 0; n = l.nodes[n].next {
				j := l.nodes[n].body
				b := &l.b[j]
				if j <= i || x != max(x0, b.x0) || y != max(y0, b.y0) || !overlapBoxes(a, b) || l.pushed(i, j) {
					continue // a push is the pair's contact: added after the tests
				}
				if n, d, ok := collide(a, b); ok {
					l.contacts = append(l.contacts, Contact{A: i, B: j, Normal: n, Depth: d})
				}
			}
		}
	}
}

// pushed reports whether the pair (i, j), i < j, was pushed apart.
func (l *Limit) pushed(i, j int32) bool {
	if !l.mover[i] && !l.mover[j] {
		return false
	}
	for k := range l.pushes {
		if l.pushes[k].A == i && l.pushes[k].B == j {
			return true
		}
	}
	return false
}

// overlapBoxes reports whether the boxes around a and b overlap.
func overlapBoxes(a, b *hot) bool {
	d := a.p.Sub(b.p)
	return d.X+a.h.X > -b.h.X && d.X-a.h.X < b.h.X && d.Y+a.h.Y > -b.h.Y && d.Y-a.h.Y < b.h.Y
}

// collide is the narrow phase: the unit vector along which a leaves b,
// the depth, and whether they overlap.
func collide(a, b *hot) (vec, float64, bool) {
	switch {
	case a.r > 0 && b.r > 0:
		return circleCircle(a.p, a.r, b.p, b.r)
	case a.r == 0 && b.r == 0:
		return boxBox(a.p, a.h, b.p, b.h)
	case a.r > 0:
		return circleBox(a.p, a.r, b.p, b.h)
	default:
		n, d, ok := circleBox(b.p, b.r, a.p, a.h)
		return vec{X: 0 - n.X, Y: 0 - n.Y}, d, ok
	}
}

// SetPosition puts body i at p, for [Limit.Collide].
func (l *Limit) SetPosition(i int, p vec) { l.b[i].p = p }

// Collide finds the contacts of the bodies where they are, without
// moving them or sweeping movers: for a caller that moves the bodies
// itself (cmd/stress -collide).
func (l *Limit) Collide() {
	clear(l.head)
	l.nodes = l.nodes[:0]
	for i := range l.b {
		l.file(int32(i))
	}
	l.pushes = l.pushes[:0]
	l.contacts = l.contacts[:0]
	for i := range l.b {
		l.test(int32(i))
	}
}

// sweep moves mover i from where the last step left it to its position
// in substeps, pushing it out of the solids it overlaps after each, as
// the collision system does.
func (l *Limit) sweep(i int32) {
	from := l.at[i]
	d := l.b[i].p.Sub(from)
	n := 1
	if s := d.Len(); s > 0 && l.step[i] > 0 {
		n = min(max(int(math.Ceil(s/l.step[i])), 1), l.maxSub)
	}
	vel := &l.vel[i]
	pos := from
	for s := n; s > 0; s-- {
		part := d.Scale(1 / float64(s))
		before := pos
		pos, d = pos.Add(part), d.Sub(part)
		free := false
		for range 4 {
			j, nrm, depth, ok := l.deepest(i, pos)
			if !ok {
				free = true
				break
			}
			pos = pos.Add(nrm.Scale(depth))
			l.push(i, j, nrm, depth)
			if vn := vel.Dot(nrm); vn < 0 {
				*vel = vel.Sub(nrm.Scale(vn))
			}
			if dn := d.Dot(nrm); dn < 0 {
				d = d.Sub(nrm.Scale(dn))
			}
		}
		if !free && l.overlaps(i, pos) && !l.overlaps(i, before) {
			// Wedged between solids pushing opposite ways: back to where
			// the substep began, stopped along it.
			pos = before
			if s := part.Len(); s > 0 {
				if along := part.Scale(1 / s); vel.Dot(along) > 0 {
					*vel = vel.Sub(along.Scale(vel.Dot(along)))
				}
			}
			break
		}
	}
	l.b[i].p, l.at[i] = pos, pos
}

// overlaps reports whether mover i at p overlaps a solid.
func (l *Limit) overlaps(i int32, p vec) bool {
	_, _, _, ok := l.deepest(i, p)
	return ok
}

// deepest returns the solid mover i overlaps most when at p (ties to the
// lower index), the unit vector along which i leaves it and how far. The
// grid holds solids only while movers are swept.
func (l *Limit) deepest(i int32, p vec) (int32, vec, float64, bool) {
	a := l.b[i]
	a.p = p
	best, bestN, bestD := int32(-1), vec{}, 0.0
	x0, y0, x1, y1 := l.cells(a.p, a.h)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for n := l.head[int(y)*l.n+int(x)] - 1; n >= 0; n = l.nodes[n].next {
				j := l.nodes[n].body
				b := &l.b[j]
				if x != max(x0, b.x0) || y != max(y0, b.y0) || !overlapBoxes(&a, b) {
					continue
				}
				n, d, ok := collide(&a, b)
				if ok && d > 1e-9 && (best < 0 || d > bestD || d == bestD && j < best) {
					best, bestN, bestD = j, n, d
				}
			}
		}
	}
	return best, bestN, bestD, best >= 0
}

// push records that mover i was pushed out of solid j along n by d: the
// pair's contact for the step is its deepest push.
func (l *Limit) push(i, j int32, n vec, d float64) {
	if i > j {
		i, j, n = j, i, vec{X: 0 - n.X, Y: 0 - n.Y}
	}
	for k := range l.pushes {
		if c := &l.pushes[k]; c.A == i && c.B == j {
			if d > c.Depth {
				c.Normal, c.Depth = n, d
			}
			return
		}
	}
	l.pushes = append(l.pushes, Contact{A: i, B: j, Normal: n, Depth: d})
}

func circleCircle(ca vec, ra float64, cb vec, rb float64) (vec, float64, bool) {
	d := ca.Sub(cb)
	r := ra + rb
	d2 := d.X*d.X + d.Y*d.Y
	if d2 >= r*r {
		return vec{}, 0, false
	}
	if d2 == 0 {
		return vec{X: 0, Y: -1}, r, true
	}
	s := math.Sqrt(d2)
	return d.Scale(1 / s), r - s, true
}

func boxBox(ca, ha, cb, hb vec) (vec, float64, bool) {
	dx, dy := ca.X-cb.X, ca.Y-cb.Y
	px := ha.X + hb.X - math.Abs(dx)
	py := ha.Y + hb.Y - math.Abs(dy)
	if px <= 0 || py <= 0 {
		return vec{}, 0, false
	}
	if px < py {
		return vec{X: sign(dx), Y: 0}, px, true
	}
	return vec{X: 0, Y: sign(dy)}, py, true
}

func circleBox(cc vec, r float64, cb, hb vec) (vec, float64, bool) {
	d := cc.Sub(cb)
	q := vec{X: min(max(d.X, -hb.X), hb.X), Y: min(max(d.Y, -hb.Y), hb.Y)}
	if q != d {
		e := d.Sub(q)
		e2 := e.X*e.X + e.Y*e.Y
		if e2 >= r*r {
			return vec{}, 0, false
		}
		s := math.Sqrt(e2)
		return e.Scale(1 / s), r - s, true
	}
	px, py := hb.X-math.Abs(d.X), hb.Y-math.Abs(d.Y)
	if px < py {
		return vec{X: sign(d.X), Y: 0}, px + r, true
	}
	return vec{X: 0, Y: sign(d.Y)}, py + r, true
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

// Mover reports whether body i is a mover.
func (l *Limit) Mover(i int32) bool { return l.mover[i] }
