package level_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The names the test maps write: draw layers and collision tags.
var (
	layerFloor  = drawable.NameLayer("floor", 0)
	layerSolids = drawable.NameLayer("solids", 2)
	tagSolid    = systems.NewTag("solid")
	tagDoor     = systems.NewTag("door")
	tagPlayer   = systems.NewTag("player")
)

// Pickup is the value of Item, a component the test maps patch.
type Pickup struct {
	Name   string  `yaml:"name"`
	Radius float64 `yaml:"radius"`
}

// Item is the test maps' own component.
var Item = world.DefineComponent[Pickup]("Item")

// Placed records the object a factory was given.
var Placed = world.DefineComponent[*level.Object]("Placed")

// components are what the test library knows.
func components() []prefab.Registration {
	return []prefab.Registration{
		prefab.Component(geom.Position),
		prefab.Component(drawable.Sprite),
		prefab.Component(systems.Collider),
		prefab.Component(Item),
	}
}

// library returns the test maps' prefabs: player, coin and crate.
func library(t testing.TB) *prefab.Library {
	t.Helper()
	lib := prefab.NewLibrary(components()...)
	err := lib.Add(
		prefab.New("player",
			prefab.Value(systems.Collider, systems.Shape{Kind: systems.ShapeCircle, Radius: 3, Tags: tagPlayer}),
			prefab.Factory(Placed, func(s prefab.Spawn) *level.Object { o, _ := s.Args.(*level.Object); return o })),
		prefab.New("coin",
			prefab.Value(Item, Pickup{Name: "coin", Radius: 1}),
			prefab.Value(drawable.Sprite, drawable.Picture{Region: drawable.Frame("ground.tsx", "3")})),
		prefab.New("crate", prefab.Value(systems.Collider, systems.Box(8, 8))),
		prefab.New("marker", prefab.Value(Item, Pickup{Name: "marker"})),
	)
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// options are the test maps' options: the library, its components, and
// the game's property "note".
func options(t testing.TB) level.Options {
	return level.Options{Prefabs: library(t), Components: components(), Properties: []string{"note"}}
}

// loadRoom loads testdata/room.tmx.
func loadRoom(t testing.TB) *level.Map {
	t.Helper()
	m, err := level.Load(assets.New(os.DirFS("testdata")), "room.tmx", options(t))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// testFiles returns testdata's files in memory, for tests that add maps
// of their own beside them.
func testFiles(t testing.TB) fstest.MapFS {
	t.Helper()
	files := fstest.MapFS{}
	for _, name := range []string{"room.tmx", "ground.tsx", "tiles.png"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = file(string(data))
	}
	return files
}

func file(data string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(data)} }

// mapXML returns a map of 6×4 cells of 8×8 pixels holding body (its
// tilesets and layers).
func mapXML(body ...string) string {
	return mapWith(`width="6" height="4" tilewidth="8" tileheight="8"`, body...)
}

// mapWith returns a map with the given attributes holding body.
func mapWith(attrs string, body ...string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" ` + attrs + ` infinite="0">
` + strings.Join(body, "\n") + `
</map>
`
}

// tileLayer returns a tile layer of the map's size holding csv.
func tileLayer(name, csv string) string {
	return `<layer id="1" name="` + name + `" width="6" height="4"><data encoding="csv">` + csv + `</data></layer>`
}

// objectLayer returns an object layer holding objects.
func objectLayer(name string, objects ...string) string {
	return `<objectgroup id="2" name="` + name + `">` + strings.Join(objects, "\n") + `</objectgroup>`
}

// groundTileset is the map element of testdata's tileset.
const groundTileset = `<tileset firstgid="1" source="ground.tsx"/>`

// cells returns the map's cells, all gid.
func cells(gid int) string {
	return strings.TrimSuffix(strings.Repeat(strconv.Itoa(gid)+",", 24), ",")
}

func itoa(n int) string { return strconv.Itoa(n) }
