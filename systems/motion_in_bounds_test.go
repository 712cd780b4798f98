package systems_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// changer hears teleports as a renderer does, and changes the world as it
// hears them: every third jump takes the body's Velocity away, every
// second spawns a body outside its bounds (growing the columns).
type changer struct {
	w     *world.World
	heard []world.Entity
	n     int
	born  int
}

func (c *changer) Teleport(e world.Entity) {
	c.heard = append(c.heard, e)
	c.n++
	if c.n%3 == 0 {
		c.w.Remove(e, systems.Velocity)
	}
	if c.n%2 == 0 && c.born < 30 {
		c.born++
		world.Spawn3(c.w, systems.Position, systems.Vec2{X: 1000, Y: 1000}, systems.Velocity, systems.Vec2{X: 1},
			systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 50, 50), Mode: systems.Wrap})
	}
}

// spawnOnDeath spawns a body that leaves its bounds when its entity dies.
var spawnOnDeath = world.DefineFields[struct{ N int32 }]("systems_test.spawnOnDeath", world.Options[struct{ N int32 }]{
	Died: func(w *world.World, e world.Entity, v *struct{ N int32 }) {
		world.Spawn3(w, systems.Position, systems.Vec2{X: float64(v.N), Y: -5}, systems.Velocity, systems.Vec2{Y: -1},
			systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 10, 10), Mode: systems.DestroyOutside})
	},
})

// TestMotionInBoundsIsMotionThenConfine steps two worlds built by the
// same random operations, one with MotionInBounds and one with Motion
// then Confine, and compares them bit for bit after every step: every
// entity, position, velocity and teleport. The values include infinities,
// huge and tiny numbers and NaNs (but in the tesseradebug build, which
// refuses NaNs), rectangles of no size and inside out, steps of 0, 1 and
// infinite length; a Teleporter changes the world while it hears the
// wraps, and a Died hook spawns.
func TestMotionInBoundsIsMotionThenConfine(t *testing.T) {
	weird := []float64{0, 1, -1, 5e-324}
	steps := []float64{1.0 / 60, 0, 1}
	if !debugChecks { // the tesseradebug build refuses the NaNs these make
		weird = append(weird, math.Inf(1), math.Inf(-1), 1e308, -1e308, math.NaN())
		steps = append(steps, math.Inf(1))
	}
	rects := []systems.Rectangle{systems.Rect(0, 0, 100, 60), systems.Rect(10, 10, 10, 10),
		systems.Rect(50, 50, 0, 0), systems.Rect(0, 0, 0, 60), systems.Rect(-1e308, -1e308, 1e308, 1e308)}
	onePass := 0
	for seed := range uint64(100) {
		rng := rand.New(rand.NewPCG(seed, 99))
		one := newWorld(t, systems.MotionInBounds())
		two := newWorld(t, systems.Motion(), systems.Confine())
		heardOne, heardTwo := &changer{w: one}, &changer{w: two}
		geom.AddTeleporter(one, heardOne)
		geom.AddTeleporter(two, heardTwo)
		num := func() float64 {
			if rng.IntN(4) == 0 {
				return weird[rng.IntN(len(weird))]
			}
			return rng.Float64()*300 - 100
		}
		both := func(f func(w *world.World)) { f(one); f(two) }
		var es []world.Entity
		for step := range 80 {
			for range rng.IntN(10) {
				var e world.Entity
				if len(es) > 0 {
					e = es[rng.IntN(len(es))]
				}
				p, v := systems.Vec2{X: num(), Y: num()}, systems.Vec2{X: num() * 20, Y: num() * 20}
				b := systems.Boundary{Rect: rects[rng.IntN(len(rects))], Mode: systems.BoundsMode(rng.IntN(4))}
				switch op := rng.IntN(14); {
				case op <= 3 || len(es) == 0:
					both(func(w *world.World) { world.Spawn3(w, systems.Position, p, systems.Velocity, v, systems.Bounds, b) })
				case op == 4:
					both(func(w *world.World) { w.Destroy(e) })
				case op == 5:
					both(func(w *world.World) { w.Remove(e, systems.Bounds) })
				case op == 6:
					both(func(w *world.World) { w.Remove(e, systems.Velocity) })
				case op == 7:
					a, limit, rate := systems.Vec2{X: num(), Y: num()}, num(), num()
					both(func(w *world.World) {
						if w.IsAlive(e) {
							systems.Acceleration.Add(w, e, a)
							systems.MaxSpeed.Add(w, e, systems.SpeedLimit{Max: limit})
							systems.Damping.Add(w, e, systems.Drag{Rate: rate})
						}
					})
				case op == 8:
					both(func(w *world.World) {
						if w.IsAlive(e) {
							spawnOnDeath.Add(w, e, struct{ N int32 }{int32(step)})
						}
					})
				case op == 9:
					both(func(w *world.World) { w.Remove(e, systems.Position) })
				default: // give back what the body lacks
					both(func(w *world.World) { giveBack(w, e, p, v, b) })
				}
			}
			if step%4 == 0 { // every body whole again, for the one pass
				for _, e := range es {
					p, v := systems.Vec2{X: num(), Y: num()}, systems.Vec2{X: num() * 20, Y: num() * 20}
					b := systems.Boundary{Rect: rects[rng.IntN(len(rects))], Mode: systems.BoundsMode(rng.IntN(4))}
					both(func(w *world.World) { giveBack(w, e, p, v, b) })
				}
			}
			if n := one.Slots(systems.Position, systems.Velocity, systems.Bounds).Len(); n == one.Slots(systems.Position, systems.Velocity).Len() &&
				n == one.Slots(systems.Position, systems.Bounds).Len() {
				onePass++
			}
			heardOne.heard, heardTwo.heard = heardOne.heard[:0], heardTwo.heard[:0]
			dt := steps[rng.IntN(len(steps))]
			for _, w := range []*world.World{one, two} {
				if err := w.Run(world.Context{Phase: world.Fixed, DT: dt}, nil); err != nil {
					t.Fatal(err)
				}
			}
			if !slices.Equal(heardOne.heard, heardTwo.heard) {
				t.Fatalf("seed %d step %d: teleports %v, want %v", seed, step, heardOne.heard, heardTwo.heard)
			}
			es = one.Entities()
			if !slices.Equal(es, two.Entities()) {
				t.Fatalf("seed %d step %d: entities %v, want %v", seed, step, es, two.Entities())
			}
			for _, e := range es {
				for _, c := range []*world.Fields[systems.Vec2]{systems.Position, systems.Velocity} {
					got, gok := c.Get(one, e)
					want, wok := c.Get(two, e)
					if gok != wok || gok && (!sameBits(got.X, want.X) || !sameBits(got.Y, want.Y)) {
						t.Fatalf("seed %d step %d: %v's %s = %v, want %v", seed, step, e, c.Name(), got, want)
					}
				}
			}
		}
	}
	if onePass < 1000 {
		t.Errorf("%d steps took the one pass; want at least 1000", onePass)
	}
}

// giveBack gives e, if alive, whichever of Position p, Velocity v and
// Bounds b it lacks.
func giveBack(w *world.World, e world.Entity, p, v systems.Vec2, b systems.Boundary) {
	if !w.IsAlive(e) {
		return
	}
	if !w.Has(e, systems.Bounds) {
		systems.Bounds.Add(w, e, b)
	}
	if !w.Has(e, systems.Velocity) {
		systems.Velocity.Add(w, e, v)
	}
	if !w.Has(e, systems.Position) {
		systems.Position.Add(w, e, p)
	}
}

// sameBits reports whether a and b are the same float64, bit for bit, or
// both NaN.
func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}
