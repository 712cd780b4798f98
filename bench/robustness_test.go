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
