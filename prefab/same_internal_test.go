package prefab

import (
	"math"
	"strconv"
	"testing"
	"time"
)

// TestSameManyNaNKeys: matching the NaN keys of two maps pairs them up one
// by one, which costs the square of their number; past maxLostKeys the
// maps are taken to differ (a reload then lists the prefab as changed)
// rather than spending minutes on one map.
func TestSameManyNaNKeys(t *testing.T) {
	build := func(n int) map[float64]int {
		m := make(map[float64]int, n)
		for range n {
			m[math.NaN()] = 1
		}
		return m
	}
	if !sameValue(build(maxLostKeys), build(maxLostKeys)) {
		t.Errorf("maps of %d equal NaN keys compare different", maxLostKeys)
	}
	start := time.Now()
	sameValue(build(50000), build(50000))
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("comparing maps of 50,000 NaN keys took %v", d)
	}
}

// TestSameValueNaNMapKey: a NaN key, which equals nothing, still matches
// the same NaN key, so a reload does not list the prefab as changed.
func TestSameValueNaNMapKey(t *testing.T) {
	type Curve struct{ Points map[float64]int }
	a := Curve{Points: map[float64]int{math.NaN(): 1, 2: 3}}
	b := Curve{Points: map[float64]int{math.NaN(): 1, 2: 3}}
	if !sameValue(a, b) {
		t.Errorf("sameValue(%v, %v) = false: a NaN key never matches, so a reload lists the prefab as changed", a, b)
	}
}

// TestSameValueSliceAlias: two slices of one array are compared each
// with its own length, not skipped as seen.
func TestSameValueSliceAlias(t *testing.T) {
	type Buf struct {
		View []int // a view of the front of All
		All  []int
	}
	x, y := []int{1, 2}, []int{1, 99}
	a := Buf{View: x[:1], All: x}
	b := Buf{View: y[:1], All: y}
	if sameValue(a, b) {
		t.Errorf("sameValue(%v, %v) = true; All differs ([1 2] vs [1 99]): the (data pointer, type) visit key marks All as seen after View", a, b)
	}
}

// TestSameValueUnexported: unexported fields, NaNs inside them and cycles
// are compared too.
func TestSameValueUnexported(t *testing.T) {
	type inner struct {
		m  map[string]float64
		i  any
		f  func()
		p  *int
		c  complex128
		ch chan int
	}
	type S struct{ in inner }
	one, two := 1, 1
	// f and ch stay nil: fields of kinds that compare only by identity.
	a := S{inner{m: map[string]float64{"x": math.NaN()}, i: []float64{math.NaN()}, f: nil, p: &one, c: complex(math.NaN(), 1), ch: nil}}
	b := S{inner{m: map[string]float64{"x": math.NaN()}, i: []float64{math.NaN()}, f: nil, p: &two, c: complex(math.NaN(), 1), ch: nil}}
	if !sameValue(a, b) {
		t.Errorf("unexported fields with NaN: not same")
	}
	two = 2
	if sameValue(a, b) {
		t.Errorf("unexported pointee differs but same")
	}
	// cycles
	type N struct {
		Next *N
		V    float64
	}
	n1 := &N{V: math.NaN()}
	n1.Next = n1
	n2 := &N{V: math.NaN()}
	n2.Next = n2
	if !sameValue(n1, n2) {
		t.Errorf("cycle with NaN: not same")
	}
}

// Many maps with NaN keys in one value: each is matched by trials that
// must take back what a failed trial assumed, and the answer must not
// depend on how many maps were compared before.
func TestSameManyNaNKeyedMaps(t *testing.T) {
	build := func(m int, odd int) map[string]map[float64]int {
		v := make(map[string]map[float64]int, m)
		for i := range m {
			v[strconv.Itoa(i)] = map[float64]int{math.NaN(): 1, math.NaN(): 2, 1: 3}
		}
		if odd >= 0 {
			v[strconv.Itoa(odd)] = map[float64]int{math.NaN(): 1, math.NaN(): 4, 1: 3}
		}
		return v
	}
	const m = 4000
	if !sameValue(build(m, -1), build(m, -1)) {
		t.Errorf("%d equal NaN-keyed maps compare different", m)
	}
	if sameValue(build(m, -1), build(m, m-1)) {
		t.Errorf("%d NaN-keyed maps, one differing: compare the same", m)
	}
}

