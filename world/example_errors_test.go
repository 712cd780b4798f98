package world_test

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/world"
)

func ExampleCodeOf() {
	Health := world.DefineComponent[int]("Health")
	w := world.New()
	e := w.Create()
	err := w.Recover(func() error {
		Health.Require(w, e)
		return nil
	})
	switch world.CodeOf(err) {
	case world.CodeMissingComponent:
		var we *world.Error
		errors.As(err, &we)
		fmt.Println(we.Entity, we.Component, "-", we.HintText())
	}
	// Output: 0v1 Health - use Get and test its ok result, or add the component first
}

func ExampleWorld_Recover() {
	w := world.New()
	err := w.Recover(func() error {
		panic("scene script failed")
	})
	fmt.Println(errors.Is(err, world.ErrPanic), err)
	// Output: true world: panic: scene script failed
}
