package prefab_test

// The examples in this file are the Go snippets of docs/PREFABS.md,
// verbatim: internal/readmecheck fails when a snippet and its example
// differ.

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func Example_code() {
	type Life struct{ HP, Max int }
	type Vec2 struct{ X, Y float64 }
	Health := world.DefineComponent[Life]("Health") // real code defines these once, at package level
	Position := world.DefineFields[Vec2]("Position")
	Loot := world.DefineComponent[[]string]("Loot")
	Flying := world.DefineTag("Flying")

	monster := prefab.New("monster",
		prefab.Value(Health, Life{HP: 10, Max: 10}),
		prefab.Value(Loot, []string{"bone"}), // copied for every entity
		prefab.Factory(Position, func(s prefab.Spawn) Vec2 { return s.Args.(Vec2) }),
		prefab.Tag(Flying),
	)
	imp := monster.Extend("imp",
		prefab.Value(Health, Life{HP: 4}), // merged: Max stays 10
		prefab.None(Flying),
	)

	w := world.New()
	e := imp.Spawn(w, Vec2{40, 80})
	p, _ := Position.Get(w, e)
	fmt.Println(*Health.Require(w, e), *Loot.Require(w, e), *p, w.Has(e, Flying), imp.Is("monster"))
	// Output: {4 10} [bone] {40 80} false true
}

func Example_library() {
	type Life struct{ HP, Max int }
	type Agent struct{ Mood string }
	Health := world.DefineComponent[Life]("Health")
	Brain := world.DefineComponent[*Agent]("Brain")

	lib := prefab.NewLibrary(prefab.Component(Health)) // what data may name
	lib.Add(prefab.New("monster", prefab.Value(Health, Life{HP: 10, Max: 10})))
	lib.Attach("goblin", prefab.Factory(Brain, func(prefab.Spawn) *Agent { return &Agent{Mood: "sly"} }))

	files := fstest.MapFS{ // a game ships an embed.FS; os.DirFS or lib.Load work too
		"prefabs/goblins.yaml": {Data: []byte(`
goblin:
  extends: monster
  components:
    Health: { hp: 6, max: 6 }
goblin-chief:
  extends: goblin
  components:
    Health: { hp: 30 }
`)},
	}
	if err := lib.LoadFS(files, "prefabs"); err != nil {
		fmt.Println(err) // every problem, with file:line:column
		return
	}
	w := world.New()
	e, _ := lib.Spawn(w, "goblin-chief", nil)
	fmt.Println(*Health.Require(w, e), (*Brain.Require(w, e)).Mood)
	// Output: {30 6} sly
}

func Example_errors() {
	type Life struct{ HP, Max int }
	Health := world.DefineComponent[Life]("Health")
	lib := prefab.NewLibrary(prefab.Component(Health))

	err := lib.LoadBytes("orcs.yaml", []byte(`
grunt:
  extends: orc
  components:
    Health: { hp: 5, mx: 5 }
`))
	for _, e := range prefab.Errors(err) {
		fmt.Println(e)
	}
	fmt.Println(errors.Is(err, prefab.ErrUnknownField), lib.Names())
	// Output:
	// orcs.yaml:3:12: prefab "grunt": extends unknown prefab "orc"
	// orcs.yaml:5:22: prefab "grunt": component "Health": unknown field "mx" (did you mean "max"?)
	// true []
}

func Example_hotReload() {
	type Life struct{ HP, Max int }
	Health := world.DefineComponent[Life]("Health")
	dir, _ := os.MkdirTemp("", "prefabs")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "imp.yaml")
	os.WriteFile(file, []byte("imp: {components: {Health: {hp: 3}}}\n"), 0o644)

	lib := prefab.NewLibrary(prefab.Component(Health))
	if err := lib.Load(dir); err != nil {
		panic(err)
	}
	watch := lib.Watch(0) // a game passes 500 * time.Millisecond or so

	w := world.New()
	for step := range 3 {
		if step == 1 { // a designer saves a change, then a mistake
			os.WriteFile(file, []byte("imp: {components: {Health: {hp: 12}}}\n"), 0o644)
		} else if step == 2 {
			os.WriteFile(file, []byte("imp: {components: {Health: {hp: lots}}}\n"), 0o644)
		}
		if r, ok := watch.Poll(); ok { // between steps, never during one
			fmt.Println("reload:", r.Changed, r.Err != nil)
		}
		e, _ := lib.Spawn(w, "imp", nil)
		fmt.Println("step", step, *Health.Require(w, e))
	}
	// Output:
	// step 0 {3 0}
	// reload: [imp] false
	// step 1 {12 0}
	// reload: [] true
	// step 2 {12 0}
}

// Icon names a picture by path, as a sprite does.
type Icon struct{ Image assets.Path }

// CheckAssets loads the picture, so a load of prefab data that names one
// that is missing fails.
func (i Icon) CheckAssets(l *assets.Loader) error {
	_, err := l.Image(i.Image.String())
	return err
}

// onePixelPNG returns a PNG file of one pixel.
func onePixelPNG() []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return b.Bytes()
}

