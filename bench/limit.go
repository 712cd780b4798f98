package main

import "time"

// The limit is hand-written code specialised to these workloads: the least
// work a store can do that still gives the same guarantees as an ECS here
// (ids that stay dead after a destroy, packed values to loop over, O(1)
// add, remove, destroy and lookup by id). It is what the other
// implementations are measured against.

// limitEntity is the limit's id: the slot in the low 32 bits and the
// slot's generation in the high 32.
type limitEntity uint64

// limitStore keeps every body's Position and Velocity packed in two dense
// slices, with an id/generation table mapping a slot to its dense index,
// and Mass in a sparse set of its own.
type limitStore struct {
	gens  []uint32 // per slot: the generation of its live id, or of the next one when free
	index []int32  // per slot: dense index of its body in ents, pos and vel
	free  []uint32 // free slots, most recently freed last

	ents []limitEntity // dense: id of each body
	pos  []Position    // dense
	vel  []Velocity    // dense

	massIndex []int32  // per slot: dense index into mass + 1, 0 when it has none
	massSlots []uint32 // dense: slot of each Mass
	mass      []Mass   // dense
}

// alive reports whether e is a live id of s.
func (s *limitStore) alive(e limitEntity) bool {
	slot := uint32(e)
	return slot < uint32(len(s.gens)) && s.gens[slot] == uint32(e>>32)
}

// spawn makes a body: it takes a free slot (or a new one) and appends the
// body's values to the dense slices.
func (s *limitStore) spawn(p Position, v Velocity) limitEntity {
	var slot uint32
	if n := len(s.free); n > 0 {
		slot = s.free[n-1]
		s.free = s.free[:n-1]
	} else {
		slot = uint32(len(s.gens))
		s.gens = append(s.gens, 1)
		s.index = append(s.index, 0)
	}
	e := limitEntity(uint64(s.gens[slot])<<32 | uint64(slot))
	s.index[slot] = int32(len(s.ents))
	s.ents = append(s.ents, e)
	s.pos = append(s.pos, p)
	s.vel = append(s.vel, v)
	return e
}

// destroy removes e's body by moving the last body into its place, drops
// its Mass if it has one, and moves the slot's generation on.
func (s *limitStore) destroy(e limitEntity) {
	if !s.alive(e) {
		return
	}
	slot := uint32(e)
	if slot < uint32(len(s.massIndex)) && s.massIndex[slot] != 0 {
		s.removeMass(e)
	}
	i := s.index[slot]
	last := len(s.ents) - 1
	moved := s.ents[last]
	s.ents[i], s.pos[i], s.vel[i] = moved, s.pos[last], s.vel[last]
	s.index[uint32(moved)] = i
	s.ents, s.pos, s.vel = s.ents[:last], s.pos[:last], s.vel[:last]
	s.gens[slot]++
	s.free = append(s.free, slot)
}

// position returns e's Position, or false when e is dead.
func (s *limitStore) position(e limitEntity) (*Position, bool) {
	if !s.alive(e) {
		return nil, false
	}
	return &s.pos[s.index[uint32(e)]], true
}

// addMass gives e the Mass m, replacing the one it has.
func (s *limitStore) addMass(e limitEntity, m Mass) {
	if !s.alive(e) {
		return
	}
	slot := uint32(e)
	if slot >= uint32(len(s.massIndex)) {
		s.massIndex = append(s.massIndex, make([]int32, int(slot)+1-len(s.massIndex))...)
	}
	if i := s.massIndex[slot]; i != 0 {
		s.mass[i-1] = m
		return
	}
	s.massSlots = append(s.massSlots, slot)
	s.mass = append(s.mass, m)
	s.massIndex[slot] = int32(len(s.mass))
}

// removeMass takes e's Mass away, moving the last Mass into its place.
func (s *limitStore) removeMass(e limitEntity) {
	slot := uint32(e)
	if !s.alive(e) || slot >= uint32(len(s.massIndex)) || s.massIndex[slot] == 0 {
		return
	}
	i := s.massIndex[slot] - 1
	last := len(s.mass) - 1
	moved := s.massSlots[last]
	s.massSlots[i], s.mass[i] = moved, s.mass[last]
	s.massIndex[moved] = i + 1
	s.massIndex[slot] = 0
	s.massSlots, s.mass = s.massSlots[:last], s.mass[:last]
}

