package yamlpos

import (
	"encoding"
	"fmt"
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
// field's yaml tag name, or its name in lower case; ",inline" structs and
// embedded structs lay their fields into the parent's; merge keys) and
// returns, in document order, what the decoder would change without a
// word:
//
//   - a number with a fraction, or an infinite one, decoded into an
//     integer, which it truncates (a designer who writes hp: 1.5 means
//     something the game cannot hold);
//   - a null (~, null or nothing) as an element of a list whose element
//     type cannot be nil (a number, a string, a struct, an entity id):
//     the decoder leaves the element out, moving the rest of the list up
//     (an array's last element stays zero).
//
// A null struct field is not a loss: the decoder leaves the field as it
// was, which is what a null says; nor is a null map value, which it
// decodes as the element's zero value. Types that decode themselves
// (yaml.Unmarshaler, encoding.TextUnmarshaler) are left to themselves,
// but for a null element of a list of them, which the decoder drops
// before asking them. An anchored node is visited once per type, so
// aliases cannot make the walk go on for ever.
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
	unmarshalerType     = reflect.TypeFor[yaml.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

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
	if pt := reflect.PointerTo(t); pt.Implements(unmarshalerType) || pt.Implements(textUnmarshalerType) {
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
			if w.dropped(c, t.Elem()) {
				w.add(c, fmt.Sprintf("a null in a list of %v would be left out, moving the rest of the list up: write the value it stands for", t.Elem()))
				continue
			}
			w.walk(c, t.Elem())
		}
	case reflect.Map:
		// A null value is the element's zero, kept: not a loss.
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 1; i < len(n.Content); i += 2 {
			w.walk(n.Content[i], t.Elem())
		}
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return
		}
		fields, rest := Fields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := Resolve(n.Content[i])
			if k == nil {
				continue
			}
			if k.ShortTag() == "!!merge" {
				w.walk(n.Content[i+1], t)
				continue
			}
			if ft, ok := fields[k.Value]; ok {
				w.walk(n.Content[i+1], ft)
			} else if rest != nil {
				w.walk(n.Content[i+1], rest) // into an inline map
			}
		}
	}
}

func (w *lossWalk) add(n *yaml.Node, msg string) { w.out = append(w.out, Loss{Node: n, Msg: msg}) }

// dropped reports whether the decoder would leave out the element n of a
// list of elem: a null, which it sets only into what can be nil.
func (w *lossWalk) dropped(n *yaml.Node, elem reflect.Type) bool {
	if !IsNull(n) {
		return false
	}
	switch elem.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return false
	}
	return true
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
// Embedded structs are inlined whether exported or not, as yaml.v3 does.
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
				fields, r := Fields(ft)
				for k, v := range fields {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
				if rest == nil {
					rest = r
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
