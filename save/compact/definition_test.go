package compact_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/save/compact"
)

func TestNewTableKeys(t *testing.T) {
	table := testTable(t)
	for typ, want := range map[string]int{"grass": 0, "mixed": 1, "oak": 2, "pine": 3, "birch": 4} {
		if got, ok := table.Key(typ); !ok || got != want {
			t.Errorf("Key(%q) = %d, %v; want %d", typ, got, ok, want)
		}
	}
	if got, ok := table.Key("worker"); ok {
		t.Errorf("Key(worker) = %d, true; want not found", got)
	}
	defs := table.Definitions()
	if len(defs) != 3 || defs[0].Type != "grass" || defs[1].Type != "mixed" || len(defs[2].Types) != 3 {
		t.Errorf("Definitions() = %v, want grass at 0, mixed at 1, trees at 2", defs)
	}
	// The copy is the caller's: changing it changes nothing in the table.
	defs[0].Properties[0].Name = "changed"
	if got := table.Definitions()[0].Properties[0].Name; got != "x" {
		t.Errorf("after changing the copy, the table's first property is %q", got)
	}
}

func TestLoadTableSparseKeys(t *testing.T) {
	table, err := compact.LoadTable(map[int]compact.Definition{7: trees, 40: grass})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		s, typ string
	}{{"*%", "oak"}, {",%", "birch"}, {"K", "grass"}} {
		e, err := table.Decode(tt.s)
		if err != nil || e.Type != tt.typ {
			t.Errorf("Decode(%q) = %v, %v; want type %s", tt.s, e, err, tt.typ)
		}
	}
	for _, s := range []string{"#", "-", "J"} { // keys 0, 10 and 39: no definition
		if _, err := table.Decode(s); !errors.Is(err, compact.ErrUnknownKey) {
			t.Errorf("Decode(%q) error = %v, want ErrUnknownKey", s, err)
		}
	}
}

func TestDefinitionErrors(t *testing.T) {
	p := func(name string, k compact.Kind) compact.Property { return compact.Property{Name: name, Kind: k} }
	one := func(props ...compact.Property) compact.Definition {
		return compact.Definition{Type: "t", Properties: props}
	}
	tests := []struct {
		name     string
		defs     map[int]compact.Definition
		key      int
		property string
		msg      string
	}{
		{"negative key", map[int]compact.Definition{-1: one()}, -1, "", "negative key"},
		{"no type", map[int]compact.Definition{0: {}}, 0, "", "no type"},
		{"type and types", map[int]compact.Definition{0: {Type: "a", Types: []string{"b"}}}, 0, "", "both type and types"},
		{"empty type in list", map[int]compact.Definition{0: {Types: []string{"a", ""}}}, 0, "", "type 2 of the list is empty"},
		{"type twice", map[int]compact.Definition{0: one(), 1: one()}, 1, "", "type also defined at key 0"},
		{"overlapping keys", map[int]compact.Definition{0: {Types: []string{"a", "b"}}, 1: {Type: "c"}}, 1, "", "key 1 is taken"},
		{"key too large", map[int]compact.Definition{math.MaxInt: {Types: []string{"a", "b"}}}, math.MaxInt, "", "too large"},
		{"unnamed property", map[int]compact.Definition{0: one(p("", compact.Int))}, 0, "", "without a name"},
		{"property twice", map[int]compact.Definition{0: one(p("a", compact.Int), p("a", compact.Uint))}, 0, "a", "listed twice"},
		{"no kind", map[int]compact.Definition{0: one(p("a", 0))}, 0, "a", "property type 0"},
		{"unknown kind", map[int]compact.Definition{0: one(p("a", 9))}, 0, "a", "property type 9"},
		{"step on a string", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.String, Step: 2})}, 0, "a", "int and uint only"},
		{"decimals on a float32", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.Float32, Decimals: 1})}, 0, "a", "int and uint only"},
		{"negative step", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.Int, Step: -1})}, 0, "a", "step -1"},
		{"infinite step", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.Int, Step: math.Inf(1)})}, 0, "a", "step +Inf"},
		{"NaN offset", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.Uint, Offset: math.NaN()})}, 0, "a", "offset NaN"},
		{"decimals 19", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.Uint, Decimals: 19})}, 0, "a", "decimals 19"},
		{"negative decimals", map[int]compact.Definition{0: one(compact.Property{Name: "a", Kind: compact.Uint, Decimals: -1})}, 0, "a", "decimals -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table, err := compact.LoadTable(tt.defs)
			if table != nil || !errors.Is(err, compact.ErrDefinition) {
				t.Fatalf("LoadTable = %v, %v; want nil and ErrDefinition", table, err)
			}
			var ce *compact.Error
			if !errors.As(err, &ce) || ce.Key != tt.key || ce.Property != tt.property {
				t.Errorf("error %v: %#v, want key %d, property %q", err, ce, tt.key, tt.property)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
		})
	}
}

