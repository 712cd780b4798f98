package world_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

// Example_readme is the example in README.md, verbatim:
// internal/readmecheck fails when the two differ.
func Example_readme() {
	type Vec2 struct{ X, Y float64 } // field components: structs of fixed-size numbers
	type Life struct {               // object components: any Go value
		Name string
		HP   int
	}
	Position := world.DefineFields[Vec2]("Position") // real code defines these once, at package level
	Velocity := world.DefineFields[Vec2]("Velocity")
	Health := world.DefineComponent[Life]("Health")

	w := world.New()
	world.Spawn3(w, Position, Vec2{0, 0}, Velocity, Vec2{60, 0}, Health, Life{"ship", 3})
	world.Spawn3(w, Position, Vec2{0, 50}, Velocity, Vec2{0, -30}, Health, Life{"rock", 1})

	move := func(ctx *world.Context) error {
		pos, vel := Position.Column(w), Velocity.Column(w) // fetch the columns once per run
		for _, r := range w.Slots(Position, Velocity).Runs() {
			for i := r.Start; i < r.End; i++ {
				pos[i].X += vel[i].X * ctx.DT
				pos[i].Y += vel[i].Y * ctx.DT
			}
		}
		return nil
	}
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: move}); err != nil {
		panic(err)
	}
	for range 60 { // one second of fixed steps
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}

	world.Each2(w, Health, Position, func(e world.Entity, h *Life, p *Vec2) {
		fmt.Printf("%v %s (%d HP) at %.0f,%.0f\n", e, h.Name, h.HP, p.X, p.Y)
	})
	// Unordered output:
	// 0v1 ship (3 HP) at 60,0
	// 1v1 rock (1 HP) at 0,20
}
