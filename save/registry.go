package save

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// Registration is a component, or a relationship, that saves hold, with
// how its values are written. Make one with [Component], [Custom] or
// [Link] and give it to [New].
type Registration struct {
	c      comp
	r      *world.Relation
	lookup func(name string) (*prefab.Prefab, bool)
}

// Component returns the registration of key saved field by field: a
// struct's exported fields, nested structs' one by one, each under its
// YAML key as prefab data writes it ("hp", "resist.fire"); any other
// value whole. A field tagged save:"-" is configuration: it always comes
// from the entity's prefab, so a save never holds it for an entity whose
// prefab gives the component (an entity that has no prefab, or added the
// component itself, saves it, since nothing else could give it back).
// Reflection plans are built here, once.
func Component[T any](key world.Key[T]) Registration {
	return Registration{c: &typed[T]{k: key, leaves: leavesOf(reflect.TypeFor[T]())}}
}

// Custom returns the registration of key saved through its own
// functions: save returns what a save holds for a value (a value of
// plain data that YAML can write: numbers, strings, slices, maps and
// structs of them), load sets a value from it. load receives the value
// the entity's prefab gave (or the zero value), so fields save leaves
// out keep the prefab's. The component is saved whole whenever the entity
// has it and its prefab does not give it as it is now. A load error names
// the entity and the component.
func Custom[T, S any](key world.Key[T], save func(v *T) S, load func(v *T, s S) error) Registration {
	return Registration{c: &custom[T, S]{typed: typed[T]{k: key}, save: save, load: load}}
}

// Prefabs returns the registration of prefabs that live outside the
// codec's library, found by name: the variants a level makes for its
// objects, say. Entities spawned from them are saved, as those of the
// library are, as the prefab's name plus what changed, and a load looks
// the name up with lookup after the library. lookup must give the same
// prefab for a name every time.
func Prefabs(lookup func(name string) (*prefab.Prefab, bool)) Registration {
	return Registration{lookup: lookup}
}

// Link returns the registration of a relationship whose links saves
// hold: each source's targets, in order, and each target's sources in
// their order ([world.Relation.Sources]). [world.ChildOf] is always
// saved and needs none.
func Link(r *world.Relation) Registration { return Registration{r: r} }

// comp is the untyped face of a component registration.
type comp interface {
	key() world.ComponentType
	goType() reflect.Type
	// value returns e's value, addressable, and whether e holds it.
	value(w *world.World, e world.Entity) (reflect.Value, bool)
	// put sets e's value to v (of goType), adding the component if e lacks it.
	put(w *world.World, e world.Entity, v reflect.Value) error
	// fields returns the component's leaves; nil for a custom one.
	fields() []leaf
	// saved returns what a save holds for the value v, for a custom one.
	saved(v reflect.Value) (reflect.Value, bool)
	// loaded sets v from s, of savedType, for a custom one.
	loaded(v, s reflect.Value) error
	savedType() reflect.Type
}

type typed[T any] struct {
	k      world.Key[T]
	leaves []leaf
}

func (t *typed[T]) key() world.ComponentType { return t.k }
func (t *typed[T]) goType() reflect.Type     { return reflect.TypeFor[T]() }

