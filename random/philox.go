package random

import "math/bits"

// Philox4x32-10 constants: the round multipliers and the Weyl increments of
// the key schedule (Salmon et al., "Parallel random numbers: as easy as
// 1, 2, 3", SC 2011).
const (
	philoxM0 = 0xD2511F53
	philoxM1 = 0xCD9E8D57
	philoxW0 = 0x9E3779B9
	philoxW1 = 0xBB67AE85
)

// block encrypts the 128-bit counter (position in words 0 and 1, stream in
// words 2 and 3, low word first) under the 64-bit key seed (low half
// first) with ten Philox rounds. It is a pure function: the same inputs
// always give the same four words. The rounds are written out because the
// compiler does not unroll loops; unrolled, a block costs about two
// thirds of the loop's time.
func block(position, stream, seed uint64) (x0, x1, x2, x3 uint32) {
	c0, c1 := uint32(position), uint32(position>>32)
	c2, c3 := uint32(stream), uint32(stream>>32)
	k0, k1 := uint32(seed), uint32(seed>>32)
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	c0, c1, c2, c3 = round(c0, c1, c2, c3, k0, k1)
	k0, k1 = k0+philoxW0, k1+philoxW1
	return round(c0, c1, c2, c3, k0, k1)
}

// round is one Philox4x32 round under the round key k0, k1.
func round(c0, c1, c2, c3, k0, k1 uint32) (x0, x1, x2, x3 uint32) {
	hi0, lo0 := bits.Mul32(philoxM0, c0)
	hi1, lo1 := bits.Mul32(philoxM1, c2)
	return hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
}

// mix64 is the finalizer of SplitMix64: a bijection on 64-bit words that
// spreads every input bit over the whole output.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return x
}

// childStream is the stream id of the stream keyed key under parent. For
// one parent it is a bijection of key, so sibling streams never share an
// id; the constant keeps key 0 from naming the parent's own stream.
func childStream(parent, key uint64) uint64 {
	return mix64(mix64(parent^0x9E3779B97F4A7C15) ^ key)
}
