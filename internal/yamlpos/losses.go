package yamlpos

import (
	"encoding"
	"fmt"
	"maps"
	"math"
	"reflect"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// A Loss is a place where go.yaml.in/yaml/v3 would take the data without
// an error and give the Go value something else than it says.
type Loss struct {
	Node *yaml.Node // the value that would be changed or dropped
	Msg  string     // what would happen, for a message
}

// Losses walks n along the Go type t by the decoder's rules for keys (a
// field's yaml tag name, or its name in lower case; ",inline" structs lay
// their fields into the parent's, see [Fields]; merge keys) and returns,
// each at its node, what the decoder would change without a word:
//
//   - a number with a fraction, or an infinite one, decoded into an
//     integer, which it truncates (a designer who writes hp: 1.5 means
//     something the game cannot hold);
//   - a null (~, null or nothing) as an element of a list whose element
//     type cannot be nil (a number, a string, a struct, an entity id):
//     the decoder leaves the element out, moving the rest of the list up
//     (an array's last element stays zero).
//
// A null struct field is not a loss: the decoder sets a pointer, slice,
// map or interface field to nil and leaves any other as it was, which is
// what a null says; nor is a null map value, which gives a new key the
// element's zero value. What decodes itself (a yaml.Node, a
// yaml.Unmarshaler, a TextUnmarshaler given a scalar) is left to itself,
// but for a null element of a list of them, which the decoder drops
// before asking them (a yaml.Node keeps it). Merge keys are followed as
// the decoder follows them, a key the merging mapping gives left out. An
// anchored node is visited once per type, so aliases cannot make the walk
// go on for ever. What is not walked: the old bare struct tags yaml.v3
// still reads (`hp`), and merges of mappings whose keys are not plain
// scalars.
func Losses(n *yaml.Node, t reflect.Type) []Loss {
	var w lossWalk
	w.walk(n, t)
	return w.out
}

type lossWalk struct {
	out  []Loss
	seen map[lossVisit]bool
}

// lossVisit is a node checked against a type.
type lossVisit struct {
	n *yaml.Node
	t reflect.Type
}

var (
	durationType        = reflect.TypeFor[time.Duration]()
	nodeType            = reflect.TypeFor[yaml.Node]()
	unmarshalerType     = reflect.TypeFor[yaml.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	// obsoleteUnmarshalerType is yaml.v2's form, which yaml.v3 still calls.
	obsoleteUnmarshalerType = reflect.TypeFor[interface {
		UnmarshalYAML(unmarshal func(any) error) error
	}]()
)

// decodesItself reports whether the decoder hands node n of type t to
// t's own code: a yaml.Node takes any node as it is, an Unmarshaler any
// node, a TextUnmarshaler a scalar (a list or a mapping it decodes by the
// type's kind, as any other).
func decodesItself(n *yaml.Node, t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t == nodeType || pt.Implements(unmarshalerType) || pt.Implements(obsoleteUnmarshalerType) ||
		pt.Implements(textUnmarshalerType) && n.Kind == yaml.ScalarNode
}

func (w *lossWalk) walk(n *yaml.Node, t reflect.Type) {
	n = Resolve(n)
	if n == nil || t == nil {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Anchor != "" {
		v := lossVisit{n, t}
		if w.seen[v] {
			return
		}
		if w.seen == nil {
			w.seen = make(map[lossVisit]bool)
		}
		w.seen[v] = true
	}
	if decodesItself(n, t) {
		return
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.integer(n, t)
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for _, c := range n.Content {
			if dropped(c, t.Elem()) {
				w.add(c, fmt.Sprintf("a null in a list of %v would be left out, moving the rest of the list up: write the value it stands for", t.Elem()))
				continue
			}
			w.walk(c, t.Elem())
		}
	case reflect.Map, reflect.Struct:
		w.mapping(n, t, nil)
	}
}

// mapping walks the pairs of mapping n into the map or struct t, but for
// the keys in taken, and then the mappings its merge keys (<<) name, as
// the decoder does: a merged key is decoded only if neither the mapping
// that merges it nor an earlier merged mapping gives it. A null map value
// is not a loss: the decoder gives a new key the element's zero value
// (and leaves an existing one as it was).
func (w *lossWalk) mapping(n *yaml.Node, t reflect.Type, taken map[string]bool) {
	if n.Kind != yaml.MappingNode {
		return
	}
	var fields map[string]reflect.Type // nil for a map
	var rest reflect.Type              // a struct's inline map's element
	if t.Kind() == reflect.Struct {
		fields, rest = Fields(t)
	}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := Resolve(n.Content[i])
		if k == nil {
			continue
		}
		if k.ShortTag() == "!!merge" {
			merges = append(merges, n.Content[i+1])
			continue
		}
		if taken[k.Value] {
			continue
		}
		if fields == nil { // a map
			w.walk(k, t.Key())
			w.walk(n.Content[i+1], t.Elem())
		} else if ft, ok := fields[k.Value]; ok {
			w.walk(n.Content[i+1], ft)
		} else if rest != nil {
			w.walk(n.Content[i+1], rest) // into an inline map
		}
	}
	if len(merges) == 0 {
		return
	}
	given := maps.Clone(taken)
	if given == nil {
		given = make(map[string]bool)
	}
	keys := func(m *yaml.Node) {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if k := Resolve(m.Content[i]); k != nil {
				given[k.Value] = true
			}
		}
	}
	keys(n)
	for _, m := range merges {
		m = Resolve(m)
		if m == nil {
			continue
		}
		list := []*yaml.Node{m}
		if m.Kind == yaml.SequenceNode {
			list = m.Content
		}
		for _, one := range list {
			if one = Resolve(one); one != nil && one.Kind == yaml.MappingNode {
				w.mapping(one, t, given)
				keys(one)
			}
		}
	}
}

func (w *lossWalk) add(n *yaml.Node, msg string) { w.out = append(w.out, Loss{Node: n, Msg: msg}) }

// dropped reports whether the decoder would leave out the element n of a
// list of elem: a null, which it sets only into what can be nil.
func dropped(n *yaml.Node, elem reflect.Type) bool {
	if !IsNull(n) {
		return false
	}
	switch elem.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return false
	}
	return elem != nodeType // a yaml.Node takes the null node as it is
}

