package world

import (
	"fmt"
	"math/bits"
	"reflect"
	"sync"
)

// ComponentType is what every component handle has in common, whatever its
// value type: [*Component], [*Tag] and [*Fields] implement it. Untyped
// operations such as [World.Has], [World.Remove], [World.Count] and
// [World.Slots] take a ComponentType.
type ComponentType interface {
	// ID returns the component's process-wide id, assigned in definition
	// order starting at 1; a handle not made by a Define function has 0.
	ID() int
	// Name returns the name the component was defined with.
	Name() string
	// IsFields reports whether the component is a field component, kept in
	// a column indexed by slot.
	IsFields() bool

	newStore() store
}

// Key is a component handle whose values have type T. Walks, spawns and
// [Part] take a Key so they can hand out values with static types;
// [*Component], [*Tag] and [*Fields] implement it. Key is sealed: only this
// package implements it.
type Key[T any] interface {
	ComponentType
	storage(w *World) *storage[T]
}

// registry is the only package-level mutable state: an append-only list of
// the components and resources defined so far, guarded by a mutex, like
// image.RegisterFormat. Ids start at 1, so a handle built by hand (whose
// id is 0) is never mistaken for a defined one.
var registry struct {
	sync.Mutex
	handles   []ComponentType // by component id; [0] is nil
	resources int             // resources defined so far
}

// register records a new component and returns its id; the handle is set
// once it is built, by setHandle.
func register() int {
	registry.Lock()
	defer registry.Unlock()
	if len(registry.handles) == 0 {
		registry.handles = append(registry.handles, nil)
	}
	registry.handles = append(registry.handles, nil)
	return len(registry.handles) - 1
}

func setHandle[C ComponentType](h C) C {
	registry.Lock()
	defer registry.Unlock()
	registry.handles[h.ID()] = h
	return h
}

// handleOf returns the handle component id was defined with, or nil.
func handleOf(id int) ComponentType {
	registry.Lock()
	defer registry.Unlock()
	if id <= 0 || id >= len(registry.handles) {
		return nil
	}
	return registry.handles[id]
}

type info struct {
	id   int
	name string
}

// ID returns the component's id, unique in the process.
func (i *info) ID() int { return i.id }

// Name returns the component's name.
func (i *info) Name() string { return i.name }

// String returns the component's name.
func (i *info) String() string { return i.name }

// Component is the handle of an object component: any Go value, one per
// entity, kept by value in a sparse set (finding one is two array reads,
// walking them is a walk over packed arrays). Define components once, at
// package level, with [DefineComponent].
type Component[T any] struct {
	info
}

// DefineComponent defines a new object component type named name. Every
// call makes a new component with a new id, whatever its name; the name is
// used in errors, inspection and data files.
func DefineComponent[T any](name string) *Component[T] {
	return setHandle(&Component[T]{info{id: register(), name: name}})
}

// IsFields reports false: an object component is not a field component.
func (c *Component[T]) IsFields() bool { return false }

func (c *Component[T]) newStore() store { return newStorage[T](c.id, c.name, false) }

func (c *Component[T]) storage(w *World) *storage[T] { return typedStorage[T](w, c.id) }

// Add gives entity e the value v, replacing the value it holds already.
// Adding to an entity while a walk is in progress is immediate, but that
// walk does not visit what was added.
//
// Panics with an [*EntityError] wrapping [ErrDeadEntity] if e is not alive.
func (c *Component[T]) Add(w *World, e Entity, v T) {
	w.mustAlive(e, "Add", c.name)
	addTo(w, c, e, v)
}

// Get returns a pointer to e's value and true, or nil and false when e is
// dead or has no such component. The pointer is valid until the next
// structural change (an add, remove or destroy that takes effect).
// O(1), no allocation.
func (c *Component[T]) Get(w *World, e Entity) (*T, bool) {
	if s := c.storage(w); s != nil && s.has(uint32(e)) && w.IsAlive(e) {
		return s.at(uint32(e)), true
	}
	return nil, false
}

