package prefab

import (
	"fmt"
	"reflect"

	"github.com/tessera-engine/tessera/world"
)

// Spawn is what a factory receives: the world, the new entity, the prefab
// it is spawned from and the spawn's arguments (nil when none were given).
// When a factory runs, the entity already holds every plain value of the
// prefab, so a factory may read them.
type Spawn struct {
	World  *world.World
	Entity world.Entity
	Prefab *Prefab
	Args   any
	// Parent is the entity this one is a child of (see [Child]), linked
	// already; 0 for an entity spawned on its own.
	Parent world.Entity
}

// Part is one component of a prefab and how each spawned entity gets it:
// a plain value copied for every entity ([Value], [Tag]), a function called
// once per spawn ([Factory]), a change to what the base gives ([Patch]), or
// the removal of a component the base has ([None]).
//
// A part is type-checked against its component at compile time: its
// constructors take a [world.Key] of the value's type. Make parts once, when
// prefabs are built; a part is immutable and may be shared by prefabs.
type Part interface {
	// Component returns the component the part is about.
	Component() world.ComponentType

	// add gives the component to the spawned entity.
	add(s Spawn)
	// over returns the part that results from laying this part over
	// base, the part the base prefab has for the same component (nil if
	// it has none); nil means the component is removed.
	over(base Part) Part
	// same reports whether o is an equal part, for reload events.
	same(o Part) bool
	// factory reports whether the part calls a function per spawn; such
	// parts are added after the plain values.
	factory() bool
}

// Value returns a part that gives each spawned entity a deep copy of v:
// no two entities (nor the caller, who may change v afterwards) share a
// slice, map or pointed-to value. The copy function is built once per
// type; a type without pointers, slices, maps or interfaces is copied by
// plain assignment, and spawning it allocates nothing. A type whose
// pointer has a method Clone() T is copied by calling it. Strings and
// functions are shared, as they are immutable.
//
// In a variant, a Value merges over the base's value for the same
// component: each exported field of a struct that is zero in v keeps the
// base's value, nested structs merge the same way, and other non-zero
// fields (slices, maps, pointers and the rest) replace the base's. A
// value that is not a struct replaces the base's. To set a field to its
// zero value in a variant, use [Patch].
//
// Panics with a [*world.Error] of code [CodeUncopyable] if T holds a channel or an
// unsafe pointer, holds a reference in an unexported field and has no
// Clone method, or if v refers to itself: give such components with a
// [Factory].
func Value[T any](key world.Key[T], v T) Part {
	cp := mustCopy[T](key, "Value")
	if cp != nil {
		if err := checkValue(reflect.ValueOf(&v).Elem(), reflect.TypeFor[T]().String(), make(map[uintptr]bool)); err != nil {
			panic(uncopyable("Value", key.Name(), err, "give the component with a Factory"))
		}
		v = cp(v)
	}
	return &valuePart[T]{key: key, v: v, cp: cp}
}

// Tag returns a part that tags each spawned entity with t.
func Tag(t *world.Tag) Part {
	return &valuePart[struct{}]{key: t}
}

// Factory returns a part whose value fn makes, once per spawned entity,
// for what cannot be copied or must differ per entity: an image handle,
// an AI agent, a position taken from the spawn's arguments. In a variant,
// a factory replaces whatever the base gives for its component.
func Factory[T any](key world.Key[T], fn func(s Spawn) T) Part {
	return &factoryPart[T]{key: key, fn: fn}
}

// Patch returns a part that changes the value the base gives for its
// component: fn receives a deep copy of the base's value (the zero value
// when the base has none) and edits it in place. Unlike a [Value], it can
// set a field to zero. Over a base's [Factory], the patch runs on each
// value the factory makes. In [SpawnOptions.With], fn edits the value the
// entity got from the prefab.
func Patch[T any](key world.Key[T], fn func(v *T)) Part {
	return &patchPart[T]{key: key, fn: fn, cp: mustCopy[T](key, "Patch")}
}

// None returns a part that removes component c: a variant with None(c)
// spawns entities without the component its base has. None for a
// component the base lacks changes nothing.
func None(c world.ComponentType) Part { return nonePart{c} }

func mustCopy[T any](key world.Key[T], op string) func(T) T {
	cp, err := copyFuncFor[T]()
	if err != nil {
		panic(uncopyable(op, key.Name(), err, fmt.Sprintf("give %v a Clone method, or give the component with a Factory", reflect.TypeFor[T]())))
	}
	return cp
}

// valuePart is a plain value, copied into every entity. cp is nil when
// assignment copies T deeply, which is what makes such spawns free of
// allocation.
type valuePart[T any] struct {
	key world.Key[T]
	v   T
	cp  func(T) T
}

