package world

import "github.com/tessera-engine/tessera/random"

// worldState is what a world keeps for its state as a whole: the random
// generator, part of every snapshot and of the hash, and the hash's
// scratch.
type worldState struct {
	rng random.Rand
	// Scratch of World.Hash, Digests and Diff, so that they allocate
	// nothing: every part goes through hasher, each member's value
	// through member.
	hasher, member Hasher
}

// Rand returns the world's random generator: seeded Philox4x32-10 (see
// package random), with seed 0 in a new world unless [World.Seed] sets
// another. Its state is part of every [Snapshot] and of the world hash,
// so a restored or replayed world draws what the original drew. Systems
// reach it as ctx.World.Rand(). [World.Clear] leaves it as it is.
//
// Any number of goroutines may draw from it at once, but which one gets
// which value then depends on timing. Code that runs in parallel, or
// whose draws must not depend on the order systems or entities are
// visited in, draws from a stream keyed by what it draws for, which
// depends only on the seed and the keys:
//
//	s := ctx.World.Rand().Stream(ctx.Step).Stream(uint64(e))
//	angle := s.RangeFloat64(0, 2*math.Pi)
//
// The pointer is valid for the world's life. O(1).
func (w *World) Rand() *random.Rand {
	if w.rec != nil { // a system's or a batch's world: the generator is its root's
		return &w.rec.root.state.rng
	}
	return &w.state.rng
}

// Seed restarts the world's random generator with seed, at the start of
// its sequence: the draws that follow are those of random.New(seed).
// Call it when a game or a replay starts, never while systems draw.
//
// Panics with an [*Error] of code [CodeConcurrent] in a system that
// declares its access.
func (w *World) Seed(seed uint64) {
	if w.rec != nil {
		panic(&Error{Code: CodeConcurrent, Op: "Seed", System: w.rec.sysName()})
	}
	w.state.rng.Restore(random.State{Seed: seed})
}
