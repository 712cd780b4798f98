package systems_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func ExampleTransforms() {
	w := world.New()
	w.AddSystem(systems.Motion())
	w.AddSystem(systems.Transforms()) // after what moves parents

	// A pipe of three parts: the body moves, the caps ride on it.
	pipe := world.Spawn2(w, systems.Position, systems.Vec2{X: 100, Y: 0}, systems.Velocity, systems.Vec2{X: -60})
	for _, y := range []float64{-16, 16} {
		w.Spawn(world.ChildOf.With(pipe), systems.LocalTransform.With(systems.Transform{Offset: systems.Vec2{Y: y}}))
	}
	w.Run(world.Context{Phase: world.Fixed, DT: 0.5}, nil)
	for _, c := range world.ChildOf.Sources(w, pipe) {
		fmt.Println(c, *systems.Position.Require(w, c))
	}
	w.Destroy(pipe) // the caps go with it
	fmt.Println(w.Len())
	// Output:
	// 1v1 {70 -16}
	// 2v1 {70 16}
	// 0
}
