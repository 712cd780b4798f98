package prefab

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"math"
	"testing"
)

// sameLostKeys tries a's NaN-keyed entries against each of b's in turn. A
// trial that fails leaves its pointer pair marked in seen (the cycle
// guard, which assumes "same" for a pair in progress), so a later
// comparison of that pair elsewhere returns true without looking. Here
// a.M's NaN entries {P, Q} match b.M's {S, R} (P≈S, Q≈R), but a.Other = P
// and b.Other = R differ: when the trial same(P, R) came first (map order
// is random), sameValue says the two are the same.
func TestLastSameLostKeysSeenLeak(t *testing.T) {
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

// Sound cases, for the record: NaN keys holding different values, maps of
// maps with NaN keys, NaN keys inside struct keys.
func TestLastSameNaNKeysSound(t *testing.T) {
	n := math.NaN()
	if sameValue(map[float64]int{n: 1, n + 0: 2}, map[float64]int{n: 1, n + 0: 1}) {
		t.Error("different values under NaN keys: same")
	}
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
