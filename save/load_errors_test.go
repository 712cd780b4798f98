package save_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

const testLibrary = `
goblin:
  components:
    Health: {hp: 6, max: 6}
    tPos: {x: 1, y: 2}
    tAsleep: {}
  children:
    - {name: hat, prefab: hat}
hat:
  components:
    tLabel: hat
`

func testCodec(t testing.TB) (*save.Codec, *prefab.Library) {
	t.Helper()
	lib := prefab.NewLibrary(registrations()...)
	if err := lib.LoadBytes("lib.yaml", []byte(testLibrary)); err != nil {
		t.Fatal(err)
	}
	return newCodec(t, lib), lib
}

const header = "version: 1\nrand: seed=1 stream=0 position=0\nids: {slots: 4, free: []}\n"

// TestLoadErrors loads broken saves into a world and expects every
// problem with its place and kind, and the world as it was, hash for
// hash.
func TestLoadErrors(t *testing.T) {
	codec, lib := testCodec(t)
	for _, c := range []struct {
		name string
		save string
		want []error  // the sentinels, in order
		at   []string // each problem's message begins so
	}{
		{"not YAML", "version: [1\n", []error{save.ErrSyntax}, []string{"slot.yaml:1: "}},
		{"not a mapping", "- 1\n", []error{save.ErrSyntax}, []string{"slot.yaml:1:1: "}},
		{"version", "version: 2\n", []error{save.ErrVersion}, []string{"slot.yaml:1:10: "}},
		{"no version", "entities: []\n", []error{save.ErrVersion}, []string{"slot.yaml:1:1: "}},
		{"unknown key", header + "colour: red\n", []error{save.ErrSyntax}, []string{"slot.yaml:4:1: "}},
		{"a key of the save twice", header + "version: 1\n", []error{save.ErrSyntax},
			[]string{`slot.yaml:4:1: save: invalid save: key "version" given twice (first at line 1)`}},
		{"an entity's key twice", header + "entities:\n  - {id: 0v1, id: 1v1}\n", []error{save.ErrSyntax},
			[]string{`slot.yaml:5:15: save: invalid save: key "id" given twice (first at line 5)`}},
		{"a component twice", header + "entities:\n  - {id: 0v1, prefab: goblin, components: {Health: {hp: 1}, Health: {hp: 2}}}\n",
			[]error{save.ErrSyntax}, []string{`slot.yaml:5:61: save: invalid save: key "Health" given twice`}},
		{"a field twice", header + "entities:\n  - {id: 0v1, prefab: goblin, components: {Health: {hp: 1, hp: 2}}}\n",
			[]error{save.ErrSyntax}, []string{`slot.yaml:5:60: save: invalid save: key "hp" given twice`}},
		{"a link's relationship twice, and an order's", header + "entities:\n  - {id: 0v1, links: {ChildOf: [1v1], ChildOf: [1v1]}}\n" +
			"  - id: 1v1\n    sources:\n      ChildOf: [0v1]\n      ChildOf: [0v1]\n",
			[]error{save.ErrSyntax, save.ErrSyntax}, []string{`slot.yaml:5:39: save: invalid save: key "ChildOf" given twice`, `slot.yaml:9:7: save: invalid save: key "ChildOf" given twice (first at line 8)`}},
		{"a field twice in a mapping of many keys", header + "entities:\n  - id: 0v1\n    components:\n      Health:\n" + manyKeys(17, "        ") + "        hp: 1\n        hp: 2\n",
			[]error{save.ErrSyntax}, []string{`slot.yaml:26:9: save: invalid save: key "hp" given twice (first at line 25)`}},
		{"unknown prefab", header + "entities:\n  - {id: 0v1, prefab: orc}\n",
			[]error{save.ErrUnknownPrefab}, []string{`slot.yaml:5:5: entity 0v1 (prefab "orc"): `}},
		{"every problem", header + "entities:\n  - id: 0v1\n    prefab: goblin\n    components:\n      Health: {hpp: 3}\n      Wings: {}\n  - {id: 1v1, prefab: orc}\n",
			[]error{save.ErrUnknownField, save.ErrUnknownComponent, save.ErrUnknownPrefab},
			[]string{`slot.yaml:8:16: entity 0v1 (prefab "goblin"): component "Health": field "hpp": `, `slot.yaml:9:7: entity 0v1 (prefab "goblin"): component "Wings": `, `slot.yaml:10:5: entity 1v1 (prefab "orc")`}},
		{"bad value", header + "entities:\n  - {id: 0v1, prefab: goblin, components: {Health: {hp: lots}}}\n",
			[]error{save.ErrValue}, []string{"slot.yaml:5:57: entity 0v1 (prefab \"goblin\"): component \"Health\": field \"hp\": save: invalid value: cannot unmarshal !!str `lots` into int"}},
		{"a fraction for an integer", header + "entities:\n  - {id: 0v1, prefab: goblin, components: {Health: {hp: 1.5}}}\n",
			[]error{save.ErrValue}, []string{`slot.yaml:5:57: entity 0v1 (prefab "goblin"): component "Health": field "hp": save: invalid value: cannot decode the number 1.5 into int: it is not a whole number`}},
		{"nulls in a list", header + "entities:\n  - {id: 0v1, components: {tBag: [a, ~, b, null]}}\n",
			[]error{save.ErrValue, save.ErrValue}, []string{
				`slot.yaml:5:38: entity 0v1: component "tBag": save: invalid value: a null in a list of string would be left out, moving the rest of the list up`,
				`slot.yaml:5:44: entity 0v1: component "tBag": save: invalid value: a null in a list of string`}},
		{"custom load refuses", header + "entities:\n  - {id: 0v1, components: {tScore: -4}}\n",
			[]error{save.ErrValue}, []string{`slot.yaml:5:36: entity 0v1: component "tScore": save: invalid value: negative score -4`}},
		{"id twice", header + "entities:\n  - {id: 0v1}\n  - {id: 0v2}\n", []error{save.ErrIDs}, []string{"slot.yaml: "}},
		{"slot past the count", header + "entities:\n  - {id: 7v1}\n", []error{save.ErrIDs}, []string{"slot.yaml: "}},
		{"no id", header + "entities:\n  - {prefab: goblin}\n", []error{save.ErrIDs}, []string{"slot.yaml:5:5: "}},
		{"link to an entity not saved", header + "entities:\n  - {id: 0v1, links: {ChildOf: [3v1]}}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:23: entity 0v1: component \"ChildOf\": "}},
		{"no entity as an id", header + "entities:\n  - {id: 0v0}\n", []error{save.ErrIDs}, []string{"slot.yaml:5:10: "}},
		{"link to no entity", header + "entities:\n  - {id: 0v1, links: {ChildOf: [0v0]}}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:33: entity 0v1: component \"ChildOf\": "}},
		{"an order that is not the sources", header + "entities:\n  - {id: 0v1, sources: {ChildOf: [1v1, 1v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n  - {id: 2v1, links: {ChildOf: [0v1]}}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:40: entity 0v1: component \"ChildOf\": save: invalid entity ids: world: OrderSources[Children] on entity 0v1 and 1v1: bad order (1v1 is in the order twice)"}},
		{"an order naming an entity that is not a source", header + "entities:\n  - {id: 0v1, sources: {ChildOf: [1v1, 3v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n  - {id: 2v1, links: {ChildOf: [0v1]}}\n  - {id: 3v1}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:40: entity 0v1: component \"ChildOf\": save: invalid entity ids: world: OrderSources[Children] on entity 0v1 and 3v1: bad order (3v1 is not one of its sources)"}},
		{"an order naming twice an entity that is not a source", header + "entities:\n  - {id: 0v1, sources: {ChildOf: [3v1, 3v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n  - {id: 2v1, links: {ChildOf: [0v1]}}\n  - {id: 3v1}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:35: entity 0v1: component \"ChildOf\": save: invalid entity ids: world: OrderSources[Children] on entity 0v1 and 3v1: bad order (3v1 is not one of its sources)"}},
		{"a key given twice through an alias", header + "entities:\n  - {id: 0v1, prefab: goblin, components: {Health: {&hp hp: 1, maxhp: 9, *hp : 2}}}\n",
			[]error{save.ErrSyntax}, []string{`slot.yaml:5:74: save: invalid save: key "hp" given twice (first at line 5)`}},
		{"a later version's save with a key given twice", "version: 2\nversion: 2\n", []error{save.ErrVersion}, []string{"slot.yaml:1:10: "}},
		{"two targets' orders, both wrong", strings.Replace(header, "slots: 4", "slots: 6", 1) + "entities:\n  - {id: 0v1, sources: {ChildOf: [1v1, 1v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n  - {id: 2v1, links: {ChildOf: [0v1]}}\n  - {id: 3v1, sources: {ChildOf: [4v1]}}\n  - {id: 4v1, links: {ChildOf: [3v1]}}\n  - {id: 5v1, links: {ChildOf: [3v1]}}\n",
			[]error{save.ErrIDs, save.ErrIDs}, []string{"slot.yaml:5:40: entity 0v1: component \"ChildOf\": ", "slot.yaml:8:25: entity 3v1: component \"ChildOf\": "}},
		{"an order of the wrong length", header + "entities:\n  - {id: 0v1, sources: {ChildOf: [1v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n  - {id: 2v1, links: {ChildOf: [0v1]}}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:25: entity 0v1: component \"ChildOf\": "}},
		{"a link that fails, and a right order of sources it leaves wrong", header + "entities:\n  - {id: 0v1, sources: {ChildOf: [2v1, 1v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n  - {id: 2v1, links: {ChildOf: [7v1]}}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:7:23: entity 2v1: component \"ChildOf\": "}},
		{"an order of sources of an unknown relationship", header + "entities:\n  - {id: 0v1, sources: {Hates: []}}\n",
			[]error{save.ErrUnknownComponent}, []string{"slot.yaml:5:25: entity 0v1: component \"Hates\": "}},
		{"an order of sources not a mapping", header + "entities:\n  - {id: 0v1, sources: [1v1]}\n",
			[]error{save.ErrSyntax}, []string{"slot.yaml:5:24: entity 0v1: "}},
		{"an order of sources not ids", header + "entities:\n  - {id: 0v1, sources: {ChildOf: [bob]}}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:5:35: entity 0v1: component \"ChildOf\": "}},
		{"no entity as a free id", "version: 1\nrand: seed=1 stream=0 position=0\nids: {slots: 4, free: [0v0]}\n",
			[]error{save.ErrIDs}, []string{"slot.yaml:3:24: "}},
		{"child of nothing", header + "entities:\n  - {id: 0v1, prefab: hat, child: 0}\n",
			[]error{save.ErrUnknownPrefab}, []string{"slot.yaml:5:5: "}},
		{"truncated compact string", header + "entityDefinitions: {0: {type: goblin, properties: [{name: '@slot', type: uint}, {name: Health.hp, type: int}]}}\nentities:\n  - \"#$P\"\n",
			[]error{save.ErrCompact}, []string{"slot.yaml:6:5: "}},
		{"compact string without definitions", header + "entities:\n  - \"#$\"\n", []error{save.ErrCompact}, []string{"slot.yaml:5:5: "}},
		{"a fraction in the compact definitions", header + "entityDefinitions: {0: {type: goblin, properties: [{name: Health.hp, type: int, decimals: 1.5}]}}\nentities: []\n",
			[]error{save.ErrCompact}, []string{"slot.yaml:4:91: save: invalid compact entity: cannot decode the number 1.5 into int: it is not a whole number"}},
		{"bad compact definitions", header + "entityDefinitions: {0: {properties: []}}\nentities: []\n", []error{save.ErrCompact}, []string{"slot.yaml:4:20: "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := world.New()
			w.Seed(9)
			g, _ := lib.Spawn(w, "goblin", nil)
			HealthC.Require(w, g).HP = 1
			before := w.Hash()
			_, err := codec.Load(context.Background(), w, []byte(c.save), save.LoadOptions{Name: "slot.yaml"})
			if err == nil {
				t.Fatal("loaded")
			}
			if w.Hash() != before || HealthC.Require(w, g).HP != 1 {
				t.Fatalf("the failed load changed the world: %v", err)
			}
			got := save.Errors(err)
			if len(got) != len(c.want) {
				t.Fatalf("%d problems, want %d:\n%v", len(got), len(c.want), err)
			}
			for i, e := range got {
				if !errors.Is(e, c.want[i]) || !strings.HasPrefix(e.Error(), c.at[i]) {
					t.Errorf("problem %d = %q, want %v at %q", i, e, c.want[i], c.at[i])
				}
			}
		})
	}
}