func TestDefinitionErrorsAreAllReported(t *testing.T) {
	_, err := compact.NewTable(
		compact.Definition{Type: "a", Properties: []compact.Property{{Name: "x"}}},
		compact.Definition{},
		compact.Definition{Type: "a"},
	)
	j, ok := err.(interface{ Unwrap() []error })
	if !ok || len(j.Unwrap()) != 3 {
		t.Fatalf("NewTable error = %v, want the three problems joined", err)
	}
	want := `compact: type "a" (key 0): property "x": invalid definition: property type 0 is not int, uint, boolean, float32 or string
compact: key 1: invalid definition: no type
compact: type "a" (key 2): invalid definition: type also defined at key 0`
	if err.Error() != want {
		t.Errorf("error =\n%s\nwant\n%s", err, want)
	}
}

func TestKindText(t *testing.T) {
	for _, k := range []compact.Kind{compact.Int, compact.Uint, compact.Boolean, compact.Float32, compact.String} {
		text, err := k.MarshalText()
		if err != nil || string(text) != k.String() {
			t.Errorf("%v.MarshalText() = %q, %v", k, text, err)
		}
		var back compact.Kind
		if err := back.UnmarshalText(text); err != nil || back != k {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, k)
		}
	}
	if _, err := compact.Kind(0).MarshalText(); !errors.Is(err, compact.ErrDefinition) {
		t.Errorf("Kind(0).MarshalText() error = %v, want ErrDefinition", err)
	}
	k := compact.Uint
	if err := k.UnmarshalText([]byte("float64")); !errors.Is(err, compact.ErrDefinition) || k != compact.Uint {
		t.Errorf("UnmarshalText(float64) = %v, %v; want ErrDefinition and no change", k, err)
	}
}

// savedDefinitions is the definitions table as a YAML save carries it.
const savedDefinitions = `0:
    type: grass
    properties:
        - name: x
          type: uint
          step: 32
          offset: 16
        - name: "y"
          type: uint
          step: 32
          offset: 16
        - name: harvestAmount
          type: uint
        - name: harvestProgress
          type: uint
2:
    types:
        - oak
        - pine
        - birch
    properties:
        - name: age
          type: uint
`

// TestDefinitionsInYAML writes a table's definitions as YAML and reads
// them back into an equal table, the way a save carries them.
func TestDefinitionsInYAML(t *testing.T) {
	table, err := compact.LoadTable(map[int]compact.Definition{0: grass, 2: trees})
	if err != nil {
		t.Fatal(err)
	}
	out, err := yaml.Marshal(table.Definitions())
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != savedDefinitions {
		t.Errorf("YAML =\n%s\nwant\n%s", out, savedDefinitions)
	}
	var back map[int]compact.Definition
	if err := yaml.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, table.Definitions()) {
		t.Errorf("read back %v, want %v", back, table.Definitions())
	}
	var bad map[int]compact.Definition
	err = yaml.Unmarshal([]byte("0: {type: a, properties: [{name: x, type: float64}]}"), &bad)
	if !errors.Is(err, compact.ErrDefinition) {
		t.Errorf("unknown property type in YAML: error %v, want ErrDefinition", err)
	}
}

func TestDefinitionsInJSON(t *testing.T) {
	table := testTable(t)
	out, err := json.Marshal(table.Definitions())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `{"name":"x","type":"uint","step":32,"offset":16}`) {
		t.Errorf("JSON %s does not hold x as {name, type, step, offset}", out)
	}
	var back map[int]compact.Definition
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, table.Definitions()) {
		t.Errorf("read back %v, want %v", back, table.Definitions())
	}
}

func TestUsed(t *testing.T) {
	table := testTable(t)
	used, err := table.Used([]string{"#g(", "&O", "#", "'$"})
	if err != nil {
		t.Fatal(err)
	}
	if len(used) != 2 || used[0].Type != "grass" || len(used[2].Types) != 3 {
		t.Errorf("Used = %v, want grass at 0 and the trees at 2", used)
	}
	if _, err := table.Used([]string{"#", "9"}); !errors.Is(err, compact.ErrUnknownKey) || !strings.Contains(err.Error(), "entity string 1") {
		t.Errorf("Used with an unknown key: error %v, want ErrUnknownKey naming string 1", err)
	}
}
