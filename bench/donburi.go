package main

import (
	"time"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// donburi's component types.
var (
	dPos  = donburi.NewComponentType[Position]()
	dVel  = donburi.NewComponentType[Velocity]()
	dMass = donburi.NewComponentType[Mass]()
)

// donburiWorld is a donburi world with the query the workloads use, made
// once and kept, as donburi's documentation advises.
type donburiWorld struct {
	w      donburi.World
	moving *donburi.Query
}

// donburiBodies returns a donburi world holding n bodies with Position and
// Velocity, and their ids in creation order.
func donburiBodies(n int) (*donburiWorld, []donburi.Entity) {
	d := &donburiWorld{
		w:      donburi.NewWorld(),
		moving: donburi.NewQuery(filter.Contains(dPos, dVel)),
	}
	ids := make([]donburi.Entity, n)
	for i := range ids {
		ids[i] = d.spawn(startPos(i), startVel(i))
	}
	return d, ids
}

// spawn makes one body with Position and Velocity and sets their values.
func (d *donburiWorld) spawn(p Position, v Velocity) donburi.Entity {
	e := d.w.Create(dPos, dVel)
	entry := d.w.Entry(e)
	dPos.SetValue(entry, p)
	dVel.SetValue(entry, v)
	return e
}

// move moves every body with the query's Each.
func (d *donburiWorld) move() {
	d.moving.Each(d.w, func(entry *donburi.Entry) {
		p, v := dPos.Get(entry), dVel.Get(entry)
		p.X += v.X
		p.Y += v.Y
	})
}

// state counts the bodies with Position and Velocity and sums their
// Positions (X and Y apart).
func (d *donburiWorld) state() (int, Position) {
	var (
		n   int
		sum Position
	)
	d.moving.Each(d.w, func(entry *donburi.Entry) {
		p := dPos.Get(entry)
		n++
		sum.X += p.X
		sum.Y += p.Y
	})
	return n, sum
}

// donburiWorkloads are donburi's setups, by workload name.
var donburiWorkloads = map[string]setup{
	"iterate": func(n int, _ uint64) []impl {
		d, _ := donburiBodies(n)
		st := d.state
		return []impl{{"donburi", func(reps int) time.Duration {
			return timeReps(reps, d.move)
		}, st}}
	},
	"create": func(n int, _ uint64) []impl {
		d, ids := donburiBodies(n)
		st := d.state
		for _, e := range ids {
			d.w.Remove(e)
		}
		return []impl{{"donburi", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				start := time.Now()
				for i := range ids {
					ids[i] = d.spawn(startPos(i), startVel(i))
				}
				total += time.Since(start)
				for _, e := range ids {
					d.w.Remove(e)
				}
			}
			return total
		}, st}}
	},
	"addremove": func(n int, _ uint64) []impl {
		d, ids := donburiBodies(n)
		st := d.state
		return []impl{{"donburi", func(reps int) time.Duration {
			return timeReps(reps, func() {
				m := Mass{M: 1}
				for _, e := range ids {
					donburi.Add(d.w.Entry(e), dMass, &m)
				}
				for _, e := range ids {
					d.w.Entry(e).RemoveComponent(dMass)
				}
			})
		}, st}}
	},
	"destroy": func(n int, _ uint64) []impl {
		d, ids := donburiBodies(n)
		st := d.state
		for _, e := range ids {
			d.w.Remove(e)
		}
		return []impl{{"donburi", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				for i := range ids {
					ids[i] = d.spawn(startPos(i), startVel(i))
				}
				start := time.Now()
				for _, e := range ids {
					d.w.Remove(e)
				}
				total += time.Since(start)
			}
			return total
		}, st}}
	},
	"get": func(n int, seed uint64) []impl {
		d, ids := donburiBodies(n)
		st := d.state
		order := shuffled(ids, seed)
		return []impl{{"donburi", func(reps int) time.Duration {
			return timeReps(reps, func() {
				var sum float64
				for _, e := range order {
					if d.w.Valid(e) { // the id check the others make
						sum += dPos.Get(d.w.Entry(e)).X
					}
				}
				sink += sum
			})
		}, st}}
	},
	"churn": func(n int, seed uint64) []impl {
		d, ids := donburiBodies(n)
		st := d.state
		c := newChurn(ids, seed)
		destroy := d.w.Remove
		spawn := func() donburi.Entity { return d.spawn(churnPos, churnVel) }
		return []impl{{"donburi", func(reps int) time.Duration {
			return timeReps(reps, func() { c.frame(destroy, spawn, d.move) })
		}, st}}
	},
}

// donburiHeap builds n donburi bodies for the memory measurement.
func donburiHeap(n int) any {
	d, _ := donburiBodies(n)
	return d
}
