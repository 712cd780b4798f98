package world_test

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// benchSink keeps the trivial systems' work alive.
var benchSink int

// BenchmarkRunOverhead measures what World.Run adds per system to calling
// the system's function: 100 trivial systems run through Run, against the
// same functions called in a loop over func values (the plain call), the
// two timed in turns (see systemsInTurns). overhead-ns/system is the
// median of the rounds' differences (issue 17: at most 8 ns).
func BenchmarkRunOverhead(b *testing.B) {
	const n = 100
	trivial := func(ctx *world.Context) error {
		benchSink++
		return nil
	}
	w := world.New()
	for i := range n {
		if err := w.AddSystem(world.System{Name: systemName(i), Phase: world.Fixed, Run: trivial}); err != nil {
			b.Fatal(err)
		}
	}
	ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	systemsInTurns(b, n, trivial, func() { w.Run(ctx, nil) })
}

// systemName returns the i-th of the benchmarks' system names: aa, ba, …
func systemName(i int) string { return string(rune('a'+i%26)) + string(rune('a'+i/26)) }

// systemsInTurns times run, which runs n systems whose function is fn,
// against calling fn n times in a loop over func values, in turns: each
// iteration of b.Loop is a round that times 16 runs and 16 plain loops,
// one after the other, which goes first alternating from round to round,
// so that a slow spell of a shared machine falls on both. It reports the
// medians of the rounds: ns/system for run, plain-ns/system, and
// overhead-ns/system, the median of the rounds' differences.
func systemsInTurns(b *testing.B, n int, fn func(*world.Context) error, run func()) {
	const per = 16
	fns := make([]func(*world.Context) error, n)
	for i := range fns {
		fns[i] = fn
	}
	ctx := &world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	plain := func() {
		for _, f := range fns {
			if err := f(ctx); err != nil {
				b.Fatal(err)
			}
		}
	}
	timed := func(f func()) float64 {
		start := time.Now()
		for range per {
			f()
		}
		return float64(time.Since(start).Nanoseconds()) / float64(per*n)
	}
	run() // the first run sets up what later runs reuse
	// Made before the loop, whose first call resets the counts, so that
	// allocs/op counts what the runs allocate (nothing), not these.
	const rounds = 1 << 16
	runs, plains, diffs := make([]float64, 0, rounds), make([]float64, 0, rounds), make([]float64, 0, rounds)
	b.ReportAllocs()
	round := 0
	for b.Loop() {
		var r, p float64
		if round%2 == 0 {
			r, p = timed(run), timed(plain)
		} else {
			p, r = timed(plain), timed(run)
		}
		round++
		runs, plains, diffs = append(runs, r), append(plains, p), append(diffs, r-p)
	}
	b.ReportMetric(median(runs), "ns/system")
	b.ReportMetric(median(plains), "plain-ns/system")
	b.ReportMetric(median(diffs), "overhead-ns/system")
}

// BenchmarkRunOverheadDeclared is BenchmarkRunOverhead with systems that
// declare their access, so that they run on lanes: 100 that do not
// conflict (one group, run on the pool), the same on one goroutine
// (SetParallelism(1)), 50 groups of two, and 100 that each conflict with
// the next (100 groups of one), each timed in turns with the plain call
// as BenchmarkRunOverhead is. Issue 16: under 1 µs per system and no
// allocation; on one goroutine, issue 17's 8 ns over a plain call.
func BenchmarkRunOverheadDeclared(b *testing.B) {
	const n = 100
	trivial := func(ctx *world.Context) error { return nil }
	cases := []struct {
		name        string
		parallelism int
		access      func(i int) world.System
	}{
		{"group", 0, func(int) world.System { return world.System{Reads: comps(tPos)} }},
		{"group-1", 1, func(int) world.System { return world.System{Reads: comps(tPos)} }},
		{"pairs", 0, func(i int) world.System {
			if i%4 < 2 {
				return world.System{Reads: comps(tPos)}
			}
			return world.System{Writes: comps(tPos)}
		}},
		{"chain", 0, func(int) world.System { return world.System{Writes: comps(tPos)} }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			w := world.New()
			w.SetParallelism(c.parallelism)
			for i := range n {
				s := c.access(i)
				s.Name, s.Phase, s.Run = systemName(i), world.Fixed, trivial
				if err := w.AddSystem(s); err != nil {
					b.Fatal(err)
				}
			}
			ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
			systemsInTurns(b, n, trivial, func() { w.Run(ctx, nil) })
		})
	}
}
