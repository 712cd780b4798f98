package level_test

import (
	"image/color"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// sprite is where a sprite is: its position and draw layer.
type sprite struct {
	at    geom.Vec2
	layer drawable.Layer
}

// sprites returns the sprites of w by where they are.
func sprites(w *world.World) map[sprite]world.Entity {
	out := map[sprite]world.Entity{}
	for e, pic := range world.Query1(w, drawable.Sprite) {
		out[sprite{*geom.Position.Require(w, e), pic.Order.Layer}] = e
	}
	return out
}

// colliders returns the collider entities of w that draw nothing, by
// position.
func colliders(w *world.World) map[geom.Vec2]systems.Shape {
	out := map[geom.Vec2]systems.Shape{}
	for e, s := range world.Query1(w, systems.Collider) {
		if !w.Has(e, drawable.Sprite) && !w.Has(e, Placed) {
			out[*geom.Position.Require(w, e)] = *s
		}
	}
	return out
}

// TestSpawnTiles: each cell that shows a tile is a sprite at the cell's
// middle (moved by its layer's groups), a frame of its tileset's atlas in
// the layer's tint and draw order, animated if its tile is, mirrored as
// Tiled flips it, hidden on a hidden layer; the colliding cells are as
// few boxes as cover them, and a tile's own collision shape.
func TestSpawnTiles(t *testing.T) {
	m := loadRoom(t)
	w := world.New()
	m.SpawnTiles(w)
	if n := w.Count(drawable.Sprite); n != 24+11+1 {
		t.Errorf("%d sprites, want 36: 24 floor cells, 11 walls, 1 decoration", n)
	}
	at := sprites(w)
	floor := at[sprite{geom.Vec2{X: 4, Y: 4}, layerFloor}]
	if pic := drawable.Sprite.Require(w, floor); pic.Region != drawable.Frame("ground.tsx", "0") ||
		pic.Tint != (color.NRGBA{R: 255, G: 128, B: 128, A: 255}) || pic.Order != (drawable.Order{Layer: layerFloor}) || pic.Origin != (geom.Vec2{X: 0.5, Y: 0.5}) {
		t.Errorf("floor tile at (4, 4) = %+v", pic)
	}
	flipped := at[sprite{geom.Vec2{X: 28, Y: 20}, layerSolids}]
	if pic, ok := drawable.Sprite.Get(w, flipped); !ok || pic.Flip != drawable.FlipX || pic.Region != drawable.Frame("ground.tsx", "2") || pic.Order.Z != 1 {
		t.Errorf("flipped tile = %+v, %v; want tile 2 mirrored", pic, ok)
	} else if a, ok := drawable.Animation.Get(w, flipped); !ok || *a != drawable.Play("ground.tsx", "2") {
		t.Errorf("flipped tile's animation = %+v, %v; want clip 2 of ground.tsx", a, ok)
	}
	var deco world.Entity
	for e, pic := range world.Query1(w, drawable.Sprite) {
		if pic.Region == drawable.Frame("ground.tsx", "7") {
			deco = e
		}
	}
	if p := geom.Position.Require(w, deco); *p != (geom.Vec2{X: 14, Y: 15}) || !w.Has(deco, drawable.Hidden) {
		t.Errorf("the hidden layer's tile is at %v, hidden %v; want (14, 15) and hidden", *p, w.Has(deco, drawable.Hidden))
	}
	box := func(x, y, w, h float64, tags systems.Tags, trigger bool) systems.Shape {
		s := systems.Box(w, h)
		s.Tags, s.Trigger = tags, trigger
		return s
	}
	wantColliders := map[geom.Vec2]systems.Shape{
		{X: 16, Y: 4}:  box(0, 0, 32, 8, tagSolid, false), // the top row's first four walls
		{X: 36, Y: 4}:  box(0, 0, 8, 8, tagDoor, true),    // a door: a trigger of other tags
		{X: 44, Y: 4}:  box(0, 0, 8, 8, tagSolid, false),
		{X: 4, Y: 20}:  box(0, 0, 8, 24, tagSolid, false), // the west column below
		{X: 16, Y: 16}: {Kind: systems.ShapeBox, Size: geom.Vec2{X: 8, Y: 4}, Offset: geom.Vec2{X: 4, Y: 6}, Tags: tagSolid},
	}
	got := colliders(w)
	if len(got) != len(wantColliders) {
		t.Errorf("colliders %v, want %v", got, wantColliders)
	}
	for p, want := range wantColliders {
		if s, ok := got[p]; !ok || s.Kind != want.Kind || s.Size != want.Size || s.Offset != want.Offset || s.Tags != want.Tags || s.Trigger != want.Trigger {
			t.Errorf("collider at %v = %+v, %v; want %+v", p, s, ok, want)
		}
	}
}

// TestSpawnObjects: each object spawns its prefab at its position, given
// the object, with its properties patched in; a tile object without a
// class is its tile, stretched to the object's size.
func TestSpawnObjects(t *testing.T) {
	m := loadRoom(t)
	w := world.New()
	m.Spawn(w)
	if n := w.Len(); n != 36+5+4 {
		t.Errorf("%d entities, want 45: 36 tiles, 5 colliders, 4 objects", n)
	}
	objs := m.Objects()
	var player world.Entity
	for e, o := range world.Query1(w, Placed) {
		player = e
		if *o != objs[0] {
			t.Errorf("the player's factory was given %v, want %v", *o, objs[0])
		}
	}
	if p := geom.Position.Require(w, player); *p != (geom.Vec2{X: 20, Y: 20}) {
		t.Errorf("player at %v", *p)
	}
	items := map[string]Pickup{}
	for e, it := range world.Query1(w, Item) {
		items[it.Name] = *it
		switch it.Name {
		case "coin":
			if pic := drawable.Sprite.Require(w, e); pic.Region != drawable.Frame("ground.tsx", "3") || pic.Order != (drawable.Order{}) {
				t.Errorf("coin's sprite = %+v; want its prefab's", pic)
			}
		case "box":
			if c := systems.Collider.Require(w, e); c.Size != (geom.Vec2{X: 8, Y: 8}) || w.Has(e, drawable.Sprite) {
				t.Errorf("crate's collider %+v, sprite %v; want its prefab's box and no sprite", c, w.Has(e, drawable.Sprite))
			}
		}
	}
	if items["coin"].Radius != 3 || items["box"].Radius != 5 || len(items) != 2 {
		t.Errorf("items = %+v; want the coin's radius from its tile (3) and the crate's from its properties (box, 5)", items)
	}
	e := objs[3].Spawn(w)
	pic := drawable.Sprite.Require(w, e)
	if pic.Region != drawable.Frame("ground.tsx", "0") || pic.Scale != (geom.Vec2{X: 2, Y: 1}) || *geom.Position.Require(w, e) != (geom.Vec2{X: 48, Y: 12}) || w.Has(e, systems.Collider) {
		t.Errorf("the tile object = %+v at %v; want tile 0 stretched to 16x8 at (48, 12), no collider", pic, *geom.Position.Require(w, e))
	}
}

// TestSpawnTileObjects: a tile object gets from its tile what its prefab
// does not give it: its picture (animated if the tile is) and, if the
// tile collides, its collision shape fitted to the object, mirrored as
// the object is; what the prefab gives wins.
func TestSpawnTileObjects(t *testing.T) {
	files := testFiles(t)
	files["objects.tmx"] = file(mapXML(groundTileset, objectLayer("things",
		`<object id="1" class="marker" gid="6" x="0" y="16" width="16" height="16"/>`,           // tile 5: a half-tile box
		`<object id="2" class="marker" gid="1073741830" x="16" y="16" width="16" height="16"/>`, // the same, flipped vertically
		`<object id="3" class="marker" gid="3" x="0" y="32" width="8" height="8" visible="0"/>`, // tile 2: animated
		`<object id="4" class="crate" gid="2" x="8" y="32" width="8" height="8"/>`,              // tile 1 collides, but a crate has a box
		`<object id="5" gid="7" x="16" y="32" width="8" height="8" rotation="90"/>`,             // tile 6: a door, turned
	)))
	m, err := level.Load(assets.New(files), "objects.tmx", options(t))
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	var es []world.Entity
	for _, o := range m.Objects() {
		es = append(es, o.Spawn(w))
	}
	half := func(e world.Entity) systems.Shape { return *systems.Collider.Require(w, e) }
	if s := half(es[0]); s.Size != (geom.Vec2{X: 16, Y: 8}) || s.Offset != (geom.Vec2{X: 0, Y: 4}) || s.Tags != tagSolid {
		t.Errorf("tile 5 at 16x16 collides as %+v; want a 16x8 box 4 below the middle, solid", s)
	}
	if s := half(es[1]); s.Offset != (geom.Vec2{X: 0, Y: -4}) || drawable.Sprite.Require(w, es[1]).Flip != drawable.FlipY {
		t.Errorf("tile 5 flipped collides as %+v; want the box 4 above the middle", s)
	}
	if pic := drawable.Sprite.Require(w, es[0]); pic.Region != drawable.Frame("ground.tsx", "5") || pic.Scale != (geom.Vec2{X: 2, Y: 2}) {
		t.Errorf("tile 5's sprite = %+v; want the tile at twice its size", pic)
	}
	if a, ok := drawable.Animation.Get(w, es[2]); !ok || a.Clip != assets.NameOf("2") || !w.Has(es[2], drawable.Hidden) || w.Has(es[2], systems.Collider) {
		t.Errorf("tile 2's object: animation %+v, %v; hidden %v; collider %v; want the clip, hidden, no collider", a, ok, w.Has(es[2], drawable.Hidden), w.Has(es[2], systems.Collider))
	}
	if s := half(es[3]); s.Size != (geom.Vec2{X: 8, Y: 8}) || s.Tags != 0 {
		t.Errorf("the crate collides as %+v; want its prefab's box", s)
	}
	door := half(es[4])
	pic := drawable.Sprite.Require(w, es[4])
	if !door.Trigger || door.Tags != tagDoor || door.Size != (geom.Vec2{X: 8, Y: 8}) || math.Abs(pic.Rotation-math.Pi/2) > 1e-12 {
		t.Errorf("the door collides as %+v, drawn turned %v; want its trigger box and a quarter turn", door, pic.Rotation)
	}
	// Turned clockwise about its bottom-left corner (16, 32), the door
	// lies below it, its middle at (20, 36).
	if p := *geom.Position.Require(w, es[4]); math.Abs(p.X-20) > 1e-9 || math.Abs(p.Y-36) > 1e-9 {
		t.Errorf("the turned door is at %v, want (20, 36)", p)
	}
}

// TestSpawnFlips: the eight ways Tiled flips a tile (horizontally,
// vertically, diagonally, and together: the quarter turns) are sprites
// mirrored, then turned; a tile's collision shape flips with it.
func TestSpawnFlips(t *testing.T) {
	const h, v, d = 1 << 31, 1 << 30, 1 << 29
	files := testFiles(t)
	row := []int{3, 3 | h, 3 | v, 3 | d, 3 | h | d, 3 | v | d, 3 | h | v, 3 | h | v | d}
	csv := ""
	for i := range 24 {
		if i > 0 {
			csv += ","
		}
		switch {
		case i < len(row):
			csv += itoa(row[i])
		case i == 12:
			csv += itoa(6 | v)
		case i == 13:
			csv += itoa(6 | d)
		default:
			csv += "0"
		}
	}
	files["flips.tmx"] = file(mapXML(groundTileset, tileLayer("flips", csv)))
	m, err := level.Load(assets.New(files), "flips.tmx", options(t))
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	m.SpawnTiles(w)
	at := sprites(w)
	for i, want := range []struct {
		flip drawable.Flip
		rot  float64
	}{
		{0, 0}, {drawable.FlipX, 0}, {drawable.FlipY, 0}, {drawable.FlipY, math.Pi / 2},
		{0, math.Pi / 2}, {drawable.FlipX | drawable.FlipY, math.Pi / 2}, {drawable.FlipX | drawable.FlipY, 0}, {drawable.FlipX, math.Pi / 2},
	} {
		p := geom.Vec2{X: float64(i%6)*8 + 4, Y: float64(i/6)*8 + 4}
		pic := drawable.Sprite.Require(w, at[sprite{p, 0}])
		if pic.Flip != want.flip || pic.Rotation != want.rot {
			t.Errorf("cell %d (gid %#x): flip %v, rotation %v; want %v, %v", i, row[i], pic.Flip, pic.Rotation, want.flip, want.rot)
		}
	}
	got := colliders(w)
	if s := got[geom.Vec2{X: 0, Y: 16}]; s.Offset != (geom.Vec2{X: 4, Y: 2}) || s.Size != (geom.Vec2{X: 8, Y: 4}) {
		t.Errorf("tile 5 flipped vertically collides as %+v; want the top half", s)
	}
	if s := got[geom.Vec2{X: 8, Y: 16}]; s.Offset != (geom.Vec2{X: 6, Y: 4}) || s.Size != (geom.Vec2{X: 4, Y: 8}) {
		t.Errorf("tile 5 flipped diagonally collides as %+v; want the right half", s)
	}
}
