package prefab_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

var update = flag.Bool("update", false, "rewrite testdata/prefab.schema.json")

// TestSchema compares the schema of the test library with
// testdata/prefab.schema.json, the schema testdata/monsters.yaml names for
// editors. Run go test -run TestSchema -update after changing the
// generator or the test components.
func TestSchema(t *testing.T) {
	lib := newLibrary(t)
	if err := lib.Load("testdata/monsters.yaml"); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/prefab.schema.json"
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("WriteSchema differs from %s; run go test -run TestSchema -update and review the diff", golden)
	}

	var s struct {
		Schema      string `json:"$schema"`
		Definitions struct {
			Prefab struct {
				Properties struct {
					Extends struct {
						Examples []string
					}
					Components, Children struct {
						Ref string `json:"$ref"`
					}
				}
			} `json:"prefab"`
			Components struct {
				Properties map[string]json.RawMessage
			} `json:"components"`
			Stats struct {
				Properties map[string]map[string]any
			} `json:"prefab_test.Stats"`
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	equal(t, "$schema", s.Schema, prefab.SchemaID)
	equal(t, "extends examples", s.Definitions.Prefab.Properties.Extends.Examples, lib.Names())
	equal(t, "a prefab's components", s.Definitions.Prefab.Properties.Components.Ref, "#/definitions/components")
	equal(t, "a prefab's children", s.Definitions.Prefab.Properties.Children.Ref, "#/definitions/children")
	for _, name := range lib.Components() {
		if _, ok := s.Definitions.Components.Properties[name]; !ok {
			t.Errorf("schema has no component %q", name)
		}
	}
	stats := s.Definitions.Stats.Properties
	for key, want := range map[string]any{"speed": "number", "tags": "array", "loot": "object", "name": "string", "level": "integer"} {
		if got := stats[key]["type"]; got != want {
			t.Errorf("Stats.%s type = %v, want %v", key, got, want)
		}
	}
	for _, key := range []string{"secret", "hook", "Secret", "title"} {
		if _, ok := stats[key]; ok {
			t.Errorf("Stats has a property %q data cannot set", key)
		}
	}
	if got := stats["level"]["maximum"]; got != 255.0 {
		t.Errorf("Stats.level maximum = %v, want 255", got)
	}
}

// Mood is an enum with text forms, as a shape's kind is: the schema offers
// its names.
type Mood int8

var moodNames = map[Mood]string{-1: "grim", 0: "calm", 3: "merry"}

func (m Mood) MarshalText() ([]byte, error) {
	if n, ok := moodNames[m]; ok {
		return []byte(n), nil
	}
	return nil, fmt.Errorf("no mood %d", int8(m))
}

func (m *Mood) UnmarshalText(b []byte) error {
	for v, n := range moodNames {
		if n == string(b) {
			*m = v
			return nil
		}
	}
	return fmt.Errorf("unknown mood %q", b)
}

type Temper struct{ Mood Mood }

var tTemper = world.DefineComponent[Temper]("Temper")

func TestSchemaEnum(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tTemper))
	if err := lib.LoadBytes("m.yaml", []byte("imp:\n  components:\n    Temper: {mood: merry}\n")); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	e, err := lib.Spawn(w, "imp", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := tTemper.Require(w, e).Mood; got != 3 {
		t.Errorf("mood: merry decodes to %d, want 3", got)
	}
	var got []string
	if p, ok := schemaProperty(t, lib, "mood"); ok {
		got = toStrings(p["enum"])
	}
	if want := []string{"grim", "calm", "merry"}; !slices.Equal(got, want) {
		t.Errorf("the schema's enum for mood = %q, want %q (in value order)", got, want)
	}
}

// Layers has a text form that also reads numbers, as collision tags do:
// data may write it as a name or as a YAML integer.
type Layers uint32

func (l Layers) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(l))), nil }

func (l *Layers) UnmarshalText(b []byte) error {
	if string(b) == "top" {
		*l = 1 << 31
		return nil
	}
	n, err := strconv.ParseUint(string(b), 10, 32)
	if err != nil {
		return fmt.Errorf("not a layer: %q", b)
	}
	*l = Layers(n)
	return nil
}

type Drawn struct{ Layers Layers }

var tDrawn = world.DefineComponent[Drawn]("Drawn")

func TestSchemaTextThatReadsNumbers(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tDrawn))
	src := "a:\n  components:\n    Drawn: {layers: top}\nb:\n  components:\n    Drawn: {layers: 6}\n"
	if err := lib.LoadBytes("l.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	for name, want := range map[string]Layers{"a": 1 << 31, "b": 6} {
		e, err := lib.Spawn(w, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := tDrawn.Require(w, e).Layers; got != want {
			t.Errorf("%s: layers = %d, want %d", name, got, want)
		}
	}
	p, _ := schemaProperty(t, lib, "layers")
	if min, ok := p["minimum"]; !ok || min != 0.0 {
		t.Errorf("the schema's minimum for layers = %v, want 0: Layers reads no negative number", min)
	}
	got := p["type"]
	if fmt.Sprint(got) != "[string integer]" {
		t.Errorf("the schema's type for layers = %v, want [string integer]", got)
	}
}

