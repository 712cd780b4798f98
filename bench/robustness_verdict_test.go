package main

import "testing"

// The objects target still compares the unrounded value: 9.996 prints as
// "10.00 ns/entity" against "< 10 ns/entity" and is met. And two "ahead"
// races that both print "0.97×" get different verdicts.
func TestVerdictsJudgedAsPrinted(t *testing.T) {
	checks := checkTargets([]Result{
		{Workload: "objects", Implementation: "tessera each", N: 1000, NsPerEntity: 9.996},
		{Workload: "get", Implementation: "tessera", N: 1, NsPerEntity: 0.9699, Samples: []float64{0.9699}},
		{Workload: "get", Implementation: "ark", N: 1, NsPerEntity: 1, Samples: []float64{1}},
		{Workload: "get", Implementation: "tessera", N: 2, NsPerEntity: 0.9701, Samples: []float64{0.9701}},
		{Workload: "get", Implementation: "ark", N: 2, NsPerEntity: 1, Samples: []float64{1}},
	}, nil)
	for _, c := range checks {
		t.Logf("%s (n=%d): want %s, got %s, met %v tie %v", c.Target, c.N, c.Want, c.Got, c.Met, c.Tie)
		if c.Target == "objects: tessera each" && c.Met {
			t.Errorf("printed %q against %q, but met", c.Got, c.Want)
		}
	}
}
