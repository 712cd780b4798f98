package world_test

import (
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// benchSink keeps the trivial systems' work alive.
var benchSink int

// BenchmarkRunOverhead measures what World.Run adds per system to calling
// the system's function: 100 trivial systems run through Run ("run"), and
// the same functions called in a loop over func values ("plain"). The
// overhead is run's ns/system minus plain's (issue 17: at most 8 ns).
func BenchmarkRunOverhead(b *testing.B) {
	const n = 100
	trivial := func(ctx *world.Context) error {
		benchSink++
		return nil
	}
	b.Run("run", func(b *testing.B) {
		w := world.New()
		for i := range n {
			if err := w.AddSystem(world.System{Name: string(rune('a'+i%26)) + string(rune('a'+i/26)), Phase: world.Fixed, Run: trivial}); err != nil {
				b.Fatal(err)
			}
		}
		ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
		b.ReportAllocs()
		for b.Loop() {
			w.Run(ctx, nil)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/system")
	})
	b.Run("plain", func(b *testing.B) {
		fns := make([]func(*world.Context) error, n)
		for i := range fns {
			fns[i] = trivial
		}
		ctx := &world.Context{Phase: world.Fixed, DT: 1.0 / 60}
		for b.Loop() {
			for _, f := range fns {
				if err := f(ctx); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/system")
	})
}

// BenchmarkRunOverheadDeclared is BenchmarkRunOverhead with systems that
// declare their access, so that they run on lanes: 100 that do not
// conflict (one group, run on the pool), the same on one goroutine
// (SetParallelism(1)), 50 groups of two, and 100 that each conflict with
// the next (100 groups of one). Issue 16: under 1 µs per system and no
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
				s.Name, s.Phase, s.Run = string(rune('a'+i%26))+string(rune('a'+i/26)), world.Fixed, trivial
				if err := w.AddSystem(s); err != nil {
					b.Fatal(err)
				}
			}
			ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
			w.Run(ctx, nil)
			b.ReportAllocs()
			for b.Loop() {
				w.Run(ctx, nil)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/system")
		})
	}
}