// schemaProperty returns the schema of the first field named key in lib's
// schema's definitions.
func schemaProperty(t *testing.T, lib *prefab.Library, key string) (map[string]any, bool) {
	t.Helper()
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Definitions map[string]struct {
			Properties map[string]map[string]any
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &schema); err != nil {
		t.Fatal(err)
	}
	for _, d := range schema.Definitions {
		if p, ok := d.Properties[key]; ok {
			return p, true
		}
	}
	t.Errorf("no field %q in the schema:\n%s", key, buf.String())
	return nil, false
}

// toStrings converts a JSON array of strings.
func toStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// Tier is a text type with names for some values and numbers for the
// rest, as a draw layer is: the schema offers the names or an integer in
// its range.
type Tier int16

func (t Tier) MarshalText() ([]byte, error) {
	if t == 7 {
		return []byte("top"), nil
	}
	return []byte(strconv.Itoa(int(t))), nil
}

func (t *Tier) UnmarshalText(b []byte) error {
	if string(b) == "top" {
		*t = 7
		return nil
	}
	n, err := strconv.ParseInt(string(b), 10, 16)
	if err != nil {
		return fmt.Errorf("not a tier: %q", b)
	}
	*t = Tier(n)
	return nil
}

type Stacked struct{ Tier Tier }

var tStacked = world.DefineComponent[Stacked]("Stacked")

func TestSchemaNamesOrNumbers(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tStacked))
	p, _ := schemaProperty(t, lib, "tier")
	alts, _ := p["anyOf"].([]any)
	if len(alts) != 2 {
		t.Fatalf("the schema for tier = %v, want anyOf names and integers", p)
	}
	names, _ := alts[0].(map[string]any)
	ints, _ := alts[1].(map[string]any)
	if got := toStrings(names["enum"]); !slices.Equal(got, []string{"top"}) {
		t.Errorf("tier names = %q, want [top] (no numbers among them)", got)
	}
	if ints["type"] != "integer" || ints["minimum"] != -32768.0 || ints["maximum"] != 32767.0 {
		t.Errorf("tier integers = %v, want an integer in [-32768, 32767]", ints)
	}
}

// Tree refers to itself without a struct in between.
type Tree map[string]Tree

var tTree = world.DefineComponent[Tree]("Tree")

// Element is an enum with text names, used as map keys.
type Element uint8

var elementNames = []string{"fire", "ice"}

func (e Element) MarshalText() ([]byte, error) {
	if int(e) < len(elementNames) {
		return []byte(elementNames[e]), nil
	}
	return nil, fmt.Errorf("no element %d", e)
}

func (e *Element) UnmarshalText(b []byte) error {
	for i, n := range elementNames {
		if n == string(b) {
			*e = Element(i)
			return nil
		}
	}
	return fmt.Errorf("unknown element %q", b)
}

type Armor struct{ Resist map[Element]float64 }

var tArmor = world.DefineComponent[Armor]("Armor")

// TestSchemaOddTypes: a named type that refers to itself gets a
// definition instead of a stack overflow, and a map keyed by an enum
// takes the enum's names as keys, as the loader does.
func TestSchemaOddTypes(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tTree), prefab.Component(tArmor))
	if err := lib.LoadBytes("t.yaml", []byte("oak: {components: {Tree: {a: {b: {}}}, Armor: {resist: {fire: 0.5}}}}\n")); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s struct {
		Definitions map[string]map[string]any
	}
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	tree, ok := s.Definitions["prefab_test.Tree"]
	if !ok || fmt.Sprint(tree["additionalProperties"]) != "map[$ref:#/definitions/prefab_test.Tree]" {
		t.Errorf("Tree's definition = %v, want an object of Trees by $ref", tree)
	}
	armor, _ := s.Definitions["prefab_test.Armor"]["properties"].(map[string]any)
	resist, _ := armor["resist"].(map[string]any)
	if got := fmt.Sprint(resist["propertyNames"]); got != "map[enum:[fire ice]]" {
		t.Errorf("resist's property names = %s, want the element names", got)
	}
	if err := lib.WriteSchema(io.Discard); err != nil {
		t.Fatal(err)
	}
}

// TestSchemaChildren: the schema describes children, with at as the
// field of the component that places them, and prefab names offered.
func TestSchemaChildren(t *testing.T) {
	lib := treeLibrary(t, pipes)
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s struct {
		Definitions struct {
			Children struct {
				Type  []string
				Items struct {
					Ref string `json:"$ref"`
				}
			} `json:"children"`
			Child struct {
				AdditionalProperties bool
				Properties           struct {
					Name   struct{ Type string }
					Prefab struct{ Examples []string }
					At     struct {
						Ref         string `json:"$ref"`
						Description string
					}
					Components, Children struct {
						Ref string `json:"$ref"`
					}
				}
			} `json:"child"`
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	d := s.Definitions
	equal(t, "children", d.Children.Items.Ref, "#/definitions/child")
	equal(t, "a child's name", d.Child.Properties.Name.Type, "string")
	equal(t, "a child's prefab", d.Child.Properties.Prefab.Examples, append(lib.Names(), "none"))
	equal(t, "a child's at", d.Child.Properties.At.Ref, "#/definitions/prefab_test.Vec")
	equal(t, "a child's components", d.Child.Properties.Components.Ref, "#/definitions/components")
	equal(t, "a child's children", d.Child.Properties.Children.Ref, "#/definitions/children")

	buf.Reset()
	if err := newLibrary(t).WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `"at"`) {
		t.Error("the schema of a library that places no children offers at")
	}
}
