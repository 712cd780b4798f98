package compact_test

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/save/compact"
)

// The worked example of the format: a grass tile whose position is a tile
// centre and whose harvest amount is absent.
func Example() {
	table, err := compact.NewTable(compact.Definition{
		Type: "grass",
		Properties: []compact.Property{
			{Name: "x", Kind: compact.Uint, Step: 32, Offset: 16},
			{Name: "y", Kind: compact.Uint, Step: 32, Offset: 16},
			{Name: "harvestAmount", Kind: compact.Uint},
			{Name: "harvestProgress", Kind: compact.Uint},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := table.Encode(compact.Entity{Type: "grass", Fields: []compact.Field{
		{Name: "x", Value: compact.UintValue(7920)},
		{Name: "y", Value: compact.UintValue(15440)},
		{Name: "harvestProgress", Value: compact.UintValue(633000)},
	}})
	fmt.Println(s, err)

	e, err := table.Decode(s)
	fmt.Println(e.Type, e.Fields, err)

	// A value off the 32-pixel grid does not fit: keep that entity as an object.
	_, err = table.Encode(compact.Entity{Type: "grass", Fields: []compact.Field{{Name: "x", Value: compact.UintValue(7921)}}})
	fmt.Println(errors.Is(err, compact.ErrNoFit))
	// Output:
	// #g(q-!ok{) <nil>
	// grass [{x 7920} {y 15440} {harvestProgress 633000}] <nil>
	// true
}

// A save carries the definitions its strings use; a later build reads the
// strings with them and matches the fields by name.
func ExampleLoadTable() {
	// The build that wrote the save.
	old, _ := compact.NewTable(compact.Definition{Types: []string{"oak", "pine"}, Properties: []compact.Property{
		{Name: "age", Kind: compact.Uint},
		{Name: "height", Kind: compact.Uint, Decimals: 1},
	}})
	s, _ := old.Encode(compact.Entity{Type: "pine", Fields: []compact.Field{
		{Name: "height", Value: compact.FloatValue(12.5)},
		{Name: "age", Value: compact.UintValue(40)},
	}})
	saved, _ := old.Used([]string{s}) // goes into the save with the strings

	// A later build, whatever its own definitions, reads the save by the
	// save's definitions.
	table, err := compact.LoadTable(saved)
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := table.Decode(s)
	fmt.Println(s, e.Type, e.Fields, err)
	// Output:
	// $Kt% pine [{age 40} {height 12.5}] <nil>
}
