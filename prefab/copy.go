package prefab

import (
	"fmt"
	"reflect"
	"sync"
	"time"
)

// copyFn writes a deep copy of src into dst, which is settable and of the
// same type. A nil copyFn means the type holds nothing that can be shared
// (no pointers, slices, maps or interfaces), so plain assignment copies it.
type copyFn func(dst, src reflect.Value)

// copiers caches the copyFn of every type built so far, by reflect.Type.
// Types are few and their copiers never change, so the cache only grows.
var copiers sync.Map

type cachedCopier struct {
	fn  copyFn
	err error
}

// copierFor returns the copyFn of t, nil for a type that plain assignment
// copies deeply, or an error for a type that cannot be copied (channels,
// unsafe pointers, references in unexported fields).
func copierFor(t reflect.Type) (copyFn, error) {
	if c, ok := copiers.Load(t); ok {
		c := c.(cachedCopier)
		return c.fn, c.err
	}
	b := copyBuilder{busy: make(map[reflect.Type]*copyFn)}
	fn, err := b.build(t, t.String())
	copiers.Store(t, cachedCopier{fn, err})
	return fn, err
}

type copyBuilder struct {
	// busy holds the types being built, for recursive types such as
	// type Node struct{ Kids []*Node }: a reference to a busy type calls
	// through the pointer, filled in when the type is done.
	busy map[reflect.Type]*copyFn
}

func (b *copyBuilder) build(t reflect.Type, path string) (copyFn, error) {
	if c, ok := copiers.Load(t); ok {
		c := c.(cachedCopier)
		return c.fn, c.err
	}
	if p, ok := b.busy[t]; ok {
		return func(dst, src reflect.Value) { (*p)(dst, src) }, nil
	}
	slot := new(copyFn)
	b.busy[t] = slot
	fn, err := b.buildKind(t, path)
	delete(b.busy, t)
	if fn != nil || err != nil {
		if clone := cloneMethod(t); clone != nil {
			fn, err = clone, nil
		}
	}
	if err != nil {
		return nil, err
	}
	if fn != nil {
		*slot = fn
	} else {
		*slot = func(dst, src reflect.Value) { dst.Set(src) }
	}
	return fn, nil
}

func (b *copyBuilder) buildKind(t reflect.Type, path string) (copyFn, error) {
	if t == timeType {
		// A time.Time shares only its *time.Location, which is immutable.
		return nil, nil
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128,
		reflect.String, reflect.Func:
		// Strings and functions are immutable: sharing them is safe.
		return nil, nil
	case reflect.Array:
		elem, err := b.build(t.Elem(), path+"[]")
		if err != nil || elem == nil {
			return nil, err
		}
		return func(dst, src reflect.Value) {
			for i := range src.Len() {
				elem(dst.Index(i), src.Index(i))
			}
		}, nil
	case reflect.Struct:
		type deepField struct {
			index int
			fn    copyFn
		}
		var deep []deepField
		for i := range t.NumField() {
			f := t.Field(i)
			fn, err := b.build(f.Type, path+"."+f.Name)
			if err != nil {
				return nil, err
			}
			if fn == nil {
				continue
			}
			if !f.IsExported() {
				return nil, fmt.Errorf("field %s.%s is unexported and holds %v, which copying would share", path, f.Name, f.Type)
			}
			deep = append(deep, deepField{i, fn})
		}
		if deep == nil {
			return nil, nil
		}
		return func(dst, src reflect.Value) {
			dst.Set(src)
			for _, f := range deep {
				f.fn(dst.Field(f.index), src.Field(f.index))
			}
		}, nil
	case reflect.Slice:
		elem, err := b.build(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				dst.SetZero()
				return
			}
			n := src.Len()
			s := reflect.MakeSlice(t, n, n)
			if elem == nil {
				reflect.Copy(s, src)
			} else {
				for i := range n {
					elem(s.Index(i), src.Index(i))
				}
			}
			dst.Set(s)
		}, nil
	case reflect.Map:
		key, err := b.build(t.Key(), path+"[key]")
		if err != nil {
			return nil, err
		}
		elem, err := b.build(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				dst.SetZero()
				return
			}
			m := reflect.MakeMapWithSize(t, src.Len())
			it := src.MapRange()
			for it.Next() {
				k, v := it.Key(), it.Value()
				if key != nil {
					nk := reflect.New(t.Key()).Elem()
					key(nk, k)
					k = nk
				}
				if elem != nil {
					nv := reflect.New(t.Elem()).Elem()
					elem(nv, v)
					v = nv
				}
				m.SetMapIndex(k, v)
			}
			dst.Set(m)
		}, nil
	case reflect.Pointer:
		elem, err := b.build(t.Elem(), "*"+path)
		if err != nil {
			return nil, err
		}
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				dst.SetZero()
				return
			}
			p := reflect.New(t.Elem())
			if elem == nil {
				p.Elem().Set(src.Elem())
			} else {
				elem(p.Elem(), src.Elem())
			}
			dst.Set(p)
		}, nil
	case reflect.Interface:
		// The dynamic type is only known per value; its copier comes from
		// the cache. Prefab values are checked when they are made, so the
		// dynamic types met here can be copied.
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				dst.SetZero()
				return
			}
			v := src.Elem()
			fn, err := copierFor(v.Type())
			if err != nil {
				panic(uncopyable("copy", v.Type().String(), err, ""))
			}
			if fn == nil {
				dst.Set(v)
				return
			}
			nv := reflect.New(v.Type()).Elem()
			fn(nv, v)
			dst.Set(nv)
		}, nil
	}
	return nil, fmt.Errorf("%s has type %v, which cannot be copied", path, t)
}

