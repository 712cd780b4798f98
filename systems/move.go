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
		vel, _ := Velocity.Get(w, c.ids[i].e)
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
				c.hit(i, j, nrm, depth, true)
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
		if p, ok := Position.Get(w, c.ids[i].e); ok {
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
	d := deepest{best: -1}
	for _, j := range c.large {
		c.deeper(&d, i, j)
	}
	a, g := &c.bodies[i], &c.grid
	k := c.span(i)
	if a.large {
		for j := range c.bodies {
			if b := &c.bodies[j]; b.live && !b.bad && !b.large {
				c.deeper(&d, i, int32(j))
			}
		}
		return d.best, d.n, d.depth, d.best >= 0
	}
	few := cellCount(k) <= int64(len(c.in[i]))
	in := &c.in[i]
	for cy := k[1]; cy <= k[3]; cy++ {
		for cx := k[0]; cx <= k[2]; cx++ {
			var cell int32
			if few { // as in test: a call here costs a fifth of the walk
				cell = in[(cy-k[1])*(k[2]-k[0]+1)+cx-k[0]]
			} else {
				cell = g.find(cx, cy)
			}
			for n := g.cells[cell].head; n >= 0; n = g.nodes[n].next {
				if j := g.nodes[n].body; first(cx, cy, k[0], k[1], &c.bodies[j]) {
					c.deeper(&d, i, j)
				}
			}
		}
	}
	return d.best, d.n, d.depth, d.best >= 0
}

// deepest is the deepest overlap found so far of a search.
type deepest struct {
	best  int32
	n     Vec2
	depth float64
}

// deeper tests mover i against body j, and makes j the deepest of d if
// it is a solid i overlaps deeper (ties to the lower entity).
func (c *Collision) deeper(d *deepest, i, j int32) {
	a, b := &c.bodies[i], &c.bodies[j]
	if j == i || b.trigger || b.mover || !boxesOverlap(a, b) || !meets(&c.ids[i], &c.ids[j]) {
		return
	}
	c.stats.Tests++
	n, depth, ok := c.collide(i, j)
	// Below a nanometre the overlap is rounding left by the last push,
	// not a contact.
	if ok && depth > 1e-9 && (d.best < 0 || depth > d.depth || depth == d.depth && c.ids[j].e < c.ids[d.best].e) {
		d.best, d.n, d.depth = j, n, depth
	}
}
