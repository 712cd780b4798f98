package systems_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/geom"
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
func BenchmarkMotionInBounds_1k(b *testing.B) {
	benchSystems(b, 1_000, true, systems.MotionInBounds())
}
func BenchmarkMotionInBounds_100k(b *testing.B) {
	benchSystems(b, 100_000, true, systems.MotionInBounds())
}

// BenchmarkMotionConfineWrap_10k steps 10,000 bodies moving up to 60
// units a second in a 320×240 field that Confine wraps them around, as
// a sprite game's step does: each step a few dozen bodies leave the field
// and take Confine's slow path (the wrap and its geom.Teleport, heard by a
// Teleporter as the renderer hears it), the rest its flat loop.
// BenchmarkMotionInBoundsWrap_10k is the same step by MotionInBounds, in
// one pass.
func BenchmarkMotionConfineWrap_10k(b *testing.B) {
	benchWrap(b, systems.Motion(), systems.Confine())
}

func BenchmarkMotionInBoundsWrap_10k(b *testing.B) { benchWrap(b, systems.MotionInBounds()) }

func benchWrap(b *testing.B, ss ...world.System) {
	const n = 10_000
	w := newWorld(b, ss...)
	var told countTeleports
	geom.AddTeleporter(w, &told)
	rng := rand.New(rand.NewPCG(3, 4))
	field := systems.Boundary{Rect: systems.Rect(0, 0, 320, 240), Mode: systems.Wrap}
	for range n {
		e := world.Spawn2(w, systems.Position, systems.Vec2{X: rng.Float64() * 320, Y: rng.Float64() * 240},
			systems.Velocity, systems.Vec2{X: rng.Float64()*120 - 60, Y: rng.Float64()*120 - 60})
		systems.Bounds.Add(w, e, field)
	}
	ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	b.ReportAllocs()
	for b.Loop() {
		if err := w.Run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/body")
	b.ReportMetric(float64(told)/float64(b.N), "wraps/step")
}

// countTeleports counts the teleports it hears.
type countTeleports int

func (c *countTeleports) Teleport(world.Entity) { *c++ }

// BenchmarkTransforms_10k is a step of systems.Transforms over 10,000
// children of 100 turned and scaled roots, each child with its own
// offset and turn: what keeping the world poses of a hierarchy costs a
// step, against which render's BenchmarkPosesSnapshot_10k (recording them
// for interpolation) is measured.
func BenchmarkTransforms_10k(b *testing.B) {
	const roots, children = 100, 100
	w := newWorld(b, systems.Transforms())
	for r := range roots {
		root := world.Spawn2(w, geom.Position, geom.Vec2{X: float64(r)}, geom.WorldTransform, geom.Pose{Rotation: 0.5, Scale: geom.Vec2{X: 2, Y: 2}})
		for c := range children {
			w.Spawn(world.ChildOf.With(root), systems.LocalTransform.With(systems.Transform{Offset: geom.Vec2{X: float64(c)}, Rotation: 0.1}))
		}
	}
	ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	if err := w.Run(ctx, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := w.Run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*roots*children), "ns/entity")
}
