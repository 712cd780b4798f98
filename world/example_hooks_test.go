package world_test

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

func ExampleOptions() {
	type Loot struct{ Coins int }
	Treasure := world.DefineComponent("Treasure", world.Options[Loot]{
		Added: func(w *world.World, e world.Entity, l *Loot) { fmt.Println("added", e, l.Coins) },
		Died: func(w *world.World, e world.Entity, l *Loot) {
			// The dying entity is whole here: read what it holds.
			fmt.Println("died", e, "dropping", l.Coins, "coins")
		},
		Teardown: func(w *world.World, e world.Entity, l *Loot) { fmt.Println("teardown", e) },
	})

	w := world.New()
	chest := world.Spawn1(w, Treasure, Loot{Coins: 30})
	w.Destroy(chest) // Died, then Teardown
	pot := world.Spawn1(w, Treasure, Loot{Coins: 2})
	w.Remove(pot, Treasure) // Teardown only (and Removed, which it has not)
	world.Spawn1(w, Treasure, Loot{Coins: 5})
	w.Clear() // Teardown only: clearing is not dying
	// Output:
	// added 0v1 30
	// died 0v1 dropping 30 coins
	// teardown 0v1
	// added 0v2 2
	// teardown 0v2
	// added 1v1 5
	// teardown 1v1
}

func ExampleOptions_inWalks() {
	Health := world.DefineComponent("Health", world.Options[int]{
		Died: func(_ *world.World, e world.Entity, hp *int) { fmt.Println("  died:", e) },
	})
	w := world.New()
	for hp := range 3 {
		world.Spawn1(w, Health, hp)
	}
	fmt.Println("walk:")
	world.Each1(w, Health, func(e world.Entity, hp *int) {
		if *hp == 0 {
			w.Destroy(e) // waits for the walk: Died runs when it ends
			fmt.Println("  asked to destroy", e)
		}
	})
	fmt.Println("after the walk")
	// Output:
	// walk:
	//   asked to destroy 0v1
	//   died: 0v1
	// after the walk
}

func ExampleOptions_hookPanic() {
	Fragile := world.DefineComponent("Fragile", world.Options[int]{
		Died: func(*world.World, world.Entity, *int) { panic("shattered") },
	})
	w := world.New()
	e := world.Spawn1(w, Fragile, 1)
	err := w.Recover(func() error { w.Destroy(e); return nil })
	fmt.Println(errors.Is(err, world.ErrHookPanic), w.IsAlive(e))
	fmt.Println(err)
	// Output:
	// true false
	// world: panic: world: Died[Fragile] on entity 0v1: hook panic (shattered)
}

func ExampleEvent() {
	Hit := world.DefineEvent("Hit")
	Health := world.DefineComponent[int]("Health")

	w := world.New()
	Hit.Subscribe(w, func(w *world.World, ids []world.Entity) {
		fmt.Println("hit this step:", ids) // one call for the whole step
	})
	for range 3 {
		world.Spawn1(w, Health, 10)
	}
	w.AddSystem(world.System{Name: "explode", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		world.Each1(ctx.World, Health, func(e world.Entity, hp *int) {
			*hp -= 4
			Hit.Emit(ctx.World, e)
		})
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, nil)
	// Output:
	// hit this step: [0v1 1v1 2v1]
}
