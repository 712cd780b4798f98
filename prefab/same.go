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
	return same(va, vb, new(visits))
}

// visits are the pairs of pointers being compared, to stop at cycles.
// The log lists them in the order added, so that a trial match that fails
// (see sameLostKeys) can take back what it assumed, at the cost of what
// it added rather than a copy of everything seen so far.
type visits struct {
	m   map[visit]bool
	log []visit
}

// add records v, reporting whether it was already there. The map is
// made on first need, so comparing values without references costs none.
func (s *visits) add(v visit) (had bool) {
	if s.m[v] {
		return true
	}
	if s.m == nil {
		s.m = make(map[visit]bool)
	}
	s.m[v] = true
	s.log = append(s.log, v)
	return false
}

// undo takes back every visit added since the log had length mark.
func (s *visits) undo(mark int) {
	for _, v := range s.log[mark:] {
		delete(s.m, v)
	}
	s.log = s.log[:mark]
}

// visit is a pair of pointers being compared, to stop at cycles; with
// the length, for slices, as two slices of one array differ by it.
type visit struct {
	a, b unsafe.Pointer
	t    reflect.Type
	n    int
}

func same(a, b reflect.Value, seen *visits) bool {
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
		v := visit{a.UnsafePointer(), b.UnsafePointer(), a.Type(), 0}
		if a.Kind() == reflect.Slice {
			v.n = a.Len()
		}
		if seen.add(v) {
			return true
		}
		switch a.Kind() {
		case reflect.Pointer:
			return same(a.Elem(), b.Elem(), seen)
		case reflect.Map:
			if a.Len() != b.Len() {
				return false
			}
			var lost [][2]reflect.Value // a's entries b cannot be indexed by: NaN keys
			for it := a.MapRange(); it.Next(); {
				w := b.MapIndex(it.Key())
				if !w.IsValid() {
					lost = append(lost, [2]reflect.Value{it.Key(), it.Value()})
					continue
				}
				if !same(it.Value(), w, seen) {
					return false
				}
			}
			if len(lost) > 0 {
				return sameLostKeys(a, b, lost, seen)
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

// sameLostKeys matches the entries of map a under keys that b cannot be
// indexed by (NaN keys, which equal nothing) with b's entries whose keys
// a cannot be indexed by, each to one that is the same, key and value.
func sameLostKeys(a, b reflect.Value, lost [][2]reflect.Value, seen *visits) bool {
	if len(lost) > maxLostKeys {
		return false
	}
	var theirs [][2]reflect.Value
	for it := b.MapRange(); it.Next(); {
		if !a.MapIndex(it.Key()).IsValid() {
			theirs = append(theirs, [2]reflect.Value{it.Key(), it.Value()})
		}
	}
	if len(theirs) != len(lost) {
		return false
	}
	used := make([]bool, len(theirs))
	for _, e := range lost {
		found := false
		for j, f := range theirs {
			if used[j] {
				continue
			}
			// A trial that fails must leave no "same" assumptions behind.
			mark := len(seen.log)
			if same(e[0], f[0], seen) && same(e[1], f[1], seen) {
				used[j], found = true, true
				break
			}
			seen.undo(mark)
		}
		if !found {
			return false
		}
	}
	return true
}

// maxLostKeys is how many NaN keys of one map sameLostKeys matches. The
// matching costs the square of their number; past it (only merge keys can
// give a map so many) the maps are taken to differ, so a reload may list
// the prefab as changed when it is not.
const maxLostKeys = 64
