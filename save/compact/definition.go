package compact

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Definition describes how one entity type, or several, is written as a
// compact string: the properties in the order the string gives them.
// Exactly one of Type and Types is set. Saved at key n, a definition gives
// its types the keys n, n+1, … in order, so every type has its own key
// while the property list is stored once.
//
// The struct tags give the form a save carries in YAML or JSON:
//
//	0:
//	  type: grass
//	  properties:
//	    - {name: x, type: uint, step: 32, offset: 16}
//	    - {name: harvestProgress, type: uint}
type Definition struct {
	Type       string     `json:"type,omitempty" yaml:"type,omitempty"`
	Types      []string   `json:"types,omitempty" yaml:"types,omitempty"`
	Properties []Property `json:"properties" yaml:"properties"`
}

// Property is one field of a [Definition]: its name, its kind, and for
// Int and Uint the scaling of stored integers. An Int or Uint value is
// stored as (value − Offset) / Step × 10^Decimals, which must be an
// integer, and read back as stored × Step / 10^Decimals + Offset.
type Property struct {
	Name string `json:"name" yaml:"name"`
	Kind Kind   `json:"type" yaml:"type"`
	// Step is the distance between representable values; 0 means 1.
	// It must be positive and finite. Int and Uint only.
	Step float64 `json:"step,omitempty" yaml:"step,omitempty"`
	// Offset is the value stored as 0; zero by default. It must be
	// finite. Int and Uint only.
	Offset float64 `json:"offset,omitempty" yaml:"offset,omitempty"`
	// Decimals is the number of decimal digits kept below Step, 0 to 18;
	// zero by default. Int and Uint only.
	Decimals int `json:"decimals,omitempty" yaml:"decimals,omitempty"`
}

// maxDecimals bounds Property.Decimals: 10^18 is exact in a float64 and
// still fits a uint64.
const maxDecimals = 18

// types returns the definition's type names, one or several.
func (d *Definition) types() []string {
	if d.Type != "" {
		return []string{d.Type}
	}
	return d.Types
}

// clone returns a copy of d that shares no slice with it.
func (d Definition) clone() Definition {
	d.Types = slices.Clone(d.Types)
	d.Properties = slices.Clone(d.Properties)
	return d
}

// Table is a set of definitions by key: the current build's, made with
// [NewTable], or a save's, read with [LoadTable]. It encodes entities into
// strings and decodes strings into entities. A Table is immutable, so any
// number of goroutines may use one at once.
type Table struct {
	defs   []tableDef         // sorted by key
	byType map[string]typeRef // every type of every definition
}

// typeRef locates a type: its definition and its position in the
// definition's types, so its key is defs[def].key + index.
type typeRef struct{ def, index int }

// tableDef is one definition as the codec uses it.
type tableDef struct {
	key    int
	def    Definition // as given, cloned
	types  []string
	props  []prop
	byName map[string]int
}

// NewTable returns a table of defs at consecutive keys: the first
// definition at key 0, each next one at the key after the last type of
// the one before (so a definition of three types uses three keys). Use it
// for the definitions a build writes; use [LoadTable] for a save's.
//
// It returns every problem with the definitions, joined, each an [*Error]
// wrapping [ErrDefinition].
func NewTable(defs ...Definition) (*Table, error) {
	keyed := make(map[int]Definition, len(defs))
	key := 0
	for _, d := range defs {
		keyed[key] = d
		key += max(len(d.types()), 1)
	}
	return LoadTable(keyed)
}

