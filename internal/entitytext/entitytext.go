// Package entitytext finds, in a Go type that data or saves encode, a
// struct that embeds world.Entity. The embedding promotes Entity's
// MarshalText and UnmarshalText to the struct, as embedding time.Time
// promotes its own, so YAML and JSON encoders treat the whole struct as
// an id and write the id alone: its other fields are lost. Packages save
// and prefab refuse such component types when they are registered.
package entitytext

import (
	"reflect"

	"github.com/tessera-engine/tessera/world"
)

var entityType = reflect.TypeFor[world.Entity]()

// Embedded returns the Go path of the first embedded world.Entity (or
// *world.Entity) in a struct type reached from t through exported
// fields, pointers, and the keys and elements of slices, arrays and maps,
// such as "Entity" or "Orders[].Entity", and whether there is one.
func Embedded(t reflect.Type) (string, bool) {
	return find(t, "", map[reflect.Type]bool{})
}

func find(t reflect.Type, path string, seen map[reflect.Type]bool) (string, bool) {
	if seen[t] {
		return "", false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		if t.Kind() != reflect.Pointer {
			path += "[]"
		}
		return find(t.Elem(), path, seen)
	case reflect.Map:
		if p, ok := find(t.Key(), path+"[key]", seen); ok {
			return p, true
		}
		return find(t.Elem(), path+"[]", seen)
	case reflect.Struct:
	default:
		return "", false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		p := f.Name
		if path != "" {
			p = path + "." + f.Name
		}
		if f.Anonymous && (f.Type == entityType || f.Type == reflect.PointerTo(entityType)) {
			return p, true
		}
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		if q, ok := find(f.Type, p, seen); ok {
			return q, true
		}
	}
	return "", false
}
