package main

import "testing"

// TestVerdictsAsPrinted: verdicts agree with what the table prints. A
// ratio whose float value is 1.105 prints as 1.10 (%.2f rounds the binary
// value, just under 1.105) while math.Round(1.105*100) is 111; the memory
// checks compared unrounded values printed to one decimal.
func TestVerdictsAsPrinted(t *testing.T) {
	checks := checkTargets([]Result{
		{Workload: "iterate", Implementation: "tessera slots", N: 1000, XLimit: 1.105},
		{Workload: "iterate", Implementation: "tessera each", N: 1000, XLimit: 1.605},
	}, []HeapResult{{"tessera", 1000, 64.04}, {"ark", 1000, 64.02}})
	for _, c := range checks {
		t.Logf("%s: want %s, got %s, met %v", c.Target, c.Want, c.Got, c.Met)
	}
	for _, c := range checks {
		switch c.Target {
		case "iterate: tessera slots", "iterate: tessera each", "memory: tessera":
			if !c.Met {
				t.Errorf("%s: printed %q against %q, but not met", c.Target, c.Got, c.Want)
			}
		}
	}
}

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
