package world_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

func ExampleOptions_requires() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position")
	Scale := world.DefineFields("Scale", world.Options[Vec2]{Default: Vec2{1, 1}})
	Sprite := world.DefineComponent("Sprite", world.Options[string]{
		Requires: []world.ComponentType{Position, Scale},
	})

	w := world.New()
	e := w.Spawn(Sprite.With("pipe.png"), Position.With(Vec2{40, 8})) // Position given: it wins
	fmt.Println(*Position.Require(w, e), *Scale.Require(w, e))
	w.Remove(e, Scale) // allowed, and nothing else goes
	fmt.Println(w.Has(e, Sprite), w.Has(e, Scale))
	// Output:
	// {40 8} {1 1}
	// true false
}
