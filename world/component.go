package world

import (
	"fmt"
	"math/bits"
	"reflect"
	"sync"
	"unsafe"
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
	base() *info
	// addDefault gives e the component's default, as a requirement of
	// another component joining e.
	addDefault(w *World, e Entity)
}

// Key is a component handle whose values have type T. Walks, spawns and
// [Part] take a Key so they can hand out values with static types;
// [*Component], [*Tag] and [*Fields] implement it. Key is sealed: only this
// package implements it.
type Key[T any] interface {
	ComponentType
	storage(w *World) *storage[T]
	// plain is plainStorage of the component: one call, as storage is.
	plain(w *World) *storage[T]
}

// registry is the only package-level mutable state: an append-only list of
// the components and resources defined so far, guarded by a mutex, like
// image.RegisterFormat. Ids start at 1, so a handle built by hand (whose
// id is 0) is never mistaken for a defined one.
var registry struct {
	sync.Mutex
	handles   []ComponentType // by component id; [0] is nil
	resources int             // resources defined so far
	stateful  []stateResource // the resources in snapshots or the hash, in definition order
	events    int             // events defined so far
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

// info is what every handle holds, whatever its value type.
type info struct {
	id       int
	name     string
	requires []ComponentType // every component it requires, transitively, in dependency order
	floats   []floatField    // where its values hold floating-point numbers
	plan     *hashPlan       // how its values are hashed without a Hash function
}

// newInfo registers a new component and returns its base: its requires
// expanded (see Options.Requires) and the floats of T found.
//
// Panics with an [*Error] of code [CodeInvalidDefinition] for a nil or
// undefined component in requires, or a relationship or its reverse side
// (which have no default to add).
func newInfo[T any](name string, requires []ComponentType) info {
	i := info{name: name, requires: expandRequires(name, requires), floats: floatsOf[T](), plan: planOf(reflect.TypeFor[T]())}
	i.id = register()
	return i
}

func (i *info) base() *info { return i }

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
	opts Options[T]
}

// DefineComponent defines a new object component type named name, with
// the options given, if any (see [Options]). Every call makes a new
// component with a new id, whatever its name; the name is used in errors,
// inspection and data files.
//
// Panics with an [*Error] of code [CodeInvalidDefinition] if more than one
// Options is given or they name a nil or undefined component.
func DefineComponent[T any](name string, opts ...Options[T]) *Component[T] {
	o := oneOptions(name, opts)
	return setHandle(&Component[T]{info: newInfo[T](name, o.Requires), opts: o})
}

// IsFields reports false: an object component is not a field component.
func (c *Component[T]) IsFields() bool { return false }

func (c *Component[T]) newStore() store { return newStorage(&c.info, false, false, &c.opts) }

func (c *Component[T]) storage(w *World) *storage[T] { return typedStorage[T](w, c.id) }

func (c *Component[T]) plain(w *World) *storage[T] { return plainStorage[T](w, c.id) }

// Every handle is a Key of its values.
var (
	_ Key[int]      = (*Component[int])(nil)
	_ Key[struct{}] = (*Tag)(nil)
	_ Key[struct{}] = (*Fields[struct{}])(nil)
)

func (c *Component[T]) addDefault(w *World, e Entity) { addTo(w, c, e, c.opts.Default) }

// Add gives entity e the value v, replacing the value it holds already.
// Adding to an entity while a walk is in progress is immediate, but that
// walk does not visit what was added. When the component joins e, the
// components it requires join first, and its Added hook runs once they
// all have (see [Options]).
//
// Panics with an [*Error] of code [CodeDeadEntity] if e is not alive.
func (c *Component[T]) Add(w *World, e Entity, v T) {
	w.mustAlive(e, "Add", c.name)
	addTo(w, c, e, v)
	w.afterAdd()
}

// Set is the checked form of [Component.Add]: it returns an [*Error]
// instead of panicking when e is not alive (code [CodeDeadEntity]), and
// refuses a value with a NaN in a float field (code [CodeNaN], naming the
// field), leaving e as it was. It marks the value changed for change
// detection (see [World.Track]). Use it for values that come from data or
// scripts.
func (c *Component[T]) Set(w *World, e Entity, v T) error {
	return setChecked(w, c, e, v, &c.info)
}

