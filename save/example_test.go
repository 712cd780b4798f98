package save_test

import (
	"context"
	"fmt"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

type Health struct {
	HP  int
	Max int `save:"-"` // configuration: always the prefab's
}

var HealthC = world.DefineComponent[Health]("Health")

func Example() {
	lib := prefab.NewLibrary(prefab.Component(HealthC))
	if err := lib.LoadBytes("monsters.yaml", []byte("goblin:\n  components:\n    Health: {hp: 6, max: 6}\n")); err != nil {
		fmt.Println(err)
		return
	}
	codec, err := save.New(lib, save.Component(HealthC))
	if err != nil {
		fmt.Println(err)
		return
	}
	w := world.New()
	w.Seed(7)
	g, _ := lib.Spawn(w, "goblin", nil)
	lib.Spawn(w, "goblin", nil)
	HealthC.Require(w, g).HP = 2 // runtime state: saved

	data, err := codec.Save(w, save.SaveOptions{Clock: save.Clock{Step: 120}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(data))

	loaded := world.New()
	info, err := codec.Load(context.Background(), loaded, data, save.LoadOptions{Name: "slot.yaml"})
	fmt.Println(info.Clock.Step, err, loaded.Hash() == w.Hash())
	// Output:
	// version: 1
	// format: yaml
	// clock: {step: 120, now: 0s}
	// rand: seed=7 stream=0 position=0
	// ids: {slots: 2, free: []}
	// entities:
	//   - id: 0v1
	//     prefab: goblin
	//     components:
	//       Health: {hp: 2}
	//   - id: 1v1
	//     prefab: goblin
	// 120 <nil> true
}
