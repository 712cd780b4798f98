package level_test

import (
	"errors"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/render/drawable"
)

// TestLoadRoom: testdata/room.tmx loads as Tiled shows it: its size and
// grid, its own properties (a file's path made a path of the game's
// files), its layers in draw order with what their groups give them
// (offset, opacity, visibility) and the draw layers their properties
// name, its tileset, and the tiles its cells show.
func TestLoadRoom(t *testing.T) {
	m := loadRoom(t)
	if m.Path() != "room.tmx" || m.Size() != (geom.Vec2{X: 48, Y: 32}) || m.TileSize() != (geom.Vec2{X: 8, Y: 8}) {
		t.Errorf("Path, Size, TileSize = %q, %v, %v; want room.tmx, (48, 32), (8, 8)", m.Path(), m.Size(), m.TileSize())
	}
	if w, h := m.Grid(); w != 6 || h != 4 {
		t.Errorf("Grid() = %d, %d; want 6, 4", w, h)
	}
	if b := m.Bounds(); b != geom.Rect(0, 0, 48, 32) {
		t.Errorf("Bounds() = %v", b)
	}
	props := m.Properties()
	var names []string
	for _, p := range props {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"camera.deadzone.x", "camera.smoothing", "music", "title"}) {
		t.Errorf("map properties %v", names)
	}
	if p, ok := props.Lookup("music"); !ok || p.Type != "file" || p.Value != "sounds/theme.ogg" || p.File != "room.tmx" || p.Line != 6 || p.Col != 3 {
		t.Errorf("music = %+v, %v; want the file sounds/theme.ogg at room.tmx:6:3", p, ok)
	}
	if !slices.Equal(m.Files(), []string{"room.tmx", "ground.tsx"}) {
		t.Errorf("Files() = %v", m.Files())
	}

	want := []struct {
		name    string
		kind    level.LayerKind
		visible bool
		offset  geom.Vec2
		tint    color.NRGBA
		order   drawable.Order
	}{
		{"floor", level.TileLayer, true, geom.Vec2{}, color.NRGBA{R: 255, G: 128, B: 128, A: 255}, drawable.Order{Layer: layerFloor, Z: 0}},
		{"walls", level.TileLayer, true, geom.Vec2{}, color.NRGBA{}, drawable.Order{Layer: layerSolids, Z: 1}},
		{"things", level.ObjectLayer, true, geom.Vec2{}, color.NRGBA{}, drawable.Order{Z: 2}},
		{"deco", level.TileLayer, false, geom.Vec2{X: 2, Y: 3}, color.NRGBA{R: 255, G: 255, B: 255, A: 128}, drawable.Order{Z: 3}},
	}
	layers := m.Layers()
	if len(layers) != len(want) {
		t.Fatalf("%d layers, want %d", len(layers), len(want))
	}
	for i, w := range want {
		l := layers[i]
		if l.Name != w.name || l.Kind != w.kind || l.Visible != w.visible || l.Offset != w.offset || l.Tint != w.tint || l.Order != w.order || l.Map() != m {
			t.Errorf("layer %d = %q %v visible %v offset %v tint %v order %+v; want %+v", i, l.Name, l.Kind, l.Visible, l.Offset, l.Tint, l.Order, w)
		}
	}
	if l, ok := m.Layer("walls"); !ok || l != layers[1] {
		t.Errorf("Layer(walls) = %v, %v", l, ok)
	}
	if _, ok := m.Layer("upper"); ok {
		t.Errorf("Layer(upper) found a group")
	}

	ts := m.Tilesets()
	if len(ts) != 1 || ts[0].Path != "ground.tsx" || ts[0].Name != "ground" || ts[0].FirstGID != 1 || ts[0].TileSize != (geom.Vec2{X: 8, Y: 8}) {
		t.Fatalf("Tilesets() = %+v", ts)
	}
	if p, ok := ts[0].Properties.Lookup("biome"); !ok || p.Value != "meadow" || p.File != "ground.tsx" {
		t.Errorf("tileset property biome = %+v, %v", p, ok)
	}

	walls := layers[1]
	for _, tc := range []struct {
		x, y     int
		id       int
		collides bool
		animated bool
	}{
		{0, 0, 1, true, false}, {4, 0, 6, true, false}, {2, 2, 5, true, false}, {3, 2, 2, false, true},
	} {
		tile, ok := walls.TileAt(tc.x, tc.y)
		if !ok || tile.ID != tc.id || tile.Collides() != tc.collides || (tile.Animation.Clip != 0) != tc.animated || tile.Tileset != ts[0] {
			t.Errorf("walls.TileAt(%d, %d) = %+v, %v; want tile %d, collides %v, animated %v", tc.x, tc.y, tile, ok, tc.id, tc.collides, tc.animated)
			continue
		}
		if tile.Region != drawable.Frame("ground.tsx", itoa(tc.id)) || tile.Size != (geom.Vec2{X: 8, Y: 8}) {
			t.Errorf("tile %d: Region %v, Size %v", tc.id, tile.Region, tile.Size)
		}
	}
	for _, at := range [][2]int{{1, 1}, {-1, 0}, {6, 0}, {0, 4}} {
		if tile, ok := walls.TileAt(at[0], at[1]); ok {
			t.Errorf("walls.TileAt(%d, %d) = %+v, want none", at[0], at[1], tile)
		}
	}
	if _, ok := layers[2].TileAt(0, 0); ok {
		t.Errorf("an object layer has a tile")
	}
	if n := walls.Colliders(); n != 5 {
		t.Errorf("walls make %d colliders, want 5: the top row's solid runs, its door, the west column, the half tile", n)
	}
}

