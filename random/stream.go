package random

import "math/bits"

// Stream is a sequential Philox4x32-10 generator: one goroutine's
// reproducible sequence. It is a plain 24-byte value (copy it to fork the
// sequence, compare it, keep it in a component) and draws cost no atomic
// operation. Make one with [Rand.Stream] or [Stream.Stream], keyed by
// what the values are for, so that they do not depend on the order in
// which systems or goroutines run:
//
//	s := r.Stream(step).Stream(uint64(entity))
//
// gives every entity its own sequence each step, however the entities are
// spread over goroutines. The zero Stream is seed 0, stream 0, position 0,
// the sequence of New(0).
//
// A Stream must not be used by two goroutines at once.
type Stream struct {
	seed, stream, pos uint64
}

// State returns s's seed, stream and next position. O(1).
func (s Stream) State() State {
	return State{Seed: s.seed, Stream: s.stream, Position: s.pos}
}

// Restore puts s in state st. O(1).
func (s *Stream) Restore(st State) {
	s.seed, s.stream, s.pos = st.Seed, st.Stream, st.Position
}

// Stream returns the stream keyed key under s, at position 0, with s's
// seed. Like [Rand.Stream], it does not depend on s's position. O(1).
func (s Stream) Stream(key uint64) Stream {
	return Stream{seed: s.seed, stream: childStream(s.stream, key)}
}

func (s *Stream) next() (x0, x1, x2, x3 uint32) {
	p := s.pos
	s.pos++
	return block(p, s.stream, s.seed)
}

// Uint32 returns a uniform 32-bit value. It uses one position: one Philox
// block, no allocation.
func (s *Stream) Uint32() uint32 {
	x0, _, _, _ := s.next()
	return x0
}

// Uint64 returns a uniform 64-bit value. It uses one position.
func (s *Stream) Uint64() uint64 {
	x0, x1, _, _ := s.next()
	return uint64(x0) | uint64(x1)<<32
}

// Float64 returns a uniform value in [0, 1) with 53 bits of precision. It
// uses one position.
func (s *Stream) Float64() float64 { return float64Of(s.Uint64()) }

// Float32 returns a uniform value in [0, 1) with 24 bits of precision. It
// uses one position.
func (s *Stream) Float32() float32 { return float32Of(s.Uint32()) }

// Uint64N returns a uniform value in [0, n), as [Rand.Uint64N] does.
//
// Panics if n is 0.
func (s *Stream) Uint64N(n uint64) uint64 {
	if n == 0 {
		checkN("Uint64N", 0)
	}
	hi, lo := bits.Mul64(s.Uint64(), n)
	if lo < n {
		for thresh := -n % n; lo < thresh; {
			hi, lo = bits.Mul64(s.Uint64(), n)
		}
	}
	return hi
}

// IntN returns a uniform value in [0, n).
//
// Panics if n <= 0.
func (s *Stream) IntN(n int) int {
	checkN("IntN", int64(n))
	return int(s.Uint64N(uint64(n)))
}

// Range returns a uniform integer in [lo, hi).
//
// Panics if lo >= hi.
func (s *Stream) Range(lo, hi int) int {
	checkRange(lo, hi)
	return lo + int(s.Uint64N(uint64(hi)-uint64(lo)))
}

// RangeFloat64 returns a uniform value in [lo, hi). It uses one position.
//
// Panics if lo >= hi, either is NaN, or hi - lo is not finite.
func (s *Stream) RangeFloat64(lo, hi float64) float64 {
	checkFloatRange(lo, hi)
	return inFloatRange(lo, hi, s.Float64())
}

// Shuffle puts n elements in a uniformly random order (Fisher–Yates),
// calling swap to exchange elements i and j.
//
// Panics if n < 0.
func (s *Stream) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		checkN("Shuffle", int64(n))
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(s.Uint64N(uint64(i+1))))
	}
}
