package systems

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// confineModel is the simple model of Confine: a walk with one call per
// entity, each body confined as it is visited.
func confineModel(ctx *world.Context) error {
	w := ctx.World
	world.Each2(w, Bounds, Position, func(e world.Entity, b *Boundary, p *Vec2) {
		if !b.Rect.Contains(*p) && confineOutside(w, e, b, p) {
			geom.Teleport(w, e)
		}
	})
	return nil
}

// jumps records what geom.Teleport reports.
type jumps []world.Entity

func (j *jumps) Teleport(e world.Entity) { *j = append(*j, e) }

// TestConfineMatchesModel steps worlds built by the same random
// operations, one running the systems under test and one Motion and the
// model, and compares every body, the teleports reported and who is
// alive after each step. The operations reuse slots (destroys then
// spawns), take Bounds or Velocity away and give them back, and move
// bodies far out, so that Confine's record of the entities of its slots
// goes stale often; for MotionInBounds they make the bodies with bounds
// and the moving ones the same (its one pass) in some steps and not in
// others (its two), and the test checks that both happen.
func TestConfineMatchesModel(t *testing.T) {
	for _, tc := range []struct {
		name    string
		systems []world.System
	}{
		{"Motion then Confine", []world.System{Motion(), Confine()}},
		{"MotionInBounds", []world.System{MotionInBounds()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var onePass, twoPasses int
			for seed := range uint64(20) {
				one, two := confineAgainstModel(t, seed, tc.systems)
				onePass, twoPasses = onePass+one, twoPasses+two
			}
			if onePass < 100 || twoPasses < 100 {
				t.Errorf("%d steps had the same bodies moving and bounded and %d did not; want both at least 100", onePass, twoPasses)
			}
		})
	}
}

// confineAgainstModel runs one seed of TestConfineMatchesModel, and
// returns how many steps began with the bodies holding Position and
// Velocity being those holding Position and Bounds, and how many did not.
func confineAgainstModel(t *testing.T, seed uint64, systems []world.System) (same, differ int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	sys := world.New()
	ref := world.New()
	for _, s := range systems {
		if err := sys.AddSystem(s); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []world.System{
		{Name: "motion", Phase: world.Fixed, Run: runMotion},
		{Name: "bounds", Phase: world.Fixed, Run: confineModel},
	} {
		if err := ref.AddSystem(s); err != nil {
			t.Fatal(err)
		}
	}
	var sysJumps, refJumps jumps
	geom.AddTeleporter(sys, &sysJumps)
	geom.AddTeleporter(ref, &refJumps)
	var es []world.Entity
	both := func(f func(w *world.World) world.Entity) world.Entity {
		a, b := f(sys), f(ref)
		if a != b {
			t.Fatalf("seed %d: the worlds diverged: %v and %v", seed, a, b)
		}
		return a
	}
	for step := range 60 {
		for range rng.IntN(8) {
			op := rng.IntN(14)
			var e world.Entity
			if len(es) > 0 {
				e = es[rng.IntN(len(es))]
			}
			p := Vec2{X: rng.Float64()*160 - 30, Y: rng.Float64()*120 - 30}
			v := Vec2{X: rng.Float64()*4000 - 2000, Y: rng.Float64()*4000 - 2000}
			b := Boundary{Rect: Rect(0, 0, 100, 60), Mode: BoundsMode(rng.IntN(4))}
			switch {
			case op <= 2 || len(es) == 0:
				es = append(es, both(func(w *world.World) world.Entity {
					return world.Spawn3(w, Position, p, Velocity, v, Bounds, b)
				}))
			case op == 3:
				both(func(w *world.World) world.Entity { w.Destroy(e); return e })
			case op == 4:
				both(func(w *world.World) world.Entity { w.Remove(e, Bounds); return e })
			case op == 5:
				both(func(w *world.World) world.Entity { w.Remove(e, Velocity); return e })
			case op == 6:
				both(func(w *world.World) world.Entity {
					if w.IsAlive(e) {
						Acceleration.Add(w, e, Vec2{Y: 900})
						Damping.Add(w, e, Drag{Rate: 0.5})
					}
					return e
				})
			default: // give back what the body lacks
				both(func(w *world.World) world.Entity {
					if w.IsAlive(e) {
						if !w.Has(e, Bounds) {
							Bounds.Add(w, e, b)
						}
						if !w.Has(e, Velocity) {
							Velocity.Add(w, e, v)
						}
					}
					return e
				})
			}
		}
		if n := sys.Slots(Position, Velocity, Bounds).Len(); n == sys.Slots(Position, Velocity).Len() && n == sys.Slots(Position, Bounds).Len() {
			same++
		} else {
			differ++
		}
		sysJumps, refJumps = sysJumps[:0], refJumps[:0]
		for _, w := range []*world.World{sys, ref} {
			if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(sysJumps, refJumps) {
			t.Fatalf("seed %d step %d: teleported %v, want %v", seed, step, sysJumps, refJumps)
		}
		for _, e := range es {
			if sys.IsAlive(e) != ref.IsAlive(e) {
				t.Fatalf("seed %d step %d: %v alive = %v, want %v", seed, step, e, sys.IsAlive(e), ref.IsAlive(e))
			}
			if !sys.IsAlive(e) {
				continue
			}
			got, want := *Position.Require(sys, e), *Position.Require(ref, e)
			if !sameVec(got, want) {
				t.Fatalf("seed %d step %d: %v at %v, want %v", seed, step, e, got, want)
			}
			gv, gok := Velocity.Get(sys, e)
			wv, wok := Velocity.Get(ref, e)
			if gok != wok || gok && !sameVec(*gv, *wv) {
				t.Fatalf("seed %d step %d: %v velocity %v, want %v", seed, step, e, gv, wv)
			}
		}
	}
	return same, differ
}

// sameVec reports whether a and b are equal, NaNs included.
func sameVec(a, b Vec2) bool {
	same := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	return same(a.X, b.X) && same(a.Y, b.Y)
}

// TestWrapOffsetIsMod checks wrapOffset's shortcuts against math.Mod,
// bit for bit, on offsets just past either edge (where the shortcuts
// apply), on the edges themselves and far away, over sizes from tiny to
// huge.
func TestWrapOffsetIsMod(t *testing.T) {
	mod := func(d, size float64) float64 {
		d = math.Mod(d, size)
		if d < 0 {
			d += size
		}
		return d
	}
	rng := rand.New(rand.NewPCG(11, 12))
	sizes := []float64{1e-300, 0.1, 1, 3, 240, 320, 4096, 1e15, 1e300}
	for _, size := range sizes {
		ds := []float64{0, size, -size, 2 * size, -2 * size, math.Nextafter(size, 0), math.Nextafter(2*size, 0),
			math.Nextafter(-size, 0), math.Nextafter(0, -1), math.Nextafter(size, math.Inf(1)), 7.5 * size, -7.5 * size}
		for range 2000 {
			u := rng.Float64()
			ds = append(ds, size+u*size, -u*size, size+u*1e-9*size, -(1-u)*size, (rng.Float64()*20-10)*size)
		}
		for _, d := range ds {
			if got, want := wrapOffset(d, size), mod(d, size); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("wrapOffset(%v, %v) = %v, math.Mod gives %v", d, size, got, want)
			}
		}
	}
}
