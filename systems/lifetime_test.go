package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func TestExpire(t *testing.T) {
	tests := []struct {
		seconds  float64
		wantStep int // the step (from 1) whose end destroys the entity
	}{
		{0, 1},
		{-1, 1},
		{stepDT, 1},
		{0.5, 30},
		{1, 60},
		{1.001, 61},
		{10, 600},
	}
	for _, tt := range tests {
		t.Run("", func(t *testing.T) {
			w := newWorld(t, systems.Expire())
			e := world.Spawn1(w, systems.Lifetime, systems.Lifespan{Seconds: tt.seconds})
			other := world.Spawn1(w, systems.Lifetime, systems.Lifespan{Seconds: 1e6})
			for s := 1; s <= tt.wantStep; s++ {
				if !w.IsAlive(e) {
					t.Fatalf("Lifespan{%v}: dead after step %d, want after step %d", tt.seconds, s-1, tt.wantStep)
				}
				step(t, w, 1)
			}
			if w.IsAlive(e) || !w.IsAlive(other) {
				t.Errorf("Lifespan{%v} after step %d: alive %v (and the other %v), want dead (and alive)", tt.seconds, tt.wantStep, w.IsAlive(e), w.IsAlive(other))
			}
		})
	}
}
