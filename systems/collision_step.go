package systems

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// pairMeta is the collision system's side of one contact: the two bodies
// and whether a test (or a mover's push) confirmed it this step.
type pairMeta struct {
	a, b   int32 // body indexes of the contact's A and B
	hit    bool
	pushed bool // a mover's push found it this step: its Normal and Depth are the push's
}

// pairOrder is a new pair's key and its index in the step's new pairs.
type pairOrder struct {
	pairKey
	at int32
}

// newPair is a contact found this step that the list does not hold yet.
type newPair struct {
	c      Contact
	a, b   int32
	pushed bool
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
		c.hasMoved[i] = false
	}
	c.moved, c.movers = c.moved[:0], c.movers[:0]
	c.stats = CollisionStats{}
	c.dropExits()
	if !c.indexed {
		c.pairs.index(c.contacts)
		c.indexed = true
	}

	// Bring the grid in step with the world.
	c.seen = 0
	world.Each2(w, Collider, Position, c.visit)
	if c.seen != c.live { // some lost their collider
		for i := range c.bodies {
			if c.bodies[i].live && c.info[i].seen != c.step {
				c.remove(int32(i))
			}
		}
	}
	if len(c.movers) > 0 {
		c.moveMovers(w)
	}

	// Test the bodies that moved; the contacts of the others stand.
	for _, i := range c.moved {
		c.test(i)
	}
	c.settle()
	if len(c.movers) > 0 {
		c.flagMovers(w)
	}
	c.stats.Bodies, c.stats.Cells, c.stats.Large = c.live, c.grid.used, len(c.large)
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
			c.seen++
		}
		return
	}
	fresh := i < 0
	if fresh {
		i = c.add(e)
	}
	b, x := &c.bodies[i], &c.info[i]
	x.seen = c.step
	c.seen++
	dirty := fresh
	// A bad collider is checked again every step, since what made it bad
	// (a NaN offset, say) may not be what changed.
	if fresh || x.changed(s) || b.bad && check(s) == "" {
		// A mover that changes shape (a crouch) is rebuilt where it was,
		// so that moveMovers still sweeps it to where it is going.
		if fresh || b.bad || !b.mover || s.Trigger || x.teleport || !c.w.Has(e, Mover) {
			b.center = center
		}
		c.build(i, s)
		dirty = true
	}
	if id := &c.ids[i]; s.Tags != id.tags || s.Mask != id.mask || s.Trigger != b.trigger {
		id.tags, id.mask, b.trigger = s.Tags, s.Mask, s.Trigger
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
		c.place(i, center)
		dirty = true
	}
	if dirty {
		c.markMoved(i)
	}
}

func (c *Collision) markMoved(i int32) {
	if !c.hasMoved[i] {
		c.hasMoved[i] = true
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
		c.ids = append(c.ids, bodyID{})
		c.hasMoved = append(c.hasMoved, false)
		c.in = append(c.in, [4]int32{})
		c.info = append(c.info, shapeInfo{})
	}
	c.bodies[i], c.ids[i] = body{live: true}, bodyID{e: e}
	x := &c.info[i]
	*x = shapeInfo{points: x.points[:0], normals: x.normals[:0], stamp: x.stamp, circle: x.circle, poly: x.poly}
	c.bySlot[s] = i + 1
	c.live++
	return i
}

// remove takes body i out of the space. Its contacts become exits when
// the pairs are settled, since the body is no longer live.
func (c *Collision) remove(i int32) {
	b := &c.bodies[i]
	c.unfile(i)
	b.live = false
	c.live--
	if s := c.ids[i].e.Slot(); s < len(c.bySlot) && c.bySlot[s] == i+1 {
		c.bySlot[s] = 0
	}
	c.free = append(c.free, i)
}

// test tests body i against the bodies it may touch and records what it
// touches. A pair of two moved bodies is tested once, from the higher
// index.
func (c *Collision) test(i int32) {
	a := &c.bodies[i]
	if !a.live || a.bad {
		return
	}
	if a.large {
		// Against every body: a large body covers more cells than a
		// walk of the bodies costs.
		for j := range c.bodies {
			c.tryPair(i, int32(j))
		}
		return
	}
	for _, j := range c.large {
		c.tryPair(i, j)
	}
	k, g := c.span(i), &c.grid
	few := cellCount(k) <= int64(len(c.in[i]))
	in := &c.in[i]
	for cy := k[1]; cy <= k[3]; cy++ {
		for cx := k[0]; cx <= k[2]; cx++ {
			var cell int32
			if few {
				cell = in[(cy-k[1])*(k[2]-k[0]+1)+cx-k[0]]
			} else {
				cell = g.find(cx, cy)
			}
			for n := g.cells[cell].head; n >= 0; n = g.nodes[n].next {
				j := g.nodes[n].body
				// A pair of moved bodies is tested from the higher index:
				// decided before the body is read, which is a cache miss.
				if j == i || j < i && c.hasMoved[j] {
					continue
				}
				b := &c.bodies[j]
				if !first(cx, cy, k[0], k[1], b) || !boxesOverlap(a, b) || !meets(&c.ids[i], &c.ids[j]) {
					continue
				}
				c.stats.Tests++
				if n, depth, ok := c.collideOrdered(i, j); ok {
					c.hit(i, j, n, depth, false)
				}
			}
		}
	}
}

