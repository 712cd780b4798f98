package world_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

func ExampleSpawnMany2() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position")
	Velocity := world.DefineFields[Vec2]("Velocity")
	Frozen := world.DefineTag("Frozen")

	w := world.New()
	rain := make([]world.Entity, 1000)
	world.SpawnMany2(w, rain, Position, Vec2{}, Velocity, Vec2{0, 9}) // one call
	fmt.Println(w.Len(), rain[0], rain[999])

	moving := w.Slots(Position, Velocity)
	world.AddAll(moving, Frozen, struct{}{}) // every entity of the view
	fmt.Println(w.Count(Frozen))
	moving.DestroyAll()
	fmt.Println(w.Len())
	// Output:
	// 1000 0v1 999v1
	// 1000
	// 0
}
