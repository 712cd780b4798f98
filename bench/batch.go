package main

import (
	"time"

	"github.com/mlange-42/ark/ecs"
	"github.com/tessera-engine/tessera/world"
)

// The batch workloads (one call for many bodies), cold spawning, and the
// cost of change tracking on the slots walk. They are registered in the
// libraries' maps by init, beside the one-entity workloads.

func init() {
	for name, s := range map[string]setup{
		"batchcreate": limitBatchCreate, "batchadd": limitBatchAdd, "batchremove": limitBatchRemove,
		"batchdestroy": limitBatchDestroy, "coldcreate": limitColdCreate, "track": limitTrack,
	} {
		limitWorkloads[name] = s
	}
	for name, s := range map[string]setup{
		"batchcreate": tesseraBatchCreate, "batchadd": tesseraBatchAdd, "batchremove": tesseraBatchRemove,
		"batchdestroy": tesseraBatchDestroy, "coldcreate": tesseraColdCreate, "track": tesseraTrack,
	} {
		tesseraWorkloads[name] = s
	}
	for name, s := range map[string]setup{
		"batchcreate": arkBatchCreate, "batchadd": arkBatchAdd, "batchremove": arkBatchRemove,
		"batchdestroy": arkBatchDestroy, "coldcreate": arkColdCreate,
	} {
		arkWorkloads[name] = s
	}
}

// --- the limit ---

// limitSpawnN spawns n bodies, as one batch does: the limit's spawn is
// already the least a spawn can do, so a batch of them is the loop.
func limitSpawnN(s *limitStore, n int) {
	for range n {
		s.spawn(churnPos, churnVel)
	}
}

// limitDestroyAll destroys every body at once: each slot's generation
// moves on and goes to the free list, the dense arrays and Mass empty.
func limitDestroyAll(s *limitStore) {
	for _, e := range s.ents {
		slot := uint32(e)
		s.gens[slot]++
		s.free = append(s.free, slot)
	}
	s.ents, s.pos, s.vel = s.ents[:0], s.pos[:0], s.vel[:0]
	limitRemoveAllMass(s)
}

// limitAddAllMass gives every body the Mass m.
func limitAddAllMass(s *limitStore, m Mass) {
	for _, e := range s.ents {
		s.addMass(e, m)
	}
}

// limitRemoveAllMass takes every Mass away at once.
func limitRemoveAllMass(s *limitStore) {
	for _, slot := range s.massSlots {
		s.massIndex[slot] = 0
	}
	s.massSlots, s.mass = s.massSlots[:0], s.mass[:0]
}

func limitBatchCreate(n int, _ uint64) []impl {
	s, _ := limitBodies(n)
	limitDestroyAll(s)
	return []impl{{"limit", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			start := time.Now()
			limitSpawnN(s, n)
			total += time.Since(start)
			limitDestroyAll(s)
		}
		return total
	}, s.state}}
}

func limitBatchAdd(n int, _ uint64) []impl {
	s, _ := limitBodies(n)
	return []impl{{"limit", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			start := time.Now()
			limitAddAllMass(s, Mass{M: 1})
			total += time.Since(start)
			limitRemoveAllMass(s)
		}
		return total
	}, s.state}}
}

func limitBatchRemove(n int, _ uint64) []impl {
	s, _ := limitBodies(n)
	return []impl{{"limit", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			limitAddAllMass(s, Mass{M: 1})
			start := time.Now()
			limitRemoveAllMass(s)
			total += time.Since(start)
		}
		return total
	}, s.state}}
}

func limitBatchDestroy(n int, _ uint64) []impl {
	s, _ := limitBodies(n)
	limitDestroyAll(s)
	return []impl{{"limit", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			limitSpawnN(s, n)
			start := time.Now()
			limitDestroyAll(s)
			total += time.Since(start)
		}
		return total
	}, s.state}}
}

// limitColdCreate spawns into a new, empty store: its slices grow.
func limitColdCreate(n int, _ uint64) []impl {
	s := &limitStore{}
	return []impl{{"limit", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			s = &limitStore{}
			start := time.Now()
			for i := range n {
				s.spawn(startPos(i), startVel(i))
			}
			total += time.Since(start)
		}
		return total
	}, func() (int, Position) { return s.state() }}}
}

func limitTrack(n int, _ uint64) []impl {
	s, _ := limitBodies(n)
	return []impl{{"limit", func(reps int) time.Duration {
		return timeReps(reps, func() { moveAll(s.pos, s.vel) })
	}, s.state}}
}

// --- Tessera ---

func tesseraBatchCreate(n int, _ uint64) []impl {
	w, ids := tesseraBodies(n)
	view := w.Slots(tPos, tVel)
	view.DestroyAll()
	return []impl{{"tessera", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			start := time.Now()
			world.SpawnMany2(w, ids, tPos, churnPos, tVel, churnVel)
			total += time.Since(start)
			view.DestroyAll()
		}
		return total
	}, tesseraState(w)}}
}

