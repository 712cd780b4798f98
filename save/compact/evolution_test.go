package compact_test

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/save/compact"
)

// TestOldSavesStayReadable writes strings with one build's definition and
// reads them in a later build whose definition reordered, appended and
// dropped properties: decoding with the save's own definitions, then
// matching by name, gives every value back.
func TestOldSavesStayReadable(t *testing.T) {
	oldTable := testTable(t)
	entities := []compact.Entity{
		{Type: "grass", Fields: fields("x", compact.UintValue(7920), "y", compact.UintValue(15440), "harvestProgress", compact.UintValue(633000))},
		{Type: "grass", Fields: fields("x", compact.UintValue(48), "harvestAmount", compact.UintValue(3))},
		{Type: "pine", Fields: fields("age", compact.UintValue(12))},
	}
	var strs []string
	for _, e := range entities {
		s, err := oldTable.Encode(e)
		if err != nil {
			t.Fatal(err)
		}
		strs = append(strs, s)
	}
	saved, err := oldTable.Used(strs) // what the save carries
	if err != nil {
		t.Fatal(err)
	}

	// The later build: y before x, harvestAmount dropped, growth appended,
	// and a different key order.
	newTable, err := compact.NewTable(trees, compact.Definition{Type: "grass", Properties: []compact.Property{
		{Name: "harvestProgress", Kind: compact.Uint},
		{Name: "y", Kind: compact.Int, Step: 32, Offset: 16},
		{Name: "x", Kind: compact.Uint, Step: 32, Offset: 16},
		{Name: "growth", Kind: compact.Float32},
	}})
	if err != nil {
		t.Fatal(err)
	}
	saveTable, err := compact.LoadTable(saved)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range strs {
		e, err := saveTable.Decode(s)
		if err != nil {
			t.Fatalf("Decode(%q) with the save's definitions: %v", s, err)
		}
		if e.Type != entities[i].Type || !sameByName(e.Fields, entities[i].Fields) {
			t.Errorf("Decode(%q) = %v, want %v", s, e, entities[i])
		}
		// Written again by the new build: fine unless the entity has a
		// value for the dropped property, which is then named.
		_, err = newTable.Encode(e)
		var ce *compact.Error
		if i == 1 {
			if !errors.Is(err, compact.ErrNoFit) || !errors.As(err, &ce) || ce.Property != "harvestAmount" {
				t.Errorf("new build's Encode(%v) error = %v, want ErrNoFit naming harvestAmount", e, err)
			}
		} else if err != nil {
			t.Errorf("new build's Encode(%v): %v", e, err)
		}
	}
	// Reading an old string with the new build's table instead is wrong:
	// key 0 is now the oak.
	if e, err := newTable.Decode(strs[0]); err == nil && e.Type == "grass" {
		t.Errorf("the new table read an old string as grass: keys were expected to move")
	}
}

// sameByName reports whether a and b hold the same values by name.
func sameByName(a, b []compact.Field) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]compact.Value{}
	for _, f := range a {
		m[f.Name] = f.Value
	}
	for _, f := range b {
		if v, ok := m[f.Name]; !ok || v != f.Value {
			return false
		}
	}
	return true
}
