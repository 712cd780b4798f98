package save_test

import (
	"context"
	"errors"
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

// goblins returns a library of goblins, a codec of it, and a world of
// three goblins, the first hurt.
func goblins() (*prefab.Library, *save.Codec, *world.World) {
	lib := prefab.NewLibrary(prefab.Component(HealthC))
	if err := lib.LoadBytes("monsters.yaml", []byte("goblin:\n  components:\n    Health: {hp: 6, max: 6}\n")); err != nil {
		panic(err)
	}
	codec, err := save.New(lib, save.Component(HealthC))
	if err != nil {
		panic(err)
	}
	w := world.New()
	w.Seed(7)
	for range 3 {
		lib.Spawn(w, "goblin", nil)
	}
	HealthC.Require(w, w.Entities()[0]).HP = 2 // runtime state: saved
	return lib, codec, w
}

func ExampleCodec_Save() {
	_, codec, w := goblins()
	w.Destroy(w.Entities()[1]) // its id is free: the save says so
	data, err := codec.Save(w, save.SaveOptions{Clock: save.Clock{Step: 120, Now: 2e9}})
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
	// clock: {step: 120, now: 2s}
	// rand: seed=7 stream=0 position=0
	// ids: {slots: 3, free: [1v2]}
	// entities:
	//   - id: 0v1
	//     prefab: goblin
	//     components:
	//       Health: {hp: 2}
	//   - id: 2v1
	//     prefab: goblin
	// 120 <nil> true
}

func ExampleFormat_compact() {
	_, codec, w := goblins()
	data, err := codec.Save(w, save.SaveOptions{Format: save.Compact})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(data))
	// Output:
	// version: 1
	// format: compact
	// clock: {step: 0, now: 0s}
	// rand: seed=7 stream=0 position=0
	// ids: {slots: 3, free: []}
	// entityDefinitions:
	//   0:
	//     type: goblin
	//     properties:
	//       - {name: '@slot', type: uint}
	//       - {name: Health.hp, type: int}
	// entities:
	//   - "##'"
	//   - "#$"
	//   - "#%"
}

func ExampleCodec_Load_errors() {
	lib, codec, _ := goblins()
	w := world.New()
	lib.Spawn(w, "goblin", nil)
	before := w.Hash()

	bad := `version: 1
ids: {slots: 2, free: []}
entities:
  - {id: 0v1, prefab: goblin, components: {Health: {hp: many, maxhp: 9}}}
  - {id: 1v1, prefab: orc}
`
	_, err := codec.Load(context.Background(), w, []byte(bad), save.LoadOptions{Name: "slot.yaml"})
	for _, e := range save.Errors(err) {
		fmt.Println(e)
	}
	fmt.Println(errors.Is(err, save.ErrUnknownPrefab), w.Hash() == before) // the world is as it was
	// Output:
	// slot.yaml:4:57: entity 0v1 (prefab "goblin"): component "Health": field "hp": save: invalid value: cannot unmarshal !!str `many` into int
	// slot.yaml:4:63: entity 0v1 (prefab "goblin"): component "Health": field "maxhp": save: unknown field: the component has no such field
	// slot.yaml:5:5: entity 1v1 (prefab "orc"): save: unknown prefab: the library has no such prefab
	// true true
}

// Inventory saves its items alone; count is worked out from them.
type Inventory struct {
	Items []string
	count int
}

var InventoryC = world.DefineComponent[Inventory]("Inventory")

// Aim names another entity: the id names it after a load too.
type Aim struct{ At world.Entity }

var AimC2 = world.DefineComponent[Aim]("Aim")

func ExampleCustom() {
	codec, err := save.New(nil,
		save.Custom(InventoryC,
			func(v *Inventory) []string { return v.Items },
			func(v *Inventory, items []string) error {
				v.Items, v.count = items, len(items)
				return nil
			}),
		save.Component(AimC2))
	if err != nil {
		fmt.Println(err)
		return
	}
	w := world.New()
	hero := w.Spawn(InventoryC.With(Inventory{Items: []string{"rope", "lamp"}, count: 2}))
	w.Spawn(AimC2.With(Aim{At: hero}))
	data, _ := codec.Save(w, save.SaveOptions{})

	loaded := world.New()
	if _, err := codec.Load(context.Background(), loaded, data, save.LoadOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	for e, a := range world.Query1(loaded, AimC2) {
		inv := InventoryC.Require(loaded, a.At)
		fmt.Println(e, "aims at", a.At, "who carries", inv.Items, inv.count)
	}
	// Output:
	// 1v1 aims at 0v1 who carries [rope lamp] 2
}

func ExampleLoadOptions_progress() {
	lib, codec, _ := goblins()
	w := world.New()
	for range 3000 {
		lib.Spawn(w, "goblin", nil)
	}
	data, _ := codec.Save(w, save.SaveOptions{Format: save.Compact})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	into := world.New()
	_, err := codec.Load(ctx, into, data, save.LoadOptions{Slice: 1000, Progress: func(p save.Progress) {
		fmt.Printf("%s %d/%d %.2f\n", p.Phase, p.Done, p.Total, p.Fraction)
		if p.Phase == save.PhaseLinks {
			cancel() // the player gave up
		}
	}})
	fmt.Println(errors.Is(err, context.Canceled), into.Len()) // a cancelled load keeps nothing
	// Output:
	// parse 0/1 0.00
	// parse 1/1 0.30
	// entities 0/3000 0.30
	// entities 1000/3000 0.48
	// entities 2000/3000 0.67
	// entities 3000/3000 0.85
	// links 0/3000 0.85
	// links 1000/3000 0.88
	// true 0
}
