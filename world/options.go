package world

import (
	"fmt"
	"math"
	"reflect"
	"unsafe"
)

// Options configure a component at its definition ([DefineComponent],
// [DefineFields], [DefineTag]): the components it requires and its
// lifecycle hooks. The zero Options, like none, requires nothing and has
// no hooks.
//
// # Hooks
//
// Each hook gets the world, the entity and a pointer to its value, valid
// only during the call. They run at defined points, the same inside and
// outside walks:
//
//   - Added runs once the operation that made the component join an
//     entity is done (a spawn with all its parts, an add with the
//     components it requires, a batch with every entity): at once outside
//     walks and inside them alike, since adds are never deferred.
//     Replacing a value the entity holds runs no hook.
//   - Removed runs when [World.Remove] takes the component away from a
//     live entity, before the value goes.
//   - Died runs when [World.Destroy] destroys an entity holding the
//     component, before anything of it goes: every component of the
//     entity, and of the entities dying with it (linked relationships),
//     is still there to read.
//   - Teardown runs on every path by which the component leaves an
//     entity, exactly once: after Removed, after Died, and when
//     [World.Clear] clears the world (which runs no Died hooks). Release
//     what the value owns outside the world here.
//
// A removal or destroy made inside a walk or a system run is applied when
// the outermost one ends, so its hooks run then. While hooks run, the
// removals and destroys they make wait, as in a walk, and are applied
// right after, in order; their adds take effect at once, and their own
// Added hooks run after the ones already waiting. A hook that panics does
// not stop the change it reacts to, nor the other hooks: the change is
// completed, and then the call that applied it (the Add, Remove or
// Destroy, the end of the walk, or the system run, which reports it as
// its error) panics with an [*Error] of code [CodeHookPanic] naming the
// component, the hook and the entity. [World.Clear] returns them instead.
//
// # Requires
//
// When the component joins an entity (a spawn or an add, not a
// replacement), every component in Requires the entity lacks joins first,
// with its Default, and so do the components those require: transitively,
// each before the components that require it. A value given explicitly
// wins: given in the same spawn, or held already, it is kept. Removing a
// required component later is allowed and removes nothing else: the
// requirement is applied when a component joins, not kept up afterwards.
type Options[T any] struct {
	// Requires lists the components an entity holding this one must hold
	// too. Nil means none.
	Requires []ComponentType
	// Default is the value the component joins with when another
	// component requires it. The zero value means T's zero value.
	Default T

	// The hooks, each nil for none (see above).
	Added, Removed, Died, Teardown func(w *World, e Entity, v *T)

	// Copy writes into *dst a copy of *src for [World.Snapshot] and
	// [World.Restore], for an object component whose values hold
	// references to state that changes in place: a slice or map the
	// game writes into, a pointer to a struct it updates. The copy must
	// share no such memory with src. dst holds the zero value or a value
	// the world no longer holds (one a snapshot or restore replaced), so
	// Copy may reuse its memory, as append(dst.Items[:0], src.Items...)
	// does, to copy without allocating. It must not touch the world.
	//
	// Nil copies by assignment (*dst = *src): a full copy for values made
	// of numbers, booleans, strings and arrays and structs of them, and
	// for the rest a copy that shares what the references point to, which
	// is right for data nothing changes in place (images, shared
	// definitions) and wrong for the rest. Field components and tags
	// are copied as bytes and take no Copy.
	Copy func(dst, src *T)
	// Hash feeds an object component's value to h for the world hash
	// ([World.Hash], [World.Digests], [World.Diff]): the same state must
	// always feed the same data, so never addresses, map order or
	// anything else that changes from run to run. It must not touch the
	// world.
	//
	// Nil hashes a value made of numbers, booleans, strings and arrays
	// and structs of them by its fields (padding left out, strings by
	// length and content); a value that holds pointers, slices, maps,
	// interfaces, channels or functions is then left out of the hash,
	// which covers only which entities hold the component (see
	// [Digest.Values]). Field components and tags are hashed by their
	// bytes and take no Hash.
	Hash func(h *Hasher, v *T)
}

// oneOptions returns the only Options of opts, or the zero Options.
//
// Panics with an [*Error] of code [CodeInvalidDefinition] if opts holds
// more than one.
func oneOptions[T any](name string, opts []Options[T]) Options[T] {
	switch len(opts) {
	case 0:
		return Options[T]{}
	case 1:
		return opts[0]
	}
	panic(&Error{Code: CodeInvalidDefinition, Op: "Define", Component: name, Value: fmt.Sprintf("%d Options, want at most 1", len(opts))})
}

