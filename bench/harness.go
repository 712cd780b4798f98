package main

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"time"
)

// impl is one implementation of a workload, set up and ready to time.
type impl struct {
	name string
	// run does reps repetitions of the workload, each touching n entities,
	// and returns the time spent in the measured part of them. Work needed
	// only to put the world back in its starting state (recreating what a
	// destroy repetition destroyed, say) is done by run but not timed.
	run func(reps int) time.Duration
	// state counts the bodies the workload moves or reads and sums their
	// Positions, X and Y apart. Tests compare it across libraries: the
	// same work must leave the same state.
	state func() (n int, sum Position)
}

// setup builds the implementations one library offers for a workload over
// n entities. seed drives every random choice, so all libraries see the
// same ids shuffled the same way and the same bodies destroyed.
type setup func(n int, seed uint64) []impl

// timeReps times reps calls of f as one batch.
func timeReps(reps int, f func()) time.Duration {
	start := time.Now()
	for range reps {
		f()
	}
	return time.Since(start)
}

// measured is what a run of the samples found for one implementation.
type measured struct {
	name  string
	reps  int
	perNs []float64 // ns/entity of each sample, in sample order
}

// measure warms every implementation up, picks for each a repetition count
// whose batch lasts at least sampleTime, and then takes samples rounds. In
// each round every implementation runs one batch; the order rotates from
// round to round, so a burst of machine noise lands on all of them alike
// and none always runs first after the previous workload.
func measure(impls []impl, n, samples int, sampleTime time.Duration) []measured {
	out := make([]measured, len(impls))
	for i, im := range impls {
		im.run(1) // warm-up: caches, branch predictors, lazily built views
		d := im.run(1)
		reps := 1
		if d < sampleTime {
			reps = int(sampleTime/max(d, time.Nanosecond)) + 1
		}
		out[i] = measured{name: im.name, reps: reps, perNs: make([]float64, 0, samples)}
	}
	runtime.GC()
	for s := range samples {
		for k := range impls {
			i := (k + s) % len(impls)
			d := impls[i].run(out[i].reps)
			out[i].perNs = append(out[i].perNs, float64(d.Nanoseconds())/float64(out[i].reps*n))
		}
	}
	return out
}

// median returns the median of xs without reordering it.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// shuffled returns a copy of ids in an order drawn from seed. Called with
// the same seed and length, it applies the same permutation whatever the
// element type, so every library reads its entities in the same order.
func shuffled[E any](ids []E, seed uint64) []E {
	out := slices.Clone(ids)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// churn is the bookkeeping of the churn workload, the same for every
// library: the live bodies, and the random source that picks which die.
type churn[E any] struct {
	live []E
	rng  *rand.Rand
	k    int // bodies spawned and destroyed per frame
}

// newChurn starts the bookkeeping for the bodies in live, destroying and
// spawning 1% of them (at least one) per frame.
func newChurn[E any](live []E, seed uint64) *churn[E] {
	return &churn[E]{
		live: slices.Clone(live),
		rng:  rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d)),
		k:    max(1, len(live)/100),
	}
}

// frame runs one frame: it destroys k random live bodies, spawns k new ones
// and then moves every body.
func (c *churn[E]) frame(destroy func(E), spawn func() E, move func()) {
	for range c.k {
		j := c.rng.IntN(len(c.live))
		destroy(c.live[j])
		last := len(c.live) - 1
		c.live[j] = c.live[last]
		c.live = c.live[:last]
	}
	for range c.k {
		c.live = append(c.live, spawn())
	}
	move()
}
