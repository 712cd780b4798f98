package compact_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/save/compact"
)

// benchEntities returns n grass tiles and mixed entities, and their
// strings.
func benchEntities(b *testing.B, table *compact.Table, n int) ([]compact.Entity, []string) {
	r := rand.New(rand.NewPCG(1, 2))
	es := make([]compact.Entity, n)
	strs := make([]string, n)
	for i := range es {
		if i%4 == 3 {
			es[i] = compact.Entity{Type: "mixed", Fields: fields(
				"i", compact.IntValue(r.Int64N(2000)-1000), "b", compact.BoolValue(r.IntN(2) == 1),
				"f", compact.Float32Value(r.Float32()), "s", compact.StringValue(fmt.Sprint("npc", i)))}
		} else {
			es[i] = compact.Entity{Type: "grass", Fields: fields(
				"x", compact.UintValue(uint64(16+32*r.IntN(500))), "y", compact.UintValue(uint64(16+32*r.IntN(500))),
				"harvestProgress", compact.UintValue(uint64(r.IntN(1_000_000))))}
		}
		s, err := table.Encode(es[i])
		if err != nil {
			b.Fatal(err)
		}
		strs[i] = s
	}
	return es, strs
}

func benchmarkEncode(b *testing.B, n int) {
	table := testTable(b)
	es, _ := benchEntities(b, table, n)
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range es {
			var err error
			if buf, err = table.AppendEncode(buf[:0], e); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
}

func benchmarkDecode(b *testing.B, n int) {
	table := testTable(b)
	_, strs := benchEntities(b, table, n)
	dst := make([]compact.Field, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range strs {
			var err error
			if _, dst, err = table.AppendDecode(dst[:0], s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
}

func BenchmarkTableEncode_1k(b *testing.B)   { benchmarkEncode(b, 1000) }
func BenchmarkTableEncode_100k(b *testing.B) { benchmarkEncode(b, 100_000) }
func BenchmarkTableDecode_1k(b *testing.B)   { benchmarkDecode(b, 1000) }
func BenchmarkTableDecode_100k(b *testing.B) { benchmarkDecode(b, 100_000) }

// BenchmarkTableEncodeString is Encode, which allocates the string.
func BenchmarkTableEncodeString(b *testing.B) {
	table := testTable(b)
	e := compact.Entity{Type: "grass", Fields: fields(
		"x", compact.UintValue(7920), "y", compact.UintValue(15440), "harvestProgress", compact.UintValue(633000))}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := table.Encode(e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTableDecodeEntity is Decode, which allocates the fields.
func BenchmarkTableDecodeEntity(b *testing.B) {
	table := testTable(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := table.Decode("#g(q-!ok{)"); err != nil {
			b.Fatal(err)
		}
	}
}
