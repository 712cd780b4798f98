package systems_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Boxes at arbitrary positions, queried at their own right and bottom
// edges, which AtPoint counts as inside (edges included): the grid must
// hold them in the cells of those points.
func TestAtPointOnEdges(t *testing.T) {
	for _, m := range []bool{false, true} {
		reviewEdges(t, m)
	}
}

func reviewEdges(t *testing.T, moveThem bool) {
	r := rand.New(rand.NewPCG(3, 4))
	col := mustCollision(t, systems.CollisionOptions{CellSize: 16})
	w := newWorld(t, col.System())
	type bx struct {
		e    world.Entity
		c, h systems.Vec2
	}
	var bs []bx
	for range 2000 {
		h := systems.Vec2{X: 1 + r.Float64()*10, Y: 1 + r.Float64()*10}
		// right and bottom edges on cell borders, as near as floats go
		c := systems.Vec2{X: float64(16*(2+r.IntN(60))) - h.X, Y: float64(16*(2+r.IntN(60))) - h.Y}
		bs = append(bs, bx{spawn(w, c, systems.Box(2*h.X, 2*h.Y)), c, h})
	}
	step(t, w, 1)
	if moveThem {
		for i := range bs {
			k := systems.Vec2{X: float64(16 * (r.IntN(3) - 1)), Y: float64(16 * (r.IntN(3) - 1))}
			bs[i].c = bs[i].c.Add(k).Add(systems.Vec2{X: 1e-9})
			bs[i].c = bs[i].c.Sub(systems.Vec2{X: 1e-9})
			*systems.Position.Require(w, bs[i].e) = bs[i].c
		}
		step(t, w, 1)
	}
	misses := 0
	for _, b := range bs {
		for _, p := range []systems.Vec2{b.c.Add(b.h), b.c.Sub(b.h), {X: b.c.X + b.h.X, Y: b.c.Y}, {X: b.c.X, Y: b.c.Y + b.h.Y}} {
			d := p.Sub(b.c)
			// the system's own test: inside when no edge has it outside
			in := d.X-b.h.X <= 0 && -d.X-b.h.X <= 0 && d.Y-b.h.Y <= 0 && -d.Y-b.h.Y <= 0
			if !in || p.X < 0 || p.Y < 0 || p.X >= 1024 || p.Y >= 1024 {
				continue
			}
			if got := col.AtPoint(p, 0, nil); !slices.Contains(got, b.e) {
				misses++
				if misses < 4 {
					t.Errorf("AtPoint(%v) = %v misses %v (centre %v, half size %v)", p, got, b.e, b.c, b.h)
				}
			}
		}
	}
	if misses > 0 {
		t.Errorf("%d misses", misses)
	}
}
