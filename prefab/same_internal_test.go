package prefab

import (
	"math"
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
	if d := time.Since(start); d > time.Second {
		t.Errorf("comparing maps of 50,000 NaN keys took %v", d)
	}
}
