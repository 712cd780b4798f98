package prefab

import (
	"reflect"
	"strings"

	"github.com/tessera-engine/tessera/world"
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
// Panics with a [*world.Error] of code [CodeUncopyable] if T cannot be copied (see
// [Value]). Panics with one of code [CodeInvalidRegistration], naming the
// key and both fields, if two fields of T have one YAML key (HP and Hp
// are both hp; so are a field X and the X of a struct inlined beside it),
// in T or in a struct type data reaches from it (stats.hp, for a field
// Stats): data could set only one of the two. Give one a yaml tag of its
// own. A field tagged yaml:"-" has no key, and a nested struct's keys are
// its own, so stats.hp and hp do not clash. It panics with the same code,
// naming the field, if T embeds a world.Entity anywhere data reaches:
// the embedding gives the struct the id's text methods, so data could
// set it only as an id. Name such a field instead.
func Component[T any](key world.Key[T]) Registration {
	cp := mustCopy[T](key, "Component")
	mustBeSettable[T](key, "Component")
	return Registration{&typedEntry[T]{name: key.Name(), key: key, cp: cp}}
}

// As returns r under the name data uses for it, when that is not the
// component's own name.
func (r Registration) As(name string) Registration {
	return Registration{r.e.renamed(name)}
}

// At returns r as the component that places children: a child's at in
// prefab data sets the field at path of this component (YAML keys joined
// by dots, such as "offset"), as if the child's components gave the
// component {offset: <at>}, merged over what the child has. The engine
// registers the transform component of package systems this way
// (LocalTransform, at "offset"), so that
//
//	children:
//	  - {prefab: pipe-cap, at: {x: 0, y: -16}}
//
// places the cap 16 units above its parent. A library holds at most one
// such registration; without one, at is an error ([ErrCannotPlace]).
//
// Panics with a [*world.Error] of code [CodeUnknownField] if path names
// no field of the component's type: each step must be the YAML key of a
// struct field, as data writes it.
func (r Registration) At(path string) Registration {
	if r.e == nil {
		panic(&world.Error{Code: CodeInvalidRegistration, Op: "At", Value: "a zero Registration", Hint: hints[CodeInvalidRegistration]})
	}
	steps := strings.Split(path, ".")
	t := r.e.goType()
	for i, step := range steps {
		var f field
		ok := t.Kind() == reflect.Struct
		if ok {
			f, ok = fieldsOf(t).byName[step]
		}
		if !ok {
			panic(&world.Error{Code: CodeUnknownField, Op: "At", Component: r.e.dataName(),
				Field: strings.Join(steps[:i+1], "."), Hint: "name a field by its YAML key, such as offset or pos.x"})
		}
		t = f.typ
	}
	return Registration{r.e.placing(steps)}
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
	// placing returns the entry as the component a child's at sets, at
	// the field path; placePath returns that path, nil for an entry that
	// places nothing.
	placing(path []string) entry
	placePath() []string
	component() world.ComponentType
	goType() reflect.Type
	// start returns a new value of the component's type to decode data
	// into, settable: a copy of base's value when base is a plain value
	// (deep, when the type holds references), else the zero value; and
	// whether base is a factory.
	start(base Part) (v reflect.Value, overFactory bool)
	// valuePart returns the part that gives v, a value from start, to
	// every entity.
	valuePart(v reflect.Value) Part
	// patchPart returns base, a factory, with the fields of v (a value
	// from start) at the index paths sets copied over what it makes.
	patchPart(base Part, v reflect.Value, sets [][]int) Part
}

type typedEntry[T any] struct {
	name  string
	key   world.Key[T]
	cp    func(T) T
	place []string // see entry.placing
}

func (e *typedEntry[T]) dataName() string               { return e.name }
func (e *typedEntry[T]) component() world.ComponentType { return e.key }
func (e *typedEntry[T]) goType() reflect.Type           { return reflect.TypeFor[T]() }

func (e *typedEntry[T]) renamed(name string) entry {
	c := *e
	c.name = name
	return &c
}

func (e *typedEntry[T]) placing(path []string) entry {
	c := *e
	c.place = path
	return &c
}

func (e *typedEntry[T]) placePath() []string { return e.place }

// start copies the base's value deeply when the type holds references
// (e.cp): the decoder itself makes new slices, maps and pointers, but a
// type that decodes itself (yaml.Unmarshaler) may write into the maps and
// pointees it is given, and those must not be the base's, whose prefab
// other entities spawn from (and which a failed load must leave as it
// was).
func (e *typedEntry[T]) start(base Part) (reflect.Value, bool) {
	v := new(T)
	if b, ok := base.(*valuePart[T]); ok {
		*v = b.v
		if e.cp != nil {
			*v = e.cp(b.v)
		}
	}
	_, overFactory := base.(*factoryPart[T])
	return reflect.ValueOf(v).Elem(), overFactory
}

func (e *typedEntry[T]) valuePart(v reflect.Value) Part {
	return &valuePart[T]{key: e.key, v: *v.Addr().Interface().(*T), cp: e.cp}
}

func (e *typedEntry[T]) patchPart(base Part, v reflect.Value, sets [][]int) Part {
	data := *v.Addr().Interface().(*T)
	return base.(*factoryPart[T]).patched(func(dst *T) {
		src := data
		if e.cp != nil {
			src = e.cp(data) // no two entities share what the data's slices or maps hold
		}
		from, to := reflect.ValueOf(&src).Elem(), reflect.ValueOf(dst).Elem()
		for _, p := range sets {
			to.FieldByIndex(p).Set(from.FieldByIndex(p))
		}
	}, dataPatch[T]{data, sets})
}

// dataPatch is what a YAML mapping over a factory sets: the decoded value
// and the index paths of the fields it sets.
type dataPatch[T any] struct {
	v     T
	paths [][]int
}
