package level_test

import (
	"fmt"
	"os"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// A map's objects spawn the prefabs their classes name, their properties
// (Item.radius) patching the prefabs' fields; its tiles are sprites, and
// its colliding tiles colliders.
func ExampleLoad() {
	components := []prefab.Registration{
		prefab.Component(geom.Position), prefab.Component(drawable.Sprite),
		prefab.Component(systems.Collider), prefab.Component(Item),
	}
	lib := prefab.NewLibrary(components...)
	if err := lib.Add(
		prefab.New("player", prefab.Value(systems.Collider, systems.Circle(3))),
		prefab.New("coin", prefab.Value(Item, Pickup{Name: "coin", Radius: 1})),
		prefab.New("crate", prefab.Value(systems.Collider, systems.Box(8, 8))),
	); err != nil {
		fmt.Println(err)
		return
	}
	files := assets.New(os.DirFS("testdata"))
	m, err := level.Load(files, "room.tmx", level.Options{Prefabs: lib, Components: components, Properties: []string{"note"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("size", m.Size())
	for _, l := range m.Layers() {
		fmt.Printf("%s layer %q: %d colliders\n", l.Kind, l.Name, l.Colliders())
	}
	w := world.New()
	m.Spawn(w)
	for e, it := range world.Query1(w, Item) {
		fmt.Printf("%s at %v, radius %g\n", it.Name, *geom.Position.Require(w, e), it.Radius)
	}
	fmt.Println(w.Count(drawable.Sprite), "sprites,", w.Count(systems.Collider), "colliders")
	// Output:
	// size {48 32}
	// tile layer "floor": 0 colliders
	// tile layer "walls": 5 colliders
	// object layer "things": 0 colliders
	// tile layer "deco": 0 colliders
	// coin at {34 26}, radius 3
	// box at {14 14}, radius 5
	// 38 sprites, 7 colliders
}

// A map's own properties decode into a struct, dotted names reaching into
// its fields; what no property names keeps its value. Here the properties
// are made in code; a map's are m.Properties().
func ExampleProperties_Decode() {
	props := level.Properties{
		{Name: "camera.deadzone.x", Type: "int", Value: "4"},
		{Name: "camera.smoothing", Type: "float", Value: "0.25"},
	}
	var room struct {
		Camera struct {
			DeadZone  geom.Vec2 `yaml:"deadzone"`  // camera.deadzone.x, camera.deadzone.y
			Smoothing float64   `yaml:"smoothing"` // camera.smoothing
		} `yaml:"camera"`
	}
	room.Camera.DeadZone.Y = 9 // a default the map leaves alone
	err := props.Decode(&room) // an unknown or mistyped property is an error at it
	fmt.Printf("%+v %v\n", room.Camera, err)
	// Output: {DeadZone:{X:4 Y:9} Smoothing:0.25} <nil>
}