// state counts the bodies and sums their Positions (X and Y apart).
func (s *limitStore) state() (int, Position) {
	var sum Position
	for _, p := range s.pos {
		sum.X += p.X
		sum.Y += p.Y
	}
	return len(s.pos), sum
}

// moveAll is the limit of the iterate workload: a plain loop over two
// slices of structs.
func moveAll(pos []Position, vel []Velocity) {
	vel = vel[:len(pos)]
	for i := range pos {
		pos[i].X += vel[i].X
		pos[i].Y += vel[i].Y
	}
}

// limitBodies returns a limit store holding n bodies and their ids in
// creation order.
func limitBodies(n int) (*limitStore, []limitEntity) {
	s := &limitStore{}
	ids := make([]limitEntity, n)
	for i := range ids {
		ids[i] = s.spawn(startPos(i), startVel(i))
	}
	return s, ids
}

// limitWorkloads are the limit's setups, by workload name.
var limitWorkloads = map[string]setup{
	"iterate": func(n int, _ uint64) []impl {
		s, _ := limitBodies(n)
		st := s.state
		return []impl{{"limit", func(reps int) time.Duration {
			return timeReps(reps, func() { moveAll(s.pos, s.vel) })
		}, st}}
	},
	"create": func(n int, _ uint64) []impl {
		s, ids := limitBodies(n)
		st := s.state
		for _, e := range ids {
			s.destroy(e)
		}
		return []impl{{"limit", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				start := time.Now()
				for i := range ids {
					ids[i] = s.spawn(startPos(i), startVel(i))
				}
				total += time.Since(start)
				for _, e := range ids {
					s.destroy(e)
				}
			}
			return total
		}, st}}
	},
	"addremove": func(n int, _ uint64) []impl {
		s, ids := limitBodies(n)
		st := s.state
		return []impl{{"limit", func(reps int) time.Duration {
			return timeReps(reps, func() {
				for _, e := range ids {
					s.addMass(e, Mass{M: 1})
				}
				for _, e := range ids {
					s.removeMass(e)
				}
			})
		}, st}}
	},
	"destroy": func(n int, _ uint64) []impl {
		s, ids := limitBodies(n)
		st := s.state
		for _, e := range ids {
			s.destroy(e)
		}
		return []impl{{"limit", func(reps int) time.Duration {
			var total time.Duration
			for range reps {
				for i := range ids {
					ids[i] = s.spawn(startPos(i), startVel(i))
				}
				start := time.Now()
				for _, e := range ids {
					s.destroy(e)
				}
				total += time.Since(start)
			}
			return total
		}, st}}
	},
	"get": func(n int, seed uint64) []impl {
		s, ids := limitBodies(n)
		st := s.state
		order := shuffled(ids, seed)
		return []impl{{"limit", func(reps int) time.Duration {
			return timeReps(reps, func() {
				var sum float64
				for _, e := range order {
					if p, ok := s.position(e); ok {
						sum += p.X
					}
				}
				sink += sum
			})
		}, st}}
	},
	"churn": func(n int, seed uint64) []impl {
		s, ids := limitBodies(n)
		st := s.state
		c := newChurn(ids, seed)
		destroy := s.destroy
		spawn := func() limitEntity { return s.spawn(churnPos, churnVel) }
		move := func() { moveAll(s.pos, s.vel) }
		return []impl{{"limit", func(reps int) time.Duration {
			return timeReps(reps, func() { c.frame(destroy, spawn, move) })
		}, st}}
	},
	"objects": func(n int, _ uint64) []impl {
		s, _ := limitBodies(n)
		st := s.state
		return []impl{{"limit", func(reps int) time.Duration {
			return timeReps(reps, func() { moveAll(s.pos, s.vel) })
		}, st}}
	},
}

// limitHeap builds n limit bodies for the memory measurement.
func limitHeap(n int) any {
	s, _ := limitBodies(n)
	return s
}
