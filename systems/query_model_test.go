package systems_test

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

type modelBody struct {
	e world.Entity
	p systems.Vec2
	s systems.Shape
}

// modelPolygon returns the shape's polygon in world units (box or polygon).
func modelPolygon(b modelBody) []systems.Vec2 {
	c := b.p.Add(b.s.Offset)
	var pts []systems.Vec2
	if b.s.Kind == systems.ShapeBox {
		h := b.s.Size.Scale(0.5)
		pts = []systems.Vec2{{X: -h.X, Y: -h.Y}, {X: h.X, Y: -h.Y}, {X: h.X, Y: h.Y}, {X: -h.X, Y: h.Y}}
	} else {
		pts = b.s.Points
	}
	out := make([]systems.Vec2, len(pts))
	for i, p := range pts {
		out[i] = c.Add(p)
	}
	return out
}

func cross(a, b systems.Vec2) float64 { return a.X*b.Y - a.Y*b.X }

func modelContains(b modelBody, p systems.Vec2) bool {
	c := b.p.Add(b.s.Offset)
	if b.s.Kind == systems.ShapeCircle {
		d := p.Sub(c)
		return d.Dot(d) <= b.s.Radius*b.s.Radius
	}
	v := modelPolygon(b)
	pos, neg := false, false
	for i := range v {
		x := cross(v[(i+1)%len(v)].Sub(v[i]), p.Sub(v[i]))
		pos = pos || x > 0
		neg = neg || x < 0
	}
	return !(pos && neg)
}

// modelSegmentHits reports whether the segment a→b meets the closed shape.
func modelSegmentHits(bd modelBody, a, b systems.Vec2) bool {
	if modelContains(bd, a) || modelContains(bd, b) {
		return true
	}
	c := bd.p.Add(bd.s.Offset)
	d := b.Sub(a)
	if bd.s.Kind == systems.ShapeCircle {
		// closest point of the segment to c
		t := 0.0
		if dd := d.Dot(d); dd > 0 {
			t = min(max(c.Sub(a).Dot(d)/dd, 0), 1)
		}
		q := a.Add(d.Scale(t)).Sub(c)
		return q.Dot(q) <= bd.s.Radius*bd.s.Radius
	}
	v := modelPolygon(bd)
	for i := range v {
		p, q := v[i], v[(i+1)%len(v)]
		// segments a-b and p-q intersect (closed)
		d1, d2 := cross(d, p.Sub(a)), cross(d, q.Sub(a))
		e := q.Sub(p)
		d3, d4 := cross(e, a.Sub(p)), cross(e, b.Sub(p))
		if (d1 <= 0 && d2 >= 0 || d1 >= 0 && d2 <= 0) && (d3 <= 0 && d4 >= 0 || d3 >= 0 && d4 <= 0) {
			if d1 == 0 && d2 == 0 { // collinear: check overlap of projections
				lo, hi := min(p.Dot(d), q.Dot(d)), max(p.Dot(d), q.Dot(d))
				if hi < a.Dot(d) || lo > b.Dot(d) {
					continue
				}
			}
			return true
		}
	}
	return false
}

func modelInRect(bd modelBody, r systems.Rectangle) bool {
	c := bd.p.Add(bd.s.Offset)
	if bd.s.Kind == systems.ShapeCircle {
		q := systems.Vec2{X: min(max(c.X, r.Min.X), r.Max.X), Y: min(max(c.Y, r.Min.Y), r.Max.Y)}
		e := c.Sub(q)
		return e.Dot(e) <= bd.s.Radius*bd.s.Radius
	}
	v := modelPolygon(bd)
	rv := []systems.Vec2{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}
	axes := []systems.Vec2{{X: 1}, {Y: 1}}
	for i := range v {
		e := v[(i+1)%len(v)].Sub(v[i])
		axes = append(axes, systems.Vec2{X: e.Y, Y: -e.X})
	}
	for _, n := range axes {
		alo, ahi := math.Inf(1), math.Inf(-1)
		for _, p := range v {
			alo, ahi = min(alo, p.Dot(n)), max(ahi, p.Dot(n))
		}
		blo, bhi := math.Inf(1), math.Inf(-1)
		for _, p := range rv {
			blo, bhi = min(blo, p.Dot(n)), max(bhi, p.Dot(n))
		}
		if ahi < blo || bhi < alo {
			return false
		}
	}
	return true
}

// TestQueriesMatchBruteForce: on exact (quarter-unit) geometry, with
// edges on cell borders, the queries must find what brute force finds.
func TestQueriesMatchBruteForce(t *testing.T) {
	seeds := uint64(5)
	if testing.Short() {
		seeds = 1
	}
	if os.Getenv("TESSERA_LONG") != "" {
		seeds = 20
	}
	for seed := range seeds {
		checkQueriesAgainstBruteForce(t, seed)
	}
}

