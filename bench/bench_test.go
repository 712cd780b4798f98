package main

import (
	"testing"
	"time"
)

// TestSameWork checks that every implementation of a workload does the
// same work: run from a fresh setup for the same number of repetitions,
// each must leave the same bodies with the same positions. The sums are
// exact: every coordinate is a multiple of 1/2 far below 2^52.
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
				implementers int
			)
			for _, lib := range libraries {
				s, ok := lib[wl.name]
				if !ok {
					continue
				}
				for i := range len(s(n, seed)) {
					im := s(n, seed)[i] // a fresh world for each form
					if d := im.run(reps); d <= 0 {
						t.Errorf("%s: run took %v", im.name, d)
					}
					gotN, gotSum := im.state()
					if first == "" {
						first, wantN, wantSum = im.name, gotN, gotSum
					} else if gotN != wantN || gotSum != wantSum {
						t.Errorf("%s left %d bodies summing to %v; %s left %d summing to %v",
							im.name, gotN, gotSum, first, wantN, wantSum)
					}
					implementers++
				}
			}
			if implementers < 2 {
				t.Fatalf("%d implementations, want the limit and at least one more", implementers)
			}
			if wl.name == "create" || wl.name == "destroy" {
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
