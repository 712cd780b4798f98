package main

import (
	"testing"
	"time"
)

// TestSameWork checks that every implementation of a workload does the
// same work, as far as its result shows: run from a fresh setup for the
// same number of repetitions, each must leave the same bodies with the
// same positions, and get must read the same sum. The sums are exact:
// every coordinate is a multiple of 1/2 far below 2^52. It cannot see
// skipped work that leaves no trace (create and destroy end with no
// bodies; addremove with the bodies it began with): those are checked by
// reading the code, and by their times.
func TestSameWork(t *testing.T) {
	const n, reps, seed = 700, 3, 7
	for _, wl := range workloads {
		if wl.name == "memory" {
			continue
		}
		t.Run(wl.name, func(t *testing.T) {
			var (
				first        string
				wantN        int
				wantSum      Position
				wantRead     float64 // what the get workload read: the sum of every body's X, reps times
				implementers int
			)
			for _, lib := range libraries {
				s, ok := lib[wl.name]
				if !ok {
					continue
				}
				for i := range len(s(n, seed)) {
					im := s(n, seed)[i] // a fresh world for each form
					before := sink
					if d := im.run(reps); d <= 0 {
						t.Errorf("%s: run took %v", im.name, d)
					}
					read := sink - before // what get read, for the others 0
					gotN, gotSum := im.state()
					if first == "" {
						first, wantN, wantSum, wantRead = im.name, gotN, gotSum, read
					} else if gotN != wantN || gotSum != wantSum || read != wantRead {
						t.Errorf("%s left %d bodies summing to %v, reading %v; %s left %d summing to %v, reading %v",
							im.name, gotN, gotSum, read, first, wantN, wantSum, wantRead)
					}
					implementers++
				}
			}
			if implementers < 2 {
				t.Fatalf("%d implementations, want the limit and at least one more", implementers)
			}
			if wl.name == "create" || wl.name == "destroy" || wl.name == "batchcreate" || wl.name == "batchdestroy" {
				if wantN != 0 {
					t.Errorf("%d bodies left after a repetition, want 0", wantN)
				}
			} else if wantN != n {
				t.Errorf("%d bodies, want %d", wantN, n)
			}
		})
	}
}

// TestLimitStore checks the limit's id bookkeeping: dead ids stay dead
// when their slot is reused, and Mass follows its body.
func TestLimitStore(t *testing.T) {
	s, ids := limitBodies(3)
	s.addMass(ids[0], Mass{M: 2})
	s.destroy(ids[0])
	if s.alive(ids[0]) {
		t.Fatal("destroyed id still alive")
	}
	if len(s.mass) != 0 {
		t.Fatalf("destroy left %d Mass values, want 0", len(s.mass))
	}
	e := s.spawn(Position{X: 5}, Velocity{})
	if uint32(e) != uint32(ids[0]) || e == ids[0] {
		t.Fatalf("spawn after destroy gave %x, want slot %d with a new generation", uint64(e), uint32(ids[0]))
	}
	if s.alive(ids[0]) || !s.alive(e) {
		t.Fatal("old id alive or new id dead after slot reuse")
	}
	if p, ok := s.position(e); !ok || p.X != 5 {
		t.Fatalf("position(new) = %v, %v; want X 5", p, ok)
	}
	if p, ok := s.position(ids[2]); !ok || *p != startPos(2) {
		t.Fatalf("position of the moved body = %v, %v; want %v", p, ok, startPos(2))
	}
	s.addMass(ids[1], Mass{M: 1})
	s.addMass(ids[2], Mass{M: 3})
	s.removeMass(ids[1])
	if len(s.mass) != 1 || s.mass[0].M != 3 || s.massIndex[uint32(ids[2])] != 1 {
		t.Fatalf("after removing a Mass: mass %v, index %v", s.mass, s.massIndex)
	}
}

// TestMeasure checks the harness on a fake workload: every implementation
// gets every sample, and ratios pair samples of the same round.
func TestMeasure(t *testing.T) {
	sleepy := func(d time.Duration) func(int) time.Duration {
		return func(reps int) time.Duration { return time.Duration(reps) * d }
	}
	impls := []impl{
		{name: "limit", run: sleepy(time.Microsecond)},
		{name: "other", run: sleepy(3 * time.Microsecond)},
	}
	ms := measure(impls, 10, 5, time.Millisecond)
	rs := summarize("fake", 10, ms)
	if len(rs) != 2 || len(rs[1].Samples) != 5 {
		t.Fatalf("got %+v", rs)
	}
	if rs[0].XLimit != 1 || rs[1].XLimit != 3 {
		t.Errorf("ratios %v and %v, want 1 and 3", rs[0].XLimit, rs[1].XLimit)
	}
	if rs[1].NsPerEntity != 300 {
		t.Errorf("ns/entity %v, want 300", rs[1].NsPerEntity)
	}
}

// TestTargetChecks: a ratio target is judged on the value as printed (two
// decimals), the live heap is checked against its bound and Ark, and a
// repeated size is measured once.
func TestTargetChecks(t *testing.T) {
	checks := checkTargets([]Result{
		{Workload: "iterate", Implementation: "tessera slots", N: 1000, XLimit: 1.104},
		{Workload: "iterate", Implementation: "tessera each", N: 1000, XLimit: 1.606},
	}, []HeapResult{{"tessera", 1000, 48.7}, {"ark", 1000, 61.3}})
	got := map[string]bool{}
	for _, c := range checks {
		got[c.Target] = c.Met
	}
	want := map[string]bool{"iterate: tessera slots": true, "iterate: tessera each": false,
		"memory: tessera": true, "memory: tessera ahead of ark": true}
	for k, v := range want {
		if m, ok := got[k]; !ok || m != v {
			t.Errorf("target %q: met %v (present %v), want %v", k, m, ok, v)
		}
	}
	if ns, err := parseSizes("1000, 1000,50"); err != nil || len(ns) != 2 {
		t.Errorf("parseSizes(1000,1000,50) = %v, %v; want [1000 50]", ns, err)
	}
}
