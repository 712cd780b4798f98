package prefab

import (
	"fmt"
	"reflect"

	"github.com/tessera-engine/tessera/internal/entitytext"
	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/world"
)

// sharedKeyIn returns the first key that two fields of one mapping share
// in a value of type t: in t itself or in any struct type data reaches
// from it through fields, pointers, and the elements of slices, arrays
// and maps, the way the decoder goes. Its key and Go paths are from t:
// "stats.hp" and "Stats.HP", with "[]" for an element ("items[].hp").
// Types that decode themselves (yaml.Unmarshaler,
// encoding.TextUnmarshaler, time.Duration) are not looked into; nor are
// fields data cannot set (unexported, or tagged yaml:"-").
//
// A nested struct's keys are a namespace of their own: stats.hp and hp do
// not clash. But a nested struct with a clash is refused as its component
// is, since data could set only one of the two there too.
func sharedKeyIn(t reflect.Type) (sharedKey, bool) {
	return findShared(t, "", "", make(map[reflect.Type]bool))
}

// findShared is sharedKeyIn for a t at keys (its YAML key path) and names
// (its Go path), skipping the types in seen.
func findShared(t reflect.Type, keys, names string, seen map[reflect.Type]bool) (sharedKey, bool) {
	if seen[t] {
		return sharedKey{}, false // looked at already, at another path or by recursion
	}
	seen[t] = true
	pt := reflect.PointerTo(t)
	if t == durationType || pt.Implements(unmarshalerType) || pt.Implements(textType) {
		return sharedKey{}, false
	}
	switch t.Kind() {
	case reflect.Pointer:
		return findShared(t.Elem(), keys, names, seen)
	case reflect.Slice, reflect.Array, reflect.Map:
		return findShared(t.Elem(), keys+"[]", names+"[]", seen)
	case reflect.Struct:
	default:
		return sharedKey{}, false
	}
	info := fieldsOf(t)
	if s := info.shared; s.key != "" {
		return sharedKey{joinPath(keys, s.key), joinPath(names, s.first), joinPath(names, s.second)}, true
	}
	for _, f := range info.fields {
		if s, ok := findShared(f.typ, joinPath(keys, f.key), joinPath(names, goPath(t, f.index)), seen); ok {
			return s, true
		}
	}
	return sharedKey{}, false
}

// joinPath returns name inside path: "stats.hp", or "hp" at the top.
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// sharedKeyError is the panic of op for component, whose type has two
// fields with the key s.key.
func sharedKeyError(op, component string, s sharedKey) error {
	e := newError(CodeInvalidRegistration)
	e.Op, e.Component, e.Field = op, component, s.key
	e.Err = fmt.Errorf("fields %s and %s both have the YAML key %s: give one a yaml tag of its own",
		s.first, s.second, yamltext.Quote(s.key))
	e.Hint = fmt.Sprintf(`give %s or %s a yaml tag of its own, such as yaml:"name"`, s.first, s.second)
	return e
}

// mustBeSettable panics with the error of op unless data can set every
// field of T: if two of them share a key (see sharedKeyIn), or if T
// embeds a world.Entity somewhere, since the embedding gives the struct
// the id's text methods, so data could set it only as an id and its
// other fields never.
func mustBeSettable[T any](key world.Key[T], op string) {
	if s, ok := sharedKeyIn(reflect.TypeFor[T]()); ok {
		panic(sharedKeyError(op, key.Name(), s))
	}
	if path, ok := entitytext.Embedded(reflect.TypeFor[T]()); ok {
		e := newError(CodeInvalidRegistration)
		e.Op, e.Component, e.Field = op, key.Name(), path
		e.Err = fmt.Errorf("%s embeds world.Entity, whose text methods then decode the whole struct as an id", path)
		e.Hint = "give the field a name, such as Target world.Entity"
		panic(e)
	}
}
