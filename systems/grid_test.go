package systems

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGridMatchesModel files and unfiles bodies at random in a grid and
// checks it against a map after every change: every cell in use is found
// and lists exactly its bodies, and no other cell is found. Coordinates
// come from a small range, so cells are made and deleted often and their
// searches run into one another in the hash table.
func TestGridMatchesModel(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	g := newGrid(32)
	type key struct{ x, y int32 }
	model := map[key][]int32{}
	var filed []struct {
		k key
		b int32
	}
	coord := func() int32 { return int32(r.IntN(40)) - 20 }
	for op := range 20000 {
		if len(filed) > 0 && r.IntN(2) == 0 {
			n := r.IntN(len(filed))
			f := filed[n]
			filed[n] = filed[len(filed)-1]
			filed = filed[:len(filed)-1]
			g.remove(f.k.x, f.k.y, f.b)
			l := model[f.k]
			l = slices.Delete(l, slices.Index(l, f.b), slices.Index(l, f.b)+1)
			if len(l) == 0 {
				delete(model, f.k)
			} else {
				model[f.k] = l
			}
		} else {
			k, b := key{coord(), coord()}, int32(op)
			g.insert(k.x, k.y, b)
			model[k] = append(model[k], b)
			filed = append(filed, struct {
				k key
				b int32
			}{k, b})
		}
		if op%97 != 0 {
			continue
		}
		if g.used != len(model) || g.filed != len(filed) {
			t.Fatalf("op %d: %d cells, %d filed; want %d, %d", op, g.used, g.filed, len(model), len(filed))
		}
		for x := int32(-21); x <= 20; x++ {
			for y := int32(-21); y <= 20; y++ {
				want := model[key{x, y}]
				c := g.find(x, y)
				if (c >= 0) != (want != nil) {
					t.Fatalf("op %d: find(%d, %d) = %d, want a cell: %v", op, x, y, c, want != nil)
				}
				if c < 0 {
					continue
				}
				var got []int32
				for n := g.cells[c].head; n >= 0; n = g.nodes[n].next {
					got = append(got, g.nodes[n].body)
				}
				slices.Sort(got)
				if w := slices.Sorted(slices.Values(want)); !slices.Equal(got, w) {
					t.Fatalf("op %d: cell (%d, %d) holds %v, want %v", op, x, y, got, w)
				}
			}
		}
	}
}

// TestGridCoord: coordinates are cells along an axis, bounded so that
// nothing overflows.
func TestGridCoord(t *testing.T) {
	g := newGrid(32)
	for _, tt := range []struct {
		v    float64
		want int32
	}{{0, 0}, {31.9, 0}, {32, 1}, {-0.1, -1}, {-32, -1}, {-32.1, -2}, {1e300, gridLimit}, {-1e300, -gridLimit}} {
		if got := g.coord(tt.v); got != tt.want {
			t.Errorf("coord(%v) = %d, want %d", tt.v, got, tt.want)
		}
	}
}
