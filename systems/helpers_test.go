package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// stepDT is the fixed step the tests use: 60 steps a second.
const stepDT = 1.0 / 60

// newWorld returns a world with the given systems added to the fixed
// phase, in order.
func newWorld(t testing.TB, systems ...world.System) *world.World {
	t.Helper()
	w := world.New()
	for _, s := range systems {
		if err := w.AddSystem(s); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// step runs n fixed steps of stepDT, failing the test on an error.
func step(t testing.TB, w *world.World, n int) {
	t.Helper()
	for range n {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// spawn makes an entity at p holding the collider s.
func spawn(w *world.World, p systems.Vec2, s systems.Shape) world.Entity {
	return world.Spawn2(w, systems.Position, p, systems.Collider, s)
}

// near reports whether a and b differ by at most 1e-9.
func near(a, b float64) bool {
	d := a - b
	return d <= 1e-9 && d >= -1e-9
}

// mustCollision returns a collision system with opts, failing the test
// if they are refused.
func mustCollision(t testing.TB, opts systems.CollisionOptions) *systems.Collision {
	t.Helper()
	col, err := systems.NewCollision(opts)
	if err != nil {
		t.Fatal(err)
	}
	return col
}
