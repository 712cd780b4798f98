package compact_test

import (
	"testing"

	"github.com/tessera-engine/tessera/save/compact"
)

// grass is the definition of the format's worked example.
var grass = compact.Definition{
	Type: "grass",
	Properties: []compact.Property{
		{Name: "x", Kind: compact.Uint, Step: 32, Offset: 16},
		{Name: "y", Kind: compact.Uint, Step: 32, Offset: 16},
		{Name: "harvestAmount", Kind: compact.Uint},
		{Name: "harvestProgress", Kind: compact.Uint},
	},
}

// mixed has a property of every kind, at key 1 after grass, then three
// trees sharing one definition at keys 2, 3 and 4.
var (
	mixed = compact.Definition{
		Type: "mixed",
		Properties: []compact.Property{
			{Name: "i", Kind: compact.Int},
			{Name: "u", Kind: compact.Uint},
			{Name: "b", Kind: compact.Boolean},
			{Name: "f", Kind: compact.Float32},
			{Name: "s", Kind: compact.String},
			{Name: "cents", Kind: compact.Int, Decimals: 2},
			{Name: "half", Kind: compact.Uint, Step: 0.5, Offset: -1},
		},
	}
	trees = compact.Definition{
		Types:      []string{"oak", "pine", "birch"},
		Properties: []compact.Property{{Name: "age", Kind: compact.Uint}},
	}
)

// testTable returns the table of grass, mixed and trees.
func testTable(t testing.TB) *compact.Table {
	t.Helper()
	table, err := compact.NewTable(grass, mixed, trees)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// fields builds a field list from name, value pairs.
func fields(kv ...any) []compact.Field {
	var out []compact.Field
	for i := 0; i < len(kv); i += 2 {
		out = append(out, compact.Field{Name: kv[i].(string), Value: kv[i+1].(compact.Value)})
	}
	return out
}

func equalFields(a, b []compact.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