// A failed trial leaves the visits as they were before it.
func TestVisitsUndo(t *testing.T) {
	s := &visits{m: make(map[visit]bool)}
	a, b, c := visit{n: 1}, visit{n: 2}, visit{n: 3}
	if s.add(a) {
		t.Fatal("a new visit reported as had")
	}
	mark := len(s.log)
	s.add(b)
	if !s.add(b) {
		t.Fatal("a visit added twice not reported as had")
	}
	s.add(c)
	s.undo(mark)
	if !s.m[a] || s.m[b] || s.m[c] || len(s.m) != 1 || len(s.log) != 1 {
		t.Errorf("after undo: %v, log %v; want only the visit before the mark", s.m, s.log)
	}
}

// TestSameLostKeysSeenLeak: sameLostKeys tries a's NaN-keyed entries
// against each of b's in turn, and a trial that fails must take back the
// pointer pairs it marked as seen (the cycle guard assumes "same" for a
// pair in progress), or a later comparison of that pair says same. Here
// a.M's NaN entries {P, Q} match b.M's {S, R} (P≈S, Q≈R), but a.Other = P
// and b.Other = R differ, whichever trial comes first (map order is
// random).
func TestSameLostKeysSeenLeak(t *testing.T) {
	type T struct{ V int }
	type Holder struct {
		M     map[float64]*T
		Other *T
	}
	wrong := 0
	const runs = 200
	for range runs {
		P, Q := &T{1}, &T{2}
		R, S := &T{2}, &T{1}
		a := Holder{M: map[float64]*T{math.NaN(): P, math.NaN(): Q}, Other: P}
		b := Holder{M: map[float64]*T{math.NaN(): R, math.NaN(): S}, Other: R}
		if sameValue(a, b) {
			wrong++
		}
	}
	if wrong > 0 {
		t.Errorf("sameValue said same in %d of %d runs; a.Other is {1}, b.Other is {2}", wrong, runs)
	}
}

// TestSameNaNKeysSound: NaN keys holding different values, maps of maps
// with NaN keys, NaN keys inside struct keys.
func TestSameNaNKeysSound(t *testing.T) {
	n := math.NaN()
	//lint:ignore SA4012 NaN keys, each one a key of its own, are what this test is about
	if sameValue(map[float64]int{n: 1, n + 0: 2}, map[float64]int{n: 1, n + 0: 1}) {
		t.Error("different values under NaN keys: same")
	}
	//lint:ignore SA4012 as above
	if !sameValue(map[float64]int{n: 1, n + 0: 2}, map[float64]int{n: 2, n + 0: 1}) {
		t.Error("same multiset under NaN keys: not same")
	}
	mm := func(v int) map[string]map[float64]int { return map[string]map[float64]int{"x": {n: v, 1: 2}} }
	if !sameValue(mm(1), mm(1)) || sameValue(mm(1), mm(2)) {
		t.Error("maps of maps with NaN keys")
	}
	type K struct{ X float64 }
	if !sameValue(map[K]int{{n}: 1}, map[K]int{{n}: 1}) || sameValue(map[K]int{{n}: 1}, map[K]int{{n}: 2}) {
		t.Error("struct keys holding NaN")
	}
	if sameValue(map[float64]int{n: 1, 2: 2}, map[float64]int{n: 1, 3: 2}) {
		t.Error("NaN key plus differing ordinary key: same")
	}
}
