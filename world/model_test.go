package world_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestModelRandom applies thousands of random operations to a world and to
// a plain map-based model (see model_helpers_test.go) and compares every
// answer: creates and spawns, adds (replacing too), removes, destroys of
// live, dead, stale and never-issued ids, Get/Has/IsAlive/Require,
// Count/Len/Entities/ComponentsOf/Inspect, Slots views, First calls, walks
// that destroy, remove, add and nest while they run, and system runs. A
// failure names the seed, the operation and the operations before it.
func TestModelRandom(t *testing.T) {
	seeds, ops := 20, 3000
	if testing.Short() {
		seeds, ops = 5, 600
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			src := mtRandSource{rand.New(rand.NewPCG(seed, 0x7e55e7a))}
			h := newMTHarness(t, src, fmt.Sprintf("seed %d", seed))
			h.reproduce = fmt.Sprintf("reproduce: go test ./world -run 'TestModelRandom/seed=%d$' -count=1\n", seed)
			h.fullEvery = 50
			h.run(ops)
		})
	}
}

// TestModelScenarios runs the hand-written scripts (the FuzzOps seeds)
// against the model, checking everything after every operation.
func TestModelScenarios(t *testing.T) {
	for _, sc := range mtScripts() {
		t.Run(sc.name, func(t *testing.T) {
			h := newMTHarness(t, &mtByteSource{data: sc.script}, "script "+sc.name)
			h.fullEvery = 1
			h.run(len(sc.script))
			if got := h.w.Len(); got != sc.wantLen {
				t.Errorf("Len() after the script = %d, want %d", got, sc.wantLen)
			}
			if got := len(h.m.dead); got != sc.wantDead {
				t.Errorf("dead ids after the script = %d, want %d", got, sc.wantDead)
			}
		})
	}
}

// TestModelPartType checks that a Part's Type is the very handle it was
// made from, for every kind of component: tools that build Parts compare
// Type() with their handles.
func TestModelPartType(t *testing.T) {
	for c := range mtNumComps {
		d := mtComps[c]
		t.Run(d.name, func(t *testing.T) {
			p := d.part(d.gen(mtRandSource{rand.New(rand.NewPCG(1, 1))}))
			if got := p.Type(); got != d.ct {
				t.Errorf("part of %s: Type() = %v (%T), want %v (%T)", d.name, got, got, d.ct, d.ct)
			}
		})
	}
}
