package random_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/random"
)

// Both generators are math/rand/v2 sources.
var (
	_ rand.Source = (*random.Rand)(nil)
	_ rand.Source = (*random.Stream)(nil)
)

func TestNewDrawsPositionsInOrder(t *testing.T) {
	r := random.New(42)
	for p := uint64(0); p < 100; p++ {
		b := random.Block(p, 0, 42)
		if got, want := r.Uint64(), uint64(b[0])|uint64(b[1])<<32; got != want {
			t.Fatalf("draw %d: Uint64() = %#x, want block %d = %#x", p, got, p, want)
		}
	}
	if got, want := r.State(), (random.State{Seed: 42, Position: 100}); got != want {
		t.Errorf("State() = %v, want %v", got, want)
	}
}

func TestZeroRandIsSeedZero(t *testing.T) {
	var zero random.Rand
	r := random.New(0)
	for i := 0; i < 10; i++ {
		if got, want := zero.Uint64(), r.Uint64(); got != want {
			t.Fatalf("zero Rand draw %d = %#x, New(0) = %#x", i, got, want)
		}
	}
	var s random.Stream
	r.Restore(random.State{})
	for i := 0; i < 10; i++ {
		if got, want := s.Uint64(), r.Uint64(); got != want {
			t.Fatalf("zero Stream draw %d = %#x, New(0) = %#x", i, got, want)
		}
	}
}

// draws returns n values of every kind of draw, in turn, from g.
func draws(g interface {
	Uint32() uint32
	Uint64() uint64
	Float64() float64
	IntN(int) int
	Range(int, int) int
	RangeFloat64(float64, float64) float64
}, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprint(g.Uint32(), g.Uint64(), g.Float64(), g.IntN(1000), g.Range(-5, 5), g.RangeFloat64(-1, 1)))
	}
	return out
}

func TestRestoreReplaysTheSameDraws(t *testing.T) {
	r := random.New(7)
	draws(r, 13)
	saved := r.State()
	want := draws(r, 50)

	other := random.New(99)
	other.Restore(saved)
	if got := draws(other, 50); !slices.Equal(got, want) {
		t.Errorf("after Restore(%v): draws differ from the original's", saved)
	}
	if got, want := other.State(), r.State(); got != want {
		t.Errorf("State() after the same draws = %v, want %v", got, want)
	}

	// A Stream restored to the same state draws the same values.
	var s random.Stream
	s.Restore(saved)
	if got := draws(&s, 50); !slices.Equal(got, want) {
		t.Errorf("Stream restored to %v: draws differ from the Rand's", saved)
	}
}

func TestStreamIgnoresParentPosition(t *testing.T) {
	r := random.New(5)
	a := r.Stream(3)
	draws(r, 20) // moving the parent changes nothing for its streams
	b := r.Stream(3)
	if a != b {
		t.Fatalf("Stream(3) = %v before draws, %v after", a.State(), b.State())
	}
	if got, want := draws(&b, 10), draws(&a, 10); !slices.Equal(got, want) {
		t.Errorf("streams with one key draw different values")
	}
	if a.State() != b.State() {
		t.Errorf("after the same draws: states %v and %v", a.State(), b.State())
	}
}

func TestStreamsAreDistinct(t *testing.T) {
	r := random.New(5)
	seen := map[uint64]string{r.State().Stream: "root"}
	first := map[uint64]string{}
	note := func(name string, s random.Stream) {
		t.Helper()
		id := s.State().Stream
		if prev, ok := seen[id]; ok {
			t.Errorf("%s has stream id %#x, as %s has", name, id, prev)
		}
		seen[id] = name
		v := s.Uint64()
		if prev, ok := first[v]; ok {
			t.Errorf("%s draws %#x first, as %s does", name, v, prev)
		}
		first[v] = name
	}
	for k := uint64(0); k < 100; k++ {
		s := r.Stream(k)
		note(fmt.Sprintf("Stream(%d)", k), s)
		for j := uint64(0); j < 10; j++ {
			note(fmt.Sprintf("Stream(%d).Stream(%d)", k, j), s.Stream(j))
		}
	}
	// Order of keys matters, and another seed gives other values.
	a, b := r.Stream(1), r.Stream(2)
	if a.Stream(2) == b.Stream(1) {
		t.Errorf("Stream(1).Stream(2) == Stream(2).Stream(1)")
	}
	o := random.New(6).Stream(1)
	if o.Uint64() == a.Uint64() {
		t.Errorf("seeds 5 and 6: Stream(1) draws the same first value")
	}
}

