package game_test

import (
	"bytes"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
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

// TestPrefabsSpawn spawns every shipped prefab, checks that what it draws
// (a sprite whose picture, and an animation whose clip, the game's files
// have) is there, and that the ones the game relies on have what it
// reads. Furniture and doors draw nothing of their own: their objects'
// tiles are their pictures (TestRoomObjects).
func TestPrefabsSpawn(t *testing.T) {
	lib, err := game.LoadPrefabs(game.Files())
	if err != nil {
		t.Fatal(err)
	}
	files := assets.New(game.Files())
	want := map[string][]world.ComponentType{
		"player":    {game.Walker, systems.Collider, systems.Mover, drawable.Sprite},
		"table":     {systems.Collider},
		"plant":     {systems.Collider},
		"coin":      {game.Item, drawable.Sprite, drawable.Animation},
		"gem":       {game.Item, drawable.Sprite, drawable.Animation},
		"door-east": {game.Door, systems.Collider},
		"door-west": {game.Door, systems.Collider},
	}
	w := world.New()
	for _, name := range lib.Names() {
		e, err := lib.Spawn(w, name, nil)
		if err != nil {
			t.Errorf("Spawn(%q): %v", name, err)
			continue
		}
		if pic, ok := drawable.Sprite.Get(w, e); ok {
			if err := pic.Region.CheckAssets(files); err != nil {
				t.Errorf("prefab %q: sprite: %v", name, err)
			}
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

// TestRoomObjects: every object of every room's map spawns something the
// engine can draw, its picture one the game's files have: a prefab's
// sprite, or the object's tile; every box collider has a size.
func TestRoomObjects(t *testing.T) {
	l := assets.New(game.Files())
	d, err := game.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	for name, room := range d.Rooms {
		w := world.New()
		for _, o := range room.Map.Objects() {
			e := o.Spawn(w)
			pic, ok := drawable.Sprite.Get(w, e)
			if !ok {
				t.Errorf("room %s: %v draws nothing", name, o)
				continue
			}
			if err := pic.Region.CheckAssets(l); err != nil {
				t.Errorf("room %s: %v: %v", name, o, err)
			}
		}
	}
}

// TestRoomsLoad enters each room and checks what it built from its map:
// walls, the player at the start, its doors and items, solids sized (a
// box collider with no size takes its object's), the floor's tiles
// covering the room, and the camera inside it; the rooms are bigger than
// the screen.
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
			if p := r.PlayerPosition(); p.Sub(l.Start).Len() > 3 {
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
			// The floor: tiles on the floor layer covering every cell of
			// the room.
			files := assets.New(game.Files())
			var floor []geom.Rectangle
			world.Each2(w, drawable.Sprite, geom.Position, func(_ world.Entity, p *drawable.Picture, at *geom.Vec2) {
				if p.Layer == game.LayerFloor {
					floor = append(floor, spriteRect(t, files, p, *at))
				}
			})
			for y := 8.0; y < l.Size.Y; y += 16 {
				for x := 8.0; x < l.Size.X; x += 16 {
					covered := false
					for _, f := range floor {
						covered = covered || f.Contains(geom.Vec2{X: x, Y: y})
					}
					if !covered {
						t.Fatalf("no floor tile at (%v, %v), of %d floor tiles", x, y, len(floor))
					}
				}
			}
		})
	}
}

// spriteRect returns the rectangle a sprite at at covers.
func spriteRect(t *testing.T, l *assets.Loader, p *drawable.Picture, at geom.Vec2) geom.Rectangle {
	t.Helper()
	size, err := drawable.RegionSize(l, p.Region)
	if err != nil {
		t.Fatal(err)
	}
	if p.Scale != (geom.Vec2{}) {
		size = geom.Vec2{X: size.X * p.Scale.X, Y: size.Y * p.Scale.Y}
	}
	top := at.Sub(geom.Vec2{X: size.X * p.Origin.X, Y: size.Y * p.Origin.Y})
	return geom.Rect(top.X, top.Y, top.X+size.X, top.Y+size.Y)
}

// TestRoomErrors: rooms whose maps make no sense together fail to load,
// each error naming the file, the line, the layer and the object; a game
// started in a room that does not exist fails to enter it, naming the
// rooms there are.
func TestRoomErrors(t *testing.T) {
	hall, err := fs.ReadFile(game.Files(), "rooms/hall.tmx")
	if err != nil {
		t.Fatal(err)
	}
	study, err := fs.ReadFile(game.Files(), "rooms/study.tmx")
	if err != nil {
		t.Fatal(err)
	}
	door := `<object id="2" name="east" class="door-east" gid="9" x="1108" y="380" width="16" height="40">`
	for _, tc := range []struct {
		name     string
		old, new string // an edit of the hall
		kind     error
		want     string
	}{
		{"unknown prefab", `class="door-east"`, `class="door-eats"`, level.ErrUnknownPrefab, `rooms/hall.tmx:`},
		{"unknown room", `<property name="Door.to" value="study"/>`, `<property name="Door.to" value="attic"/>`, game.ErrLayout,
			`layer "decor": object 2 "east" (door-east) at (1108, 380): walk-room: bad room: door "east" leads to unknown room "attic" (Door.to; have [hall study])`},
		{"unknown door", `<property name="Door.arrive" value="west"/>`, `<property name="Door.arrive" value="north"/>`, game.ErrLayout,
			`door "east" leads to room "study", which has no door "north" (Door.arrive)`},
		{"misspelt field", `<property name="Door.to" value="study"/>`, `<property name="Door.too" value="study"/>`, level.ErrUnknownProperty,
			`property "Door.too": component "Door": unknown field "too" (did you mean "to"?)`},
		{"unnamed door", door, strings.Replace(door, ` name="east"`, "", 1), game.ErrLayout, `a door without a name`},
		{"no player", `class="player"`, `class="plant"`, game.ErrLayout, `rooms/hall.tmx:1: walk-room: bad room: no player`},
		{"camera", `name="camera.smoothing"`, `name="camera.smooth"`, level.ErrUnknownProperty, `rooms/hall.tmx:6:3: property "camera.smooth"`},
		{"scatter on a point", `name="start" class="player" x="120" y="360">`, `name="start" class="player" x="120" y="360">
   <properties><property name="scatter" type="int" value="2"/></properties>`, game.ErrLayout, "scatter needs a whole number of at least 1, on a rectangle"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			if err := fs.WalkDir(game.Files(), ".", func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				data, err := fs.ReadFile(game.Files(), p)
				fsys[p] = &fstest.MapFile{Data: data}
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(hall), tc.old) {
				t.Fatalf("the hall has no %q", tc.old)
			}
			fsys["rooms/hall.tmx"] = &fstest.MapFile{Data: []byte(strings.Replace(string(hall), tc.old, tc.new, 1))}
			fsys["rooms/study.tmx"] = &fstest.MapFile{Data: study}
			_, err := game.Load(assets.New(fsys))
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.kind) {
				t.Errorf("Load = %v; want an error containing %q wrapping %v", err, tc.want, tc.kind)
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