// LoadTable returns a table of the definitions at the keys given, as a
// save holds them (its entityDefinitions). Keys must be at least 0 and no
// two definitions' keys may overlap. The table keeps its own copy of
// defs.
//
// It returns every problem with the definitions, joined, each an [*Error]
// wrapping [ErrDefinition]; the problems are in key order.
func LoadTable(defs map[int]Definition) (*Table, error) {
	keys := make([]int, 0, len(defs))
	for k := range defs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	t := &Table{defs: make([]tableDef, 0, len(keys)), byType: make(map[string]typeRef)}
	var errs []error
	fail := func(key int, typ, property, msg string) {
		errs = append(errs, &Error{Key: key, Type: typ, Property: property, Pos: -1, Err: because(ErrDefinition, msg)})
	}
	next := 0 // the first key no definition before uses
	for _, key := range keys {
		d := defs[key].clone()
		types := d.types()
		first := ""
		if len(types) > 0 {
			first = types[0]
		}
		switch {
		case key < 0:
			fail(key, first, "", "negative key")
			continue
		case d.Type != "" && len(d.Types) > 0:
			fail(key, first, "", "both type and types are set")
			continue
		case len(types) == 0:
			fail(key, "", "", "no type")
			continue
		case key < next:
			fail(key, first, "", fmt.Sprintf("key %d is taken by the definition before, whose types use keys up to %d", key, next-1))
			continue
		case key > math.MaxInt-len(types):
			fail(key, first, "", "key too large")
			continue
		}
		next = key + len(types)
		td := tableDef{key: key, def: d, types: types, byName: make(map[string]int, len(d.Properties))}
		for i, typ := range types {
			if typ == "" {
				fail(key, "", "", fmt.Sprintf("type %d of the list is empty", i+1))
				continue
			}
			if prev, ok := t.byType[typ]; ok {
				fail(key, typ, "", fmt.Sprintf("type also defined at key %d", t.defs[prev.def].key+prev.index))
				continue
			}
			t.byType[typ] = typeRef{def: len(t.defs), index: i}
		}
		for _, p := range d.Properties {
			if msg := p.problem(); msg != "" {
				fail(key, first, p.Name, msg)
				continue
			}
			if _, dup := td.byName[p.Name]; dup {
				fail(key, first, p.Name, "property listed twice")
				continue
			}
			td.byName[p.Name] = len(td.props)
			td.props = append(td.props, compile(p))
		}
		t.defs = append(t.defs, td)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return t, nil
}

// problem says what is wrong with p, or returns "".
func (p *Property) problem() string {
	switch {
	case p.Name == "":
		return "property without a name"
	case !p.Kind.valid():
		return fmt.Sprintf("property type %d is not int, uint, boolean, float32 or string", uint8(p.Kind))
	case !p.Kind.numeric() && (p.Step != 0 || p.Offset != 0 || p.Decimals != 0):
		return fmt.Sprintf("step, offset and decimals apply to int and uint only, not %s", p.Kind)
	case p.Step < 0 || math.IsNaN(p.Step) || math.IsInf(p.Step, 0):
		return fmt.Sprintf("step %v is not positive and finite", p.Step)
	case math.IsNaN(p.Offset) || math.IsInf(p.Offset, 0):
		return fmt.Sprintf("offset %v is not finite", p.Offset)
	case p.Decimals < 0 || p.Decimals > maxDecimals:
		return fmt.Sprintf("decimals %d is not between 0 and %d", p.Decimals, maxDecimals)
	}
	return ""
}

// Definitions returns a copy of the table's definitions by key, in the
// form [LoadTable] takes and a save carries. O(definitions and
// properties); it allocates the copy.
func (t *Table) Definitions() map[int]Definition {
	out := make(map[int]Definition, len(t.defs))
	for i := range t.defs {
		out[t.defs[i].key] = t.defs[i].def.clone()
	}
	return out
}

// Used returns a copy of the definitions that encoded holds strings of,
// by key: what a save must carry to be read back. (A definition of
// several types comes whole when one of its types is used.) It reads only
// each string's key; it fails, with the index of the string in the
// message, on a string whose key is malformed or not in the table.
func (t *Table) Used(encoded []string) (map[int]Definition, error) {
	used := make(map[int]Definition)
	for i, s := range encoded {
		d, _, _, err := t.readKey(s)
		if err != nil {
			return nil, fmt.Errorf("compact: entity string %d: %w", i, err)
		}
		if _, ok := used[d.key]; !ok {
			used[d.key] = d.def.clone()
		}
	}
	return used, nil
}

// Key returns the key of typ, and whether the table defines typ.
func (t *Table) Key(typ string) (int, bool) {
	ref, ok := t.byType[typ]
	if !ok {
		return -1, false
	}
	return t.defs[ref.def].key + ref.index, true
}

// find returns the definition whose keys include key, or nil.
func (t *Table) find(key uint64) *tableDef {
	i, _ := slices.BinarySearchFunc(t.defs, key, func(d tableDef, k uint64) int {
		switch {
		case uint64(d.key) > k:
			return 1
		case uint64(d.key)+uint64(len(d.types)) <= k:
			return -1
		}
		return 0
	})
	if i < len(t.defs) && uint64(t.defs[i].key) <= key && key < uint64(t.defs[i].key)+uint64(len(t.defs[i].types)) {
		return &t.defs[i]
	}
	return nil
}

// describe says what p holds, for messages: "uint step 32 offset 16".
func (p *Property) describe() string {
	var b strings.Builder
	b.WriteString(p.Kind.String())
	if p.Step != 0 && p.Step != 1 {
		fmt.Fprintf(&b, " step %v", p.Step)
	}
	if p.Offset != 0 {
		fmt.Fprintf(&b, " offset %v", p.Offset)
	}
	if p.Decimals != 0 {
		fmt.Fprintf(&b, " decimals %d", p.Decimals)
	}
	return b.String()
}
