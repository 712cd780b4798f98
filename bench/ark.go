package main

import (
	"time"

	"github.com/mlange-42/ark/ecs"
)

// arkWorld is an Ark world with the mappers and filter the workloads use,
// made once per world as Ark's documentation advises.
type arkWorld struct {
	w      *ecs.World
	bodies *ecs.Map2[Position, Velocity]
	pos    *ecs.Map[Position]
	mass   *ecs.Map[Mass]
	moving *ecs.Filter2[Position, Velocity]
}

// arkBodies returns an Ark world holding n bodies with Position and
// Velocity, and their ids in creation order.
func arkBodies(n int) (*arkWorld, []ecs.Entity) {
	w := ecs.NewWorld()
	a := &arkWorld{
		w:      w,
		bodies: ecs.NewMap2[Position, Velocity](w),
		pos:    ecs.NewMap[Position](w),
		mass:   ecs.NewMap[Mass](w),
		moving: ecs.NewFilter2[Position, Velocity](w),
	}
	ids := make([]ecs.Entity, n)
	for i := range ids {
		p, v := startPos(i), startVel(i)
		ids[i] = a.bodies.NewEntity(&p, &v)
	}
	return a, ids
}

// spawn makes one body with Position and Velocity.
func (a *arkWorld) spawn(p Position, v Velocity) ecs.Entity {
	return a.bodies.NewEntity(&p, &v)
}

// moveEach moves every body with Ark's per-entity query iterator.
func (a *arkWorld) moveEach() {
	q := a.moving.Query()
	for q.Next() {
		p, v := q.Get()
		p.X += v.X
		p.Y += v.Y
	}
}

// moveColumns moves every body with Ark's table iteration, a plain loop
// over each table's two columns.
func (a *arkWorld) moveColumns() {
	q := a.moving.Query()
	for q.NextTable() {
		p, v := q.GetColumns()
		v = v[:len(p)]
		for i := range p {
			p[i].X += v[i].X
			p[i].Y += v[i].Y
		}
	}
}

// state counts the bodies with Position and Velocity and sums their
// Positions (X and Y apart).
func (a *arkWorld) state() (int, Position) {
	var (
		n   int
		sum Position
	)
	q := a.moving.Query()
	for q.Next() {
		p, _ := q.Get()
		n++
		sum.X += p.X
		sum.Y += p.Y
	}
	return n, sum
}

// arkWorkloads are Ark's setups, by workload name.
var arkWorkloads = map[string]setup{
	"iterate": func(n int, _ uint64) []impl {
		a, _ := arkBodies(n)
		st := a.state
		return []impl{
			{"ark query", func(reps int) time.Duration {
				return timeReps(reps, a.moveEach)
			}, st},
			{"ark columns", func(reps int) time.Duration {
				return timeReps(reps, a.moveColumns)
			}, st},
		}
	},
	"create": func(n int, _ uint64) []impl {
		a, ids := arkBodies(n)
		st := a.state
		for _, e := range ids {
			a.w.RemoveEntity(e)
		}
		return []impl{{"ark", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				start := time.Now()
				for i := range ids {
					p, v := startPos(i), startVel(i)
					ids[i] = a.bodies.NewEntity(&p, &v)
				}
				total += time.Since(start)
				for _, e := range ids {
					a.w.RemoveEntity(e)
				}
			}
			return total
		}, st}}
	},
	"addremove": func(n int, _ uint64) []impl {
		a, ids := arkBodies(n)
		st := a.state
		return []impl{{"ark", func(reps int) time.Duration {
			return timeReps(reps, func() {
				m := Mass{M: 1}
				for _, e := range ids {
					a.mass.Add(e, &m)
				}
				for _, e := range ids {
					a.mass.Remove(e)
				}
			})
		}, st}}
	},
	"destroy": func(n int, _ uint64) []impl {
		a, ids := arkBodies(n)
		st := a.state
		for _, e := range ids {
			a.w.RemoveEntity(e)
		}
		return []impl{{"ark", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				for i := range ids {
					p, v := startPos(i), startVel(i)
					ids[i] = a.bodies.NewEntity(&p, &v)
				}
				start := time.Now()
				for _, e := range ids {
					a.w.RemoveEntity(e)
				}
				total += time.Since(start)
			}
			return total
		}, st}}
	},
	"get": func(n int, seed uint64) []impl {
		a, ids := arkBodies(n)
		st := a.state
		order := shuffled(ids, seed)
		return []impl{{"ark", func(reps int) time.Duration {
			return timeReps(reps, func() {
				var sum float64
				for _, e := range order {
					if p := a.pos.Get(e); p != nil {
						sum += p.X
					}
				}
				sink += sum
			})
		}, st}}
	},
	"churn": func(n int, seed uint64) []impl {
		a, ids := arkBodies(n)
		st := a.state
		c := newChurn(ids, seed)
		destroy := a.w.RemoveEntity
		spawn := func() ecs.Entity { return a.spawn(churnPos, churnVel) }
		return []impl{{"ark", func(reps int) time.Duration {
			return timeReps(reps, func() { c.frame(destroy, spawn, a.moveColumns) })
		}, st}}
	},
}

// arkHeap builds n Ark bodies for the memory measurement.
func arkHeap(n int) any {
	a, _ := arkBodies(n)
	return a
}