// TestEvolution loads a save written by a build whose components had
// fields this one lacks, and one whose prefab lacked fields this one's
// has: removed fields are errors or ignored, added ones take the
// prefab's value.
func TestEvolution(t *testing.T) {
	codec, _ := testCodec(t)
	old := header + "entities:\n  - {id: 0v1, prefab: goblin, components: {Health: {hp: 2, armour: 3}, Wings: {span: 2}}}\n"
	w := world.New()
	_, err := codec.Load(context.Background(), w, []byte(old), save.LoadOptions{})
	if !errors.Is(err, save.ErrUnknownField) || !errors.Is(err, save.ErrUnknownComponent) {
		t.Fatalf("load = %v, want the removed field and component named", err)
	}
	info, err := codec.Load(context.Background(), w, []byte(old), save.LoadOptions{IgnoreRemoved: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"component Health field armour", "component Wings"}; strings.Join(info.Ignored, ",") != strings.Join(want, ",") {
		t.Errorf("ignored %q, want %q", info.Ignored, want)
	}
	e := world.Entity(1 << 32)
	if h := HealthC.Require(w, e); h.HP != 2 || h.Max != 6 {
		t.Errorf("health %+v, want the saved hp and the prefab's max", *h)
	}
	if p := PosC.Require(w, e); *p != (Vec{1, 2}) {
		t.Errorf("position %+v, want the prefab's: the save has none", *p)
	}
}

// manyKeys returns n lines of YAML, each a key of its own (k0: 0, k1:
// 0, ...) indented by indent.
func manyKeys(n int, indent string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%sk%d: 0\n", indent, i)
	}
	return b.String()
}
