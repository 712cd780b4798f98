package systems

import (
	"math"

	"github.com/tessera-engine/tessera/world"
)

// pushesPerSubstep caps how often a mover is pushed out of solids after
// one substep: a corner needs two pushes, a narrow gap three.
const pushesPerSubstep = 4

// moveMovers sweeps every mover from where the last step left it to the
// Position it has now, pushing it out of solids, and writes the result
// back to Position and Velocity.
func (c *Collision) moveMovers(w *world.World) {
	for _, i := range c.movers {
		b, x := &c.bodies[i], &c.info[i]
		from := b.center
		d := x.target.Sub(from)
		n := 1
		if l := d.Len(); l > 0 && x.step > 0 {
			n = min(max(int(math.Ceil(l/x.step)), 1), c.maxSub)
		}
		vel, _ := Velocity.Get(w, b.e)
		pos := from
		for s := n; s > 0; s-- {
			part := d.Scale(1 / float64(s))
			before := pos
			pos, d = pos.Add(part), d.Sub(part)
			c.place(i, pos)
			free := false
			for range pushesPerSubstep {
				j, nrm, depth, ok := c.deepestSolid(i)
				if !ok {
					free = true
					break
				}
				pos = pos.Add(nrm.Scale(depth))
				c.place(i, pos)
				c.hit(i, j, nrm, depth)
				if vel != nil {
					if vn := vel.Dot(nrm); vn < 0 {
						*vel = vel.Sub(nrm.Scale(vn))
					}
				}
				if dn := d.Dot(nrm); dn < 0 {
					d = d.Sub(nrm.Scale(dn))
				}
			}
			if !free && c.overlapsSolid(i) && c.freeAt(i, before, pos) {
				// Solids that push it opposite ways, each along its own
				// shortest axis (a gap narrower than the mover, which it
				// would otherwise slip through): back to where the
				// substep began, stopped along it, the step's rest
				// dropped. The next step comes in slower and settles.
				// Only if that place was free: a mover that began inside
				// solids (stood up in a low tunnel, wedged) is left to be
				// pushed out, not held there for good.
				pos = before
				c.place(i, pos)
				if l := part.Len(); vel != nil && l > 0 {
					if along := part.Scale(1 / l); vel.Dot(along) > 0 {
						*vel = vel.Sub(along.Scale(vel.Dot(along)))
					}
				}
				break
			}
		}
		if pos != from {
			c.markMoved(i)
		}
		if p, ok := Position.Get(w, b.e); ok {
			*p = pos.Sub(x.offset)
		}
	}
}

// freeAt reports whether mover i overlaps no solid at at; it leaves the
// mover placed at back.
func (c *Collision) freeAt(i int32, at, back Vec2) bool {
	c.place(i, at)
	free := !c.overlapsSolid(i)
	c.place(i, back)
	return free
}

// overlapsSolid reports whether mover i still overlaps a solid.
func (c *Collision) overlapsSolid(i int32) bool {
	_, _, _, ok := c.deepestSolid(i)
	return ok
}

// deepestSolid returns the solid that mover i overlaps most, the unit
// vector along which i leaves it and the overlap, or false when i
// overlaps no solid.
func (c *Collision) deepestSolid(i int32) (int32, Vec2, float64, bool) {
	a := &c.bodies[i]
	x0, y0, x1, y1, ok := c.span(a.cell)
	if !ok {
		return 0, Vec2{}, 0, false
	}
	var (
		best  int32 = -1
		bestN Vec2
		bestD float64
	)
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			for _, s := range c.space.Cell(cx, cy).Shapes {
				j := indexOf(s)
				b := &c.bodies[j]
				if j == i || b.trigger || b.mover || !c.first(cx, cy, x0, y0, b) || !meets(a, b) || !boxesOverlap(a, b) {
					continue
				}
				c.stats.Tests++
				n, d, ok := c.collide(i, j)
				// Below a nanometre the overlap is rounding left by the
				// last push, not a contact.
				if ok && d > 1e-9 && (best < 0 || d > bestD || d == bestD && b.e < c.bodies[best].e) {
					best, bestN, bestD = j, n, d
				}
			}
		}
	}
	return best, bestN, bestD, best >= 0
}