// TestConcurrentDrawsClaimDistinctPositions draws from one Rand on several
// goroutines: together they must draw exactly the values a single
// goroutine draws from the same state, each position once.
func TestConcurrentDrawsClaimDistinctPositions(t *testing.T) {
	const goroutines, each = 8, 2000
	r := random.New(2024)
	got := make([][]uint64, goroutines)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() {
			for i := 0; i < each; i++ {
				got[g] = append(got[g], r.Uint64())
			}
		})
	}
	wg.Wait()
	all := slices.Concat(got...)
	slices.Sort(all)

	seq := random.New(2024)
	want := make([]uint64, goroutines*each)
	for i := range want {
		want[i] = seq.Uint64()
	}
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Errorf("concurrent draws are not the multiset of the first %d positions", len(want))
	}
	if got := r.State().Position; got != goroutines*each {
		t.Errorf("Position after %d draws = %d", goroutines*each, got)
	}
}

// TestKeyedDrawsIgnoreScheduling is the pattern a parallel system uses:
// whatever goroutine handles an entity, the entity's values are the same.
func TestKeyedDrawsIgnoreScheduling(t *testing.T) {
	const entities = 500
	run := func(workers int) []float64 {
		r := random.New(77)
		out := make([]float64, entities)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Go(func() {
				for e := w; e < entities; e += workers {
					s := r.Stream(3).Stream(uint64(e)) // step 3, entity e
					out[e] = s.Float64()
					r.Uint64() // unrelated draws on the shared generator
				}
			})
		}
		wg.Wait()
		return out
	}
	if a, b := run(1), run(7); !slices.Equal(a, b) {
		t.Errorf("keyed draws differ between 1 and 7 workers")
	}
}

func TestRanges(t *testing.T) {
	r := random.New(1)
	tests := []struct{ lo, hi int }{
		{0, 1}, {-3, 4}, {10, 12}, {math.MinInt, math.MaxInt}, {math.MaxInt - 1, math.MaxInt}, {math.MinInt, math.MinInt + 1},
	}
	for _, tt := range tests {
		for i := 0; i < 500; i++ {
			if v := r.Range(tt.lo, tt.hi); v < tt.lo || v >= tt.hi {
				t.Fatalf("Range(%d, %d) = %d", tt.lo, tt.hi, v)
			}
		}
	}
	ftests := []struct{ lo, hi float64 }{
		{0, 1}, {-1, 1}, {1, math.Nextafter(1, 2)}, {-math.MaxFloat64 / 2, math.MaxFloat64 / 2}, {1e300, 1e301},
	}
	for _, tt := range ftests {
		for i := 0; i < 500; i++ {
			if v := r.RangeFloat64(tt.lo, tt.hi); !(v >= tt.lo && v < tt.hi) {
				t.Fatalf("RangeFloat64(%v, %v) = %v", tt.lo, tt.hi, v)
			}
		}
	}
	// The smallest range has one value.
	if v := r.RangeFloat64(1, math.Nextafter(1, 2)); v != 1 {
		t.Errorf("RangeFloat64(1, next after 1) = %v, want 1", v)
	}
}

func TestPanics(t *testing.T) {
	r := random.New(1)
	var s random.Stream
	tests := []struct {
		name string
		f    func()
	}{
		{"Rand.IntN(0)", func() { r.IntN(0) }},
		{"Rand.IntN(-1)", func() { r.IntN(-1) }},
		{"Rand.Uint64N(0)", func() { r.Uint64N(0) }},
		{"Rand.Range(3, 3)", func() { r.Range(3, 3) }},
		{"Rand.RangeFloat64(1, 0)", func() { r.RangeFloat64(1, 0) }},
		{"Rand.RangeFloat64(NaN, 1)", func() { r.RangeFloat64(math.NaN(), 1) }},
		{"Rand.RangeFloat64(-Max, Max)", func() { r.RangeFloat64(-math.MaxFloat64, math.MaxFloat64) }},
		{"Rand.Shuffle(-1)", func() { r.Shuffle(-1, func(int, int) {}) }},
		{"Stream.IntN(0)", func() { s.IntN(0) }},
		{"Stream.Uint64N(0)", func() { s.Uint64N(0) }},
		{"Stream.Range(2, 1)", func() { s.Range(2, 1) }},
		{"Stream.RangeFloat64(0, Inf)", func() { s.RangeFloat64(0, math.Inf(1)) }},
		{"Stream.Shuffle(-2)", func() { s.Shuffle(-2, func(int, int) {}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				v := recover()
				err, ok := v.(error)
				if !ok {
					t.Fatalf("panic value %v (%T), want an error", v, v)
				}
				if msg := err.Error(); len(msg) < 8 || msg[:8] != "random: " {
					t.Errorf("panic %q does not start with random:", msg)
				}
			}()
			tt.f()
			t.Errorf("no panic")
		})
	}
}

