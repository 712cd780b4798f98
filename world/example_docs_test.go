package world_test

// The examples in this file are the Go snippets of docs/WORLD.md, verbatim:
// internal/readmecheck fails when a snippet and its example differ.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-engine/tessera/world"
)

func Example_ids() {
	w := world.New()
	a := w.Create()
	fmt.Println(a, a.Slot(), a.Generation(), w.IsAlive(a))
	w.Destroy(a)
	b := w.Create() // the same slot, the next generation
	fmt.Println(b, w.IsAlive(a), w.IsAlive(b))
	// Output:
	// 0v1 0 1 true
	// 0v2 false true
}

func Example_components() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position") // numbers, in a column indexed by slot
	Name := world.DefineComponent[string]("Name")    // any Go value, in a sparse set
	Player := world.DefineTag("Player")              // presence only

	w := world.New()
	e := w.Spawn(Position.With(Vec2{1, 2}), Name.With("Ada"), Player.Part())
	if p, ok := Position.Get(w, e); ok {
		p.X += 10
	}
	fmt.Println(*Name.Require(w, e), w.Has(e, Player))
	w.Remove(e, Player)
	fmt.Println(world.Inspect(w, 0, 0)[0])
	// Output:
	// Ada true
	// 0v1 Position{X:11 Y:2} Name=Ada
}

func Example_walks() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position")
	Name := world.DefineComponent[string]("Name")
	Camera := world.DefineTag("Camera")

	w := world.New()
	world.Spawn2(w, Name, "ada", Position, Vec2{1, 2})
	world.Spawn2(w, Name, "bob", Position, Vec2{3, 4})
	w.Spawn(Camera.Part(), Position.With(Vec2{0, 0}))

	world.Each1(w, Name, func(_ world.Entity, n *string) { *n = strings.ToUpper(*n) })
	for e, row := range world.Query2(w, Name, Position) {
		fmt.Println(e, *row.A, *row.B)
	}
	if cam, _, ok := world.First1(w, Camera); ok {
		fmt.Println("camera", cam)
	}
	// Unordered output:
	// 0v1 ADA {1 2}
	// 1v1 BOB {3 4}
	// camera 2v1
}

func Example_slots() {
	type Vec2 struct{ X, Y float32 }
	Position := world.DefineFields[Vec2]("Position")
	Velocity := world.DefineFields[Vec2]("Velocity")

	move := func(ctx *world.Context) error {
		pos, vel := Position.Column(ctx.World), Velocity.Column(ctx.World) // once per run
		dt := float32(ctx.DT)
		for _, r := range ctx.World.Slots(Position, Velocity).Runs() {
			p, v := pos[r.Start:r.End], vel[r.Start:r.End]
			v = v[:len(p)] // one bounds check per run, none per body
			for i := range p {
				p[i].X += v[i].X * dt
				p[i].Y += v[i].Y * dt
			}
		}
		return nil
	}

	w := world.New()
	var last world.Entity
	for i := range 1000 {
		last = world.Spawn2(w, Position, Vec2{float32(i), 0}, Velocity, Vec2{1, 2})
	}
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: move}); err != nil {
		panic(err)
	}
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 0.5}, nil); err != nil {
		panic(err)
	}
	fmt.Println(w.Slots(Position, Velocity).Len(), *Position.Require(w, last))
	// Output:
	// 1000 {999.5 1}
}

func Example_deferred() {
	Health := world.DefineComponent[int]("Health")
	w := world.New()
	for hp := range 3 {
		world.Spawn1(w, Health, hp)
	}
	world.Each1(w, Health, func(e world.Entity, hp *int) {
		if *hp == 0 {
			w.Destroy(e) // waits until the walk ends
			fmt.Println("dying:", e, w.IsAlive(e))
		}
	})
	fmt.Println("after the walk:", w.Len(), "alive")
	// Output:
	// dying: 0v1 true
	// after the walk: 2 alive
}

func Example_systems() {
	w := world.New()
	add := func(name string, phase world.Phase, run func(*world.Context) error) {
		if err := w.AddSystem(world.System{Name: name, Phase: phase, Run: run}); err != nil {
			fmt.Println(err)
		}
	}
	add("move", world.Fixed, func(ctx *world.Context) error {
		fmt.Println("move, step", ctx.Step)
		return nil
	})
	add("collide", world.Fixed, func(*world.Context) error { return errors.New("no space") })
	add("draw", world.Frame, func(ctx *world.Context) error {
		fmt.Println("draw, alpha", ctx.Alpha)
		return nil
	})
	add("move", world.Frame, func(*world.Context) error { return nil }) // names are unique

	report := func(err error) { fmt.Println("error:", err) }
	w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60, Step: 41}, report)
	w.Run(world.Context{Phase: world.Frame, DT: 1.0 / 144, Alpha: 0.25}, report)
	w.Clear() // destroys every entity and removes every system
	fmt.Println(w.SystemNames(world.Fixed), w.SystemNames(world.Frame))
	// Output:
	// world: AddSystem("move"): duplicate system
	// move, step 41
	// error: world: system "collide" (fixed): no space
	// draw, alpha 0.25
	// [] []
}

func ExampleResource() {
	type Score struct{ Points int }
	ScoreRes := world.DefineResource[Score]("Score")

	w := world.New()
	ScoreRes.Set(w, &Score{})
	w.AddSystem(world.System{Name: "score", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if s, ok := ScoreRes.Lookup(ctx.World); ok {
			s.Points += 10
		}
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, nil)
	s, _ := ScoreRes.Lookup(w)
	fmt.Println(ScoreRes.Name(), s.Points)
	w.Clear()
	_, ok := ScoreRes.Lookup(w)
	fmt.Println(ok)
	// Output:
	// Score 10
	// false
}