func tesseraBatchAdd(n int, _ uint64) []impl {
	w, _ := tesseraBodies(n)
	view, massed := w.Slots(tPos, tVel), w.Slots(tMass)
	return []impl{{"tessera", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			start := time.Now()
			world.AddAll(view, tMass, Mass{M: 1})
			total += time.Since(start)
			massed.RemoveAll(tMass)
		}
		return total
	}, tesseraState(w)}}
}

func tesseraBatchRemove(n int, _ uint64) []impl {
	w, _ := tesseraBodies(n)
	view, massed := w.Slots(tPos, tVel), w.Slots(tMass)
	return []impl{{"tessera", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			world.AddAll(view, tMass, Mass{M: 1})
			start := time.Now()
			massed.RemoveAll(tMass)
			total += time.Since(start)
		}
		return total
	}, tesseraState(w)}}
}

func tesseraBatchDestroy(n int, _ uint64) []impl {
	w, ids := tesseraBodies(n)
	view := w.Slots(tPos, tVel)
	view.DestroyAll()
	return []impl{{"tessera", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			world.SpawnMany2(w, ids, tPos, churnPos, tVel, churnVel)
			start := time.Now()
			view.DestroyAll()
			total += time.Since(start)
		}
		return total
	}, tesseraState(w)}}
}

// tesseraColdCreate spawns one by one into a new world, as a level that
// loads does; the world itself is made outside the timing, as Ark's is.
func tesseraColdCreate(n int, _ uint64) []impl {
	w := world.New()
	return []impl{{"tessera", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			w = world.New()
			start := time.Now()
			for i := range n {
				world.Spawn2(w, tPos, startPos(i), tVel, startVel(i))
			}
			total += time.Since(start)
		}
		return total
	}, func() (int, Position) { return tesseraState(w)() }}}
}

// tesseraTrack is the slots walk of iterate run as a system twice: once in
// a world where nothing tracks changes, and once in a world where a
// Tracker watches Position and the system declares it writes Position, so
// every view it asks for marks what it covers.
func tesseraTrack(n int, _ uint64) []impl {
	run := func(track bool) (func(int) time.Duration, func() (int, Position)) {
		w, _ := tesseraBodies(n)
		sys := world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			tesseraMove(ctx.World)
			return nil
		}}
		if track {
			w.Track(tPos)
			sys.Writes = []world.ComponentType{tPos}
		}
		if err := w.AddSystem(sys); err != nil {
			panic(err)
		}
		ctx := world.Context{Phase: world.Fixed}
		return func(reps int) time.Duration {
			return timeReps(reps, func() { w.Run(ctx, nil) })
		}, tesseraState(w)
	}
	off, stOff := run(false)
	on, stOn := run(true)
	return []impl{{"tessera slots", off, stOff}, {"tessera slots tracked", on, stOn}}
}

// --- Ark ---

func arkBatchCreate(n int, _ uint64) []impl {
	a, _ := arkBodies(n)
	all := a.moving.Batch()
	a.w.RemoveEntities(all, nil)
	return []impl{{"ark", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			p, v := churnPos, churnVel
			start := time.Now()
			a.bodies.NewBatch(n, &p, &v)
			total += time.Since(start)
			a.w.RemoveEntities(all, nil)
		}
		return total
	}, a.state}}
}

func arkBatchAdd(n int, _ uint64) []impl {
	a, _ := arkBodies(n)
	bodies := ecs.NewFilter2[Position, Velocity](a.w).Without(ecs.C[Mass]())
	massed := ecs.NewFilter1[Mass](a.w)
	return []impl{{"ark", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			m := Mass{M: 1}
			start := time.Now()
			a.mass.AddBatch(bodies.Batch(), &m)
			total += time.Since(start)
			a.mass.RemoveBatch(massed.Batch(), nil)
		}
		return total
	}, a.state}}
}

func arkBatchRemove(n int, _ uint64) []impl {
	a, _ := arkBodies(n)
	bodies := ecs.NewFilter2[Position, Velocity](a.w).Without(ecs.C[Mass]())
	massed := ecs.NewFilter1[Mass](a.w)
	return []impl{{"ark", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			m := Mass{M: 1}
			a.mass.AddBatch(bodies.Batch(), &m)
			start := time.Now()
			a.mass.RemoveBatch(massed.Batch(), nil)
			total += time.Since(start)
		}
		return total
	}, a.state}}
}

func arkBatchDestroy(n int, _ uint64) []impl {
	a, _ := arkBodies(n)
	all := a.moving.Batch()
	a.w.RemoveEntities(all, nil)
	return []impl{{"ark", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			p, v := churnPos, churnVel
			a.bodies.NewBatch(n, &p, &v)
			start := time.Now()
			a.w.RemoveEntities(all, nil)
			total += time.Since(start)
		}
		return total
	}, a.state}}
}

func arkColdCreate(n int, _ uint64) []impl {
	a, _ := arkBodies(0)
	return []impl{{"ark", func(reps int) time.Duration {
		var total time.Duration
		for range reps {
			a, _ = arkBodies(0)
			start := time.Now()
			for i := range n {
				a.spawn(startPos(i), startVel(i))
			}
			total += time.Since(start)
		}
		return total
	}, func() (int, Position) { return a.state() }}}
}
