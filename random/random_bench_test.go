package random_test

import (
	"testing"

	"github.com/tessera-engine/tessera/random"
)

var sinkU64 uint64
var sinkF64 float64

func BenchmarkRandUint64(b *testing.B) {
	r := random.New(1)
	b.ReportAllocs()
	for b.Loop() {
		sinkU64 += r.Uint64()
	}
}

func BenchmarkRandUint32(b *testing.B) {
	r := random.New(1)
	b.ReportAllocs()
	for b.Loop() {
		sinkU64 += uint64(r.Uint32())
	}
}

func BenchmarkRandFloat64(b *testing.B) {
	r := random.New(1)
	b.ReportAllocs()
	for b.Loop() {
		sinkF64 += r.Float64()
	}
}

func BenchmarkRandIntN(b *testing.B) {
	r := random.New(1)
	b.ReportAllocs()
	for b.Loop() {
		sinkU64 += uint64(r.IntN(1000))
	}
}

// BenchmarkRandUint64Parallel draws from one Rand on every P: the shared
// atomic counter is the cost that grows with contention.
func BenchmarkRandUint64Parallel(b *testing.B) {
	r := random.New(1)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		var s uint64
		for pb.Next() {
			s += r.Uint64()
		}
		_ = s
	})
}

func BenchmarkStreamUint64(b *testing.B) {
	s := random.New(1).Stream(2)
	b.ReportAllocs()
	for b.Loop() {
		sinkU64 += s.Uint64()
	}
}

// BenchmarkStreamKeyed makes a stream per draw, as a system keyed by step
// and entity does.
func BenchmarkStreamKeyed(b *testing.B) {
	r := random.New(1)
	b.ReportAllocs()
	e := uint64(0)
	for b.Loop() {
		s := r.Stream(7).Stream(e)
		sinkF64 += s.Float64()
		e++
	}
}
