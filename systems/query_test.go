package systems_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// queryScene is a small level: tagged colliders of every kind, spread
// over several cells of 32 units, and one collider far from the rest.
type queryScene struct {
	col                                *systems.Collision
	wall, coin, ball, tri, big, far    world.Entity
	tagWall, tagCoin, tagBall, tagNone systems.Tags
}

func newQueryScene(t *testing.T) *queryScene {
	t.Helper()
	col, w := newCollision(t, systems.CollisionOptions{})
	q := &queryScene{col: col, tagWall: 1, tagCoin: 2, tagBall: 4, tagNone: 8}
	add := func(p systems.Vec2, s systems.Shape, tags systems.Tags) world.Entity {
		s.Tags = tags
		return spawn(w, p, s)
	}
	q.wall = add(systems.Vec2{X: 0, Y: 50}, systems.Box(100, 10), q.tagWall) // x -50..50, y 45..55
	q.coin = add(systems.Vec2{X: -40, Y: 0}, systems.Circle(4), q.tagCoin)   // around (-40, 0)
	q.ball = add(systems.Vec2{X: 40, Y: 0}, systems.Circle(10), q.tagBall)   // around (40, 0)
	q.tri = add(systems.Vec2{X: 0, Y: -40}, systems.Polygon(systems.Vec2{Y: -10}, systems.Vec2{X: 10, Y: 10}, systems.Vec2{X: -10, Y: 10}), q.tagWall)
	q.big = add(systems.Vec2{X: 40, Y: 0}, systems.Box(40, 40), q.tagCoin|q.tagBall) // holds the ball
	q.far = add(systems.Vec2{X: 500, Y: 0}, systems.Circle(50), q.tagWall)
	step(t, w, 1)
	return q
}

func TestAtPoint(t *testing.T) {
	q := newQueryScene(t)
	tests := []struct {
		p    systems.Vec2
		tags systems.Tags
		want []world.Entity
	}{
		{systems.Vec2{X: 0, Y: 50}, 0, []world.Entity{q.wall}},
		{systems.Vec2{X: 50, Y: 55}, 0, []world.Entity{q.wall}}, // a corner counts
		{systems.Vec2{X: 51, Y: 50}, 0, nil},
		{systems.Vec2{X: -40, Y: 4}, 0, []world.Entity{q.coin}},
		{systems.Vec2{X: 40, Y: 5}, 0, []world.Entity{q.ball, q.big}},
		{systems.Vec2{X: 40, Y: 5}, q.tagBall, []world.Entity{q.ball, q.big}},
		{systems.Vec2{X: 40, Y: 5}, q.tagCoin, []world.Entity{q.big}},
		{systems.Vec2{X: 40, Y: 5}, q.tagWall, nil},
		{systems.Vec2{X: 0, Y: -35}, 0, []world.Entity{q.tri}},
		{systems.Vec2{X: 8, Y: -45}, 0, nil},                   // inside the triangle's box, outside it
		{systems.Vec2{X: 500, Y: 0}, 0, []world.Entity{q.far}}, // far from the rest
		{systems.Vec2{X: 551, Y: 0}, 0, nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%d", tt.p, tt.tags), func(t *testing.T) {
			got := q.col.AtPoint(tt.p, tt.tags, nil)
			if !slices.Equal(got, tt.want) {
				t.Errorf("AtPoint(%v, %d) = %v, want %v", tt.p, tt.tags, got, tt.want)
			}
		})
	}
}

func TestInRect(t *testing.T) {
	q := newQueryScene(t)
	tests := []struct {
		r    systems.Rectangle
		tags systems.Tags
		want []world.Entity
	}{
		{systems.Rect(-100, -100, 100, 100), 0, []world.Entity{q.wall, q.coin, q.ball, q.tri, q.big}},
		{systems.Rect(-100, -100, 100, 100), q.tagWall, []world.Entity{q.wall, q.tri}},
		{systems.Rect(-50, -10, -44, 10), 0, []world.Entity{q.coin}}, // touches the coin's edge
		{systems.Rect(-50, -10, -45, 10), 0, nil},
		{systems.Rect(-45, -45, -11, -3), 0, []world.Entity{q.coin}},
		{systems.Rect(-45, -45, -10, -5), 0, []world.Entity{q.tri}}, // touches its corner
		{systems.Rect(-8, -50, -4, -45), 0, nil},                    // beside the triangle's slope
		{systems.Rect(-8, -38, -4, -34), 0, []world.Entity{q.tri}},  // across it
		{systems.Rect(59, -1, 70, 1), 0, []world.Entity{q.big}},
		{systems.Rect(400, -10, 600, 10), 0, []world.Entity{q.far}},                                          // far from the rest
		{systems.Rect(-1e9, -1e9, 1e9, 1e9), 0, []world.Entity{q.wall, q.coin, q.ball, q.tri, q.big, q.far}}, // more cells than colliders
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%d", tt.r, tt.tags), func(t *testing.T) {
			got := q.col.InRect(tt.r, tt.tags, nil)
			if !slices.Equal(got, tt.want) {
				t.Errorf("InRect(%v, %d) = %v, want %v", tt.r, tt.tags, got, tt.want)
			}
		})
	}
}

