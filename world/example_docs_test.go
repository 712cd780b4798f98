package world_test

// The examples in this file are the Go snippets of docs/WORLD.md, verbatim:
// internal/readmecheck fails when a snippet and its example differ.

import (
	"encoding/json"
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
	text, _ := json.Marshal(map[world.Entity][]world.Entity{b: {a, 0}})
	fmt.Println(string(text))
	back, err := world.ParseEntity("0v2")
	fmt.Println(back == b, err)
	// Output:
	// 0v1 0 1 true
	// 0v2 false true
	// {"0v2":["0v1","0v0"]}
	// true <nil>
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

func Example_declaredAccess() {
	type Vec2 struct{ X, Y float32 }
	Position := world.DefineFields[Vec2]("Position")
	Velocity := world.DefineFields[Vec2]("Velocity")
	Heat := world.DefineFields[struct{ T float32 }]("Heat")
	Spark := world.DefineTag("Spark")

	w := world.New()
	for i := range 4 {
		w.Spawn(Position.With(Vec2{float32(i), 0}), Velocity.With(Vec2{1, 0}), Heat.With(struct{ T float32 }{float32(i)}))
	}
	add := func(s world.System) {
		s.Phase = world.Fixed
		if err := w.AddSystem(s); err != nil {
			panic(err)
		}
	}
	add(world.System{Name: "input", Run: func(*world.Context) error { return nil }}) // declares nothing: exclusive
	add(world.System{Name: "move", Reads: []world.ComponentType{Velocity}, Writes: []world.ComponentType{Position},
		Run: func(ctx *world.Context) error {
			world.Each2(ctx.World, Position, Velocity, func(_ world.Entity, p *Vec2, v *Vec2) { p.X += v.X })
			return nil
		}})
	add(world.System{Name: "cool", Writes: []world.ComponentType{Heat}, Adds: []world.ComponentType{Spark},
		Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, Heat, func(e world.Entity, h *struct{ T float32 }) {
				if h.T /= 2; h.T >= 1 {
					Spark.Add(ctx.World, e) // recorded: applied when the group ends
				}
			})
			return nil
		}})
	add(world.System{Name: "draw-list", Reads: []world.ComponentType{Position, Spark},
		Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, Spark, func(e world.Entity, _ *struct{}) {
				fmt.Println("spark at", Position.Require(ctx.World, e).X)
			})
			return nil
		}})
	fmt.Println(w.Schedule(world.Fixed)) // move and cool may run at once
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		panic(err)
	}
	// Output:
	// fixed: [input!] [move cool] [draw-list]
	// spark at 3
	// spark at 4
}

func Example_parallelWalk() {
	type Vec2 struct{ X, Y float32 }
	Position := world.DefineFields[Vec2]("Position")
	Velocity := world.DefineFields[Vec2]("Velocity")
	Far := world.DefineTag("Far")

	// One batch's work, on a worker: ctx.World is the batch's world.
	move := func(ctx *world.Context, e world.Entity, p *Vec2, v *Vec2) {
		p.X += v.X
		if p.X > 9_990 {
			Far.Add(ctx.World, e) // recorded per batch, applied in batch order
		}
	}
	slow := func(ctx *world.Context, runs []world.Run) { // the same over slot runs
		pos := Position.Column(ctx.World)
		for _, r := range runs {
			for i := r.Start; i < r.End; i++ {
				pos[i].Y -= 0.5
			}
		}
	}
	w := world.New()
	for i := range 10_000 {
		world.Spawn2(w, Position, Vec2{float32(i), 0}, Velocity, Vec2{1, 0})
	}
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed,
		Reads: []world.ComponentType{Velocity}, Writes: []world.ComponentType{Position}, Adds: []world.ComponentType{Far},
		Run: func(ctx *world.Context) error {
			world.ParallelEach2(ctx, 1024, Position, Velocity, move) // batches of 1,024 entities
			ctx.World.Slots(Position).Parallel(ctx, 4096, slow)      // batches of 4,096 slots
			return nil
		}}); err != nil {
		panic(err)
	}
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		panic(err)
	}
	world.Each1(w, Far, func(e world.Entity, _ *struct{}) {
		fmt.Print(e, *Position.Require(w, e), " ")
	})
	fmt.Println(w.Count(Far), "far")
	// Output:
	// 9990v1 {9991 -0.5} 9991v1 {9992 -0.5} 9992v1 {9993 -0.5} 9993v1 {9994 -0.5} 9994v1 {9995 -0.5} 9995v1 {9996 -0.5} 9996v1 {9997 -0.5} 9997v1 {9998 -0.5} 9998v1 {9999 -0.5} 9999v1 {10000 -0.5} 10 far
}

func Example_timing() {
	w := world.New()
	w.SetTimingWindow(120) // the last 120 runs of each system
	if err := w.AddSystem(world.System{Name: "think", Phase: world.Fixed, Run: func(*world.Context) error { return nil }}); err != nil {
		panic(err)
	}
	for range 200 {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	for _, t := range w.Timings() {
		fmt.Println(t.System, t.Phase, t.Run.Samples, t.Run.Min <= t.Run.Avg && t.Run.Avg <= t.Run.Max)
	}
	// Output:
	// think fixed 120 true
}
