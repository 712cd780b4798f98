package world_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/world"
)

func ExampleRelation() {
	w := world.New()
	pipe := w.Create()
	cap1 := w.Spawn(world.ChildOf.With(pipe))
	cap2 := w.Create()
	world.ChildOf.Set(w, cap2, pipe)

	parent, _ := world.ChildOf.Target(w, cap1)
	fmt.Println("parent of", cap1, "is", parent)
	fmt.Println("children of", pipe, "are", world.ChildOf.Sources(w, pipe))

	err := world.ChildOf.Set(w, pipe, cap1) // pipe would be its own grandparent
	fmt.Println(errors.Is(err, world.ErrCycle), err)

	w.Destroy(pipe) // its children go with it
	fmt.Println(w.IsAlive(cap1), w.IsAlive(cap2), w.Len())
	// Output:
	// parent of 1v1 is 0v1
	// children of 0v1 are [1v1 2v1]
	// true world: Set[ChildOf] on entity 0v1 and 1v1: cycle
	// false false 0
}

func ExampleDefineRelation() {
	// Any number of targets per source, and sources only detached when a
	// target dies.
	Likes := world.DefineRelation("Likes", world.RelationOptions{Reverse: "LikedBy"})
	w := world.New()
	ada, bob, cat := w.Create(), w.Create(), w.Create()
	Likes.Set(w, ada, bob)
	Likes.Set(w, ada, cat)
	Likes.Set(w, bob, ada) // cycles are allowed: not Acyclic
	fmt.Println(Likes.Targets(w, ada), Likes.Sources(w, ada), w.Has(cat, Likes.Reverse()))
	w.Destroy(cat)
	fmt.Println(Likes.Targets(w, ada), world.Inspect(w, 0, 0)[0])
	// Output:
	// [1v1 2v1] [1v1] true
	// [1v1] 0v1 Likes=[1v1] LikedBy=[1v1]
}

// A menu draws its items in their parent's order of children; sorting
// them by label is a sort of a copy of the sources, then OrderSources.
func ExampleRelation_OrderSources() {
	Label := world.DefineComponent[string]("Label")
	w := world.New()
	menu := w.Create()
	for _, s := range []string{"quit", "load", "new game"} {
		w.Spawn(world.ChildOf.With(menu), Label.With(s))
	}
	byLabel := slices.Clone(world.ChildOf.Sources(w, menu))
	slices.SortFunc(byLabel, func(a, b world.Entity) int {
		la, _ := Label.Get(w, a)
		lb, _ := Label.Get(w, b)
		return strings.Compare(*la, *lb)
	})
	if err := world.ChildOf.OrderSources(w, menu, byLabel); err != nil {
		fmt.Println(err)
	}
	for _, item := range world.ChildOf.Sources(w, menu) {
		l, _ := Label.Get(w, item)
		fmt.Println(item, *l)
	}
	err := world.ChildOf.OrderSources(w, menu, byLabel[1:]) // one left out
	fmt.Println(errors.Is(err, world.ErrBadOrder), err)
	// Output:
	// 2v1 load
	// 3v1 new game
	// 1v1 quit
	// true world: OrderSources[Children] on entity 0v1: bad order (2 entities for 3 sources)
}
