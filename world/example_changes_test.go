package world_test

import (
	"fmt"
	"math"

	"github.com/tessera-engine/tessera/world"
)

func ExampleTracker() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position")
	Velocity := world.DefineFields[Vec2]("Velocity")

	w := world.New()
	mover := world.Spawn2(w, Position, Vec2{}, Velocity, Vec2{1, 0})
	world.Spawn1(w, Position, Vec2{5, 5}) // a wall: never moves
	w.AddSystem(world.System{
		Name: "move", Phase: world.Fixed,
		Reads:  []world.ComponentType{Velocity},
		Writes: []world.ComponentType{Position}, // so the walks below mark what they cover
		Run: func(ctx *world.Context) error {
			world.Each2(ctx.World, Position, Velocity, func(_ world.Entity, p, v *Vec2) { p.X += v.X })
			return nil
		},
	})

	renderer := w.Track(Position) // each consumer has its own
	fmt.Println("first look:", collect(renderer.Changed()))
	w.Run(world.Context{Phase: world.Fixed}, nil)
	fmt.Println("after a step:", collect(renderer.Changed()))
	fmt.Println("nothing since:", collect(renderer.Changed()))

	err := Position.Set(w, mover, Vec2{X: math.NaN()}) // the checked write
	fmt.Println(err)
	// Output:
	// first look: [0v1 1v1]
	// after a step: [0v1]
	// nothing since: []
	// world: Set[Position] on entity 0v1: not a number (X = NaN)
}

// collect gathers a tracker loop's entities.
func collect(seq func(func(world.Entity) bool)) []world.Entity {
	out := []world.Entity{}
	for e := range seq {
		out = append(out, e)
	}
	return out
}

func ExampleWorld_StructureEpoch() {
	Tag := world.DefineTag("Tag")
	w := world.New()
	e := w.Create()
	before := w.StructureEpoch()
	Tag.Add(w, e)
	fmt.Println(w.StructureEpoch() != before)
	// Output: true
}
