package world_test

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

type Vec struct{ X, Y float32 }

type Stats struct {
	HP    int
	Items []string
}

var (
	Position = world.DefineFields[Vec]("Position")
	Velocity = world.DefineFields[Vec]("Velocity")
	Life     = world.DefineComponent[Stats]("Life")
	Hero     = world.DefineTag("Hero")
)

func ExampleEntity() {
	w := world.New()
	e := w.Create()
	fmt.Println(e, e.Slot(), e.Generation())
	w.Destroy(e)
	again := w.Create()
	fmt.Println(again, w.IsAlive(e), w.IsAlive(again))
	// Output:
	// 0v1 0 1
	// 0v2 false true
}

func ExampleComponent() {
	w := world.New()
	e := w.Create()
	Life.Add(w, e, Stats{HP: 3})
	if s, ok := Life.Get(w, e); ok {
		s.HP-- // the pointer is the stored value
	}
	fmt.Println(Life.Require(w, e).HP, w.Has(e, Life))
	w.Remove(e, Life)
	_, ok := Life.Get(w, e)
	fmt.Println(ok)
	// Output:
	// 2 true
	// false
}

func ExampleTag() {
	w := world.New()
	e := w.Create()
	Hero.Add(w, e)
	fmt.Println(w.Has(e, Hero), w.Count(Hero))
	// Output: true 1
}

func ExampleFields() {
	w := world.New()
	w.Create()
	e := w.Create()
	slot := Position.Add(w, e, Vec{X: 4}) // Y left out: zero
	col := Position.Column(w)
	col[slot].Y = 2
	p, _ := Position.Get(w, e)
	fmt.Println(slot == e.Slot(), *p)
	// Output: true {4 2}
}

func ExampleWorld_Spawn() {
	w := world.New()
	e := w.Spawn(Life.With(Stats{HP: 9}), Position.With(Vec{1, 2}), Hero.Part())
	for _, c := range w.ComponentsOf(e) {
		fmt.Println(c.Name())
	}
	// Output:
	// Position
	// Life
	// Hero
}

func ExampleSpawn2() {
	w := world.New()
	e := world.Spawn2(w, Position, Vec{1, 1}, Velocity, Vec{0, 2})
	fmt.Println(*Velocity.Require(w, e))
	// Output: {0 2}
}

func ExampleWorld_Slots() {
	w := world.New()
	for i := range 5 {
		e := world.Spawn1(w, Position, Vec{X: float32(i)})
		if i != 2 {
			Velocity.Add(w, e, Vec{X: 10})
		}
	}
	pos, vel := Position.Column(w), Velocity.Column(w)
	for _, r := range w.Slots(Position, Velocity).Runs() {
		p, v := pos[r.Start:r.End], vel[r.Start:r.End]
		v = v[:len(p)] // one bounds check per run, none per entity
		for i := range p {
			p[i].X += v[i].X
		}
	}
	fmt.Println(w.Slots(Position, Velocity).Runs(), pos[:5])
	// Output: [{0 2} {3 5}] [{10 0} {11 0} {2 0} {13 0} {14 0}]
}

func ExampleSlots_Indices() {
	w := world.New()
	for i := range 4 {
		e := world.Spawn1(w, Position, Vec{})
		if i%2 == 1 {
			Velocity.Add(w, e, Vec{})
		}
	}
	fmt.Println(w.Slots(Position, Velocity).Indices())
	// Output: [1 3]
}

func ExampleEach2() {
	w := world.New()
	world.Spawn2(w, Life, Stats{HP: 0}, Position, Vec{})
	world.Spawn2(w, Life, Stats{HP: 5}, Position, Vec{})
	world.Each2(w, Life, Position, func(e world.Entity, s *Stats, p *Vec) {
		if s.HP <= 0 {
			w.Destroy(e) // deferred until the walk ends
		}
	})
	fmt.Println(w.Len())
	// Output: 1
}

func ExampleQuery2() {
	w := world.New()
	world.Spawn2(w, Life, Stats{HP: 7, Items: []string{"key"}}, Position, Vec{3, 4})
	for e, row := range world.Query2(w, Life, Position) {
		fmt.Println(e, row.A.HP, row.A.Items, *row.B)
	}
	// Output: 0v1 7 [key] {3 4}
}

func ExampleFirst1() {
	w := world.New()
	world.Spawn1(w, Life, Stats{HP: 1})
	hero := world.Spawn1(w, Life, Stats{HP: 2})
	Hero.Add(w, hero)
	if e, _, s, ok := world.First2(w, Hero, Life); ok {
		fmt.Println(e, s.HP)
	}
	// Output: 1v1 2
}

func ExampleWorld_Run() {
	w := world.New()
	world.Spawn2(w, Position, Vec{}, Velocity, Vec{X: 60})
	err := w.AddSystem(world.System{
		Name:  "move",
		Phase: world.Fixed,
		Run: func(ctx *world.Context) error {
			pos, vel := Position.Column(ctx.World), Velocity.Column(ctx.World)
			for _, i := range ctx.World.Slots(Position, Velocity).Indices() {
				pos[i].X += vel[i].X * float32(ctx.DT)
			}
			return nil
		},
	})
	if err != nil {
		panic(err)
	}
	for range 30 {
		w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil)
	}
	fmt.Println(Position.Column(w)[0])
	// Output: {30 0}
}

func ExampleSystemError() {
	w := world.New()
	ghost := w.Create()
	w.AddSystem(world.System{Name: "heal", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		Life.Require(ctx.World, ghost).HP++ // ghost has no Life: panics
		return nil
	}})
	w.AddSystem(world.System{Name: "after", Phase: world.Fixed, Run: func(*world.Context) error {
		fmt.Println("after still runs")
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, func(err error) {
		var se *world.SystemError
		if errors.As(err, &se) {
			fmt.Println(se.System, se.Phase, errors.Is(err, world.ErrMissingComponent))
		}
		fmt.Println(err)
	})
	// Output:
	// heal fixed true
	// world: system "heal" (fixed): panic: world: Require[Life] on entity 0v1: missing component
	// after still runs
}

func ExampleError() {
	w := world.New()
	e := w.Create()
	w.Destroy(e)
	defer func() {
		err := recover().(error)
		fmt.Println(err, errors.Is(err, world.ErrDeadEntity))
	}()
	Life.Add(w, e, Stats{})
	// Output: world: Add[Life] on entity 0v1: dead entity true
}

func ExampleInspect() {
	w := world.New()
	e := world.Spawn2(w, Life, Stats{HP: 3, Items: []string{"sword", "shield", "lantern"}}, Position, Vec{1, 2})
	Hero.Add(w, e)
	for _, in := range world.Inspect(w, 10, 24) {
		fmt.Println(in)
	}
	// Output: 0v1 Position{X:1 Y:2} Life{HP:3 Items:[sword shie… Hero{}
}
