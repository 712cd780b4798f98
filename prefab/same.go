package prefab

import (
	"math"
	"reflect"
	"unsafe"
)

// sameValue reports whether a and b hold the same data, for telling which
// prefabs a reload changed. It is reflect.DeepEqual except where that says
// a value differs from itself: a float NaN equals a NaN of the same bits,
// and a non-nil func equals a func with the same code (a value copied from
// a base in code keeps its hook). It compares unexported fields too, and
// stops at cycles as DeepEqual does.
func sameValue(a, b any) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if !va.IsValid() || !vb.IsValid() {
		return va.IsValid() == vb.IsValid()
	}
	if va.Type() != vb.Type() {
		return false
	}
	return same(va, vb, make(map[visit]bool))
}

// visit is a pair of pointers being compared, to stop at cycles.
type visit struct {
	a, b unsafe.Pointer
	t    reflect.Type
}

func same(a, b reflect.Value, seen map[visit]bool) bool {
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || math.IsNaN(x) && math.IsNaN(y) && math.Float64bits(x) == math.Float64bits(y)
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return same(reflect.ValueOf(real(x)), reflect.ValueOf(real(y)), seen) &&
			same(reflect.ValueOf(imag(x)), reflect.ValueOf(imag(y)), seen)
	case reflect.Func:
		return a.IsNil() == b.IsNil() && (a.IsNil() || a.Pointer() == b.Pointer())
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.UnsafePointer() == b.UnsafePointer() && (a.Kind() != reflect.Slice || a.Len() == b.Len()) {
			return true
		}
		v := visit{a.UnsafePointer(), b.UnsafePointer(), a.Type()}
		if seen[v] {
			return true
		}
		seen[v] = true
		switch a.Kind() {
		case reflect.Pointer:
			return same(a.Elem(), b.Elem(), seen)
		case reflect.Map:
			if a.Len() != b.Len() {
				return false
			}
			for it := a.MapRange(); it.Next(); {
				w := b.MapIndex(it.Key())
				if !w.IsValid() || !same(it.Value(), w, seen) {
					return false
				}
			}
			return true
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !same(a.Index(i), b.Index(i), seen) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !same(a.Field(i), b.Field(i), seen) {
				return false
			}
		}
		return true
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Elem().Type() != b.Elem().Type() {
			return false
		}
		return same(a.Elem(), b.Elem(), seen)
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Chan, reflect.UnsafePointer:
		return a.Pointer() == b.Pointer()
	}
	return false
}
