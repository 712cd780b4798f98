// Package random is Tessera's seeded random number generator: Philox4x32-10,
// the counter-based generator of Random123, keyed by a 64-bit seed. A
// value is the encryption of a counter position, so any position can be
// computed directly, draws from many goroutines need only an atomic add,
// and the whole state is three numbers. It imports the standard library
// only.
//
// # Outline
//
//   - Shared generator, safe for concurrent draws: [New], [Rand].
//   - Sequential, keyed generators for order-independent draws:
//     [Rand.Stream], [Stream], [Stream.Stream].
//   - Draws (on both): Uint32, Uint64, Float64, Float32, Uint64N, IntN,
//     Range, RangeFloat64, Shuffle.
//   - State, to save, snapshot, restore and compare: [State],
//     [Rand.State], [Rand.Restore], [Stream.State], [Stream.Restore], and
//     State's text and binary forms; [ErrState].
//
// # The counter
//
// A generator's 128-bit Philox counter is its position (a draw count, in
// words 0 and 1) and its stream id (words 2 and 3); its key is the seed.
// Every draw uses one position and takes what it needs of the four words
// the block gives: Uint32 the first, Uint64 and Float64 the first two.
// Uint64N, IntN and Range retry on the rare draw that would bias them, so
// they now and then use two. A generator made by [New] at position p draws
// exactly the Philox4x32-10 block of counter {p, p>>32, 0, 0} and key
// {seed, seed>>32}, the numbering Random123's known-answer vectors use.
//
// # Concurrency and determinism
//
// Any number of goroutines may draw from one [Rand]: each draw claims its
// position atomically. The values drawn from a given state are fixed;
// which goroutine receives which is up to the scheduler. Where that
// matters (a parallel system, a replay that must match), draw from a
// [Stream] keyed by what the draw is for, such as
// r.Stream(step).Stream(uint64(entity)): a stream's values depend on the
// seed, the keys and its own draw count only.
//
// # Saving
//
// [Rand.State] returns a [State] {Seed, Stream, Position}; saving it and
// calling [Rand.Restore] on load makes the restored game draw the values
// the saved one would have drawn next. A State is comparable with ==, and
// reads and writes itself as text ("seed=1 stream=0 position=7") and as 25
// bytes.
package random