// Get returns a pointer to e's value and true, or nil and false when e is
// dead or has no such component. The pointer is valid until the next
// structural change (an add, remove or destroy that takes effect).
// O(1), no allocation.
func (c *Component[T]) Get(w *World, e Entity) (*T, bool) {
	if s := c.storage(w); s != nil && s.has(uint32(e)) && w.IsAlive(e) {
		if debugChecks {
			checkObject(s, uint32(e), "Get", e)
		}
		return s.at(uint32(e)), true
	}
	return nil, false
}

// Require returns a pointer to e's value, like [Component.Get].
//
// Panics with an [*Error] naming e and the component, of code
// [CodeDeadEntity] or [CodeMissingComponent], when there is no value. A
// system runner recovers such a panic and reports it with the system's
// name.
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

// DefineTag defines a new tag component named name, with the options
// given, if any (see [Options]; a tag's hooks get a pointer to an empty
// struct).
//
// Panics as [DefineComponent] does.
func DefineTag(name string, opts ...Options[struct{}]) *Tag {
	o := oneOptions(name, opts)
	noValueFuncs("DefineTag", name, o)
	return setHandle(&Tag{Component[struct{}]{info: newInfo[struct{}](name, o.Requires), opts: o}})
}

// A tag's values take no memory, so it is stored like a field component:
// a bitmap and a zero-size column, no sparse set to keep packed.
func (t *Tag) newStore() store { return newStorage(&t.info, true, false, &t.opts) }

// Add tags entity e. Adding a tag e has already changes nothing.
//
// Panics with an [*Error] of code [CodeDeadEntity] if e is not alive.
func (t *Tag) Add(w *World, e Entity) {
	w.mustAlive(e, "Add", t.name)
	addTo(w, t, e, struct{}{})
	w.afterAdd()
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
	opts Options[T]
}

// DefineFields defines a new field component type named name, with the
// options given, if any (see [Options]).
//
// Panics with an [*Error] of code [CodeNotFields] unless T is a struct whose
// fields are all fixed-size numbers (int8 … int64, uint8 … uint64, float32,
// float64, complex64, complex128), arrays of them, or structs made only of
// them. bool, int, uint, uintptr, strings, pointers, slices, maps and
// interfaces are refused: the column must be pointer-free, and every field
// must mean the same on every platform (int and uint change width; a
// struct's padding may still differ between 32- and 64-bit platforms).
//
// It also panics, as [DefineComponent] does, for bad options.
func DefineFields[T any](name string, opts ...Options[T]) *Fields[T] {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		panic(&Error{Code: CodeNotFields, Op: "DefineFields", Component: name, Value: t})
	}
	if field, err := checkNumeric(t, ""); err != nil {
		panic(&Error{Code: CodeNotFields, Op: "DefineFields", Component: name, Field: field, Err: err})
	}
	o := oneOptions(name, opts)
	noValueFuncs("DefineFields", name, o)
	return setHandle(&Fields[T]{info: newInfo[T](name, o.Requires), opts: o})
}

// checkNumeric returns the path of the first field of t, at path, that is
// not a fixed-size number, and why.
func checkNumeric(t reflect.Type, path string) (string, error) {
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return "", nil
	case reflect.Array:
		return checkNumeric(t.Elem(), path+"[]")
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if field, err := checkNumeric(f.Type, joinField(path, f.Name)); err != nil {
				return field, err
			}
		}
		return "", nil
	}
	return path, fmt.Errorf("type %v is not a fixed-size number", t)
}

