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
