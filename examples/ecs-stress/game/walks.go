package game

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// advance moves a body one step of dt seconds along one axis, from x at
// speed vx, reflects it off the edges 0 and end, and returns its new
// coordinate and speed. Every walk and the limit move every body with two
// calls, X then Y, so they all do the same arithmetic in the same order.
// The explicit conversion rounds the product before the add, which forbids
// the compiler from fusing the two into an FMA in some loops and not in
// others.
func advance(x, vx, dt, end float64) (float64, float64) {
	x += float64(vx * dt)
	if x < 0 {
		return -x, -vx
	}
	if x > end {
		return 2*end - x, -vx
	}
	return x, vx
}

// Move moves every body of two parallel slices one step of dt seconds in a
// field w by h, bouncing off its edges: the loop every walk amounts to,
// and the limit they are measured against. Panics if vs is shorter than ps.
func Move(ps, vs []geom.Vec2, dt, w, h float64) {
	vs = vs[:len(ps)] // lets the compiler drop the bounds checks
	for i := range ps {
		p, v := &ps[i], &vs[i]
		p.X, v.X = advance(p.X, v.X, dt, w)
		p.Y, v.Y = advance(p.Y, v.Y, dt, h)
	}
}

// mover moves the bodies of a field of w by h; its methods are the walks,
// as a fixed system's Run.
type mover struct{ w, h float64 }

// slots walks the runs of the Position+Velocity slot view over the two
// columns: the flat loop the world offers for field components.
func (m *mover) slots(ctx *world.Context) error {
	w := ctx.World
	ps, vs := geom.Position.Column(w), geom.Velocity.Column(w)
	for _, r := range w.Slots(geom.Position, geom.Velocity).Runs() {
		Move(ps[r.Start:r.End], vs[r.Start:r.End], ctx.DT, m.w, m.h)
	}
	return nil
}

// each calls a function per body with Each2.
func (m *mover) each(ctx *world.Context) error {
	dt := ctx.DT
	world.Each2(ctx.World, geom.Position, geom.Velocity, func(_ world.Entity, p, v *geom.Vec2) {
		p.X, v.X = advance(p.X, v.X, dt, m.w)
		p.Y, v.Y = advance(p.Y, v.Y, dt, m.h)
	})
	return nil
}

// query ranges over Query2.
func (m *mover) query(ctx *world.Context) error {
	dt := ctx.DT
	for _, row := range world.Query2(ctx.World, geom.Position, geom.Velocity) {
		p, v := row.A, row.B
		p.X, v.X = advance(p.X, v.X, dt, m.w)
		p.Y, v.Y = advance(p.Y, v.Y, dt, m.h)
	}
	return nil
}

// eachObject calls a function per body with Each3 over Position, Velocity
// and the Body object component, which walks the sparse sets instead of
// the slot view.
func (m *mover) eachObject(ctx *world.Context) error {
	dt := ctx.DT
	world.Each3(ctx.World, geom.Position, geom.Velocity, Body, func(_ world.Entity, p, v *geom.Vec2, _ *Kind) {
		p.X, v.X = advance(p.X, v.X, dt, m.w)
		p.Y, v.Y = advance(p.Y, v.Y, dt, m.h)
	})
	return nil
}

// walks lists the walks in the order they are reported, with their
// descriptions for usage messages.
var walks = []struct {
	name, usage string
	run         func(*mover) func(*world.Context) error
}{
	{"slots", "the Position+Velocity slot view's runs over the columns", func(m *mover) func(*world.Context) error { return m.slots }},
	{"each", "world.Each2 on Position and Velocity", func(m *mover) func(*world.Context) error { return m.each }},
	{"query", "range over world.Query2 on Position and Velocity", func(m *mover) func(*world.Context) error { return m.query }},
	{"each-object", "world.Each3 on Position, Velocity and Body (sparse sets)", func(m *mover) func(*world.Context) error { return m.eachObject }},
}

// Walks returns the names of the ways the move system can walk the world,
// the fastest first: slots, each, query, each-object.
func Walks() []string {
	names := make([]string, len(walks))
	for i, wk := range walks {
		names[i] = wk.name
	}
	return names
}

// LookupWalk returns the description of the walk called name, and whether
// there is one.
func LookupWalk(name string) (usage string, ok bool) {
	for _, wk := range walks {
		if wk.name == name {
			return wk.usage, true
		}
	}
	return "", false
}

// moveSystem returns the fixed system that moves a field's bodies with the
// walk called name, or false if there is no such walk.
func moveSystem(name string, w, h float64) (world.System, bool) {
	for _, wk := range walks {
		if wk.name == name {
			return world.System{Name: MoveName, Phase: world.Fixed, Run: wk.run(&mover{w, h}),
				Reads: []world.ComponentType{Body}, Writes: []world.ComponentType{geom.Position, geom.Velocity}}, true
		}
	}
	return world.System{}, false
}
