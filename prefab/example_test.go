package prefab_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing/fstest"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

type Vital struct{ HP, Max int }

type Point struct{ X, Y float32 }

var (
	Health    = world.DefineComponent[Vital]("Health")
	Position  = world.DefineFields[Point]("Position")
	Name      = world.DefineComponent[string]("Name")
	Inventory = world.DefineComponent[[]string]("Inventory")
	Flying    = world.DefineTag("Flying")
)

func ExamplePrefab() {
	bat := prefab.New("bat",
		prefab.Value(Health, Vital{HP: 2, Max: 2}),
		prefab.Value(Inventory, []string{"wing"}),
		prefab.Tag(Flying),
	)
	w := world.New()
	a, b := bat.Spawn(w, nil), bat.Spawn(w, nil)
	(*Inventory.Require(w, a))[0] = "fang" // each entity has its own copy
	fmt.Println(*Health.Require(w, a), *Inventory.Require(w, a), *Inventory.Require(w, b), w.Has(b, Flying))
	// Output: {2 2} [fang] [wing] true
}

func ExamplePart() {
	parts := []prefab.Part{
		prefab.Value(Health, Vital{HP: 3, Max: 3}),
		prefab.Factory(Name, func(s prefab.Spawn) string { return "imp " + s.Entity.String() }),
		prefab.Tag(Flying),
	}
	imp := prefab.New("imp", parts...)
	for _, c := range imp.Components() { // plain values first, then factories
		fmt.Print(c.Name(), " ")
	}
	w := world.New()
	fmt.Println(*Name.Require(w, imp.Spawn(w, nil)))
	// Output: Health Flying Name imp 0v1
}

func ExamplePrefab_Extend() {
	monster := prefab.New("monster",
		prefab.Value(Health, Vital{HP: 10, Max: 10}),
		prefab.Value(Name, "monster"),
		prefab.Tag(Flying),
	)
	goblin := monster.Extend("goblin",
		prefab.Value(Health, Vital{HP: 6}), // zero fields keep the base's: Max stays 10
		prefab.Patch(Name, func(n *string) { *n += " (goblin)" }),
		prefab.None(Flying), // goblins do not fly
	)
	w := world.New()
	e := goblin.Spawn(w, nil)
	fmt.Println(*Health.Require(w, e), *Name.Require(w, e), w.Has(e, Flying))
	fmt.Println(goblin.Is("monster"), goblin.Base().Name())
	// Output:
	// {6 10} monster (goblin) false
	// true monster
}

func ExampleSpawn() {
	type Agent struct{ Target world.Entity }
	Brain := world.DefineComponent[*Agent]("Brain")
	imp := prefab.New("imp",
		prefab.Value(Health, Vital{HP: 3, Max: 3}),
		// A factory runs once per spawn, after the plain values, with the
		// new entity and the spawn's arguments.
		prefab.Factory(Position, func(s prefab.Spawn) Point { return s.Args.(Point) }),
		prefab.Factory(Brain, func(s prefab.Spawn) *Agent { return &Agent{Target: s.Entity} }),
	)
	w := world.New()
	e := imp.Spawn(w, Point{X: 40, Y: 80})
	p, _ := Position.Get(w, e)
	fmt.Println(*p, (*Brain.Require(w, e)).Target == e)
	// Output: {40 80} true
}

func ExampleSpawnOptions() {
	imp := prefab.New("imp", prefab.Value(Health, Vital{HP: 3, Max: 3}), prefab.Tag(Flying))
	w := world.New()
	e := imp.SpawnWith(w, prefab.SpawnOptions{
		With:    []prefab.Part{prefab.Value(Name, "Ember")},
		Without: []world.ComponentType{Flying},
	})
	fmt.Println(*Name.Require(w, e), w.Has(e, Flying), w.Has(e, Health))
	// Output: Ember false true
}