var timeType = reflect.TypeFor[time.Time]()

// cloneMethod returns a copyFn that calls t's Clone method, or nil when
// *t has no method Clone() t.
func cloneMethod(t reflect.Type) copyFn {
	m, ok := reflect.PointerTo(t).MethodByName("Clone")
	if !ok || m.Type.NumIn() != 1 || m.Type.NumOut() != 1 || m.Type.Out(0) != t {
		return nil
	}
	return func(dst, src reflect.Value) {
		p := reflect.New(t)
		p.Elem().Set(src)
		dst.Set(m.Func.Call([]reflect.Value{p})[0])
	}
}

// checkValue reports an error if v cannot be copied: an interface holding
// a type that cannot be copied, or a cycle of references, which a deep
// copy would follow forever.
func checkValue(v reflect.Value, path string, onPath map[uintptr]bool) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if v.Kind() == reflect.Slice && v.Len() == 0 {
			return nil
		}
		p := uintptr(v.UnsafePointer())
		if onPath[p] {
			return fmt.Errorf("%s refers back to itself; copying it would never end", path)
		}
		onPath[p] = true
		defer delete(onPath, p)
	}
	switch v.Kind() {
	case reflect.Pointer:
		return checkValue(v.Elem(), "*"+path, onPath)
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		if _, err := copierFor(v.Elem().Type()); err != nil {
			return err
		}
		return checkValue(v.Elem(), path, onPath)
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			if err := checkValue(v.Index(i), fmt.Sprintf("%s[%d]", path, i), onPath); err != nil {
				return err
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if err := checkValue(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), onPath); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if err := checkValue(v.Field(i), path+"."+v.Type().Field(i).Name, onPath); err != nil {
				return err
			}
		}
	}
	return nil
}

// cloner is implemented by types that copy themselves; a type whose
// pointer has a Clone method returning the type is copied by calling it.
type cloner[T any] interface {
	Clone() T
}

// copyFuncFor returns the function that deep-copies values of T, or nil
// when plain assignment does (T holds no pointers, slices, maps or
// interfaces). It is built once per type, by reflection; copying then
// walks only the parts of a value that hold references.
func copyFuncFor[T any]() (func(T) T, error) {
	if _, ok := any(new(T)).(cloner[T]); ok {
		return func(v T) T { return any(&v).(cloner[T]).Clone() }, nil
	}
	t := reflect.TypeFor[T]()
	fn, err := copierFor(t)
	if err != nil || fn == nil {
		return nil, err
	}
	return func(v T) T {
		var out T
		fn(reflect.ValueOf(&out).Elem(), reflect.ValueOf(&v).Elem())
		return out
	}, nil
}
