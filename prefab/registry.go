package prefab

import (
	"reflect"

	"github.com/tessera-engine/tessera/world"
	"go.yaml.in/yaml/v3"
)

// Registration is a component that prefab data may name, with the Go type
// its values decode to. Make one with [Component] and give it to
// [NewLibrary] or [Library.Register].
type Registration struct {
	e entry
}

// Component returns the registration of the component key under its own
// name ([world.ComponentType.Name]); [Registration.As] gives it another.
// The deep-copy function of T is built here, once.
//
// Panics with an error wrapping [ErrUncopyable] if T cannot be copied (see
// [Value]).
func Component[T any](key world.Key[T]) Registration {
	return Registration{&typedEntry[T]{name: key.Name(), key: key, cp: mustCopy[T](key, "Component")}}
}

// As returns r under the name data uses for it, when that is not the
// component's own name.
func (r Registration) As(name string) Registration {
	return Registration{r.e.renamed(name)}
}

// Name returns the name prefab data uses for the component.
func (r Registration) Name() string {
	if r.e == nil {
		return ""
	}
	return r.e.dataName()
}

// entry is the untyped face of a registration, for the loader.
type entry interface {
	dataName() string
	renamed(name string) entry
	component() world.ComponentType
	goType() reflect.Type
	// decode returns the part for node n laid over base, the part the
	// prefab's base has for the component (or nil), reporting problems
	// to d.
	decode(d *decoder, n *yaml.Node, base Part) Part
}

type typedEntry[T any] struct {
	name string
	key  world.Key[T]
	cp   func(T) T
}

func (e *typedEntry[T]) dataName() string               { return e.name }
func (e *typedEntry[T]) component() world.ComponentType { return e.key }
func (e *typedEntry[T]) goType() reflect.Type           { return reflect.TypeFor[T]() }

func (e *typedEntry[T]) renamed(name string) entry {
	c := *e
	c.name = name
	return &c
}

// decode starts from a copy of the base's value, so that a struct's
// fields that the data leaves out keep the base's values; everything the
// data gives replaces what was there (see decoder.value). The copy is deep
// when the type holds references (e.cp): the decoder itself makes new
// slices, maps and pointers, but a type that decodes itself
// (yaml.Unmarshaler) may write into the maps and pointees it is given, and
// those must not be the base's, whose prefab other entities spawn from
// (and which a failed load must leave as it was).
//
// Over a base's factory, a mapping that sets some of a struct's fields is
// a patch: the factory still makes each entity's value, and the fields the
// data sets are then copied over it. Data that gives the whole value
// replaces the factory.
func (e *typedEntry[T]) decode(d *decoder, n *yaml.Node, base Part) Part {
	var v T
	if b, ok := base.(*valuePart[T]); ok {
		v = b.v
		if e.cp != nil {
			v = e.cp(b.v)
		}
	}
	if isNull(n) {
		return &valuePart[T]{key: e.key, v: v, cp: e.cp}
	}
	f, overFactory := base.(*factoryPart[T])
	if !overFactory || !mergesInto(reflect.TypeFor[T](), n) {
		d.value(reflect.ValueOf(&v).Elem(), n, "")
		return &valuePart[T]{key: e.key, v: v, cp: e.cp}
	}
	d.track, d.cur, d.sets = true, d.cur[:0], nil
	d.value(reflect.ValueOf(&v).Elem(), n, "")
	paths := d.sets
	d.track, d.sets = false, nil
	return f.patched(func(dst *T) {
		src := v
		if e.cp != nil {
			src = e.cp(v) // no two entities share what the data's slices or maps hold
		}
		from, to := reflect.ValueOf(&src).Elem(), reflect.ValueOf(dst).Elem()
		for _, p := range paths {
			to.FieldByIndex(p).Set(from.FieldByIndex(p))
		}
	}, dataPatch[T]{v, paths})
}

// dataPatch is what a YAML mapping over a factory sets: the decoded value
// and the index paths of the fields it sets.
type dataPatch[T any] struct {
	v     T
	paths [][]int
}
