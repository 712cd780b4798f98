package main

import (
	"time"

	"github.com/tessera-engine/tessera/world"
)

// Tessera's components: Position, Velocity and Mass as field components
// (one column per component, indexed by slot), and Position and Velocity
// again as object components (sparse sets with packed values) for the
// objects workload.
var (
	tPos    = world.DefineFields[Position]("Position")
	tVel    = world.DefineFields[Velocity]("Velocity")
	tMass   = world.DefineFields[Mass]("Mass")
	tObjPos = world.DefineComponent[Position]("ObjectPosition")
	tObjVel = world.DefineComponent[Velocity]("ObjectVelocity")
)

// tesseraBodies returns a world holding n bodies with field components
// Position and Velocity, and their ids in creation order. The world's
// Position+Velocity slot view is built, as a game's move system would have
// it; the view is recomputed lazily, on the next Slots call after a change,
// so spawns and destroys pay nothing for it.
func tesseraBodies(n int) (*world.World, []world.Entity) {
	w := world.New()
	ids := make([]world.Entity, n)
	for i := range ids {
		ids[i] = world.Spawn2(w, tPos, startPos(i), tVel, startVel(i))
	}
	w.Slots(tPos, tVel).Runs()
	return w, ids
}

// tesseraMove moves every body with the slot view: each run of slots is a
// pair of column slices looped over without bounds checks.
func tesseraMove(w *world.World) {
	pos, vel := tPos.Column(w), tVel.Column(w)
	for _, r := range w.Slots(tPos, tVel).Runs() {
		p, v := pos[r.Start:r.End], vel[r.Start:r.End]
		v = v[:len(p)]
		for i := range p {
			p[i].X += v[i].X
			p[i].Y += v[i].Y
		}
	}
}

// tesseraState returns w's state function: it counts the bodies with
// Position and Velocity and sums their Positions (X and Y apart).
func tesseraState(w *world.World) func() (int, Position) {
	return func() (int, Position) {
		var (
			n   int
			sum Position
		)
		for _, r := range world.Query2(w, tPos, tVel) {
			n++
			sum.X += r.A.X
			sum.Y += r.A.Y
		}
		return n, sum
	}
}

// tesseraWorkloads are Tessera's setups, by workload name.
var tesseraWorkloads = map[string]setup{
	"iterate": func(n int, _ uint64) []impl {
		w, _ := tesseraBodies(n)
		st := tesseraState(w)
		return []impl{
			{"tessera slots", func(reps int) time.Duration {
				return timeReps(reps, func() { tesseraMove(w) })
			}, st},
			{"tessera each", func(reps int) time.Duration {
				return timeReps(reps, func() {
					world.Each2(w, tPos, tVel, func(_ world.Entity, p *Position, v *Velocity) {
						p.X += v.X
						p.Y += v.Y
					})
				})
			}, st},
			{"tessera query", func(reps int) time.Duration {
				return timeReps(reps, func() {
					for _, r := range world.Query2(w, tPos, tVel) {
						r.A.X += r.B.X
						r.A.Y += r.B.Y
					}
				})
			}, st},
		}
	},
	"create": func(n int, _ uint64) []impl {
		w, ids := tesseraBodies(n)
		st := tesseraState(w)
		for _, e := range ids {
			w.Destroy(e)
		}
		return []impl{{"tessera", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				start := time.Now()
				for i := range ids {
					ids[i] = world.Spawn2(w, tPos, startPos(i), tVel, startVel(i))
				}
				total += time.Since(start)
				for _, e := range ids {
					w.Destroy(e)
				}
			}
			return total
		}, st}}
	},
	"addremove": func(n int, _ uint64) []impl {
		w, ids := tesseraBodies(n)
		st := tesseraState(w)
		return []impl{{"tessera", func(reps int) time.Duration {
			return timeReps(reps, func() {
				for _, e := range ids {
					tMass.Add(w, e, Mass{M: 1})
				}
				for _, e := range ids {
					w.Remove(e, tMass)
				}
			})
		}, st}}
	},
	"destroy": func(n int, _ uint64) []impl {
		w, ids := tesseraBodies(n)
		st := tesseraState(w)
		for _, e := range ids {
			w.Destroy(e)
		}
		return []impl{{"tessera", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				for i := range ids {
					ids[i] = world.Spawn2(w, tPos, startPos(i), tVel, startVel(i))
				}
				start := time.Now()
				for _, e := range ids {
					w.Destroy(e)
				}
				total += time.Since(start)
			}
			return total
		}, st}}
	},
	"get": func(n int, seed uint64) []impl {
		w, ids := tesseraBodies(n)
		st := tesseraState(w)
		order := shuffled(ids, seed)
		return []impl{{"tessera", func(reps int) time.Duration {
			return timeReps(reps, func() {
				var sum float64
				for _, e := range order {
					if p, ok := tPos.Get(w, e); ok {
						sum += p.X
					}
				}
				sink += sum
			})
		}, st}}
	},
	"churn": func(n int, seed uint64) []impl {
		w, ids := tesseraBodies(n)
		st := tesseraState(w)
		c := newChurn(ids, seed)
		destroy := w.Destroy
		spawn := func() world.Entity { return world.Spawn2(w, tPos, churnPos, tVel, churnVel) }
		move := func() { tesseraMove(w) }
		return []impl{{"tessera", func(reps int) time.Duration {
			return timeReps(reps, func() { c.frame(destroy, spawn, move) })
		}, st}}
	},
	"objects": func(n int, _ uint64) []impl {
		w := world.New()
		for i := range n {
			world.Spawn2(w, tObjPos, startPos(i), tObjVel, startVel(i))
		}
		st := func() (int, Position) {
			var (
				n   int
				sum Position
			)
			world.Each2(w, tObjPos, tObjVel, func(_ world.Entity, p *Position, _ *Velocity) {
				n++
				sum.X += p.X
				sum.Y += p.Y
			})
			return n, sum
		}
		// The same loops as iterate's, written out again on purpose: passed
		// through a helper as world.Key values, the keys are no longer
		// known at compile time and Each2 and Query2 stop inlining (measured:
		// each 2.6-2.8 ns/entity instead of 0.95).
		return []impl{
			{"tessera each", func(reps int) time.Duration {
				return timeReps(reps, func() {
					world.Each2(w, tObjPos, tObjVel, func(_ world.Entity, p *Position, v *Velocity) {
						p.X += v.X
						p.Y += v.Y
					})
				})
			}, st},
			{"tessera query", func(reps int) time.Duration {
				return timeReps(reps, func() {
					for _, r := range world.Query2(w, tObjPos, tObjVel) {
						r.A.X += r.B.X
						r.A.Y += r.B.Y
					}
				})
			}, st},
		}
	},
}

// tesseraHeap builds n Tessera bodies for the memory measurement.
func tesseraHeap(n int) any {
	w, _ := tesseraBodies(n)
	return w
}