func Example_assets() {
	IconKey := world.DefineComponent[Icon]("Icon") // Icon implements assets.Referrer
	lib := prefab.NewLibrary(prefab.Component(IconKey))
	gameFiles := fstest.MapFS{"sprites/bird.png": {Data: onePixelPNG()}}
	if err := lib.UseAssets(assets.New(gameFiles)); err != nil { // nil turns checking off
		panic(err)
	}

	err := lib.LoadBytes("birds.yaml", []byte(`
bird:
  components:
    Icon: {image: sprites/brid.png}
`))
	fmt.Println(err)
	fmt.Println(errors.Is(err, prefab.ErrAsset), errors.Is(err, assets.ErrNotFound))
	// Output:
	// birds.yaml:4:11: prefab "bird": component "Icon": sprites/brid.png: file does not exist
	// true true
}

func Example_children() {
	type Part struct{ Kind string }
	Shape := world.DefineComponent[Part]("Shape")
	lib := prefab.NewLibrary(prefab.Component(Shape), prefab.Component(geom.Position),
		prefab.Component(systems.LocalTransform).At("offset")) // engine.Components() registers these

	err := lib.LoadBytes("pipes.yaml", []byte(`
pipe-cap:
  components: {Shape: {kind: cap}}
pipe:
  components:
    Shape: {kind: pipe}
    Position: {x: 100, y: 50}
  children:
    - {name: top, prefab: pipe-cap, at: {x: 0, y: -16}}
    - {name: bottom, prefab: pipe-cap, at: {x: 0, y: 16}}
long-pipe:
  extends: pipe
  children:
    - {name: bottom, at: {y: 32}}        # changes the base's child: moved down
    - {name: ring, prefab: pipe-cap, at: {y: 0}}   # a new child
`))
	if err != nil {
		panic(err)
	}
	w := world.New()
	w.AddSystem(systems.Transforms())      // places children from their parent every fixed step
	e, _ := lib.Spawn(w, "long-pipe", nil) // the root; its children exist too
	w.Run(world.Context{Phase: world.Fixed}, nil)

	p, _ := lib.Lookup("long-pipe")
	for _, c := range p.Children() {
		fmt.Print(c.ChildName(), "=", c.Name(), " ")
	}
	var ys []float64
	for _, c := range world.ChildOf.Sources(w, e) {
		ys = append(ys, geom.Position.Require(w, c).Y)
	}
	slices.Sort(ys)
	fmt.Println(ys)
	w.Destroy(e) // the children go with their parent
	fmt.Println(w.Len(), "entities left")
	// Output:
	// top=pipe-cap bottom=pipe-cap ring=pipe-cap [34 50 82]
	// 0 entities left
}

func ExampleChild() {
	type Part struct{ Kind string }
	Shape := world.DefineComponent[Part]("Shape")

	wheel := prefab.New("wheel", prefab.Value(Shape, Part{"wheel"}))
	cart := prefab.New("cart", prefab.Value(Shape, Part{"cart"}),
		prefab.Child("front", wheel, prefab.Value(systems.LocalTransform, systems.Transform{Offset: geom.Vec2{X: 8}})),
		prefab.Child("back", wheel, prefab.Value(systems.LocalTransform, systems.Transform{Offset: geom.Vec2{X: -8}})),
	)
	trike := cart.Extend("trike",
		prefab.NoChild("back"),
		prefab.Child("left", wheel), prefab.Child("right", wheel),
	)
	w := world.New()
	e := trike.Spawn(w, nil)
	fmt.Println(len(world.ChildOf.Sources(w, e)), "wheels")
	// Output: 3 wheels
}

func ExampleChanges() {
	type Life struct{ HP, Max int }
	Health := world.DefineComponent[Life]("Health")
	Name := world.DefineComponent[string]("Name")
	lib := prefab.NewLibrary(prefab.Component(Health), prefab.Component(Name))
	if err := lib.LoadBytes("goblins.yaml", []byte("goblin: {components: {Health: {hp: 6, max: 6}, Name: Grib}}\n")); err != nil {
		panic(err)
	}
	w := world.New()
	e, _ := lib.Spawn(w, "goblin", nil)
	Health.Require(w, e).HP = 2 // hurt
	w.Remove(e, Name)

	name, _ := prefab.Of(w, e)
	changes, _ := prefab.Changes(w, e)
	fmt.Println(name)
	for _, c := range changes {
		fmt.Printf("%v %v %q %v\n", c.Kind, c.Component, c.Field, c.Value)
	}
	// Output:
	// goblin
	// changed Health "hp" 2
	// removed Name "" <nil>
}

func ExampleLibrary_Apply() {
	type Life struct{ HP, Max int }
	Health := world.DefineComponent[Life]("Health")
	Color := world.DefineComponent[string]("Color")
	lib := prefab.NewLibrary(prefab.Component(Health), prefab.Component(Color))
	load := func(src string) {
		if err := lib.LoadBytes("goblins.yaml", []byte(src)); err != nil { // a game's Watcher.Poll reloads files
			panic(err)
		}
	}
	load("goblin: {components: {Health: {hp: 6, max: 6}, Color: green}}")
	w := world.New()
	hurt, _ := lib.Spawn(w, "goblin", nil)
	fresh, _ := lib.Spawn(w, "goblin", nil)
	Health.Require(w, hurt).HP = 2

	load("goblin: {components: {Health: {hp: 9, max: 9}, Color: red}}") // a designer's edit
	fmt.Printf("%+v\n", lib.Apply(w))
	fmt.Println(*Health.Require(w, hurt), *Color.Require(w, hurt))
	fmt.Println(*Health.Require(w, fresh), *Color.Require(w, fresh))
	// Output:
	// {Updated:2 Spawned:0 Destroyed:0 Gone:[] Err:<nil>}
	// {2 9} red
	// {9 9} red
}
