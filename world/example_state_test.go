package world_test

// The examples of docs/STATE.md's sections on snapshots, the world hash
// and the world's generator. Each is shown there verbatim:
// internal/readmecheck fails when a snippet and its example differ.

import (
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

// ExampleWorld_Snapshot rolls a world back: a snapshot before a step,
// the step, and a restore bring back the world before it, draws of the
// generator included, and the step replayed gives the same world.
func ExampleWorld_Snapshot() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position")
	Velocity := world.DefineFields[Vec2]("Velocity")

	w := world.New()
	w.Seed(1)
	var last world.Entity
	for i := range 3 {
		last = world.Spawn2(w, Position, Vec2{X: float64(i)}, Velocity, Vec2{Y: 1})
	}
	step := func() {
		world.Each2(w, Position, Velocity, func(_ world.Entity, p, v *Vec2) {
			p.X += w.Rand().Float64() // a draw: part of the state
			p.Y += v.Y
		})
	}

	var before world.Snapshot // reused: no allocation once grown
	w.Snapshot(&before)
	step()
	after := w.Hash()

	if err := w.Restore(&before); err != nil { // back to before the step
		fmt.Println(err)
	}
	fmt.Println(*Position.Require(w, last), w.Len())
	step() // the same step again
	fmt.Println(w.Hash() == after)
	// Output:
	// {2 0} 3
	// true
}

// ExampleOptions_copy gives a component whose value holds a slice a copy
// function: without it the snapshot would share the slice with the world,
// and a write into it would reach the snapshot.
func ExampleOptions_copy() {
	type Inventory struct{ Items []string }
	Bag := world.DefineComponent("Bag", world.Options[Inventory]{
		Copy: func(dst, src *Inventory) {
			dst.Items = append(dst.Items[:0], src.Items...) // reuses dst's memory
		},
	})

	w := world.New()
	hero := world.Spawn1(w, Bag, Inventory{Items: []string{"sword"}})
	var save world.Snapshot
	w.Snapshot(&save)
	Bag.Require(w, hero).Items[0] = "stick" // in place
	w.Restore(&save)
	fmt.Println(Bag.Require(w, hero).Items)
	// Output: [sword]
}

// ExampleResourceOptions puts a resource in snapshots; the others are
// left as they are by a restore.
func ExampleResourceOptions() {
	type Score struct{ Points int }
	ScoreRes := world.DefineResource("Score", world.ResourceOptions[Score]{
		Copy: func(dst, src *Score) { *dst = *src }, // plain data: assignment is a copy
	})
	InputRes := world.DefineResource[Score]("Input") // not state: never rolled back

	w := world.New()
	score, input := &Score{Points: 10}, &Score{Points: 1}
	ScoreRes.Set(w, score)
	InputRes.Set(w, input)
	var s world.Snapshot
	w.Snapshot(&s)
	score.Points, input.Points = 99, 2
	w.Restore(&s)
	fmt.Println(score.Points, input.Points) // the same pointers
	// Output: 10 2
}

// ExampleWorld_Diff finds what two runs disagree on, when their hashes
// differ.
func ExampleWorld_Diff() {
	type Vec2 struct{ X, Y float64 }
	Position := world.DefineFields[Vec2]("Position")
	Health := world.DefineComponent[int]("Health")

	run := func(hurt bool) *world.World {
		w := world.New()
		a := world.Spawn2(w, Position, Vec2{}, Health, 10)
		b := world.Spawn2(w, Position, Vec2{X: 5}, Health, 10)
		if hurt {
			*Health.Require(w, b) -= 3
			w.Destroy(a)
		}
		return w
	}
	recorded, replayed := run(false), run(true)
	fmt.Println(recorded.Hash() == replayed.Hash())
	for _, d := range replayed.Diff(recorded) {
		fmt.Println(d)
	}
	for _, d := range replayed.Digests(nil) {
		fmt.Println(d.Kind, d.Name, d.Count)
	}
	// Output:
	// false
	// ids: slots or free slots differ
	// 0v1: alive only in the other world
	// 1v1 Health: values differ
	// ids  1
	// rand  0
	// component Position 1
	// component Health 1
}

// ExampleWorld_Rand draws from the world's generator, and from streams
// keyed by the step and the entity for draws that must not depend on the
// order entities are visited in.
func ExampleWorld_Rand() {
	Health := world.DefineComponent[int]("Health")
	w := world.New()
	w.Seed(7)
	for range 3 {
		world.Spawn1(w, Health, 10)
	}
	fmt.Println(w.Rand().IntN(6) + 1) // a die

	step := uint64(1)
	world.Each1(w, Health, func(e world.Entity, hp *int) {
		// Keyed by the step and the entity: the draws depend on the keys only.
		s := w.Rand().Stream(step).Stream(uint64(e))
		*hp -= s.Range(1, 5) // 1 to 4 damage
	})
	world.Each1(w, Health, func(e world.Entity, hp *int) { fmt.Print(e, " ", *hp, "  ") })
	// Output:
	// 5
	// 0v1 7  1v1 9  2v1 9
}
