package save_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// benchWorld is 100,000 entities: 50,000 goblins with their hats, every
// third goblin hurt, every fifth moved (a float64 off the prefab's).
func benchWorld(b *testing.B) (*save.Codec, *world.World) {
	codec, lib := testCodec(b)
	w := world.New()
	for i := range 50_000 {
		g, _ := lib.Spawn(w, "goblin", nil)
		if i%3 == 0 {
			HealthC.Require(w, g).HP = i % 7
		}
		if i%5 == 0 {
			PosC.Require(w, g).X = float64(i) / 8
		}
	}
	return codec, w
}

// BenchmarkSave saves 100,000 entities in each format; ns/entity is the
// figure docs/BENCHMARKS.md quotes.
func BenchmarkSave(b *testing.B) {
	codec, w := benchWorld(b)
	for _, f := range []save.Format{save.YAML, save.Compact} {
		b.Run(f.String(), func(b *testing.B) {
			var n int
			for b.Loop() {
				data, err := codec.Save(w, save.SaveOptions{Format: f})
				if err != nil {
					b.Fatal(err)
				}
				n = len(data)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(w.Len()), "ns/entity")
			b.ReportMetric(float64(n)/float64(w.Len()), "bytes/entity")
		})
	}
}

// BenchmarkLoad loads a save of 100,000 entities in each format into a
// world.
func BenchmarkLoad(b *testing.B) {
	codec, w := benchWorld(b)
	for _, f := range []save.Format{save.YAML, save.Compact} {
		data, err := codec.Save(w, save.SaveOptions{Format: f})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f.String(), func(b *testing.B) {
			dst := world.New()
			for b.Loop() {
				if _, err := codec.Load(context.Background(), dst, data, save.LoadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			if dst.Hash() != w.Hash() {
				b.Fatal(fmt.Sprint("loaded world differs: ", dst.Diff(w)[:1]))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(w.Len()), "ns/entity")
		})
	}
}
