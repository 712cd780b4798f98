package systems_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The examples in this file are the Go snippets of docs/COLLISION.md; a
// test in internal/readmecheck keeps the two the same.

func Example_contacts() {
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
	ball := world.Spawn3(w, systems.Position, systems.Vec2{X: 100, Y: 100},
		systems.Velocity, systems.Vec2{X: 600}, // 10 units a step, at 60 steps a second
		systems.Collider, systems.Circle(8))
	wall := world.Spawn2(w, systems.Position, systems.Vec2{X: 150, Y: 100},
		systems.Collider, systems.Box(10, 100))
	fmt.Println("ball", ball, "wall", wall)

	for step := 1; step <= 8; step++ {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
		for _, c := range col.Contacts() {
			fmt.Printf("step %d: %v %v-%v normal %v depth %.0f\n", step, c.Kind, c.A, c.B, c.Normal, c.Depth)
		}
	}
	// Output:
	// ball 0v1 wall 1v1
	// step 4: enter 0v1-1v1 normal {-1 0} depth 3
	// step 5: stay 0v1-1v1 normal {1 0} depth 13
	// step 6: stay 0v1-1v1 normal {1 0} depth 3
	// step 7: exit 0v1-1v1 normal {1 0} depth 3
}

func Example_callbacks() {
	TagPlayer, TagCoin := systems.NewTag("player"), systems.NewTag("coin")
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
	player := systems.Box(16, 16)
	player.Tags = TagPlayer
	coin := systems.Circle(4)
	coin.Tags, coin.Mask, coin.Trigger = TagCoin, TagPlayer, true // meets players only
	p := world.Spawn3(w, systems.Position, systems.Vec2{X: 10, Y: 10},
		systems.Velocity, systems.Vec2{X: 300}, systems.Collider, player)
	for x := 40.0; x <= 100; x += 30 {
		world.Spawn2(w, systems.Position, systems.Vec2{X: x, Y: 10}, systems.Collider, coin)
	}

	score := 0
	col.OnEnter(func(c systems.Contact) {
		if other, ok := c.Other(p); ok && c.Trigger {
			score++
			w.Destroy(other) // waits until the collision system's run ends
		}
	})
	for range 30 {
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	fmt.Println("score", score, "entities left", w.Len())
	// Output:
	// score 3 entities left 1
}

func Example_platformer() {
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
	for x := 8.0; x < 320; x += 16 { // a floor of 16×16 tiles, tops at y = 200
		world.Spawn2(w, systems.Position, systems.Vec2{X: x, Y: 208}, systems.Collider, systems.Box(16, 16))
	}
	hero := world.Spawn3(w, systems.Position, systems.Vec2{X: 40, Y: 100},
		systems.Velocity, systems.Vec2{}, systems.Collider, systems.Box(12, 20))
	systems.Acceleration.Add(w, hero, systems.Vec2{Y: 980}) // gravity
	systems.Mover.Add(w, hero, systems.Movement{})          // stopped by solids

	run := func(steps int) {
		for range steps {
			if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
				panic(err)
			}
		}
		p, m := systems.Position.Require(w, hero), systems.Mover.Require(w, hero)
		fmt.Printf("at (%.1f, %.1f) on the floor: %v\n", p.X, p.Y, m.OnFloor)
	}
	run(10) // falling
	run(50) // landed: the floor's top is 200, the hero's half height 10
	systems.Velocity.Require(w, hero).X = 120
	run(60) // walks across the seams between tiles without catching
	// Output:
	// at (40.0, 115.0) on the floor: false
	// at (40.0, 190.0) on the floor: true
	// at (160.0, 190.0) on the floor: true
}

func Example_topDown() {
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
	world.Spawn2(w, systems.Position, systems.Vec2{X: 100, Y: 100}, systems.Collider, systems.Box(20, 200))
	hero := world.Spawn3(w, systems.Position, systems.Vec2{X: 40, Y: 150},
		systems.Velocity, systems.Vec2{X: 120, Y: -60}, systems.Collider, systems.Circle(8))
	systems.Mover.Add(w, hero, systems.Movement{})

	for range 60 {
		systems.Velocity.Add(w, hero, systems.Vec2{X: 120, Y: -60}) // the stick held up and right
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
	}
	p, m := systems.Position.Require(w, hero), systems.Mover.Require(w, hero)
	fmt.Printf("at (%.0f, %.0f), against a wall: %v\n", p.X, p.Y, m.OnWall)
	// Output:
	// at (82, 90), against a wall: true
}

func Example_queries() {
	TagWall, TagCoin := systems.NewTag("wall"), systems.NewTag("coin")
	col, err := systems.NewCollision(systems.CollisionOptions{})
	if err != nil {
		panic(err)
	}
	w := world.New()
	if err := w.AddSystem(col.System()); err != nil {
		panic(err)
	}
	wall, coin := systems.Box(20, 100), systems.Circle(5)
	wall.Tags, coin.Tags = TagWall, TagCoin
	w1 := world.Spawn2(w, systems.Position, systems.Vec2{X: 200, Y: 100}, systems.Collider, wall)
	c1 := world.Spawn2(w, systems.Position, systems.Vec2{X: 120, Y: 100}, systems.Collider, coin)
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		panic(err) // queries answer from the state the last step left
	}
	fmt.Println("wall", w1, "coin", c1)

	fmt.Println("at (195, 60):", col.AtPoint(systems.Vec2{X: 195, Y: 60}, 0, nil))
	fmt.Println("in the left half:", col.InRect(systems.Rect(0, 0, 160, 240), 0, nil))
	if hit, ok := col.Raycast(systems.Vec2{X: 0, Y: 100}, systems.Vec2{X: 320, Y: 100}, TagWall); ok {
		fmt.Printf("ray hits %v at %v, normal %v, %.0f away\n", hit.Entity, hit.Point, hit.Normal, hit.Dist)
	}
	for _, hit := range col.RaycastAll(systems.Vec2{X: 0, Y: 100}, systems.Vec2{X: 320, Y: 100}, 0, nil) {
		fmt.Println("through", hit.Entity, "at x =", hit.Point.X)
	}
	// Output:
	// wall 0v1 coin 1v1
	// at (195, 60): [0v1]
	// in the left half: [1v1]
	// ray hits 0v1 at {190 100}, normal {-1 0}, 190 away
	// through 1v1 at x = 115
	// through 0v1 at x = 190
}
