package prefab

import (
	"math"
	"strconv"
	"testing"
)

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