// noValueFuncs panics if o gives a field component or a tag a Copy or
// Hash function: their values are copied and hashed as bytes.
//
// Panics with an [*Error] of code [CodeInvalidDefinition] naming the
// option.
func noValueFuncs[T any](op, name string, o Options[T]) {
	field := ""
	switch {
	case o.Copy != nil:
		field = "Copy"
	case o.Hash != nil:
		field = "Hash"
	default:
		return
	}
	panic(&Error{Code: CodeInvalidDefinition, Op: op, Component: name, Field: field,
		Value: "only object components take one; field components and tags are copied and hashed as bytes"})
}

// expandRequires returns every component reqs names, with theirs,
// transitively, in dependency order (each after the ones it requires),
// each once. A component defined later cannot be required, so there are no
// cycles.
//
// Panics with an [*Error] of code [CodeInvalidDefinition] for a nil entry,
// one no Define function made, or the side of a relationship.
func expandRequires(name string, reqs []ComponentType) []ComponentType {
	var out []ComponentType
	seen := make(map[int]bool)
	add := func(c ComponentType) {
		if !seen[c.ID()] {
			seen[c.ID()] = true
			out = append(out, c)
		}
	}
	for i, r := range reqs {
		bad := ""
		switch {
		case r == nil || isNil(r):
			bad = "nil"
		case handleOf(r.ID()) == nil:
			bad = "not made by a Define function"
		default:
			if _, ok := handleOf(r.ID()).(*Relation); ok {
				bad = "a relationship, which has no default target"
			}
			if _, ok := handleOf(r.ID()).(*Reverse); ok {
				bad = "the reverse side of a relationship, which only the world writes"
			}
		}
		if bad != "" {
			panic(&Error{Code: CodeInvalidDefinition, Op: "Define", Component: name, Field: fmt.Sprintf("Requires[%d]", i), Value: bad})
		}
		h := handleOf(r.ID())
		for _, rr := range h.base().requires {
			add(rr)
		}
		add(h)
	}
	return out
}

// isNil reports whether c is an interface holding a nil pointer.
func isNil(c ComponentType) bool {
	v := reflect.ValueOf(c)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// floatField is where a value holds a floating-point number, for the NaN
// checks: its offset, its kind and its path, such as "Pos.X".
type floatField struct {
	off  uintptr
	kind reflect.Kind // Float32, Float64, Complex64 or Complex128
	path string
}

// floatsOf returns every floating-point number a T holds by value (in its
// fields, nested structs and arrays; not behind pointers, slices, maps or
// interfaces). Arrays longer than 16 are not looked into: the checks stay
// cheap.
func floatsOf[T any]() []floatField {
	var out []floatField
	var walk func(t reflect.Type, off uintptr, path string)
	walk = func(t reflect.Type, off uintptr, path string) {
		switch t.Kind() {
		case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
			out = append(out, floatField{off, t.Kind(), path})
		case reflect.Array:
			if t.Len() <= 16 {
				for i := range t.Len() {
					walk(t.Elem(), off+uintptr(i)*t.Elem().Size(), fmt.Sprintf("%s[%d]", path, i))
				}
			}
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				walk(f.Type, off+f.Offset, joinField(path, f.Name))
			}
		}
	}
	walk(reflect.TypeFor[T](), 0, "")
	return out
}

// firstNaN returns the first of fs that holds a NaN in the value at p.
func firstNaN(fs []floatField, p unsafe.Pointer) (floatField, bool) {
	for _, f := range fs {
		q := unsafe.Add(p, f.off)
		var nan bool
		switch f.kind {
		case reflect.Float32:
			v := *(*float32)(q)
			nan = v != v
		case reflect.Float64:
			nan = math.IsNaN(*(*float64)(q))
		case reflect.Complex64:
			v := *(*complex64)(q)
			nan = real(v) != real(v) || imag(v) != imag(v)
		case reflect.Complex128:
			v := *(*complex128)(q)
			nan = math.IsNaN(real(v)) || math.IsNaN(imag(v))
		}
		if nan {
			return f, true
		}
	}
	return floatField{}, false
}

// typeName returns the dynamic type of v, for messages.
func typeName(v any) string { return fmt.Sprintf("%T", v) }
