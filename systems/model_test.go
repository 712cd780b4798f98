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

// TestMatchesBruteForce steps a crowd of moving circles and boxes, with
// entities spawned, destroyed and reshaped every step and some far from
// the rest, and checks every step's contacts against all pairs
// tested by brute force: which pairs touch, and enter, stay and exit
// against the step before.
func TestMatchesBruteForce(t *testing.T) {
	for _, n := range []int{60, 600} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(n)))
			side := math.Sqrt(float64(n) * benchArea)
			col := mustCollision(t, systems.CollisionOptions{CellSize: 16})
			w := newWorld(t, systems.Motion(), systems.Confine(), col.System())
			bounds := systems.Boundary{Rect: systems.Rect(0, 0, side, side), Mode: systems.Bounce}
			randomShape := func() systems.Shape {
				if r.IntN(2) == 0 {
					return systems.Circle(2 + 6*r.Float64())
				}
				return systems.Box(3+12*r.Float64(), 3+12*r.Float64())
			}
			spawnOne := func() world.Entity {
				p := systems.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
				v := systems.Vec2{X: (2*r.Float64() - 1) * 200, Y: (2*r.Float64() - 1) * 200}
				e := world.Spawn3(w, systems.Position, p, systems.Velocity, v, systems.Bounds, bounds)
				systems.Collider.Add(w, e, randomShape())
				return e
			}
			var live []world.Entity
			for range n {
				live = append(live, spawnOne())
			}
			// Far outside, apart: never a contact.
			for k := range 300 {
				spawn(w, systems.Vec2{X: -1000 - 30*float64(k), Y: 10}, systems.Circle(5))
			}
			prev := map[[2]world.Entity]bool{}
			total := 0
			for s := range 120 {
				step(t, w, 1)
				want := bruteForce(w, live)
				got := map[[2]world.Entity]systems.ContactKind{}
				for _, c := range col.Contacts() {
					got[[2]world.Entity{c.A, c.B}] = c.Kind
				}
				for pair := range want {
					kind := systems.ContactEnter
					if prev[pair] {
						kind = systems.ContactStay
					}
					if got[pair] != kind {
						t.Fatalf("step %d: pair %v is %v, want %v", s, pair, got[pair], kind)
					}
				}
				for pair, kind := range got {
					if want[pair] {
						continue
					}
					if kind != systems.ContactExit || !prev[pair] {
						t.Fatalf("step %d: pair %v is %v, want it absent (touching last step: %v)", s, pair, kind, prev[pair])
					}
				}
				for pair := range prev {
					if !want[pair] && got[pair] != systems.ContactExit {
						t.Fatalf("step %d: pair %v stopped touching, reported %v, want exit", s, pair, got[pair])
					}
				}
				prev = want
				total += len(want)
				// Churn: destroy a few, spawn a few, reshape a few.
				for range 3 {
					k := r.IntN(len(live))
					w.Destroy(live[k])
					live[k] = spawnOne()
					*systems.Collider.Require(w, live[r.IntN(len(live))]) = randomShape()
				}
				if got := col.Stats().Bodies; got != n+300 {
					t.Fatalf("step %d: Stats().Bodies = %d, want %d", s, got, n+300)
				}
			}
			if total < 120*n/10 {
				t.Errorf("%d contacts in 120 steps: too few to test anything", total)
			}
		})
	}
}

// bruteForce returns every pair of es whose colliders overlap, testing
// each pair with the textbook formulas.
func bruteForce(w *world.World, es []world.Entity) map[[2]world.Entity]bool {
	es = slices.Clone(es)
	slices.Sort(es)
	out := map[[2]world.Entity]bool{}
	for i, a := range es {
		for _, b := range es[i+1:] {
			if overlap(*systems.Position.Require(w, a), *systems.Collider.Require(w, a), *systems.Position.Require(w, b), *systems.Collider.Require(w, b)) {
				out[[2]world.Entity{a, b}] = true
			}
		}
	}
	return out
}

func overlap(pa systems.Vec2, a systems.Shape, pb systems.Vec2, b systems.Shape) bool {
	if a.Kind == systems.ShapeBox && b.Kind == systems.ShapeCircle {
		return overlap(pb, b, pa, a)
	}
	d := pa.Sub(pb)
	switch {
	case a.Kind == systems.ShapeCircle && b.Kind == systems.ShapeCircle:
		return d.Len() < a.Radius+b.Radius
	case a.Kind == systems.ShapeBox && b.Kind == systems.ShapeBox:
		return math.Abs(d.X) < (a.Size.X+b.Size.X)/2 && math.Abs(d.Y) < (a.Size.Y+b.Size.Y)/2
	}
	// A circle and a box: the distance from the centre to the box.
	hx, hy := b.Size.X/2, b.Size.Y/2
	dx, dy := math.Max(math.Abs(d.X)-hx, 0), math.Max(math.Abs(d.Y)-hy, 0)
	return math.Hypot(dx, dy) < a.Radius
}

// Churn done from inside the contact callbacks (destroy, remove the
// collider, reshape, retag, teleport) and between steps; every step's
// contacts are checked against brute force with tags and masks, and every
// pair's events against its history.
func TestModelWithCallbackChurn(t *testing.T) {
	for seed := range uint64(6) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { checkModelWithCallbackChurn(t, seed) })
	}
}

