package level_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// TestVariant looks up by name the variants room.tmx makes for its
// objects 2 and 3, whose properties patch their prefabs, and finds
// nothing else: not object 1's class prefab, not an object without one,
// not another map's. Of two maps of one path, Variants gives the first's.
func TestVariant(t *testing.T) {
	m, again := loadRoom(t), loadRoom(t)
	files := testFiles(t)
	files["other.tmx"] = files["room.tmx"]
	other, err := level.Load(assets.New(files), "other.tmx", options(t))
	if err != nil {
		t.Fatal(err)
	}
	made := map[string]*prefab.Prefab{} // the variants the maps' objects spawn
	for _, mm := range []*level.Map{m, other} {
		for _, o := range mm.Objects() {
			if p := o.Prefab(); p != nil {
				made[p.Name()] = p
			}
		}
	}
	lookup := level.Variants(other, m, again)
	for _, c := range []struct {
		name        string
		inRoom, any bool
	}{
		{"room.tmx#2", true, true},
		{"room.tmx#3", true, true},
		{"other.tmx#3", false, true},
		{"player", false, false},     // object 1's prefab, the library's
		{"room.tmx#1", false, false}, // object 1 spawns its class's prefab
		{"room.tmx#4", false, false}, // a tile object without a class
		{"room.tmx#", false, false},
		{"room.tmx", false, false},
		{"room.tmx2", false, false},
		{"", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ok := lookup(c.name)
			if ok != c.any || ok && p != made[c.name] {
				t.Errorf("Variants(...)(%q) = %v, %v; want %v, %v", c.name, p, ok, made[c.name], c.any)
			}
			p, ok = m.Variant(c.name)
			if ok != c.inRoom || ok && p != made[c.name] {
				t.Errorf("room's Variant(%q) = %v, %v; want %v, %v", c.name, p, ok, made[c.name], c.inRoom)
			}
		})
	}
	first, _ := again.Variant("room.tmx#3")
	if first == made["room.tmx#3"] {
		t.Fatal("a map loaded again made the same prefab value; the first-wins check below means nothing")
	}
	if p, _ := level.Variants(again, m)("room.tmx#3"); p != first {
		t.Errorf("of two maps of one path, Variants gave %v, not the first's", p)
	}
}

// TestVariantsLoadSaves saves the entities of room.tmx's objects, two of
// them spawned from the map's variants, with a codec that has the map's
// variants: the save names the variants and what changed, and loads back
// to the same values and prefabs. A codec without them cannot load it,
// and names the variant it missed.
func TestVariantsLoadSaves(t *testing.T) {
	m := loadRoom(t)
	w := world.New()
	for _, o := range m.Objects() {
		o.Spawn(w)
	}
	for e, it := range world.Query1(w, Item) {
		if it.Name == "box" {
			it.Radius = 9 // a change since the variant, which the save must keep
			geom.Position.Require(w, e).X += 2
		}
	}
	want := items(w)
	if len(want) != 2 || want["box"].Radius != 9 {
		t.Fatalf("the room's objects hold %d items, want 2: %v", len(want), want)
	}
	regs := []save.Registration{save.Component(geom.Position), save.Component(Item)}
	codec, err := save.New(library(t), append(regs, save.Prefabs(level.Variants(m)))...)
	if err != nil {
		t.Fatal(err)
	}
	data, err := codec.Save(w, save.SaveOptions{SkipUnknown: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"room.tmx#2", "room.tmx#3"} {
		if !bytes.Contains(data, []byte("prefab: "+name)) {
			t.Errorf("the save does not name the variant %s:\n%s", name, data)
		}
	}
	loaded := world.New()
	if _, err := codec.Load(context.Background(), loaded, data, save.LoadOptions{Name: "slot.yaml"}); err != nil {
		t.Fatal(err)
	}
	if got := items(loaded); !maps.Equal(got, want) {
		t.Errorf("loaded items %v, want %v", got, want)
	}
	for e := range world.Query1(loaded, Item) {
		if p := prefab.Origin.Require(loaded, e); !strings.HasPrefix((*p).Name(), "room.tmx#") {
			t.Errorf("loaded item %v is of prefab %q, want the map's variant", e, (*p).Name())
		}
	}

	without, err := save.New(library(t), regs...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = without.Load(context.Background(), world.New(), data, save.LoadOptions{Name: "slot.yaml"})
	if !errors.Is(err, save.ErrUnknownPrefab) || !strings.Contains(err.Error(), "room.tmx#") {
		t.Errorf("loading without the variants: %v; want save.ErrUnknownPrefab naming one", err)
	}
}

// placedItem is an entity's Item and where the entity is.
type placedItem struct {
	Pickup
	At geom.Vec2
}

// items returns the items of w's entities by name.
func items(w *world.World) map[string]placedItem {
	out := map[string]placedItem{}
	for e, it := range world.Query1(w, Item) {
		out[it.Name] = placedItem{*it, *geom.Position.Require(w, e)}
	}
	return out
}