func (t *typed[T]) value(w *world.World, e world.Entity) (reflect.Value, bool) {
	if !w.Has(e, t.k) {
		return reflect.Value{}, false
	}
	if reflect.TypeFor[T]().Size() == 0 {
		return reflect.New(reflect.TypeFor[T]()).Elem(), true // a tag
	}
	v, ok := world.Get(w, e, t.k)
	if !ok {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(v).Elem(), true
}

func (t *typed[T]) put(w *world.World, e world.Entity, v reflect.Value) error {
	val := v.Interface().(T)
	if w.Has(e, t.k) {
		if reflect.TypeFor[T]().Size() == 0 {
			return nil
		}
		return world.Set(w, e, t.k, val)
	}
	var zero T
	world.Add(w, e, t.k, zero)
	return world.Set(w, e, t.k, val) // checked: a NaN is refused
}

func (t *typed[T]) fields() []leaf                            { return t.leaves }
func (t *typed[T]) saved(reflect.Value) (reflect.Value, bool) { return reflect.Value{}, false }
func (t *typed[T]) loaded(reflect.Value, reflect.Value) error { return nil }
func (t *typed[T]) savedType() reflect.Type                   { return nil }

type custom[T, S any] struct {
	typed[T]
	save func(v *T) S
	load func(v *T, s S) error
}

func (c *custom[T, S]) fields() []leaf { return nil }
func (c *custom[T, S]) saved(v reflect.Value) (reflect.Value, bool) {
	s := c.save(v.Addr().Interface().(*T))
	return reflect.ValueOf(&s).Elem(), true
}
func (c *custom[T, S]) loaded(v, s reflect.Value) error {
	return c.load(v.Addr().Interface().(*T), s.Interface().(S))
}
func (c *custom[T, S]) savedType() reflect.Type { return reflect.TypeFor[S]() }

// leaf is one field of a component as a save writes it.
type leaf struct {
	index  []int  // for reflect.Value.FieldByIndex; nil for the whole value
	path   string // as prefab data writes it: "hp", "resist.fire"; "" for the whole value
	config bool   // tagged save:"-" (or inside a struct so tagged)
	typ    reflect.Type
}

var leafCache sync.Map // reflect.Type -> []leaf

var textType = reflect.TypeFor[interface{ UnmarshalText([]byte) error }]()

// leavesOf returns the leaves of t, as prefab.Changes names its fields:
// a struct's exported fields, nested structs' in their place, or t itself
// when it is not a struct that data merges into field by field.
func leavesOf(t reflect.Type) []leaf {
	if l, ok := leafCache.Load(t); ok {
		return l.([]leaf)
	}
	var out []leaf
	if splits(t) {
		addLeaves(t, nil, "", false, &out)
	}
	if len(out) == 0 {
		out = []leaf{{typ: t}}
	}
	leafCache.Store(t, out)
	return out
}

// splits reports whether values of t are saved field by field, as
// prefab merges and compares them.
func splits(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.PkgPath() == "time" && t.Name() == "Time" {
		return false
	}
	pt := reflect.PointerTo(t)
	if pt.Implements(textType) || implementsYAML(pt) {
		return false
	}
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

// implementsYAML reports whether pt has an UnmarshalYAML method.
func implementsYAML(pt reflect.Type) bool {
	_, ok := pt.MethodByName("UnmarshalYAML")
	return ok
}

func addLeaves(t reflect.Type, index []int, prefix string, config bool, out *[]leaf) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, inline := yamltext.Tag(f.Tag.Get("yaml"))
		inline = inline && f.Type.Kind() == reflect.Struct
		if !f.IsExported() && !(f.Anonymous && inline) {
			continue
		}
		cfg := config || f.Tag.Get("save") == "-"
		idx := append(slices.Clone(index), i)
		if inline {
			addLeaves(f.Type, idx, prefix, cfg, out)
			continue
		}
		if name == "" || name == "-" {
			name = strings.ToLower(f.Name)
		}
		path := name
		if prefix != "" {
			path = prefix + "." + name
		}
		if splits(f.Type) {
			addLeaves(f.Type, idx, path, cfg, out)
			continue
		}
		*out = append(*out, leaf{index: idx, path: path, config: cfg, typ: f.Type})
	}
}

// fieldAt returns the field of v at index, v itself for an empty index.
func fieldAt(v reflect.Value, index []int) reflect.Value {
	if len(index) == 0 {
		return v
	}
	return v.FieldByIndex(index)
}

// leafByPath returns the leaf of c at path.
func leafByPath(c comp, path string) (leaf, bool) {
	for _, l := range c.fields() {
		if l.path == path {
			return l, true
		}
	}
	return leaf{}, false
}

// describe names a registration for messages.
func (r Registration) describe() string {
	switch {
	case r.c != nil:
		return fmt.Sprintf("component %q", r.c.key().Name())
	case r.r != nil:
		return fmt.Sprintf("relationship %q", r.r.Name())
	}
	return "a zero Registration"
}