func checkModelWithCallbackChurn(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 77))
	const side = 300
	col := mustCollision(t, systems.CollisionOptions{CellSize: 16})
	type snap struct {
		e world.Entity
		p systems.Vec2
		s systems.Shape
	}
	var snaps []snap
	snapshot := world.System{Name: "snapshot", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		snaps = snaps[:0]
		world.Each2(ctx.World, systems.Collider, systems.Position, func(e world.Entity, s *systems.Shape, p *systems.Vec2) {
			snaps = append(snaps, snap{e, *p, *s})
		})
		return nil
	}}
	w := newWorld(t, systems.Motion(), systems.Confine(), snapshot, col.System())
	bounds := systems.Boundary{Rect: systems.Rect(0, 0, side, side), Mode: systems.Bounce}
	randomShape := func() systems.Shape {
		var s systems.Shape
		switch r.IntN(3) {
		case 0:
			s = systems.Circle(2 + 6*r.Float64())
		case 1:
			s = systems.Box(3+12*r.Float64(), 3+12*r.Float64())
		default:
			s = systems.Polygon(square(3 + 12*r.Float64())...)
		}
		s.Tags = systems.Tags(1 << r.IntN(3))
		if r.IntN(2) == 0 {
			s.Mask = systems.Tags(r.IntN(8))
		}
		s.Trigger = r.IntN(4) == 0
		return s
	}
	var live []world.Entity
	spawnOne := func() world.Entity {
		p := systems.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
		v := systems.Vec2{X: (2*r.Float64() - 1) * 150, Y: (2*r.Float64() - 1) * 150}
		e := world.Spawn3(w, systems.Position, p, systems.Velocity, v, systems.Bounds, bounds)
		systems.Collider.Add(w, e, randomShape())
		live = append(live, e)
		return e
	}
	for range 150 {
		spawnOne()
	}
	churn := func(e world.Entity) {
		if !w.IsAlive(e) {
			return
		}
		switch r.IntN(6) {
		case 0:
			w.Destroy(e)
		case 1:
			w.Remove(e, systems.Collider)
		case 2:
			if s, ok := systems.Collider.Get(w, e); ok {
				*s = randomShape()
			}
		case 3:
			if s, ok := systems.Collider.Get(w, e); ok {
				s.Tags = systems.Tags(1 << r.IntN(3))
			}
		case 4:
			*systems.Position.Require(w, e) = systems.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
			col.Teleport(e)
		}
	}
	cb := func(c systems.Contact) {
		if r.IntN(10) == 0 {
			churn(c.A)
		}
		if r.IntN(10) == 0 {
			churn(c.B)
		}
	}
	col.OnEnter(cb)
	col.OnStay(cb)
	col.OnExit(cb)
	prev := map[[2]world.Entity]bool{}
	for s := range 150 {
		step(t, w, 1)
		// what the world looked like when the system ran is what it
		// holds now, but for the callbacks' changes, which count from the
		// next step: so check before the callbacks ran is not possible;
		// instead check the list against its own history and against
		// brute force over the entities the callbacks left untouched.
		got := map[[2]world.Entity]systems.ContactKind{}
		for _, c := range col.Contacts() {
			k := [2]world.Entity{c.A, c.B}
			if _, dup := got[k]; dup {
				t.Fatalf("step %d: pair %v reported twice", s, k)
			}
			got[k] = c.Kind
			switch c.Kind {
			case systems.ContactEnter:
				if prev[k] {
					t.Fatalf("step %d: %v enters, but touched last step", s, k)
				}
			case systems.ContactStay, systems.ContactExit:
				if !prev[k] {
					t.Fatalf("step %d: %v is %v, but did not touch last step", s, k, c.Kind)
				}
			}
		}
		for k := range prev {
			if _, ok := got[k]; !ok {
				t.Fatalf("step %d: %v touched last step and is not reported (no exit)", s, k)
			}
		}
		prev = map[[2]world.Entity]bool{}
		for k, kind := range got {
			if kind != systems.ContactExit {
				prev[k] = true
			}
		}
		for i, a := range snaps {
			for _, b := range snaps[i+1:] {
				meet := (a.s.Mask == 0 || a.s.Mask&b.s.Tags != 0) && (b.s.Mask == 0 || b.s.Mask&a.s.Tags != 0)
				sa, sb := a.s, b.s
				for _, x := range []*systems.Shape{&sa, &sb} {
					if x.Kind == systems.ShapePolygon {
						*x = systems.Box(2*x.Points[2].X, 2*x.Points[2].Y)
					}
				}
				want := meet && overlap(a.p, sa, b.p, sb)
				k := [2]world.Entity{min(a.e, b.e), max(a.e, b.e)}
				if want != prev[k] {
					t.Fatalf("step %d: pair %v overlaps and meets: %v; reported touching: %v (%v)", s, k, want, prev[k], got[k])
				}
			}
		}
		for range 2 {
			k := r.IntN(len(live))
			if w.IsAlive(live[k]) {
				w.Destroy(live[k])
			}
			live[k] = spawnOne()
			live = live[:len(live)-1]
		}
	}
}