func checkQueriesAgainstBruteForce(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 2))
	const cell = 16
	col := mustCollision(t, systems.CollisionOptions{CellSize: cell})
	w := newWorld(t, col.System())
	q4 := func(lo, hi float64) float64 { return math.Round((lo+r.Float64()*(hi-lo))*4) / 4 }
	var bodies []modelBody
	for range 150 {
		p := systems.Vec2{X: q4(-40, 170), Y: q4(-40, 170)}
		if r.IntN(3) == 0 { // snap to a cell border
			p.X = math.Round(p.X/cell) * cell
		}
		var s systems.Shape
		switch r.IntN(3) {
		case 0:
			s = systems.Circle(float64(1 + r.IntN(16)))
		case 1:
			s = systems.Box(float64(2*(1+r.IntN(12))), float64(2*(1+r.IntN(12))))
		default:
			a := float64(1 + r.IntN(10))
			s = systems.Polygon(systems.Vec2{X: 0, Y: -a}, systems.Vec2{X: a, Y: a / 2}, systems.Vec2{X: -a, Y: a})
		}
		s.Tags = systems.Tags(1 << r.IntN(3))
		bodies = append(bodies, modelBody{spawn(w, p, s), p, s})
	}
	step(t, w, 1)
	if seed%2 == 1 { // move them a little, some within their cells, and look again
		for i := range bodies {
			np := bodies[i].p.Add(systems.Vec2{X: q4(-3, 3), Y: q4(-3, 3)})
			*systems.Position.Require(w, bodies[i].e) = np
			bodies[i].p = np
		}
		step(t, w, 1)
	}
	for k := range 3000 {
		tags := systems.Tags(0)
		if k%2 == 1 {
			tags = systems.Tags(1 + r.IntN(7))
		}
		ok := func(b modelBody) bool { return tags == 0 || b.s.Tags&tags != 0 }
		p := systems.Vec2{X: q4(-50, 180), Y: q4(-50, 180)}
		if k%3 == 0 {
			p.X = math.Round(p.X/cell) * cell
		}
		if k%5 == 0 {
			p.Y = math.Round(p.Y/cell) * cell
		}
		var want, may []world.Entity
		for _, b := range bodies {
			if ok(b) && modelContains(modelScaled(b, 1-1e-6), p) {
				want = append(want, b.e)
			}
			if ok(b) && modelContains(modelScaled(b, 1+1e-6), p) {
				may = append(may, b.e)
			}
		}
		if got := col.AtPoint(p, tags, nil); !between(got, want, may) {
			t.Fatalf("AtPoint(%v, %v) = %v, want %v", p, tags, got, want)
		}
		p2 := systems.Vec2{X: q4(-50, 180), Y: q4(-50, 180)}
		rect := systems.Rect(p.X, p.Y, p.X+math.Abs(p2.X-p.X)/4, p.Y+math.Abs(p2.Y-p.Y)/4)
		want, may = want[:0], may[:0]
		for _, b := range bodies {
			if ok(b) && modelInRect(modelScaled(b, 1-1e-6), rect) {
				want = append(want, b.e)
			}
			if ok(b) && modelInRect(modelScaled(b, 1+1e-6), rect) {
				may = append(may, b.e)
			}
		}
		if got := col.InRect(rect, tags, nil); !between(got, want, may) {
			for _, b := range bodies {
				if b.e.Slot() == 52 {
					t.Logf("seed %d body %+v", seed, b)
				}
			}
			t.Fatalf("InRect(%v, %v) = %v, want %v", rect, tags, got, want)
		}
		if k%4 == 0 { // an axis-aligned ray
			if k%8 == 0 {
				p2.Y = p.Y
			} else {
				p2.X = p.X
			}
		}
		var wantHits, mayHits []world.Entity
		for _, b := range bodies {
			if ok(b) && modelSegmentHits(modelScaled(b, 1-1e-6), p, p2) {
				wantHits = append(wantHits, b.e)
			}
			if ok(b) && modelSegmentHits(modelScaled(b, 1+1e-6), p, p2) {
				mayHits = append(mayHits, b.e)
			}
		}
		var gotHits []world.Entity
		for _, h := range col.RaycastAll(p, p2, tags, nil) {
			gotHits = append(gotHits, h.Entity)
		}
		slices.Sort(gotHits)
		bad := false
		for _, e := range wantHits {
			bad = bad || !slices.Contains(gotHits, e)
		}
		for _, e := range gotHits {
			bad = bad || !slices.Contains(mayHits, e)
		}
		if bad {
			for _, b := range bodies {
				if b.e.Slot() == 93 {
					t.Logf("body %+v", b)
				}
			}
			t.Fatalf("RaycastAll(%v, %v, %v) = %v, want %v", p, p2, tags, gotHits, wantHits)
		}
		all := col.RaycastAll(p, p2, tags, nil)
		if first, hit := col.Raycast(p, p2, tags); hit != (len(all) > 0) || hit && first != all[0] {
			t.Fatalf("Raycast(%v, %v) = %+v %v, RaycastAll = %+v", p, p2, first, hit, all)
		}
	}
}

func TestDebugRay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	_ = r
}

// modelScaled returns b's shape scaled about its centre by k.
func modelScaled(b modelBody, k float64) modelBody {
	s := b.s
	switch s.Kind {
	case systems.ShapeCircle:
		s.Radius *= k
	case systems.ShapeBox:
		s.Size = s.Size.Scale(k)
	default:
		var c systems.Vec2
		for _, p := range s.Points {
			c = c.Add(p)
		}
		c = c.Scale(1 / float64(len(s.Points)))
		pts := make([]systems.Vec2, len(s.Points))
		for i, p := range s.Points {
			pts[i] = c.Add(p.Sub(c).Scale(k))
		}
		s.Points = pts
	}
	b.s = s
	return b
}

// between reports whether got is sorted, holds all of want and only
// entities of may.
func between(got, want, may []world.Entity) bool {
	if !slices.IsSorted(got) {
		return false
	}
	for _, e := range want {
		if !slices.Contains(got, e) {
			return false
		}
	}
	for _, e := range got {
		if !slices.Contains(may, e) {
			return false
		}
	}
	return true
}
