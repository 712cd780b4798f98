package main

import (
	"time"
	"unsafe"

	"github.com/tessera-engine/tessera/world"
)

// The world-state workloads of issue 15: a snapshot and a restore of a
// world, against copying the components' values out and back with copy,
// and the world hash, against hashing the same values' bytes in one pass.
// Bodies have Position and Velocity as field components and Health as an
// object component. They are registered by init, beside the others.

// Health is the object component of the world-state workloads: 8 bytes,
// so that the store's own arrays weigh as much as they can beside it.
type Health struct {
	HP, Max int32
}

// tHealth is Health as a Tessera object component.
var tHealth = world.DefineComponent[Health]("Health")

func init() {
	limitWorkloads["snapshot"] = limitSnapshot
	limitWorkloads["hash"] = limitHash
	tesseraWorkloads["snapshot"] = tesseraSnapshot
	tesseraWorkloads["hash"] = tesseraHash
}

// startHealth is the Health body i is created with.
func startHealth(i int) Health { return Health{HP: int32(i & 255), Max: 255} }

// limitStateBodies returns n bodies as plain slices of their values.
func limitStateBodies(n int) (pos []Position, vel []Velocity, hp []Health) {
	pos, vel, hp = make([]Position, n), make([]Velocity, n), make([]Health, n)
	for i := range n {
		pos[i], vel[i], hp[i] = startPos(i), startVel(i), startHealth(i)
	}
	return pos, vel, hp
}

// limitStateOf counts and sums the bodies of plain slices.
func limitStateOf(pos []Position) func() (int, Position) {
	return func() (int, Position) {
		var sum Position
		for _, p := range pos {
			sum.X += p.X
			sum.Y += p.Y
		}
		return len(pos), sum
	}
}

// limitSnapshot copies the values out into buffers and back: what a
// snapshot and a restore must do at the least.
func limitSnapshot(n int, _ uint64) []impl {
	pos, vel, hp := limitStateBodies(n)
	bp, bv, bh := make([]Position, n), make([]Velocity, n), make([]Health, n)
	return []impl{{"limit", func(reps int) time.Duration {
		return timeReps(reps, func() {
			copy(bp, pos)
			copy(bv, vel)
			copy(bh, hp)
			copy(pos, bp)
			copy(vel, bv)
			copy(hp, bh)
		})
	}, limitStateOf(pos)}}
}

// limitHash hashes the values' bytes in one pass each, with the hash the
// world hash uses, and nothing else: no ids, no membership.
func limitHash(n int, _ uint64) []impl {
	pos, vel, hp := limitStateBodies(n)
	return []impl{{"limit", func(reps int) time.Duration {
		return timeReps(reps, func() {
			var h world.Hasher
			h.Write(bytesOf(pos))
			h.Write(bytesOf(vel))
			h.Write(bytesOf(hp))
			hashSink += h.Sum64()
		})
	}, limitStateOf(pos)}}
}

// bytesOf returns the memory of a slice of plain values.
func bytesOf[T any](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// tesseraStateBodies returns a world of n bodies with Position, Velocity
// and Health.
func tesseraStateBodies(n int) *world.World {
	w := world.New()
	for i := range n {
		world.Spawn3(w, tPos, startPos(i), tVel, startVel(i), tHealth, startHealth(i))
	}
	w.Slots(tPos, tVel).Runs()
	return w
}

// tesseraSnapshot snapshots the world into a reused buffer and restores
// it.
func tesseraSnapshot(n int, _ uint64) []impl {
	w := tesseraStateBodies(n)
	var s world.Snapshot
	w.Snapshot(&s)
	return []impl{{"tessera", func(reps int) time.Duration {
		return timeReps(reps, func() {
			w.Snapshot(&s)
			if err := w.Restore(&s); err != nil {
				panic(err)
			}
		})
	}, tesseraState(w)}}
}

// tesseraHash computes the world hash.
func tesseraHash(n int, _ uint64) []impl {
	w := tesseraStateBodies(n)
	return []impl{{"tessera", func(reps int) time.Duration {
		return timeReps(reps, func() { hashSink += w.Hash() })
	}, tesseraState(w)}}
}
