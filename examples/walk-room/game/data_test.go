package game_test

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab/prefabtest"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

var update = flag.Bool("update", false, "rewrite assets/prefabs/prefabs.schema.json")

// schemaPath is the schema file in the source tree, which the embedded
// copy must match.
var schemaPath = filepath.Join("assets", filepath.FromSlash(game.SchemaFile))

// TestSchemaIsCurrent: the schema the prefab files point their editor at is
// what the library writes today. go test ./examples/walk-room/... -update
// rewrites it.
func TestSchemaIsCurrent(t *testing.T) {
	lib, err := game.LoadPrefabs(game.Files()) // loaded, so extends offers their names
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := lib.WriteSchema(&want); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(schemaPath, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s is stale; run: go test ./examples/walk-room/... -update", schemaPath)
	}
}

// TestPrefabFiles checks every prefab file against the game's library and
// that each starts with the schema comment.
func TestPrefabFiles(t *testing.T) {
	prefabtest.CheckFS(t, game.Prefabs(), game.Files(), game.PrefabDir)
	files, err := fs.Glob(game.Files(), game.PrefabDir+"/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no prefab files: %v", err)
	}
	for _, f := range files {
		data, err := fs.ReadFile(game.Files(), f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), "# yaml-language-server: $schema=prefabs.schema.json\n") {
			t.Errorf("%s does not start with the schema comment", f)
		}
	}
}

// TestPrefabsSpawn spawns every shipped prefab and checks it is something
// a room can draw (a sprite whose picture, and animation whose clip, the
// game's files have), and that the ones the game relies on have what it
// reads.
func TestPrefabsSpawn(t *testing.T) {
	lib, err := game.LoadPrefabs(game.Files())
	if err != nil {
		t.Fatal(err)
	}
	files := assets.New(game.Files())
	want := map[string][]world.ComponentType{
		"player":       {game.Walker, systems.Collider, systems.Mover, drawable.Sprite},
		"floor":        {drawable.Sprite, game.Tile},
		"floor-boards": {drawable.Sprite, game.Tile},
		"wall":         {systems.Collider, drawable.Sprite, game.Tile},
		"table":        {systems.Collider, drawable.Sprite},
		"plant":        {systems.Collider, drawable.Sprite},
		"rug":          {drawable.Sprite},
		"coin":         {game.Item, drawable.Sprite, drawable.Animation},
		"gem":          {game.Item, drawable.Sprite, drawable.Animation},
		"door-east":    {game.Door, systems.Collider, drawable.Sprite},
		"door-west":    {game.Door, systems.Collider, drawable.Sprite},
	}
	w := world.New()
	for _, name := range lib.Names() {
		e, err := lib.Spawn(w, name, nil)
		if err != nil {
			t.Errorf("Spawn(%q): %v", name, err)
			continue
		}
		pic, ok := drawable.Sprite.Get(w, e)
		if !ok || pic.Region.IsZero() {
			t.Errorf("prefab %q has no sprite: nothing would show it", name)
		} else if err := pic.Region.CheckAssets(files); err != nil {
			t.Errorf("prefab %q: sprite: %v", name, err)
		}
		if a, ok := drawable.Animation.Get(w, e); ok {
			if err := a.CheckAssets(files); err != nil {
				t.Errorf("prefab %q: animation: %v", name, err)
			}
		}
		for _, c := range want[name] {
			if !w.Has(e, c) {
				t.Errorf("prefab %q has no %s", name, c.Name())
			}
		}
		delete(want, name)
	}
	for name := range want {
		t.Errorf("no prefab %q", name)
	}
	if d := game.Door.Require(w, mustSpawn(t, w, lib.Spawn, "door-east")); d.Offset.X >= 0 {
		t.Errorf("door-east puts arrivals at %v; want west of the door", d.Offset)
	}
	if c := systems.Collider.Require(w, mustSpawn(t, w, lib.Spawn, "door")); !c.Trigger || c.Tags != game.TagDoor {
		t.Errorf("door collider %+v; want a trigger tagged TagDoor", c)
	}
}

