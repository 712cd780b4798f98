package core

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestKeyOrder(t *testing.T) {
	// Each key sorts before the next.
	keys := []struct {
		layer int16
		z     float32
	}{
		{math.MinInt16, float32(math.Inf(-1))},
		{-1, -1e30},
		{-1, 5},
		{0, float32(math.Inf(-1))},
		{0, -2.5},
		{0, -1e-30},
		{0, 0},
		{0, 1e-30},
		{0, 1},
		{0, 1e30},
		{0, float32(math.Inf(1))},
		{1, -100},
		{math.MaxInt16, 0},
	}
	for i := 1; i < len(keys); i++ {
		a, b := keys[i-1], keys[i]
		if Key(a.layer, a.z) >= Key(b.layer, b.z) {
			t.Errorf("Key(%d, %g) >= Key(%d, %g), want it to sort first", a.layer, a.z, b.layer, b.z)
		}
	}
	if Key(0, float32(math.Copysign(0, -1))) > Key(0, 0) {
		t.Error("-0 sorts after +0")
	}
}

// reference sorts entries with the standard library, by Hi then Lo.
func reference(e []Entry) []Entry {
	out := slices.Clone(e)
	slices.SortStableFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.Hi, b.Hi), cmp.Compare(a.Lo, b.Lo))
	})
	return out
}

func TestOrderSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tests := []struct {
		name string
		n    int
		gen  func(i int) (layer int16, z float32, slot int, k Kind)
	}{
		{"empty", 0, nil},
		{"one", 1, func(i int) (int16, float32, int, Kind) { return 3, 1, 7, KindText }},
		{"already sorted", 1000, func(i int) (int16, float32, int, Kind) { return 0, 0, i, KindSprite }},
		{"slots reversed", 1000, func(i int) (int16, float32, int, Kind) { return 0, 0, 1000 - i, KindSprite }},
		{"kinds of one entity", 300, func(i int) (int16, float32, int, Kind) { return 0, 0, i / 3, Kind(2 - i%3) }},
		{"random z", 5000, func(i int) (int16, float32, int, Kind) {
			return 0, float32(rng.NormFloat64() * 100), i, KindSprite
		}},
		{"random everything", 5000, func(i int) (int16, float32, int, Kind) {
			return int16(rng.IntN(7) - 3), float32(rng.IntN(20) - 10), rng.IntN(1 << 20), Kind(rng.IntN(3))
		}},
		{"big slots", 2000, func(i int) (int16, float32, int, Kind) { return 0, 1, rng.IntN(1 << 31), KindShape }},
	}
	var o Order
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o.Reset()
			for i := range tt.n {
				layer, z, slot, k := tt.gen(i)
				o.Add(Key(layer, z), Tie(slot, k), uint32(i))
			}
			want := reference(o.entries)
			got := o.Sorted()
			if !slices.Equal(got, want) {
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("Sorted()[%d] = %+v, want %+v", i, got[i], want[i])
					}
				}
				t.Fatalf("Sorted() has %d entries, want %d", len(got), len(want))
			}
		})
	}
}

func TestOrderAllocs(t *testing.T) {
	var o Order
	rng := rand.New(rand.NewPCG(5, 6))
	fill := func() {
		o.Reset()
		for i := range 10000 {
			o.Add(Key(0, float32(rng.IntN(1000))), Tie(i, KindSprite), uint32(i))
		}
	}
	fill()
	o.Sorted()
	if n := testing.AllocsPerRun(20, func() { fill(); o.Sorted() }); n != 0 {
		t.Errorf("fill and sort allocs = %v, want 0", n)
	}
}

// TestKeyNegativeNaN: a NaN z computed at run time (0/0, Inf-Inf) on amd64
// is the "default NaN" 0xFFC00000, whose sign bit is set; it sorts after
// +Inf, as Key's doc says, not before -Inf.
func TestKeyNegativeNaN(t *testing.T) {
	zero := float32(0)
	z := zero / zero // what a game's Z = y / h gives when h is 0
	t.Logf("0/0 = %#08x", math.Float32bits(z))
	if Key(0, z) <= Key(0, float32(math.Inf(1))) {
		t.Errorf("Key(0, 0/0) = %#x sorts before Key(0, +Inf) = %#x (and before -Inf: %v); doc: NaN sorts after +Inf",
			Key(0, z), Key(0, float32(math.Inf(1))), Key(0, z) < Key(0, float32(math.Inf(-1))))
	}
}

// TestKeyNegativeZero: Z = -0 and Z = +0 are equal as float32, so the
// order falls to the entity slot.
func TestKeyNegativeZero(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	var o Order
	o.Add(Key(0, 0), Tie(1, KindSprite), 0)       // slot 1, z = +0
	o.Add(Key(0, negZero), Tie(2, KindSprite), 1) // slot 2, z = -0
	got := o.Sorted()
	if got[0].Index != 0 {
		t.Errorf("slot 2 (z=-0) draws before slot 1 (z=+0); equal z must fall back to slot order")
	}
}
