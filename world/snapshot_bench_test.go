package world_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// benchBodies returns a world of n bodies with two field components and
// one object component.
func benchBodies(n int) *world.World {
	w := world.New()
	for i := range n {
		world.Spawn3(w, snapPos, position{X: float32(i)}, snapVel, velocity{Y: 1}, snapHP, health{HP: i, Max: 100})
	}
	return w
}

// BenchmarkSnapshotRestore times a snapshot and a restore of n bodies
// into a reused buffer, beside copying the same values out and back by
// hand (the bench module compares the two interleaved: see
// docs/BENCHMARKS.md).
func BenchmarkSnapshotRestore(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			w := benchBodies(n)
			var s world.Snapshot
			w.Snapshot(&s)
			b.ReportAllocs()
			for b.Loop() {
				w.Snapshot(&s)
				if err := w.Restore(&s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
		b.Run(fmt.Sprintf("copy/n=%d", n), func(b *testing.B) {
			w := benchBodies(n)
			pos, vel := snapPos.Column(w), snapVel.Column(w)
			hp := make([]health, 0, n)
			world.Each1(w, snapHP, func(_ world.Entity, v *health) { hp = append(hp, *v) })
			bp, bv, bh := make([]position, len(pos)), make([]velocity, len(vel)), make([]health, len(hp))
			b.ReportAllocs()
			for b.Loop() {
				copy(bp, pos)
				copy(bv, vel)
				copy(bh, hp)
				copy(pos, bp)
				copy(vel, bv)
				copy(hp, bh)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
	}
}

// BenchmarkHash times the world hash of n bodies with two field
// components and one object component.
func BenchmarkHash(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			w := benchBodies(n)
			b.ReportAllocs()
			for b.Loop() {
				w.Hash()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
	}
}
