package systems

import (
	"errors"
	"fmt"
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// pairMeta is the collision system's side of one contact: the two bodies
// and whether a test (or a mover's push) confirmed it this step.
type pairMeta struct {
	a, b int32 // body indexes of the contact's A and B
	hit  bool
}

// newPair is a contact found this step that the list does not hold yet.
type newPair struct {
	c    Contact
	a, b int32
}

func (c *Collision) run(ctx *world.Context) error {
	w := ctx.World
	if c.w != w {
		// geom.Teleport (systems' Confine, on a wrap, or game code) then
		// reaches Teleport, so a mover that jumps is not swept there.
		if c.w != nil {
			geom.RemoveTeleporter(c.w, c)
		}
		geom.AddTeleporter(w, c)
	}
	c.w = w
	c.step++
	c.errs = c.errs[:0]
	for _, i := range c.moved {
		c.bodies[i].moved = false
	}
	c.moved, c.movers = c.moved[:0], c.movers[:0]
	c.stats = CollisionStats{}
	c.dropExits()

	// Bring the space in step with the world.
	world.Each2(w, Collider, Position, c.visit)
	for i := range c.bodies {
		if c.bodies[i].live && c.info[i].seen != c.step {
			c.remove(int32(i))
		}
	}
	if c.resolvPolygons {
		// resolv computes with its shapes' positions: bring the lagging
		// ones up to date now, not from inside a loop over a cell's
		// shapes, as SetPosition files a shape in its cells again and
		// the loop would skip one and see another twice.
		for i := range c.info {
			if c.bodies[i].live && c.info[i].lag {
				c.catchUp(int32(i))
			}
		}
	}
	if len(c.movers) > 0 {
		c.moveMovers(w)
	}

	// Test the bodies that moved; the contacts of the others stand.
	for _, i := range c.byCell(c.moved) {
		c.test(i)
	}
	c.settle()
	if len(c.movers) > 0 {
		c.flagMovers(w)
	}
	c.stats.Bodies = c.live
	c.stats.Moved = len(c.moved)
	c.stats.Contacts = len(c.contacts)
	for k := range c.contacts {
		if c.contacts[k].Kind == ContactExit {
			c.stats.Contacts--
		}
	}
	c.callBack()
	if len(c.errs) > 0 {
		return errors.Join(c.errs...)
	}
	return nil
}

// sync brings e's body in step with its collider s at position p: it is
// Each2's callback, so it allocates nothing in the common case.
func (c *Collision) sync(e world.Entity, s *Shape, p *Vec2) {
	i := c.lookup(e)
	center := p.Add(s.Offset)
	if !finiteVec(*p) {
		// A NaN or infinite Position (a NaN velocity, a division by
		// zero): reported, and the body, if it has one, stays where it
		// was, so that a repaired Position moves it on from there.
		c.errs = append(c.errs, &ColliderError{Entity: e, Reason: fmt.Sprintf("position %v is not finite", *p)})
		if i >= 0 {
			c.info[i].seen = c.step
		}
		return
	}
	fresh := i < 0
	if fresh {
		i = c.add(e)
	}
	b, x := &c.bodies[i], &c.info[i]
	x.seen = c.step
	dirty := fresh
	// A bad collider is checked again every step, since what made it bad
	// (a NaN offset, say) may not be what changed.
	if fresh || x.changed(s) || b.bad && check(s) == "" {
		// A mover that changes shape (a crouch) is rebuilt where it was,
		// so that moveMovers still sweeps it to where it is going.
		if fresh || b.bad || !b.mover || s.Trigger || x.teleport || !finiteVec(b.center) || !c.w.Has(e, Mover) {
			b.center = center
		}
		c.build(i, s)
		dirty = true
	}
	if s.Tags != b.tags || s.Mask != b.mask || s.Trigger != b.trigger {
		b.tags, b.mask, b.trigger = s.Tags, s.Mask, s.Trigger
		dirty = true
	}
	x.offset = s.Offset
	b.mover = !s.Trigger && c.w.Has(e, Mover)
	if b.bad {
		return
	}
	if b.mover {
		// moveMovers sweeps it to its target.
		c.movers = append(c.movers, i)
		x.target = center
		if x.teleport {
			c.place(i, center)
			x.teleport = false
			dirty = true
		}
	} else if center != b.center {
		c.move(i, center)
		dirty = true
	}
	if dirty {
		c.markMoved(i)
	}
}

func (c *Collision) markMoved(i int32) {
	if b := &c.bodies[i]; !b.moved {
		b.moved = true
		c.moved = append(c.moved, i)
	}
}

// add gives e a new body and returns its index.
func (c *Collision) add(e world.Entity) int32 {
	s := e.Slot()
	if s >= len(c.bySlot) {
		c.bySlot = append(c.bySlot, make([]int32, s+1-len(c.bySlot))...)
	}
	if old := c.bySlot[s] - 1; old >= 0 && c.bodies[old].live {
		// The slot's last entity died and its slot was reused before a
		// step noticed; its body goes now.
		c.remove(old)
	}
	var i int32
	if n := len(c.free); n > 0 {
		i = c.free[n-1]
		c.free = c.free[:n-1]
	} else {
		i = int32(len(c.bodies))
		c.bodies = append(c.bodies, body{})
		c.info = append(c.info, shapeInfo{})
	}
	c.bodies[i] = body{e: e, live: true}
	x := &c.info[i]
	*x = shapeInfo{points: x.points[:0], normals: x.normals[:0], stamp: x.stamp}
	c.bySlot[s] = i + 1
	c.live++
	return i
}

// remove takes body i out of the space. Its contacts become exits when
// the pairs are settled, since the body is no longer live.
func (c *Collision) remove(i int32) {
	b := &c.bodies[i]
	c.park(&c.info[i])
	b.live = false
	c.live--
	if s := b.e.Slot(); s < len(c.bySlot) && c.bySlot[s] == i+1 {
		c.bySlot[s] = 0
	}
	c.free = append(c.free, i)
}

// byCell returns the bodies of list in the order of the first grid cell
// they cover, row by row (a counting sort, in a buffer of c's). Testing
// them in that order finds the cells, shapes and bodies a test reads in
// the cache, left there by the test of a neighbour: in slot order each of
// those reads is a cache miss once the bodies outgrow the cache.
func (c *Collision) byCell(list []int32) []int32 {
	cells := c.cols * c.rows
	if len(list) < 256 || len(list) < cells/16 {
		return list
	}
	if len(c.count) != cells+2 {
		c.count = make([]int32, cells+2)
	}
	count := c.count
	clear(count)
	key := func(i int32) int {
		x0, y0, _, _, ok := c.span(c.bodies[i].cell)
		if !ok {
			return cells
		}
		return y0*c.cols + x0
	}
	for _, i := range list {
		count[key(i)+1]++
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1] // now the number of bodies with a lower key
	}
	c.sorted = append(c.sorted[:0], list...)
	for _, i := range list {
		k := key(i)
		c.sorted[count[k]] = i
		count[k]++
	}
	return c.sorted
}