func (p *valuePart[T]) Component() world.ComponentType { return p.key }
func (p *valuePart[T]) factory() bool                  { return false }

func (p *valuePart[T]) add(s Spawn) {
	if p.cp == nil {
		world.Add(s.World, s.Entity, p.key, p.v)
		return
	}
	world.Add(s.World, s.Entity, p.key, p.cp(p.v))
}

func (p *valuePart[T]) over(base Part) Part {
	b, ok := base.(*valuePart[T])
	if !ok {
		return p
	}
	v := p.v
	mergeZero(reflect.ValueOf(&v).Elem(), reflect.ValueOf(&b.v).Elem())
	return &valuePart[T]{key: p.key, v: v, cp: p.cp}
}

func (p *valuePart[T]) same(o Part) bool {
	q, ok := o.(*valuePart[T])
	return ok && q.key.ID() == p.key.ID() && sameValue(p.v, q.v)
}

// mergeZero fills the zero exported fields of the struct dst from base,
// recursing into nested structs that have exported fields. Other kinds
// are left as they are: a non-struct value replaces the base's.
func mergeZero(dst, base reflect.Value) {
	if dst.Kind() != reflect.Struct {
		return
	}
	t := dst.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		d, b := dst.Field(i), base.Field(i)
		if f.Type.Kind() == reflect.Struct && hasExported(f.Type) {
			mergeZero(d, b)
		} else if d.IsZero() {
			d.Set(b)
		}
	}
}

func hasExported(t reflect.Type) bool {
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

type factoryPart[T any] struct {
	key world.Key[T]
	fn  func(Spawn) T
	// A factory made by patching another keeps what it was made of, so
	// that a rebuild of the same prefabs (a reload) makes the same part:
	// the base factory and the patch (a *patchPart, or the data's values).
	base  *factoryPart[T]
	patch any
}

func (p *factoryPart[T]) Component() world.ComponentType { return p.key }
func (p *factoryPart[T]) factory() bool                  { return true }
func (p *factoryPart[T]) add(s Spawn)                    { world.Add(s.World, s.Entity, p.key, p.fn(s)) }
func (p *factoryPart[T]) over(Part) Part                 { return p }

// same reports whether o is p, or the same patch of the same factory.
func (p *factoryPart[T]) same(o Part) bool {
	q, ok := o.(*factoryPart[T])
	switch {
	case !ok:
		return false
	case p == q:
		return true
	case p.base == nil || q.base == nil:
		return false
	}
	return p.base.same(q.base) && sameValue(p.patch, q.patch)
}

type patchPart[T any] struct {
	key world.Key[T]
	fn  func(*T)
	cp  func(T) T
}

func (p *patchPart[T]) Component() world.ComponentType { return p.key }
func (p *patchPart[T]) factory() bool                  { return false }
func (p *patchPart[T]) same(o Part) bool               { return o == Part(p) }

// patched returns a factory that makes the value p makes, then edits it
// with fn; patch says what fn does, for [factoryPart.same].
func (p *factoryPart[T]) patched(fn func(*T), patch any) *factoryPart[T] {
	mk := p.fn
	return &factoryPart[T]{key: p.key, base: p, patch: patch, fn: func(s Spawn) T {
		v := mk(s)
		fn(&v)
		return v
	}}
}

func (p *patchPart[T]) over(base Part) Part {
	switch b := base.(type) {
	case *factoryPart[T]:
		return b.patched(p.fn, p)
	case *valuePart[T]:
		v := b.v
		if p.cp != nil {
			v = p.cp(v)
		}
		p.fn(&v)
		return &valuePart[T]{key: p.key, v: v, cp: p.cp}
	}
	var v T
	p.fn(&v)
	return &valuePart[T]{key: p.key, v: v, cp: p.cp}
}

// add edits the value the entity holds, or adds a patched zero value.
func (p *patchPart[T]) add(s Spawn) {
	if v, ok := world.Get(s.World, s.Entity, p.key); ok {
		p.fn(v)
		return
	}
	var v T
	p.fn(&v)
	world.Add(s.World, s.Entity, p.key, v)
}

type nonePart struct{ c world.ComponentType }

func (p nonePart) Component() world.ComponentType { return p.c }
func (p nonePart) factory() bool                  { return false }
func (p nonePart) add(s Spawn)                    { s.World.Remove(s.Entity, p.c) }
func (p nonePart) over(Part) Part                 { return nil }
func (p nonePart) same(o Part) bool {
	q, ok := o.(nonePart)
	return ok && q.c.ID() == p.c.ID()
}