func TestRaycast(t *testing.T) {
	q := newQueryScene(t)
	type hit struct {
		e      world.Entity
		point  systems.Vec2
		normal systems.Vec2
	}
	tests := []struct {
		name     string
		from, to systems.Vec2
		tags     systems.Tags
		want     []hit // nearest first
	}{
		{"down onto the wall", systems.Vec2{X: 0, Y: 0}, systems.Vec2{X: 0, Y: 90}, 0,
			[]hit{{q.wall, systems.Vec2{Y: 45}, systems.Vec2{Y: -1}}}},
		{"right through coin and ball", systems.Vec2{X: -90, Y: 0}, systems.Vec2{X: 90, Y: 0}, 0,
			[]hit{
				{q.coin, systems.Vec2{X: -44}, systems.Vec2{X: -1}},
				{q.big, systems.Vec2{X: 20}, systems.Vec2{X: -1}},
				{q.ball, systems.Vec2{X: 30}, systems.Vec2{X: -1}},
			}},
		{"filtered by tag", systems.Vec2{X: -90, Y: 0}, systems.Vec2{X: 90, Y: 0}, q.tagBall,
			[]hit{
				{q.big, systems.Vec2{X: 20}, systems.Vec2{X: -1}},
				{q.ball, systems.Vec2{X: 30}, systems.Vec2{X: -1}},
			}},
		{"left, starting inside the ball", systems.Vec2{X: 40, Y: 0}, systems.Vec2{X: -90, Y: 0}, 0,
			[]hit{
				{q.ball, systems.Vec2{X: 40}, systems.Vec2{X: 1}},
				{q.big, systems.Vec2{X: 40}, systems.Vec2{X: 1}},
				{q.coin, systems.Vec2{X: -36}, systems.Vec2{X: 1}},
			}},
		{"up into the triangle's base", systems.Vec2{X: 0, Y: 0}, systems.Vec2{X: 0, Y: -90}, 0,
			[]hit{{q.tri, systems.Vec2{Y: -30}, systems.Vec2{Y: 1}}}},
		{"short of the wall", systems.Vec2{X: 0, Y: 0}, systems.Vec2{X: 0, Y: 44}, 0, nil},
		{"diagonal across cells to the coin", systems.Vec2{X: -90, Y: -90}, systems.Vec2{X: -40, Y: 0}, q.tagCoin,
			[]hit{{q.coin, systems.Vec2{X: -41.94, Y: -3.50}, systems.Vec2{X: -0.49, Y: -0.87}}}},
		{"from far away", systems.Vec2{X: -300, Y: 50}, systems.Vec2{X: 300, Y: 50}, 0,
			[]hit{{q.wall, systems.Vec2{X: -50, Y: 50}, systems.Vec2{X: -1}}}},
		{"to the far one", systems.Vec2{X: 0, Y: 0}, systems.Vec2{X: 1000, Y: 0}, q.tagWall,
			[]hit{{q.far, systems.Vec2{X: 450}, systems.Vec2{X: -1}}}},
		{"across more cells than colliders", systems.Vec2{X: -1e9, Y: 52}, systems.Vec2{X: 1e9, Y: 52}, q.tagWall,
			[]hit{{q.wall, systems.Vec2{X: -50, Y: 52}, systems.Vec2{X: -1}}}},
		{"missing everything", systems.Vec2{X: -90, Y: 90}, systems.Vec2{X: 90, Y: 90}, 0, nil},
	}
	round := func(v systems.Vec2) systems.Vec2 {
		return systems.Vec2{X: math.Round(v.X*100) / 100, Y: math.Round(v.Y*100) / 100}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			all := q.col.RaycastAll(tt.from, tt.to, tt.tags, nil)
			var got []hit
			for _, h := range all {
				got = append(got, hit{h.Entity, round(h.Point), round(h.Normal)})
				if d := h.Point.Sub(tt.from).Len(); math.Abs(d-h.Dist) > 1e-9 {
					t.Errorf("hit %v: Dist %v, but Point is %v away", h.Entity, h.Dist, d)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("RaycastAll = %v, want %v", got, tt.want)
			}
			first, ok := q.col.Raycast(tt.from, tt.to, tt.tags)
			switch {
			case ok != (len(tt.want) > 0):
				t.Errorf("Raycast found %v, want %v", ok, len(tt.want) > 0)
			case ok && first != all[0]:
				t.Errorf("Raycast = %+v, want the nearest of RaycastAll, %+v", first, all[0])
			}
		})
	}
}

// TestQueriesAfterMoves: queries see where the last step left colliders.
func TestQueriesAfterMoves(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	e := spawn(w, systems.Vec2{}, systems.Circle(3))
	systems.Velocity.Add(w, e, systems.Vec2{X: 600}) // 10 units a step: across cells
	for s := 1; s <= 20; s++ {
		step(t, w, 1)
		p := systems.Vec2{X: float64(10 * s)}
		if got := col.AtPoint(p, 0, nil); !slices.Equal(got, []world.Entity{e}) {
			t.Fatalf("step %d: AtPoint(%v) = %v, want [%v]", s, p, got, e)
		}
		if got := col.AtPoint(p.Sub(systems.Vec2{X: 5}), 0, nil); len(got) != 0 {
			t.Fatalf("step %d: AtPoint behind it = %v, want nothing", s, got)
		}
	}
}

// Boxes at arbitrary positions, queried at their own right and bottom
// edges, which AtPoint counts as inside (edges included): the grid must
// hold them in the cells of those points.
func TestAtPointOnEdges(t *testing.T) {
	for _, m := range []bool{false, true} {
		checkAtPointOnEdges(t, m)
	}
}

func checkAtPointOnEdges(t *testing.T, moveThem bool) {
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