// test tests body i against the bodies in the cells it covers and records
// what it touches. A pair of two moved bodies is tested once, from the
// lower index.
func (c *Collision) test(i int32) {
	a := &c.bodies[i]
	if !a.live || a.bad {
		return
	}
	x0, y0, x1, y1, ok := c.span(a.cell)
	if !ok {
		return
	}
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			for _, s := range c.space.Cell(cx, cy).Shapes {
				j := indexOf(s)
				b := &c.bodies[j]
				if j == i || b.moved && j < i || !c.first(cx, cy, x0, y0, b) || !meets(a, b) || !boxesOverlap(a, b) {
					continue
				}
				c.stats.Tests++
				if n, depth, ok := c.collideOrdered(i, j); ok {
					c.hit(i, j, n, depth)
				}
			}
		}
	}
}

// collideOrdered is collide(i, j) computed with the lower entity first, so
// that a tie (two shapes with one centre, which separate "up") gives one
// normal whichever body the walk tested first; the normal returned is
// still the one along which i leaves j.
func (c *Collision) collideOrdered(i, j int32) (Vec2, float64, bool) {
	if c.bodies[i].e < c.bodies[j].e {
		return c.collide(i, j)
	}
	n, depth, ok := c.collide(j, i)
	return flip(n), depth, ok
}

// hit records that bodies i and j touch, with n the unit vector along
// which i leaves j and depth their overlap.
func (c *Collision) hit(i, j int32, n Vec2, depth float64) {
	a, b := &c.bodies[i], &c.bodies[j]
	if a.e > b.e {
		i, j, a, b, n = j, i, b, a, flip(n)
	}
	k, found := c.search(a.e, b.e)
	if found {
		ct := &c.contacts[k]
		ct.Normal, ct.Depth, ct.Trigger = n, depth, a.trigger || b.trigger
		c.meta[k].hit = true
		return
	}
	c.added = append(c.added, newPair{
		c: Contact{Kind: ContactEnter, A: a.e, B: b.e, Normal: n, Depth: depth, Trigger: a.trigger || b.trigger},
		a: i, b: j,
	})
}