// tryPair tests body i against body j, which may be anything, outside
// the grid's walk: for the large bodies.
func (c *Collision) tryPair(i, j int32) {
	a, b := &c.bodies[i], &c.bodies[j]
	if j == i || !b.live || b.bad || j < i && c.hasMoved[j] || !boxesOverlap(a, b) || !meets(&c.ids[i], &c.ids[j]) {
		return
	}
	c.stats.Tests++
	if n, depth, ok := c.collideOrdered(i, j); ok {
		c.hit(i, j, n, depth, false)
	}
}

// collideOrdered is collide(i, j) computed with the lower entity first, so
// that a tie (two shapes with one centre, which separate "up") gives one
// normal whichever body the walk tested first; the normal returned is
// still the one along which i leaves j.
func (c *Collision) collideOrdered(i, j int32) (Vec2, float64, bool) {
	if c.ids[i].e < c.ids[j].e {
		return c.collide(i, j)
	}
	n, depth, ok := c.collide(j, i)
	return flip(n), depth, ok
}

// hit records that bodies i and j touch, with n the unit vector along
// which i leaves j and depth their overlap. A push (a mover pushed out
// of a solid) is what the contact reports for the step: the deepest of
// the step's pushes, and a test after it does not change it.
func (c *Collision) hit(i, j int32, n Vec2, depth float64, push bool) {
	a, b := &c.ids[i], &c.ids[j]
	if a.e > b.e {
		i, j, a, b, n = j, i, b, a, flip(n)
	}
	trigger := c.bodies[i].trigger || c.bodies[j].trigger
	k, found := c.pairs.get(a.e, b.e)
	switch {
	case !found:
		c.pairs.put(a.e, b.e, -1-int32(len(c.added)))
		c.added = append(c.added, newPair{
			c: Contact{Kind: ContactEnter, A: a.e, B: b.e, Normal: n, Depth: depth, Trigger: trigger},
			a: i, b: j, pushed: push,
		})
	case k >= 0:
		ct, m := &c.contacts[k], &c.meta[k]
		if keep(m.hit, m.pushed, ct.Depth, push, depth) {
			return
		}
		ct.Normal, ct.Depth, ct.Trigger = n, depth, trigger
		m.hit, m.pushed = true, m.pushed || push
	default:
		p := &c.added[-1-k]
		if keep(true, p.pushed, p.c.Depth, push, depth) {
			return
		}
		p.c.Normal, p.c.Depth, p.pushed = n, depth, p.pushed || push
	}
}

// keep reports whether a pair already found this step (hit) keeps what
// it has over a new finding: a push over a test, the deeper of two pushes.
func keep(hit, pushed bool, had float64, push bool, depth float64) bool {
	return hit && pushed && (!push || depth <= had)
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
		gone := !a.live || c.ids[m.a].e != ct.A || a.bad || !b.live || c.ids[m.b].e != ct.B || b.bad
		if m.hit || !(gone || c.hasMoved[m.a] || c.hasMoved[m.b]) {
			ct.Kind = ContactStay
		} else {
			ct.Kind = ContactExit
		}
		if ct.Kind == ContactExit {
			c.indexed = false // dropped at the next step
		}
		m.hit, m.pushed = false, false
	}
	if len(c.added) == 0 {
		return
	}
	c.indexed = false
	// Sort small keys, not the pairs themselves (80 bytes each).
	c.order = c.order[:0]
	for k := range c.added {
		c.order = append(c.order, pairOrder{pairKey{c.added[k].c.A, c.added[k].c.B}, int32(k)})
	}
	slices.SortFunc(c.order, func(x, y pairOrder) int { return compareKey(x.a, x.b, y.a, y.b) })
	out, meta := c.spare[:0], c.spareM[:0]
	k := 0
	for _, o := range c.order {
		p := &c.added[o.at]
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
		mv, ok := Mover.Get(w, c.ids[i].e)
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
	mv, _ := Mover.Get(c.w, c.ids[i].e)
	up := Vec2{X: 0, Y: -1}
	if mv != nil && mv.Up != (Vec2{}) {
		up = mv.Up.Scale(1 / mv.Up.Len())
	}
	const cos45 = math.Sqrt2 / 2
	switch d := n.Dot(up); {
	case d >= cos45:
		x.touch |= touchFloor
		if d > x.floorDot {
			x.floor, x.floorDot = c.ids[j].e, d
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
