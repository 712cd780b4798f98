package world_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// hierarchy returns a world of n entities in a hierarchy, and the
// parents: the first n/k entities; every other one is ChildOf a random
// parent, k-1 children per parent on average.
func hierarchy(n, k int) (*world.World, []world.Entity) {
	w := world.New()
	ids := make([]world.Entity, n)
	world.SpawnMany1(w, ids, tPos, position{})
	r := rand.New(rand.NewPCG(1, 2))
	parents := max(1, n/k)
	for i := parents; i < n; i++ {
		if err := world.ChildOf.Set(w, ids[i], ids[r.IntN(parents)]); err != nil {
			panic(err)
		}
	}
	return w, ids[:parents]
}

// BenchmarkChildren reads the children of random parents and touches
// each: ns/op is per parent, and stays flat from 1k to 1M entities (O(1 +
// k), not a scan), growing with k only.
func BenchmarkChildren(b *testing.B) {
	for _, n := range []int{1000, 100000, 1000000} {
		for _, k := range []int{4, 16} {
			b.Run(fmt.Sprintf("n=%d/k=%d", n, k), func(b *testing.B) {
				w, parents := hierarchy(n, k)
				r := rand.New(rand.NewPCG(3, 4))
				order := make([]world.Entity, 4096)
				for i := range order {
					order[i] = parents[r.IntN(len(parents))]
				}
				var sum int
				i := 0
				for b.Loop() {
					for _, c := range world.ChildOf.Sources(w, order[i&4095]) {
						sum += c.Slot()
					}
					i++
				}
				benchSink += sum
			})
		}
	}
}

// BenchmarkReparent moves random children to random parents: ns/op per
// move, flat in n (O(1) amortized, a swap in each parent's list).
func BenchmarkReparent(b *testing.B) {
	for _, n := range []int{1000, 100000, 1000000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			w, parents := hierarchy(n, 8)
			r := rand.New(rand.NewPCG(5, 6))
			type move struct{ child, parent world.Entity }
			moves := make([]move, 4096)
			for i := range moves {
				c := parents[r.IntN(len(parents))]
				kids := world.ChildOf.Sources(w, c)
				for len(kids) == 0 {
					c = parents[r.IntN(len(parents))]
					kids = world.ChildOf.Sources(w, c)
				}
				moves[i] = move{kids[r.IntN(len(kids))], parents[r.IntN(len(parents))]}
			}
			i := 0
			for b.Loop() {
				m := moves[i&4095]
				if err := world.ChildOf.Set(w, m.child, m.parent); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