func TestShuffleIsAPermutation(t *testing.T) {
	r := random.New(3)
	s := r.Stream(1)
	for n := 0; n < 40; n++ {
		a := make([]int, n)
		for i := range a {
			a[i] = i
		}
		r.Shuffle(n, func(i, j int) { a[i], a[j] = a[j], a[i] })
		b := slices.Clone(a)
		s.Shuffle(n, func(i, j int) { b[i], b[j] = b[j], b[i] })
		slices.Sort(a)
		slices.Sort(b)
		for i := range a {
			if a[i] != i || b[i] != i {
				t.Fatalf("Shuffle(%d) lost or duplicated elements", n)
			}
		}
	}
}

// TestUniformity is a sanity check, not a statistical test suite: with a
// fixed seed the counts are fixed, so it cannot flake. Chi-squared bounds
// are the 99.9% quantiles.
func TestUniformity(t *testing.T) {
	const n = 200_000
	r := random.New(8)
	chi2 := func(counts []int) float64 {
		exp := float64(n) / float64(len(counts))
		var x float64
		for _, c := range counts {
			d := float64(c) - exp
			x += d * d / exp
		}
		return x
	}
	tests := []struct {
		name  string
		bins  int
		limit float64 // chi-squared 99.9% quantile for bins-1 degrees of freedom
		draw  func() int
	}{
		{"IntN(10)", 10, 27.9, func() int { return r.IntN(10) }},
		{"IntN(7)", 7, 22.5, func() int { return r.IntN(7) }},
		{"Float64 in 16 bins", 16, 37.7, func() int { return int(r.Float64() * 16) }},
		{"Float32 in 16 bins", 16, 37.7, func() int { return int(r.Float32() * 16) }},
		{"Uint32 top 4 bits", 16, 37.7, func() int { return int(r.Uint32() >> 28) }},
		{"Uint32 low 4 bits", 16, 37.7, func() int { return int(r.Uint32() & 15) }},
		{"Uint64 bit 63 and 0", 4, 16.3, func() int { u := r.Uint64(); return int(u>>63)<<1 | int(u&1) }},
		{"Range(-3, 3)", 6, 20.5, func() int { return r.Range(-3, 3) + 3 }},
	}
	for _, tt := range tests {
		counts := make([]int, tt.bins)
		for i := 0; i < n; i++ {
			counts[tt.draw()]++
		}
		if x := chi2(counts); x > tt.limit {
			t.Errorf("%s: chi-squared %.1f over %d bins, above %.1f: %v", tt.name, x, tt.bins, tt.limit, counts)
		}
	}
	// Float64 uses all 53 bits: the low bit of the mantissa scaled back
	// is set about half the time.
	odd := 0
	for i := 0; i < 10000; i++ {
		if uint64(r.Float64()*(1<<53))&1 == 1 {
			odd++
		}
	}
	if odd < 4700 || odd > 5300 {
		t.Errorf("Float64: bit 53 set in %d of 10000 draws", odd)
	}
}

func TestDrawsAllocateNothing(t *testing.T) {
	r := random.New(1)
	s := r.Stream(2)
	var sink uint64
	if n := testing.AllocsPerRun(100, func() {
		sink += r.Uint64() + uint64(r.Uint32()) + uint64(r.IntN(9)) + uint64(r.Range(1, 5)) + uint64(r.Float64())
		t := r.Stream(sink)
		sink += t.Uint64() + s.Uint64() + uint64(s.IntN(3))
	}); n != 0 {
		t.Errorf("draws allocate %v times a run, want 0", n)
	}
}