func ExampleLibrary() {
	lib := prefab.NewLibrary(prefab.Component(Health), prefab.Component(Name), prefab.Component(Flying))
	lib.Add(prefab.New("monster", prefab.Value(Health, Vital{HP: 10, Max: 10}), prefab.Tag(Flying)))
	files := fstest.MapFS{ // an embed.FS works the same
		"prefabs/goblins.yaml": {Data: []byte(`
goblin-chief:          # bases may come later, or from another file
  extends: goblin
  components:
    Health: { hp: 30 }
goblin:
  extends: monster     # added in code
  components:
    Health: { hp: 6, max: 6 }
    Name: Grub
    Flying: none
`)},
	}
	if err := lib.LoadFS(files, "prefabs"); err != nil {
		fmt.Println(err)
		return
	}
	w := world.New()
	e, err := lib.Spawn(w, "goblin-chief", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(lib.Names(), *Health.Require(w, e), *Name.Require(w, e), w.Has(e, Flying))
	// Output: [goblin goblin-chief monster] {30 6} Grub false
}

func ExampleLibrary_Attach() {
	type Agent struct{ Mood string }
	Brain := world.DefineComponent[*Agent]("Brain")
	lib := prefab.NewLibrary(prefab.Component(Health))
	// Data cannot hold a function: code gives the goblin its brain.
	lib.Attach("goblin", prefab.Factory(Brain, func(s prefab.Spawn) *Agent { return &Agent{Mood: "sly"} }))
	if err := lib.LoadBytes("goblins.yaml", []byte("goblin:\n  components:\n    Health: {hp: 6}\nchief:\n  extends: goblin\n")); err != nil {
		fmt.Println(err)
		return
	}
	w := world.New()
	e, _ := lib.Spawn(w, "chief", nil) // variants inherit attached parts
	fmt.Println((*Brain.Require(w, e)).Mood)
	// Output: sly
}

func ExampleRegistration_As() {
	lib := prefab.NewLibrary(prefab.Component(Health).As("Vitals"))
	err := lib.LoadBytes("a.yaml", []byte("troll:\n  components:\n    Vitals: {hp: 40, max: 40}\n"))
	fmt.Println(lib.Components(), err)
	// Output: [Vitals] <nil>
}

func ExampleLoadError() {
	lib := prefab.NewLibrary(prefab.Component(Health))
	err := lib.LoadBytes("orcs.yaml", []byte(`
grunt:
  extends: orc
  components:
    Health: { hp: lots, mx: 3 }
    Helth: {}
`))
	for _, e := range prefab.Errors(err) {
		fmt.Println(e)
	}
	var le *prefab.LoadError
	if errors.As(err, &le) {
		fmt.Println(le.File, le.Line, le.Col, le.Prefab, errors.Is(err, prefab.ErrUnknownBase))
	}
	fmt.Println(lib.Names()) // nothing of a failed load is kept
	// Output:
	// orcs.yaml:3:12: prefab "grunt": extends unknown prefab "orc"
	// orcs.yaml:5:19: prefab "grunt": component "Health": field "hp": expected an integer (int), got the string "lots"
	// orcs.yaml:5:25: prefab "grunt": component "Health": unknown field "mx" (did you mean "max"?)
	// orcs.yaml:6:5: prefab "grunt": unknown component "Helth" (did you mean "Health"?)
	// orcs.yaml 3 12 grunt true
	// []
}

func ExampleWatcher() {
	dir, err := os.MkdirTemp("", "prefabs")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "imp.yaml")
	os.WriteFile(file, []byte("imp:\n  components:\n    Health: {hp: 3}\n"), 0o644)

	lib := prefab.NewLibrary(prefab.Component(Health))
	if err := lib.Load(dir); err != nil {
		panic(err)
	}
	watch := lib.Watch(0) // a game passes, say, 500 * time.Millisecond

	os.WriteFile(file, []byte("imp:\n  components:\n    Health: {hp: 15}\n"), 0o644)
	if r, ok := watch.Poll(); ok { // between steps
		fmt.Println(r.Changed, r.Err)
	}
	w := world.New()
	e, _ := lib.Spawn(w, "imp", nil)
	fmt.Println(*Health.Require(w, e))
	// Output:
	// [imp] <nil>
	// {15 0}
}

func ExampleReload() {
	dir, err := os.MkdirTemp("", "prefabs")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "imp.yaml")
	os.WriteFile(file, []byte("imp:\n  components:\n    Health: {hp: 3}\n"), 0o644)
	lib := prefab.NewLibrary(prefab.Component(Health))
	if err := lib.Load(file); err != nil {
		panic(err)
	}

	os.WriteFile(file, []byte("imp:\n  components:\n    Health: {hp: three}\n"), 0o644)
	r := lib.Reload() // a bad reload keeps the old library
	fmt.Println(strings.TrimPrefix(r.Err.Error(), dir+string(filepath.Separator)))
	w := world.New()
	e, _ := lib.Spawn(w, "imp", nil)
	fmt.Println(*Health.Require(w, e))
	// Output:
	// imp.yaml:3:18: prefab "imp": component "Health": field "hp": expected an integer (int), got the string "three"
	// {3 0}
}

func ExampleLibrary_WriteSchema() {
	lib := prefab.NewLibrary(prefab.Component(Health), prefab.Component(Flying))
	var out strings.Builder
	if err := lib.WriteSchema(&out); err != nil {
		panic(err)
	}
	schema := out.String()
	fmt.Println(strings.Contains(schema, `"$schema": "http://json-schema.org/draft-07/schema#"`))
	fmt.Println(strings.Contains(schema, `"hp": {`), strings.Contains(schema, `"Flying": {`))
	// Output:
	// true
	// true true
}

func ExampleLibrary_Check() {
	lib := prefab.NewLibrary(prefab.Component(Health))
	files := fstest.MapFS{"ok.yaml": {Data: []byte("imp:\n  components:\n    Health: {hp: 3}\n")}}
	fmt.Println(lib.CheckFS(files), lib.Names()) // checking loads nothing
	// Output: <nil> []
}
