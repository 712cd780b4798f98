package systems_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The examples in this file are the Go snippets of docs/SYSTEMS.md; a
// test in internal/readmecheck keeps the two the same.

func Example_motion() {
	w := world.New()
	if err := w.AddSystem(systems.Motion()); err != nil {
		panic(err)
	}
	ship := world.Spawn2(w, systems.Position, systems.Vec2{}, systems.Velocity, systems.Vec2{X: 100})
	systems.Acceleration.Add(w, ship, systems.Vec2{X: 400}) // thrust
	systems.MaxSpeed.Add(w, ship, systems.SpeedLimit{Max: 300})
	rock := world.Spawn2(w, systems.Position, systems.Vec2{}, systems.Velocity, systems.Vec2{Y: 200})
	systems.Damping.Add(w, rock, systems.Drag{Rate: 2}) // slows down on its own

	for range 60 { // one second
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	for _, e := range []world.Entity{ship, rock} {
		p, v := systems.Position.Require(w, e), systems.Velocity.Require(w, e)
		fmt.Printf("%v at (%.1f, %.1f) moving (%.1f, %.1f)\n", e, p.X, p.Y, v.X, v.Y)
	}
	// Output:
	// 0v1 at (251.7, 0.0) moving (300.0, 0.0)
	// 1v1 at (0.0, 85.0) moving (0.0, 27.1)
}

func Example_bounds() {
	w := world.New()
	for _, s := range []world.System{systems.Motion(), systems.Confine()} {
		if err := w.AddSystem(s); err != nil {
			panic(err)
		}
	}
	screen := systems.Rect(0, 0, 320, 240)
	for _, mode := range []systems.BoundsMode{systems.Clamp, systems.Bounce, systems.Wrap, systems.DestroyOutside} {
		world.Spawn3(w, systems.Position, systems.Vec2{X: 300, Y: 100},
			systems.Velocity, systems.Vec2{X: 60},
			systems.Bounds, systems.Boundary{Rect: screen, Mode: mode})
	}
	for range 30 { // half a second: 30 units, 10 past the right edge
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	world.Each2(w, systems.Bounds, systems.Position, func(e world.Entity, b *systems.Boundary, p *systems.Vec2) {
		fmt.Printf("%v: x = %.0f, moving %.0f\n", b.Mode, p.X, systems.Velocity.Require(w, e).X)
	})
	// Output:
	// clamp: x = 320, moving 0
	// bounce: x = 310, moving -60
	// wrap: x = 10, moving 60
}

func Example_lifetime() {
	w := world.New()
	if err := w.AddSystem(systems.Expire()); err != nil {
		panic(err)
	}
	spark := world.Spawn1(w, systems.Lifetime, systems.Lifespan{Seconds: 0.25})
	for step := 1; w.IsAlive(spark); step++ {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
		if !w.IsAlive(spark) {
			fmt.Println("the spark died at the end of step", step)
		}
	}
	// Output:
	// the spark died at the end of step 15
}

func Example_timers() {
	timers := systems.NewTimers()
	w := world.New()
	if err := w.AddSystem(timers.System()); err != nil {
		panic(err)
	}
	timers.Start(systems.Timer{Name: "spawn wave", Delay: 1, Every: 2})
	timers.Start(systems.Timer{Name: "hello", Delay: 0.5, Do: func(ev systems.TimerEvent) {
		fmt.Println("callback:", ev.Name)
	}})
	for step := 1; step <= 300; step++ { // five seconds
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
		for _, ev := range timers.Fired() { // a later system reads the list
			fmt.Printf("step %d: %s #%d\n", step, ev.Name, ev.Count)
		}
	}
	// Output:
	// callback: hello
	// step 30: hello #1
	// step 60: spawn wave #1
	// step 180: spawn wave #2
	// step 300: spawn wave #3
}

func Example_tweens() {
	tweens := systems.NewTweens()
	w := world.New()
	if err := w.AddSystem(tweens.System()); err != nil {
		panic(err)
	}
	door := world.Spawn1(w, systems.Position, systems.Vec2{X: 100, Y: 50})
	systems.TweenField(tweens, door, systems.Position, func(p *systems.Vec2) *float64 { return &p.Y },
		systems.Tween{To: 10, Seconds: 0.5, Ease: systems.OutBounce, Name: "door open"})
	tweens.OnComplete(func(ev systems.TweenEvent) {
		fmt.Printf("%s (%v)\n", ev.Name, ev.Entity)
	})
	for step := 1; step <= 40; step++ {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
		if step%10 == 0 {
			fmt.Printf("step %d: y = %.1f\n", step, systems.Position.Require(w, door).Y)
		}
	}
	// Output:
	// step 10: y = 16.4
	// step 20: y = 15.6
	// door open (0v1)
	// step 30: y = 10.0
	// step 40: y = 10.0
}

func Example_forwardEvents() {
	// A stand-in for the engine's event bus; a game would call
	// eng.Events().Emit with an event of its own kind.
	type event struct {
		Kind string
		A, B world.Entity
	}
	var bus []event
	emit := func(ev event) { bus = append(bus, ev) }

	col, err := systems.NewCollision(systems.CollisionOptions{})
	if err != nil {
		panic(err)
	}
	col.OnEnter(func(c systems.Contact) { emit(event{"touch", c.A, c.B}) })
	col.OnExit(func(c systems.Contact) { emit(event{"untouch", c.A, c.B}) })

	w := world.New()
	for _, s := range []world.System{systems.Motion(), col.System()} {
		if err := w.AddSystem(s); err != nil {
			panic(err)
		}
	}
	world.Spawn3(w, systems.Position, systems.Vec2{X: 0, Y: 50}, systems.Velocity, systems.Vec2{X: 600},
		systems.Collider, systems.Circle(5))
	world.Spawn2(w, systems.Position, systems.Vec2{X: 50, Y: 50}, systems.Collider, systems.Circle(5))
	for range 12 {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	fmt.Println(bus)
	// Output:
	// [{touch 0v1 1v1} {untouch 0v1 1v1}]
}