// integer reports the number n with a fraction, or infinite, that the
// decoder would truncate into the integer type t. Only what the decoder
// takes, and would change, is reported: what it refuses (NaN, a number
// out of range) it reports itself.
func (w *lossWalk) integer(n *yaml.Node, t reflect.Type) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!float" || t == durationType {
		return
	}
	var f float64
	if n.Decode(&f) != nil || !decoderTakes(f, t) {
		return
	}
	switch {
	case math.IsInf(f, 0):
		w.add(n, fmt.Sprintf("cannot decode the number %s into %v: it is not finite", n.Value, t))
	case f != math.Trunc(f):
		w.add(n, fmt.Sprintf("cannot decode the number %s into %v: it is not a whole number", n.Value, t))
	}
}

// decoderTakes reports whether go.yaml.in/yaml/v3 decodes the float f into
// a field of the integer type t without an error (truncating it), by the
// decoder's own test.
func decoderTakes(f float64, t reflect.Type) bool {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return f <= math.MaxInt64 && !v.OverflowInt(int64(f))
	}
	return f <= math.MaxUint64 && !v.OverflowUint(uint64(f))
}

// Fields maps the keys of struct t to the types of their fields, as
// go.yaml.in/yaml/v3 names them, and returns the element type of an
// inline map, which takes the keys no field does (nil if there is none).
// As in yaml.v3, a struct is inlined only with ",inline" (an embedded one
// without it is a field named after its type, in lower case); an inlined
// struct that is a yaml.Unmarshaler lends no fields (it is given the
// whole mapping), and an inline map inside an inlined struct is ignored.
func Fields(t reflect.Type) (map[string]reflect.Type, reflect.Type) {
	out := make(map[string]reflect.Type)
	var rest reflect.Type
	for f := range t.Fields() {
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		tag := f.Tag.Get("yaml")
		if tag == "-" {
			continue
		}
		name, inline := yamltext.Tag(tag)
		if inline {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch ft.Kind() {
			case reflect.Struct:
				if reflect.PointerTo(ft).Implements(unmarshalerType) {
					continue
				}
				fields, _ := Fields(ft)
				for k, v := range fields {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
			case reflect.Map:
				rest = ft.Elem()
			}
			continue
		}
		if !f.IsExported() {
			continue // an unexported embedded field that is not inline
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f.Type
	}
	return out, rest
}
