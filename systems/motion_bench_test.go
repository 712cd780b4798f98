package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// benchSystems measures a step of the given systems over n bodies holding
// Position, Velocity and, when full, every optional motion component and
// bounds.
func benchSystems(b *testing.B, n int, full bool, ss ...world.System) {
	w := newWorld(b, ss...)
	for i := range n {
		e := world.Spawn2(w, systems.Position, systems.Vec2{X: float64(i % 1000), Y: float64(i / 1000)},
			systems.Velocity, systems.Vec2{X: 30, Y: -20})
		if full {
			systems.Acceleration.Add(w, e, systems.Vec2{Y: 98})
			systems.Damping.Add(w, e, systems.Drag{Rate: 0.5})
			systems.MaxSpeed.Add(w, e, systems.SpeedLimit{Max: 200})
			systems.Bounds.Add(w, e, systems.Boundary{Rect: systems.Rect(0, 0, 1000, 1000), Mode: systems.Bounce})
		}
	}
	ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	b.ReportAllocs()
	for b.Loop() {
		if err := w.Run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
}

func BenchmarkMotion_1k(b *testing.B)       { benchSystems(b, 1_000, false, systems.Motion()) }
func BenchmarkMotion_100k(b *testing.B)     { benchSystems(b, 100_000, false, systems.Motion()) }
func BenchmarkMotionFull_1k(b *testing.B)   { benchSystems(b, 1_000, true, systems.Motion()) }
func BenchmarkMotionFull_100k(b *testing.B) { benchSystems(b, 100_000, true, systems.Motion()) }
func BenchmarkConfine_1k(b *testing.B)      { benchSystems(b, 1_000, true, systems.Confine()) }
func BenchmarkConfine_100k(b *testing.B)    { benchSystems(b, 100_000, true, systems.Confine()) }
