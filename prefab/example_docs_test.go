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
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/prefab"
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
