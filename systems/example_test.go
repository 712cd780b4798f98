package systems_test

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func ExampleRect() {
	r := systems.Rect(320, 240, 0, 0) // corners in any order
	fmt.Println(r, r.Dx(), r.Dy(), r.Contains(systems.Vec2{X: 10, Y: 10}))
	// Output: {{0 0} {320 240}} 320 240 true
}

func ExampleShape() {
	// A 16×24 sprite drawn from its top-left corner at Position: its box
	// collider's centre is half its size away.
	hero := systems.Box(16, 24)
	hero.Offset = systems.Vec2{X: 8, Y: 12}
	// A coin that only players can pick up, without blocking them.
	TagPlayer, TagCoin := systems.NewTag("player"), systems.NewTag("coin")
	coin := systems.Circle(4)
	coin.Tags, coin.Mask, coin.Trigger = TagCoin, TagPlayer, true
	// A ramp: a convex polygon around the entity's position.
	ramp := systems.Polygon(systems.Vec2{X: -16, Y: 8}, systems.Vec2{X: 16, Y: -8}, systems.Vec2{X: 16, Y: 8})
	fmt.Println(hero.Kind, coin.Kind, ramp.Kind, len(ramp.Points))
	// Output: box circle polygon 3
}

func ExampleContact_Other() {
	col, err := systems.NewCollision(systems.CollisionOptions{})
	if err != nil {
		panic(err)
	}
	w := world.New()
	if err := w.AddSystem(col.System()); err != nil {
		panic(err)
	}
	hero := world.Spawn2(w, systems.Position, systems.Vec2{X: 50, Y: 50}, systems.Collider, systems.Box(10, 10))
	world.Spawn2(w, systems.Position, systems.Vec2{X: 50, Y: 58}, systems.Collider, systems.Box(40, 10))
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		panic(err)
	}
	for _, c := range col.Contacts() {
		if other, ok := c.Other(hero); ok {
			fmt.Println(hero, "touches", other, "and leaves it along", c.NormalFor(hero))
		}
	}
	// Output: 0v1 touches 1v1 and leaves it along {0 -1}
}

func ExampleColliderError() {
	col, err := systems.NewCollision(systems.CollisionOptions{})
	if err != nil {
		panic(err)
	}
	w := world.New()
	if err := w.AddSystem(col.System()); err != nil {
		panic(err)
	}
	world.Spawn2(w, systems.Position, systems.Vec2{}, systems.Collider,
		systems.Polygon(systems.Vec2{}, systems.Vec2{X: 10}, systems.Vec2{X: 5, Y: 2}, systems.Vec2{X: 10, Y: 10}))
	err = w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil)
	var ce *systems.ColliderError
	fmt.Println(errors.Is(err, systems.ErrBadCollider), errors.As(err, &ce), ce.Entity, ce.Reason)
	// Output: true true 0v1 polygon is not convex
}

func ExampleMirrorPositions() {
	type pixel struct{ X, Y float32 } // a position type of the game's own
	Pixel := world.DefineFields[pixel]("Pixel")

	col, err := systems.NewCollision(systems.CollisionOptions{})
	if err != nil {
		panic(err)
	}
	w := world.New()
	for _, s := range []world.System{systems.MirrorPositions("mirror pixels", Pixel), col.System()} {
		if err := w.AddSystem(s); err != nil {
			panic(err)
		}
	}
	for _, x := range []float32{10, 14} {
		e := world.Spawn2(w, Pixel, pixel{X: x, Y: 10}, systems.Position, systems.Vec2{})
		systems.Collider.Add(w, e, systems.Circle(3))
	}
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		panic(err)
	}
	fmt.Println(len(col.Contacts()), col.Contacts()[0].Kind)
	// Output: 1 enter
}

func ExampleCollision_Stats() {
	col, err := systems.NewCollision(systems.CollisionOptions{})
	if err != nil {
		panic(err)
	}
	w := world.New()
	for _, s := range []world.System{systems.Motion(), col.System()} {
		if err := w.AddSystem(s); err != nil {
			panic(err)
		}
	}
	for i := range 10 { // a row of touching circles, the first moving
		e := world.Spawn2(w, systems.Position, systems.Vec2{X: float64(8 * i), Y: 10}, systems.Collider, systems.Circle(5))
		if i == 0 {
			systems.Velocity.Add(w, e, systems.Vec2{Y: 60})
		}
	}
	for range 2 {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
		fmt.Printf("%+v\n", col.Stats())
	}
	// Output:
	// {Bodies:10 Cells:4 Large:0 Moved:10 Tests:9 Contacts:9}
	// {Bodies:10 Cells:4 Large:0 Moved:1 Tests:1 Contacts:9}
}

// MotionInBounds moves and confines in one pass: here a ship flying off
// the right edge of the screen comes back at the left, as Motion followed
// by Confine would bring it.
func ExampleMotionInBounds() {
	w := world.New()
	if err := w.AddSystem(systems.MotionInBounds()); err != nil {
		panic(err)
	}
	ship := world.Spawn3(w, systems.Position, systems.Vec2{X: 300, Y: 100},
		systems.Velocity, systems.Vec2{X: 60},
		systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 320, 240), Mode: systems.Wrap})
	for range 30 { // half a second: 30 units, 10 past the right edge
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	p := systems.Position.Require(w, ship)
	fmt.Printf("x = %.0f, y = %.0f\n", p.X, p.Y)
	// Output:
	// x = 10, y = 100
}