// TestLoadObjects: each object is where Tiled shows it (a rectangle or
// tile by its centre, a point by itself), with the class that names its
// prefab (a tile object's from its tile), its properties over its
// tile's, and the prefab it spawns: its class's, or a variant of it made
// of the properties that patch components.
func TestLoadObjects(t *testing.T) {
	m := loadRoom(t)
	objs := m.Objects()
	want := []struct {
		id     int
		name   string
		class  string
		kind   level.ObjectKind
		at     geom.Vec2
		prefab string
		props  []string
	}{
		{1, "start", "player", level.PointObject, geom.Vec2{X: 20, Y: 20}, "player", nil},
		{2, "", "coin", level.TileObject, geom.Vec2{X: 34, Y: 26}, "room.tmx#2", []string{"Item.radius"}},
		{3, "", "crate", level.RectObject, geom.Vec2{X: 14, Y: 14}, "room.tmx#3", []string{"Item.name", "Item.radius", "note"}},
		{4, "", "", level.TileObject, geom.Vec2{X: 48, Y: 12}, "", nil},
	}
	if len(objs) != len(want) {
		t.Fatalf("%d objects, want %d", len(objs), len(want))
	}
	things, _ := m.Layer("things")
	for i, w := range want {
		o := objs[i]
		var props []string
		for _, p := range o.Properties {
			props = append(props, p.Name)
		}
		prefab := ""
		if o.Prefab() != nil {
			prefab = o.Prefab().Name()
		}
		if o.ID != w.id || o.Name != w.name || o.Class != w.class || o.Kind != w.kind || o.Position != w.at || prefab != w.prefab ||
			!slices.Equal(props, w.props) || o.Layer != things || !o.Visible || o.File != "room.tmx" {
			t.Errorf("object %d = %v: kind %v at %v, prefab %q, properties %v; want %+v", i, o, o.Kind, o.Position, prefab, props, w)
		}
	}
	if !slices.Equal(things.Objects, objs) {
		t.Errorf("the layer's objects are not the map's")
	}
	if o, ok := m.Object("start"); !ok || o != objs[0] || o.Line != 33 || o.Col != 3 {
		t.Errorf("Object(start) = %v, %v at line %d col %d; want the first, at 33:3", o, ok, o.Line, o.Col)
	}
	if objs[1].Prefab().Base().Name() != "coin" || !objs[2].Prefab().Is("crate") {
		t.Errorf("the variants do not extend their class's prefab")
	}
	if got := objs[1].String(); got != "object 2 (coin) at (30, 30)" {
		t.Errorf("String() = %q", got)
	}
	if got := objs[0].String(); got != `object 1 "start" (player) at (20, 20)` {
		t.Errorf("String() = %q", got)
	}
	if o := objs[3]; o.Size != (geom.Vec2{X: 16, Y: 8}) || o.Tile == nil || o.Tile.ID != 0 {
		t.Errorf("object 4: size %v, tile %+v; want 16x8, tile 0", o.Size, o.Tile)
	}
}

// TestLoadFailsWhole: a map with a problem loads nothing: no map, only
// the errors.
func TestLoadFailsWhole(t *testing.T) {
	files := testFiles(t)
	files["bad.tmx"] = file(mapXML(`<tileset firstgid="1" source="ground.tsx"/>`,
		tileLayer("floor", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,99"),
		objectLayer("things", `<object id="1" class="ghost" x="0" y="0"/>`)))
	m, err := level.Load(assets.New(files), "bad.tmx", options(t))
	if m != nil || err == nil {
		t.Fatalf("Load = %v, %v; want no map and an error", m, err)
	}
	errs := level.Errors(err)
	if len(errs) != 2 || !errors.Is(errs[0], level.ErrTile) || !errors.Is(errs[1], level.ErrUnknownPrefab) {
		t.Errorf("Load = %v; want a bad tile, then an unknown prefab", err)
	}
}

// TestLoadTypeBefore19: maps saved by Tiled before 1.9 name an object's
// or a tile's class "type"; it names the prefab all the same.
func TestLoadTypeBefore19(t *testing.T) {
	files := testFiles(t)
	files["old.tsx"] = file(strings.Replace(string(files["ground.tsx"].Data), `<tile id="3" class="coin">`, `<tile id="3" type="coin">`, 1))
	files["old.tmx"] = file(mapXML(`<tileset firstgid="1" source="old.tsx"/>`, objectLayer("things",
		`<object id="1" type="crate" x="4" y="4" width="8" height="8"/>`,
		`<object id="2" gid="4" x="8" y="16" width="8" height="8"/>`)))
	m, err := level.Load(assets.New(files), "old.tmx", options(t))
	if err != nil {
		t.Fatal(err)
	}
	if o := m.Objects(); o[0].Class != "crate" || o[0].Prefab().Name() != "crate" || o[1].Class != "coin" {
		t.Errorf("classes %q and %q; want crate and coin", o[0].Class, o[1].Class)
	}
}
