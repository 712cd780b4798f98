package prefab

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/world"
)

// Change is one way an entity differs from what its prefab gives it: a
// field whose value is not the prefab's, or a component it holds or lacks
// against the prefab. [Changes] lists them; a save stores an entity as
// its prefab plus these.
type Change struct {
	Kind      ChangeKind
	Component world.ComponentType
	// Field is the path of the field that differs, as prefab data writes
	// it ("hp", "resist.fire"); "" for a change of the whole value (a
	// component that is not a struct, or a Kind other than Changed).
	Field string
	// Index is the field's index path in the component's Go type, for
	// [reflect.Value.FieldByIndex]; nil for the whole value.
	Index []int
	// Value is the entity's value of the field (of the component, when
	// Field is ""), copied, for a Changed field; nil for other kinds.
	Value any
}

// ChangeKind says how an entity differs from its prefab.
type ChangeKind uint8

const (
	// Changed: the field's value is not the prefab's.
	Changed ChangeKind = iota
	// Added: the entity holds a component its prefab does not give
	// (added since, or joined as a requirement of another).
	Added
	// Removed: the entity lacks a component its prefab gives.
	Removed
	// Made: a factory made the component, so there is no prefab value to
	// compare it with; a save stores it whole, or makes it again.
	Made
)

// String returns the kind's name: "changed", "added", "removed", "made".
func (k ChangeKind) String() string {
	switch k {
	case Changed:
		return "changed"
	case Added:
		return "added"
	case Removed:
		return "removed"
	case Made:
		return "made"
	}
	return "ChangeKind(" + strconv.Itoa(int(k)) + ")"
}

// Changes returns how e differs from the prefab it was spawned from, as
// that prefab was then (its [Origin]), and true; nil and false when e is
// dead or no prefab spawned it. Fields are compared one by one, as
// variants merge them: a struct's exported fields, nested structs
// recursively; any other value (a slice, a map, a pointer, a number) is
// one field, compared deeply, NaN equal to NaN. Unexported fields are
// not compared. The components that record the entity's place
// ([Origin], [world.ChildOf], [world.Children]) are left out; children
// are entities of their own, each with its own changes. The order is the
// prefab's components in spawn order, then the components the entity
// added, in definition order.
//
// It allocates, and reflects over every value: it is meant for saves and
// tools, not for per-step code. The result's Values are copies, safe to
// keep.
func Changes(w *world.World, e world.Entity) ([]Change, bool) {
	p, ok := Origin.Get(w, e)
	if !ok || *p == nil {
		return nil, false
	}
	var out []Change
	given := make(map[int]bool, len((*p).parts))
	for _, part := range (*p).parts {
		c := part.Component()
		given[c.ID()] = true
		switch {
		case !w.Has(e, c):
			out = append(out, Change{Kind: Removed, Component: c})
		case part.factory():
			out = append(out, Change{Kind: Made, Component: c})
		default:
			if v, ok := part.(valued); ok {
				out = v.changes(w, e, out)
			}
		}
	}
	for _, c := range w.ComponentsOf(e) {
		if !given[c.ID()] && !structural(c) {
			out = append(out, Change{Kind: Added, Component: c})
		}
	}
	return out, true
}

// structural reports whether c records where an entity stands rather
// than what it is: its prefab and its place in the hierarchy.
func structural(c world.ComponentType) bool {
	id := c.ID()
	return id == Origin.ID() || id == world.ChildOf.ID() || id == world.Children.ID()
}

// valued is a part that gives a plain value, which changes compare
// against and reloads update from.
type valued interface {
	Part
	// value returns the part's value; read it, never change it.
	value() reflect.Value
	// live returns e's value of the part's component, addressable; false
	// when e lacks it.
	live(w *world.World, e world.Entity) (reflect.Value, bool)
	// store sets e's value of the part's component to v, through the
	// world's checked write, which change trackers see.
	store(w *world.World, e world.Entity, v reflect.Value) error
	// changes appends the fields in which e's value differs from the
	// part's to out.
	changes(w *world.World, e world.Entity, out []Change) []Change
}

func (p *valuePart[T]) value() reflect.Value { return reflect.ValueOf(&p.v).Elem() }

func (p *valuePart[T]) live(w *world.World, e world.Entity) (reflect.Value, bool) {
	if reflect.TypeFor[T]().Size() == 0 {
		return reflect.Value{}, false // a tag holds no value
	}
	v, ok := world.Get(w, e, p.key)
	if !ok {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(v).Elem(), true
}

func (p *valuePart[T]) store(w *world.World, e world.Entity, v reflect.Value) error {
	return world.Set(w, e, p.key, v.Interface().(T))
}

func (p *valuePart[T]) changes(w *world.World, e world.Entity, out []Change) []Change {
	live, ok := p.live(w, e)
	if !ok {
		return out // a tag: nothing but presence to compare
	}
	have := p.value()
	for _, f := range leavesOf(have.Type()) {
		a, b := fieldAt(live, f.index), fieldAt(have, f.index)
		if !sameDeep(a, b) {
			out = append(out, Change{Kind: Changed, Component: p.key, Field: f.path, Index: f.index, Value: copied(a).Interface()})
		}
	}
	return out
}

// copied returns a deep copy of v.
func copied(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	copyInto(out, v)
	return out
}

// copyInto sets dst, settable, to a deep copy of src. Types a prefab
// holds can all be copied: they were checked when their parts were made.
func copyInto(dst, src reflect.Value) {
	fn, err := copierFor(src.Type())
	if err != nil || fn == nil {
		dst.Set(src)
		return
	}
	fn(dst, src)
}

// leaf is one field of a component as changes and reloads see it: an
// exported field that is not a struct data merges into.
type leaf struct {
	index []int  // for reflect.Value.FieldByIndex; nil for the whole value
	path  string // as data writes it: "hp", "resist.fire"
}

var leafCache sync.Map // reflect.Type -> []leaf

// leavesOf returns the fields of t, in field order: t's exported fields,
// nested structs' fields in their place, or t itself when it is not a
// struct that data merges into field by field.
func leavesOf(t reflect.Type) []leaf {
	if l, ok := leafCache.Load(t); ok {
		return l.([]leaf)
	}
	var out []leaf
	if splits(t) {
		addLeaves(t, nil, "", &out)
	}
	if len(out) == 0 {
		out = []leaf{{}}
	}
	leafCache.Store(t, out)
	return out
}

// splits reports whether a value of t is compared field by field: a
// struct that data merges into (not one that decodes itself, nor a
// time.Time), with a field to compare.
func splits(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t == timeType {
		return false
	}
	pt := reflect.PointerTo(t)
	return !pt.Implements(unmarshalerType) && !pt.Implements(textType) && hasExported(t)
}

func addLeaves(t reflect.Type, index []int, prefix string, out *[]leaf) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, inline := yamltext.Tag(f.Tag.Get("yaml"))
		inline = inline && f.Type.Kind() == reflect.Struct
		if !f.IsExported() && !(f.Anonymous && inline) {
			continue
		}
		idx := append(slices.Clone(index), i)
		if inline {
			addLeaves(f.Type, idx, prefix, out)
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
			addLeaves(f.Type, idx, path, out)
			continue
		}
		*out = append(*out, leaf{index: idx, path: path})
	}
}

// fieldAt returns the field of v at index, v itself for an empty index.
func fieldAt(v reflect.Value, index []int) reflect.Value {
	if len(index) == 0 {
		return v
	}
	return v.FieldByIndex(index)
}