// search returns the index of the contact (a, b) in the sorted list and
// whether it is there.
func (c *Collision) search(a, b world.Entity) (int, bool) {
	lo, hi := 0, len(c.contacts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compareKey(c.contacts[m].A, c.contacts[m].B, a, b) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(c.contacts) && c.contacts[lo].A == a && c.contacts[lo].B == b
}

// dropExits removes the last step's exits from the contact list, keeping
// its order.
func (c *Collision) dropExits() {
	n := 0
	for k := range c.contacts {
		if c.contacts[k].Kind != ContactExit {
			c.contacts[n], c.meta[n] = c.contacts[k], c.meta[k]
			n++
		}
	}
	c.contacts, c.meta = c.contacts[:n], c.meta[:n]
}

// settle turns the list into this step's: a contact confirmed by a test
// stays, one whose bodies did not move stays as it was, the rest exit;
// the new contacts are merged in as enters.
func (c *Collision) settle() {
	for k := range c.contacts {
		ct, m := &c.contacts[k], &c.meta[k]
		a, b := &c.bodies[m.a], &c.bodies[m.b]
		gone := !a.live || a.e != ct.A || a.bad || !b.live || b.e != ct.B || b.bad
		if m.hit || !(gone || a.moved || b.moved) {
			ct.Kind = ContactStay
		} else {
			ct.Kind = ContactExit
		}
		m.hit = false
	}
	if len(c.added) == 0 {
		return
	}
	sortContacts(c.added)
	out, meta := c.spare[:0], c.spareM[:0]
	k := 0
	for n, p := range c.added {
		if n > 0 && p.c.A == c.added[n-1].c.A && p.c.B == c.added[n-1].c.B {
			continue // found twice (by a mover's push and by a test)
		}
		for k < len(c.contacts) && compareKey(c.contacts[k].A, c.contacts[k].B, p.c.A, p.c.B) < 0 {
			out, meta = append(out, c.contacts[k]), append(meta, c.meta[k])
			k++
		}
		out, meta = append(out, p.c), append(meta, pairMeta{a: p.a, b: p.b})
	}
	out, meta = append(out, c.contacts[k:]...), append(meta, c.meta[k:]...)
	c.spare, c.spareM = c.contacts[:0], c.meta[:0]
	c.contacts, c.meta = out, meta
	c.added = c.added[:0]
}

// callBack calls the callbacks for this step's contacts, in list order.
func (c *Collision) callBack() {
	if len(c.enter)+len(c.stay)+len(c.exit) == 0 {
		return
	}
	// By index, with the length read each time: a callback may Reset the
	// system, which empties the list (the rest of the step's contacts
	// are then not reported).
	for k := 0; k < len(c.contacts); k++ {
		ct := c.contacts[k]
		fns := c.stay
		switch ct.Kind {
		case ContactEnter:
			fns = c.enter
		case ContactExit:
			fns = c.exit
		}
		for _, fn := range fns {
			fn(ct)
		}
	}
}

// flagMovers sets every mover's Movement from its contacts with solids.
func (c *Collision) flagMovers(w *world.World) {
	for _, i := range c.movers {
		x := &c.info[i]
		x.touch, x.floor, x.floorDot = 0, 0, math.Inf(-1)
	}
	for k := range c.contacts {
		ct, m := &c.contacts[k], &c.meta[k]
		if ct.Kind == ContactExit || ct.Trigger {
			continue
		}
		c.flag(m.a, m.b, ct.Normal)
		c.flag(m.b, m.a, flip(ct.Normal))
	}
	for _, i := range c.movers {
		x := &c.info[i]
		mv, ok := Mover.Get(w, c.bodies[i].e)
		if !ok {
			continue
		}
		mv.OnFloor, mv.OnWall, mv.OnCeiling = x.touch&touchFloor != 0, x.touch&touchWall != 0, x.touch&touchCeiling != 0
		mv.Floor = x.floor
	}
}

// flag records on mover i, if it is one, that solid j pushes it along n.
func (c *Collision) flag(i, j int32, n Vec2) {
	b, o, x := &c.bodies[i], &c.bodies[j], &c.info[i]
	if !b.mover || o.mover {
		return
	}
	mv, _ := Mover.Get(c.w, b.e)
	up := Vec2{X: 0, Y: -1}
	if mv != nil && mv.Up != (Vec2{}) {
		up = mv.Up.Scale(1 / mv.Up.Len())
	}
	const cos45 = math.Sqrt2 / 2
	switch d := n.Dot(up); {
	case d >= cos45:
		x.touch |= touchFloor
		if d > x.floorDot {
			x.floor, x.floorDot = o.e, d
		}
	case d <= -cos45:
		x.touch |= touchCeiling
	default:
		x.touch |= touchWall
	}
}

// finiteVec reports whether v has no NaN or infinite coordinate.
func finiteVec(v Vec2) bool {
	return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
}