// Require returns a pointer to e's value, like [Component.Get].
//
// Panics with an [*EntityError] naming e and the component, wrapping
// [ErrDeadEntity] or [ErrMissingComponent], when there is no value. A system
// runner recovers such a panic and reports it with the system's name.
func (c *Component[T]) Require(w *World, e Entity) *T {
	if p, ok := c.Get(w, e); ok {
		return p
	}
	panic(w.missing(e, "Require", c.name))
}

// With returns a [Part] that gives an entity the value v, for
// [World.Spawn].
func (c *Component[T]) With(v T) Part { return part[T]{c, v} }

// Tag is the handle of a component that carries no value: only presence
// counts. It costs a bit per slot and no value storage.
type Tag struct {
	Component[struct{}]
}

// DefineTag defines a new tag component named name.
func DefineTag(name string) *Tag {
	return setHandle(&Tag{Component[struct{}]{info{id: register(), name: name}}})
}

// A tag's values take no memory, so it is stored like a field component:
// a bitmap and a zero-size column, no sparse set to keep packed.
func (t *Tag) newStore() store { return newStorage[struct{}](t.id, t.name, true) }

// Add tags entity e. Adding a tag e has already changes nothing.
//
// Panics with an [*EntityError] wrapping [ErrDeadEntity] if e is not alive.
func (t *Tag) Add(w *World, e Entity) {
	w.mustAlive(e, "Add", t.name)
	addTo(w, t, e, struct{}{})
}

// Part returns a [Part] that tags an entity, for [World.Spawn].
func (t *Tag) Part() Part { return part[struct{}]{t, struct{}{}} }

// With returns a [Part] that tags an entity; v carries nothing. [Tag.Part]
// reads better.
func (t *Tag) With(v struct{}) Part { return t.Part() }

// Fields is the handle of a field component: a plain struct of numbers that
// lives in one column per component, indexed by the entity's slot. The
// column is a contiguous []T the garbage collector never scans, which makes
// field components the fastest form for numeric data many bodies have.
// Define them once, at package level, with [DefineFields].
//
// Wherever the world hands out a field component's value it also hands out
// the entity, and so its slot index ([Entity.Slot]); [Fields.Add] returns the
// slot index directly.
type Fields[T any] struct {
	info
}

// DefineFields defines a new field component type named name.
//
// Panics with an error wrapping [ErrNotFields] unless T is a struct whose
// fields are all fixed-size numbers (int8 … int64, uint8 … uint64, float32,
// float64, complex64, complex128), arrays of them, or structs made only of
// them. bool, int, uint, uintptr, strings, pointers, slices, maps and
// interfaces are refused: the column must be pointer-free, and every field
// must mean the same on every platform (int and uint change width; a
// struct's padding may still differ between 32- and 64-bit platforms).
func DefineFields[T any](name string) *Fields[T] {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		panic(fmt.Errorf("%w: %s is %v, not a struct of numbers", ErrNotFields, name, t))
	}
	if err := checkNumeric(t, t.Name()); err != nil {
		panic(fmt.Errorf("%w: %s: %v", ErrNotFields, name, err))
	}
	return setHandle(&Fields[T]{info{id: register(), name: name}})
}

func checkNumeric(t reflect.Type, path string) error {
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return nil
	case reflect.Array:
		return checkNumeric(t.Elem(), path+"[]")
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if err := checkNumeric(f.Type, path+"."+f.Name); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("field %s has type %v, not a fixed-size number", path, t)
}

// IsFields reports true.
func (f *Fields[T]) IsFields() bool { return true }

func (f *Fields[T]) newStore() store { return newOwnedStorage[T](f.id, f.name) }

func (f *Fields[T]) storage(w *World) *storage[T] { return typedStorage[T](w, f.id) }

// Add writes v into e's slot of the column and returns the slot index. It
// replaces the value e holds already; a field left out of v is zero, never
// the value a previous owner of the slot left behind.
//
// Panics with an [*EntityError] wrapping [ErrDeadEntity] if e is not alive.
func (f *Fields[T]) Add(w *World, e Entity, v T) int {
	slot := w.mustAlive(e, "Add", f.name)
	// Outside walks and system runs no removal is pending, so the spawns'
	// inlined store does; otherwise, or when the column must grow, addTo.
	if w.deferring > 0 || !putNew(f.storage(w), slot, uint32(e>>32), v) {
		addTo(w, f, e, v)
	}
	return int(slot)
}

