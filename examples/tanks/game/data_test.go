package game

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/level"
)

// TestLoad: the game's files load whole: every prefab, the arena (one
// tank, four monsters, two nests, two repair kits), every sound, and the
// sprites the code names.
func TestLoad(t *testing.T) {
	l := assets.New(Files())
	d, err := Load(l)
	if err != nil {
		t.Fatal(err)
	}
	m := d.Levels[DefaultLevel]
	if m == nil {
		t.Fatalf("no level %q", DefaultLevel)
	}
	count := map[string]int{}
	for _, o := range m.Objects() {
		count[o.Class]++
	}
	want := map[string]int{"tank": 1, "ogre": 2, "demon": 1, "wraith": 1, "nest": 1, "nest-slow": 1, "repair": 2}
	for class, n := range want {
		if count[class] != n {
			t.Errorf("the arena has %d objects of class %s, want %d", count[class], class, n)
		}
	}
	for _, s := range Sounds {
		if _, err := l.Sound(s); err != nil {
			t.Errorf("sound %s: %v", s, err)
		}
	}
	atlas, err := l.Atlas("sprites/actors.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"heart", "heart-empty", "hull-0", "turret", "ogre-0", "demon-0", "wraith-0"} {
		if _, ok := atlas.Lookup(f); !ok {
			t.Errorf("sprites/actors.yaml has no frame %q", f)
		}
	}
	for _, c := range []string{"drive", "ogre", "demon", "wraith", "boom"} {
		if _, ok := atlas.Clip(c); !ok {
			t.Errorf("sprites/actors.yaml has no clip %q", c)
		}
	}
}

// TestLoadErrors: a level without a tank, and a nest that would let out
// what is no monster, are errors of the level's file that wrap ErrData,
// and a misspelt prefab class is level's error; the load keeps nothing.
func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, objects string
		want          []string
		is            error
	}{
		{"no tank", `<object id="1" class="ogre" x="48" y="48"><point/></object>`,
			[]string{"levels/bad.tmx:1:", "0 tanks"}, ErrData},
		{"a nest of dragons", `<object id="1" class="tank" x="48" y="48"><point/></object>
  <object id="2" class="dragon-nest" x="80" y="48"><point/></object>`,
			[]string{"levels/bad.tmx:", `object 2 (dragon-nest)`, `the nest spawns "dragon", which is no prefab with a Monster`}, ErrData},
		{"a misspelt class", `<object id="1" class="tank" x="48" y="48"><point/></object>
  <object id="2" class="orge" x="80" y="48"><point/></object>`,
			[]string{"levels/bad.tmx:", `unknown prefab "orge" (did you mean "ogre"?)`}, level.ErrUnknownPrefab},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := fstest.MapFS{
				"levels/bad.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="4" tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="3">
 <tileset firstgid="1" source="../sprites/tiles.tsx"/>
 <objectgroup id="1" name="things">
  ` + tc.objects + `
 </objectgroup>
</map>
`)},
				"prefabs/zz-test.yaml": {Data: []byte("dragon-nest:\n  extends: nest\n  components:\n    Nest: {kinds: [ogre, dragon]}\n")},
			}
			d, err := Load(assets.New(assets.Over(files, Files())))
			if d != nil || err == nil {
				t.Fatalf("Load returned %v, %v; want no data and an error", d, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if !errors.Is(err, tc.is) {
				t.Errorf("error %q is not %v", err, tc.is)
			}
		})
	}
}

// TestPrefabsAreChecked: every prefab of the game spawns, its children
// included, and the tank's turret and the monsters' health bars are
// children placed by the transform component.
func TestPrefabsAreChecked(t *testing.T) {
	d, err := Load(assets.New(Files()))
	if err != nil {
		t.Fatal(err)
	}
	for name, child := range map[string]string{"tank": "turret", "ogre": "bar", "demon": "bar", "wraith": "bar"} {
		p, ok := d.Library.Lookup(name)
		if !ok {
			t.Fatalf("no prefab %q", name)
		}
		var names []string
		for _, c := range p.Children() {
			names = append(names, c.ChildName())
		}
		if len(names) != 1 || names[0] != child {
			t.Errorf("prefab %q has children %v, want [%s]", name, names, child)
		}
	}
}
