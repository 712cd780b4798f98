package world

import (
	"bytes"
	"reflect"
	"unsafe"
)

// The checks of declared access (see System), made in the tesseradebug
// build: each panics with an [*Error] of code [CodeUndeclared] naming the
// system, the component and the declaration that lacks it. Callers test
// debugChecks first, so that in other builds the calls compile away.

// undeclared panics: system s's op on component (or resource) name, and
// entity e, needs it in the declaration field.
func (l *lane) undeclared(op, name string, e Entity, field string) {
	panic(&Error{Code: CodeUndeclared, Op: op, Component: name, System: l.sysName(), Entity: e, Field: field})
}

// componentName returns the name of component id.
func componentName(id int) string {
	if h := handleOf(id); h != nil {
		return h.Name()
	}
	return "?"
}

// checkTouch checks that lane w's system declares component id in some
// list: what it reads must be ordered against what writes it.
func (w *World) checkTouch(id int, op string) {
	l := w.rec
	if l.acc == nil || l.acc.touch.has(id) {
		return
	}
	l.undeclared(op, componentName(id), 0, "Reads")
}

// checkAdd checks that lane w's system declares an add of component id to
// e: Writes covers replacing a value e holds, Adds (or Spawns) a join.
func (w *World) checkAdd(id int, name string, e Entity) {
	a := w.rec.acc
	if a == nil {
		return
	}
	if s := w.set(id); s != nil && w.IsAlive(e) && s.has(uint32(e)) {
		if a.values.has(id) || a.adds.has(id) {
			return
		}
		w.rec.undeclared("Add", name, e, "Writes")
	}
	if !a.adds.has(id) {
		w.rec.undeclared("Add", name, e, "Adds")
	}
}

// checkChange checks that lane w's system declares a removal, a destroy,
// a link or an unlink of e. A destroy needs every component e holds in
// Destroys (or Removes).
func (w *World) checkChange(kind cmdKind, e Entity, c ComponentType) {
	l := w.rec
	a := l.acc
	if a == nil {
		return
	}
	switch kind {
	case cmdRemove, cmdUnlink:
		if !a.removes.has(c.ID()) && !a.destroys.has(c.ID()) {
			l.undeclared("Remove", c.Name(), e, "Removes")
		}
	case cmdLink:
		if !a.adds.has(c.ID()) {
			l.undeclared("Set", c.Name(), e, "Adds")
		}
	case cmdOrder:
		if !a.adds.has(c.ID()) {
			l.undeclared("OrderSources", c.Name(), e, "Adds")
		}
	case cmdDestroy:
		if !a.dooms {
			l.undeclared("Destroy", "", e, "Destroys")
		}
		if !w.IsAlive(e) {
			return
		}
		for _, u := range w.used {
			if s := u.set; s.has(uint32(e)) && !a.destroys.has(s.id) && !a.removes.has(s.id) {
				l.undeclared("Destroy", s.name, e, "Destroys")
			}
		}
	}
}

// checkResource checks that lane w's system declares resource id, named
// name: for writing when write is set.
func (w *World) checkResource(id int, name string, write bool) {
	l := w.rec
	if l.acc == nil {
		return
	}
	switch {
	case write && !l.acc.resW.has(id):
		l.undeclared("Resource.Set", name, 0, "WritesResources")
	case !write && !l.acc.resW.has(id) && !l.acc.resR.has(id):
		l.undeclared("Resource.Lookup", name, 0, "ReadsResources")
	}
}

// checkNotBusy checks that w, a world whose systems are running on lanes,
// is not used directly: a system that captured it instead of using
// ctx.World would race with the others.
func (w *World) checkNotBusy(op string) {
	if w.par != nil && w.par.busy {
		panic(&Error{Code: CodeConcurrent, Op: op,
			Hint: "a system that declares its access must use ctx.World, not a world captured from outside"})
	}
}

// rawStore is a storage whose values can be read as bytes, for the check
// of writes to components declared only read.
type rawStore interface {
	raw() (data []byte, size int)
}

func (s *storage[T]) raw() ([]byte, int) {
	size := int(unsafe.Sizeof(*new(T)))
	if len(s.vals) == 0 || size == 0 {
		return nil, size
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.vals))), len(s.vals)*size), size
}

// snapshotReadOnly copies the values of the components and resources s
// declares only reading into its state, for checkReadOnly, reusing the
// buffers: the components' first, then the resources'.
func (w *World) snapshotReadOnly(s *System) {
	rt := s.rt
	n := len(rt.acc.readOnly)
	rt.snap = grow(rt.snap, n+len(rt.acc.readOnlyRes))
	for k, id := range rt.acc.readOnly {
		rt.snap[k] = rt.snap[k][:0]
		if r, ok := w.stores[id].(rawStore); ok {
			data, _ := r.raw()
			rt.snap[k] = append(rt.snap[k], data...)
		}
	}
	for k, r := range rt.acc.readOnlyRes {
		rt.snap[n+k] = append(rt.snap[n+k][:0], w.resourceBytes(r.resourceID())...)
	}
}

// resourceBytes returns the memory of the value of resource id that the
// world holds (what its *T points at), or nil when it holds none: what a
// system that only reads the resource must leave as it was. Only the value
// itself is compared, not what its pointers, slices or maps reach, but a
// slice appended to or a field set changes it.
func (w *World) resourceBytes(id int) []byte {
	if id >= len(w.resources) || w.resources[id] == nil {
		return nil
	}
	v := reflect.ValueOf(w.resources[id])
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil
	}
	size := int(v.Type().Elem().Size())
	if size == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(v.UnsafePointer()), size)
}

// checkReadOnly compares the values of the components s declares only
// reading with the snapshot taken before its run, and panics naming the
// first value s wrote.
func (w *World) checkReadOnly(s *System) {
	snap := s.rt.snap
	for k, id := range s.rt.acc.readOnly {
		r, ok := w.stores[id].(rawStore)
		if !ok {
			continue
		}
		data, size := r.raw()
		before := snap[k]
		n := min(len(data), len(before))
		i := 0
		for i < n && data[i] == before[i] {
			i++
		}
		if i == n {
			continue
		}
		st := w.sets[id]
		slot := uint32(i / size)
		if !st.field && int(slot) < len(st.dense) {
			slot = st.dense[slot]
		}
		var e Entity
		if int(slot) < len(w.gens) {
			e = makeEntity(slot, w.gens[slot])
		}
		panic(&Error{Code: CodeUndeclared, Op: "write", Component: st.name, System: s.Name, Entity: e, Field: "Writes",
			Hint: "the system wrote a value of a component it declares only reading: add it to Writes"})
	}
	n := len(s.rt.acc.readOnly)
	for k, r := range s.rt.acc.readOnlyRes {
		if !bytes.Equal(w.resourceBytes(r.resourceID()), snap[n+k]) {
			panic(&Error{Code: CodeUndeclared, Op: "write", Component: r.Name(), System: s.Name, Field: "WritesResources",
				Hint: "the system changed the value of a resource it declares only reading: add it to WritesResources"})
		}
	}
}