// joinField appends a field's name to a path of fields.
func joinField(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// IsFields reports true.
func (f *Fields[T]) IsFields() bool { return true }

func (f *Fields[T]) newStore() store { return newStorage(&f.info, true, true, &f.opts) }

func (f *Fields[T]) storage(w *World) *storage[T] { return typedStorage[T](w, f.id) }

func (f *Fields[T]) plain(w *World) *storage[T] { return plainStorage[T](w, f.id) }

func (f *Fields[T]) addDefault(w *World, e Entity) { addTo(w, f, e, f.opts.Default) }

// Add writes v into e's slot of the column and returns the slot index. It
// replaces the value e holds already; a field left out of v is zero, never
// the value a previous owner of the slot left behind. When the component
// joins e, the components it requires join first, and its Added hook runs
// once they all have (see [Options]).
//
// Panics with an [*Error] of code [CodeDeadEntity] if e is not alive.
func (f *Fields[T]) Add(w *World, e Entity, v T) int {
	slot := w.mustAlive(e, "Add", f.name)
	// Outside walks and system runs no removal is pending, so the spawns'
	// inlined store does; otherwise, when the column must grow, or when
	// the component has options, addTo.
	if w.deferring > 0 || !putNew(f.plain(w), slot, uint32(e>>32), v) {
		addTo(w, f, e, v)
		w.afterAdd()
	}
	return int(slot)
}

// Set is the checked form of [Fields.Add]: it returns an [*Error] instead
// of panicking when e is not alive (code [CodeDeadEntity]), and refuses a
// value with a NaN in a field (code [CodeNaN], naming the field), leaving
// e as it was. It marks the value changed for change detection (see
// [World.Track]). Use it for values that come from data or scripts; raw
// writes to a column or through Get are not checked (the tesseradebug
// build catches NaNs there).
func (f *Fields[T]) Set(w *World, e Entity, v T) error {
	return setChecked(w, f, e, v, &f.info)
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
	if debugChecks && w.rec != nil {
		w.checkTouch(f.id, "Get")
	}
	if id, slot := uint(f.id), uint(uint32(e)); id < uint(len(w.typed)) {
		if s := (*storage[T])(w.typed[id]); s != nil && slot < uint(len(s.owner)) &&
			bits.RotateLeft64(uint64(s.owner[slot])+uint64(e>>32), 32) == 1 {
			if debugChecks {
				checkGet(w, s, uint32(slot), uint32(e>>32))
			}
			return s.member(uint32(slot)), true
		}
	}
	return nil, false
}

// Require returns a pointer into the column at e's slot, like [Fields.Get].
//
// Panics with an [*Error] naming e and the component, of code
// [CodeDeadEntity] or [CodeMissingComponent], when there is no value.
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
// slice kept from before then is stale. Only an entity joining the
// component or a [World.Restore] replaces it, and both move
// [World.StructureEpoch], so a slice kept with the epoch it was fetched
// at is the column while the epoch stays. Entries of slots that do not
// hold the component (free slots, or entities without it) hold leftovers:
// only index it with slots of entities that have the component, such as
// those [World.Slots] hands out. O(1), no allocation.
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
// Panics with an [*Error] of code [CodeDeadEntity] if e is not alive.
func Add[T any](w *World, e Entity, k Key[T], v T) {
	if !w.usable(e) { // k.Name() only when it is needed: it is a dynamic call
		w.mustAlive(e, "Add", k.Name())
	}
	slot := uint32(e)
	if w.deferring > 0 || !putNew(k.plain(w), slot, uint32(e>>32), v) {
		addTo(w, k, e, v) // see Fields.Add
		w.afterAdd()
	}
}

// Set is the checked form of [Add], as [Fields.Set] and [Component.Set]
// are, for code that is generic over the component's kind.
func Set[T any](w *World, e Entity, k Key[T], v T) error {
	return setChecked(w, k, e, v, k.base())
}

// setChecked is every Set: the checks, the add, the change stamp.
func setChecked[T any](w *World, k Key[T], e Entity, v T, i *info) error {
	if !w.usable(e) {
		return &Error{Code: CodeDeadEntity, Op: "Set", Entity: e, Component: i.name}
	}
	if f, ok := firstNaN(i.floats, unsafe.Pointer(&v)); ok {
		return &Error{Code: CodeNaN, Op: "Set", Entity: e, Component: i.name, Field: f.path, Value: "NaN"}
	}
	addTo(w, k, e, v) // stamps the change, if tracked: such adds take the long way
	w.afterAdd()
	return nil
}

// Get returns a pointer to e's value of the component k and true, or nil
// and false; it is [Component.Get] or [Fields.Get] without the kind.
func Get[T any](w *World, e Entity, k Key[T]) (*T, bool) {
	if s := k.storage(w); s != nil && s.has(uint32(e)) && w.IsAlive(e) {
		if debugChecks {
			checkVisit(w, s, int(uint32(e)), uint32(e>>32))
		}
		return s.at(uint32(e)), true
	}
	return nil, false
}
