package random

import (
	"math/bits"
	"sync/atomic"
)

// Rand is a seeded Philox4x32-10 generator that any number of goroutines
// may draw from at once. Each draw claims the next counter position with
// one atomic add and encrypts it under the seed, so no two draws ever
// share a position and no lock is taken.
//
// Deterministic means: from a given [State], the n-th position claimed
// always gives the same value, so the set of values a run draws is fixed
// by the seed and the number of draws. Which goroutine gets which of them
// depends on timing when several draw at once. Code that must draw the
// same values whatever the scheduling takes a [Stream] keyed by what it is
// drawing for (a system, a step, an entity) with [Rand.Stream].
//
// The zero Rand is a generator with seed 0 at position 0. A Rand must not
// be copied after first use (it holds an atomic counter); [Rand.State]
// and [Rand.Restore] copy its state instead. Rand satisfies
// math/rand/v2's Source.
type Rand struct {
	seed, stream uint64 // set by New and Restore only, never during draws
	pos          atomic.Uint64
}

// New returns a generator keyed by seed, at position 0 of stream 0.
func New(seed uint64) *Rand {
	r := new(Rand)
	r.seed = seed
	return r
}

// State returns r's seed, stream and the next position it will use. It is
// safe during concurrent draws, though the position may be stale by the
// time it returns. O(1), no allocation.
func (r *Rand) State() State {
	return State{Seed: r.seed, Stream: r.stream, Position: r.pos.Load()}
}

// Restore puts r in state s: the draws that follow are those a generator
// that had reached s would make. It must not run concurrently with draws
// or with another Restore (the race detector reports it if it does), so
// call it where the world is loaded or restored, not inside systems.
func (r *Rand) Restore(s State) {
	r.seed, r.stream = s.Seed, s.Stream
	r.pos.Store(s.Position)
}

// Stream returns a sequential generator with r's seed on the stream keyed
// key, at position 0. Its values depend only on r's seed and stream, key
// and how many draws the stream has made: not on r's position, nor on any
// other draw. Distinct keys give distinct streams. O(1), no allocation.
func (r *Rand) Stream(key uint64) Stream {
	return Stream{seed: r.seed, stream: childStream(r.stream, key)}
}

// next claims the next position and returns its Philox block.
func (r *Rand) next() (x0, x1, x2, x3 uint32) {
	return block(r.pos.Add(1)-1, r.stream, r.seed)
}

// Uint32 returns a uniform 32-bit value. It uses one position: one Philox
// block, no allocation.
func (r *Rand) Uint32() uint32 {
	x0, _, _, _ := r.next()
	return x0
}

// Uint64 returns a uniform 64-bit value. It uses one position.
func (r *Rand) Uint64() uint64 {
	x0, x1, _, _ := r.next()
	return uint64(x0) | uint64(x1)<<32
}

// Float64 returns a uniform value in [0, 1) with 53 bits of precision. It
// uses one position.
func (r *Rand) Float64() float64 { return float64Of(r.Uint64()) }

// Float32 returns a uniform value in [0, 1) with 24 bits of precision. It
// uses one position.
func (r *Rand) Float32() float32 { return float32Of(r.Uint32()) }

// Uint64N returns a uniform value in [0, n), without modulo bias. It uses
// one position, rarely more (a draw rejected to keep the result unbiased
// is drawn again; the chance is below n/2⁶⁴).
//
// Panics if n is 0.
func (r *Rand) Uint64N(n uint64) uint64 {
	if n == 0 {
		checkN("Uint64N", 0)
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		for thresh := -n % n; lo < thresh; {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

// IntN returns a uniform value in [0, n), as [Rand.Uint64N] does.
//
// Panics if n <= 0.
func (r *Rand) IntN(n int) int {
	checkN("IntN", int64(n))
	return int(r.Uint64N(uint64(n)))
}

// Range returns a uniform integer in [lo, hi), as [Rand.Uint64N] does.
// The whole int range is allowed.
//
// Panics if lo >= hi.
func (r *Rand) Range(lo, hi int) int {
	checkRange(lo, hi)
	return lo + int(r.Uint64N(uint64(hi)-uint64(lo)))
}

// RangeFloat64 returns a uniform value in [lo, hi). It uses one position.
//
// Panics if lo >= hi, either is NaN, or hi - lo is not finite.
func (r *Rand) RangeFloat64(lo, hi float64) float64 {
	checkFloatRange(lo, hi)
	return inFloatRange(lo, hi, r.Float64())
}

// Shuffle puts n elements in a uniformly random order (Fisher–Yates),
// calling swap to exchange elements i and j. It uses n-1 positions or a
// few more. The positions are claimed one at a time, so a concurrent
// draw may take one in between; shuffle from a [Stream] where that
// matters.
//
// Panics if n < 0.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		checkN("Shuffle", int64(n))
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(r.Uint64N(uint64(i+1))))
	}
}