func mustSpawn(t *testing.T, w *world.World, spawn func(*world.World, string, any) (world.Entity, error), name string) world.Entity {
	t.Helper()
	e, err := spawn(w, name, nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRoomsLoad enters each room and checks what it built: walls, the
// player at the start, its doors and items, solids sized (a box collider
// with no size takes its sprite's), the floor's tiles covering the room,
// and the camera inside it; the rooms are bigger than the screen.
func TestRoomsLoad(t *testing.T) {
	g, h := start(t, game.Options{})
	steps(t, h, 1)
	if got := g.Rooms(); len(got) != 2 || got[0] != "hall" || got[1] != "study" {
		t.Fatalf("Rooms() = %v, want [hall study]", got)
	}
	for _, name := range g.Rooms() {
		t.Run(name, func(t *testing.T) {
			g, h := start(t, game.Options{Room: name, Seed: 3})
			steps(t, h, 1)
			r, l := g.Room(), g.Layout(name)
			w := r.World()
			if r.Layout() != l {
				t.Fatalf("room %q entered, want %q", r.Layout().Name, name)
			}
			if l.Size.X <= view.X || l.Size.Y <= view.Y {
				t.Errorf("room %v is not bigger than the screen %v: the camera would not move", l.Size, view)
			}
			if p := r.PlayerPosition(); p != l.Start {
				t.Errorf("player at %v, want the start %v", p, l.Start)
			}
			if !inside(r.Camera().View(), r.Bounds()) {
				t.Errorf("camera shows %v, beyond the room %v", r.Camera().View(), r.Bounds())
			}
			if n := w.Count(game.Door); n < 1 {
				t.Errorf("%d doors, want at least 1", n)
			}
			if n := w.Count(game.Item); n < 2 {
				t.Errorf("%d items, want at least 2", n)
			}
			solids := 0
			world.Each2(w, systems.Collider, geom.Position, func(e world.Entity, c *systems.Shape, _ *geom.Vec2) {
				if c.Kind == systems.ShapeBox && (c.Size.X <= 0 || c.Size.Y <= 0) {
					t.Errorf("entity %v has a box collider of size %v", e, c.Size)
				}
				if !c.Trigger && c.Tags == game.TagSolid {
					solids++
				}
			})
			if solids < 5 {
				t.Errorf("%d solids; want the walls and some furniture", solids)
			}
			// The floor: tiles on the floor layer, side by side, covering
			// the room once.
			tiles, area, files := 0, 0.0, assets.New(game.Files())
			world.Each2(w, drawable.Sprite, geom.Position, func(_ world.Entity, p *drawable.Picture, _ *geom.Vec2) {
				if p.Layer == game.LayerFloor {
					tiles++
					area += tileArea(t, files, p)
				}
			})
			if room := l.Size.X * l.Size.Y; tiles < 4 || math.Abs(area-room) > 1e-6*room {
				t.Errorf("%d floor tiles covering %v of the room's %v; want several covering it all", tiles, area, room)
			}
		})
	}
}

// tileArea returns the area a tile's sprite covers.
func tileArea(t *testing.T, l *assets.Loader, p *drawable.Picture) float64 {
	t.Helper()
	var b image.Rectangle
	if p.Region.Image != 0 {
		img, err := l.Image(p.Region.Image.String())
		if err != nil {
			t.Fatal(err)
		}
		b = img.Bounds()
	} else {
		a, err := l.Atlas(p.Region.Atlas.String())
		if err != nil {
			t.Fatal(err)
		}
		i, _ := drawable.FrameIndex(a, p.Region.Frame)
		b = a.Frame(i)
	}
	return float64(b.Dx()) * p.Scale.X * float64(b.Dy()) * p.Scale.Y
}

// TestLayoutErrors: layouts that name what does not exist fail to load,
// naming the file and the thing; a game started in a room that does not
// exist fails to enter it, naming the rooms there are.
func TestLayoutErrors(t *testing.T) {
	prefabs, err := fs.ReadFile(game.Files(), "prefabs/doors.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, room, want string
	}{
		{"unknown prefab", "size: {x: 100, y: 100}\nthings:\n  - {prefab: sofaa}\n", `rooms/a.yaml: things[0]: unknown prefab "sofaa"`},
		{"unknown room", "size: {x: 100, y: 100}\nthings:\n  - {prefab: door, door: e, to: nowhere, arrive: w}\n", `leads to unknown room "nowhere"`},
		{"unknown door", "size: {x: 100, y: 100}\nthings:\n  - {prefab: door, door: e, to: a, arrive: w}\n", `leads to room "a", which has no door "w"`},
		{"door fields on a non-door", "size: {x: 100, y: 100}\nthings:\n  - {prefab: player, to: a}\n", `prefab "player" is not a door`},
		{"unknown floor", "size: {x: 100, y: 100}\nfloor: {prefab: lava}\n", `floor: unknown prefab "lava"`},
		{"no size", "things: []\n", "size {0 0} is not positive"},
		{"unknown key", "size: {x: 100, y: 100}\nthingz: []\n", "thingz"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"prefabs/doors.yaml": {Data: prefabs},
				"prefabs/player.yaml": {Data: []byte("player:\n  components:\n    Walker: {speed: 1}\n" +
					"    Collider: {kind: circle, radius: 7}\nfloor:\n  components: {}\n")},
				"rooms/a.yaml": {Data: []byte(tc.room)},
			}
			_, err := game.Load(assets.New(fsys))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load = %v; want an error containing %q", err, tc.want)
			}
			if tc.name != "unknown key" && !errors.Is(err, game.ErrLayout) {
				t.Errorf("Load = %v; want it to wrap ErrLayout", err)
			}
		})
	}
	t.Run("unknown start room", func(t *testing.T) {
		g := game.New(game.Options{Room: "attic"})
		h, err := engine.NewHeadless(game.Config(), engine.Game{First: g.First(), Assets: game.Files()}, engine.HeadlessOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		if err := h.Start(); err == nil || !strings.Contains(err.Error(), `no room "attic" (have [hall study])`) {
			t.Errorf("Start = %v; want it to say there is no room attic, and which rooms there are", err)
		}
	})
}

// TestMisspeltTag: a collider tag name the game does not define is a load
// error naming the file, the line and the names there are.
func TestMisspeltTag(t *testing.T) {
	fsys := fstest.MapFS{"prefabs/crate.yaml": {Data: []byte("crate:\n  components:\n    Position: {}\n    Collider: {kind: box, size: {x: 8, y: 8}, tags: sold}\n")}}
	_, err := game.LoadPrefabs(fsys)
	if err == nil {
		t.Fatalf("LoadPrefabs loaded a collider tagged 'sold'")
	}
	for _, want := range []string{"crate.yaml:4", `"sold"`, "solid", "player", "door"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if !errors.Is(err, systems.ErrTagName) {
		t.Errorf("errors.Is(%v, systems.ErrTagName) = false", err)
	}
}