// Get returns a pointer into the column at e's slot and true, or nil and
// false when e is dead or has no such component. The pointer is valid until
// the column grows (an add to an entity in a higher slot).
// O(1), no allocation.
func (f *Fields[T]) Get(w *World, e Entity) (*T, bool) {
	// Written out flat so that it stays under the inlining budget. The
	// storage's owner word answers membership and liveness at once: it is
	// 2^32 minus the holder's generation, 0 for none (see set.owner), and
	// the sum is taken in 64 bits, so neither a free entry nor an id of
	// generation 0 can make 2^32. Rotating the sum by 32 bits gives 1
	// exactly when it is 2^32: a compare with a small constant rather than
	// a 64-bit one loaded every time. Indexes are uint so that the
	// compiler sees the tests cover the bounds checks.
	if id, slot := uint(f.id), uint(uint32(e)); id < uint(len(w.typed)) {
		if s := (*storage[T])(w.typed[id]); s != nil && slot < uint(len(s.owner)) &&
			bits.RotateLeft64(uint64(s.owner[slot])+uint64(e>>32), 32) == 1 {
			return s.member(uint32(slot)), true
		}
	}
	return nil, false
}

// Require returns a pointer into the column at e's slot, like [Fields.Get].
//
// Panics with an [*EntityError] naming e and the component, wrapping
// [ErrDeadEntity] or [ErrMissingComponent], when there is no value.
func (f *Fields[T]) Require(w *World, e Entity) *T {
	if p, ok := f.Get(w, e); ok {
		return p
	}
	panic(w.missing(e, "Require", f.name))
}

// Column returns the component's column: one value per slot, so the value
// of entity e is Column(w)[e.Slot()]. The slice is the world's own storage;
// writes go straight to the entities. Fetch it once per system run: adding
// to an entity in a higher slot may replace it with a longer one, and a
// slice kept from before then is stale. Entries of slots that do not hold
// the component (free slots, or entities without it) hold leftovers: only
// index it with slots of entities that have the component, such as those
// [World.Slots] hands out. O(1), no allocation.
func (f *Fields[T]) Column(w *World) []T {
	if s := f.storage(w); s != nil {
		return s.vals
	}
	return nil
}

// With returns a [Part] that gives an entity the value v, for
// [World.Spawn].
func (f *Fields[T]) With(v T) Part { return part[T]{f, v} }

// Part is one component and its value, for [World.Spawn], which adds parts
// whose types are only known at run time (prefabs, tools). Make one with
// [Component.With], [Fields.With] or [Tag.Part]. Building a Part boxes its
// value; the typed Spawn1 … Spawn4 functions do not.
type Part interface {
	// Type returns the part's component.
	Type() ComponentType
	addTo(w *World, e Entity) // e is alive
}

type part[T any] struct {
	key Key[T]
	v   T
}

func (p part[T]) Type() ComponentType      { return p.key }
func (p part[T]) addTo(w *World, e Entity) { addTo(w, p.key, e, p.v) }

// Add gives entity e the value v of the component k, for code that is
// generic over the component's kind (prefabs, tools); it is
// [Component.Add] or [Fields.Add] without the kind.
//
// Panics with an [*EntityError] wrapping [ErrDeadEntity] if e is not alive.
func Add[T any](w *World, e Entity, k Key[T], v T) {
	slot := w.mustAlive(e, "Add", k.Name())
	if w.deferring > 0 || !putNew(k.storage(w), slot, uint32(e>>32), v) {
		addTo(w, k, e, v) // see Fields.Add
	}
}

// Get returns a pointer to e's value of the component k and true, or nil
// and false; it is [Component.Get] or [Fields.Get] without the kind.
func Get[T any](w *World, e Entity, k Key[T]) (*T, bool) {
	if s := k.storage(w); s != nil && s.has(uint32(e)) && w.IsAlive(e) {
		return s.at(uint32(e)), true
	}
	return nil, false
}
