package world

import (
	"fmt"
	"slices"
	"unsafe"
)

// World holds entities, their components and the systems that run over
// them. The zero value is not usable; call [New]. A World is not safe for
// concurrent use: run its systems and walks on one goroutine.
type World struct {
	gens  []uint32 // per slot: the generation of its live entity, 0 when free
	free  []Entity // ids to hand out next, most recently freed last
	alive int

	stores []store          // by component id; nil where the world never used it
	types  []ComponentType  // by component id, beside stores
	sets   []*set           // by component id, beside stores: membership without an interface call
	typed  []unsafe.Pointer // by component id: the *storage[T] behind stores, see typedStorage
	used   []usedStore      // the non-nil stores, in the order first used
	views  []*Slots         // cached slot views, looked up by key

	walking        int      // depth of walks and system runs in progress
	pending        []op     // removals and destroys waiting for the walks to end
	pendingRemoves int      // how many of pending are removals
	joins          []uint64 // component id<<32 | slot of each join during the walks

	systems   [phaseCount]systemList
	resources []any // by resource id: a *T, or nil
	ctxs      [phaseCount]Context
}

// usedStore pairs a store with its membership set, so Destroy checks
// membership without an interface call per component type.
type usedStore struct {
	set   *set
	store store
}

// op is a removal or destroy deferred until the walks in progress end.
type op struct {
	e  Entity
	id int // component id, or -1 for a destroy
}

// New returns an empty world.
func New() *World {
	return &World{}
}

// Create makes an entity with no components and returns its id.
// O(1); it allocates only when the world grows.
func (w *World) Create() Entity {
	w.alive++
	if n := len(w.free); n > 0 {
		e := w.free[n-1]
		w.free = w.free[:n-1]
		w.gens[uint32(e)] = e.Generation()
		return e
	}
	if uint64(len(w.gens)) > maxSlot {
		w.alive--
		panic(fmt.Errorf("world: no slot left: %d entities alive and every other slot retired", w.alive))
	}
	w.gens = append(w.gens, 1)
	return makeEntity(uint32(len(w.gens)-1), 1)
}

// maxSlot is the highest slot index; slots are 32-bit.
const maxSlot = 1<<32 - 1

// Spawn makes an entity holding every part and returns its id. A part whose
// component repeats replaces the earlier value. For two to four components
// known at compile time, [Spawn2] and its siblings avoid boxing the values.
func (w *World) Spawn(parts ...Part) Entity {
	e := w.Create()
	for _, p := range parts {
		p.addTo(w, uint32(e))
	}
	return e
}

// IsAlive reports whether e is a live entity of this world. An id whose
// entity was destroyed is never alive again, even after its slot is
// reused. O(1), no allocation.
func (w *World) IsAlive(e Entity) bool {
	slot, gen := uint32(e), uint32(e>>32)
	return slot < uint32(len(w.gens)) && gen != 0 && w.gens[slot] == gen
}

// Has reports whether e is alive and holds component c. O(1), no allocation.
func (w *World) Has(e Entity, c ComponentType) bool {
	s := w.set(c.ID())
	return s != nil && w.IsAlive(e) && s.has(uint32(e))
}

// set returns the membership set of component id, or nil if the world
// never used it.
func (w *World) set(id int) *set {
	if uint(id) < uint(len(w.sets)) {
		return w.sets[id]
	}
	return nil
}

// Remove takes component c away from e. It does nothing when e is dead or
// does not hold c. While a walk or a system run is in progress the removal
// waits until it ends, and e still holds c until then.
func (w *World) Remove(e Entity, c ComponentType) {
	id := c.ID()
	s := w.set(id)
	if s == nil || !w.IsAlive(e) || !s.has(uint32(e)) {
		return
	}
	if w.walking > 0 {
		w.pending = append(w.pending, op{e, id})
		w.pendingRemoves++
		return
	}
	if s.field { // the common case, without a call
		s.leave(uint32(e))
		return
	}
	w.stores[id].remove(uint32(e))
}

// Destroy removes e and every component it holds; its id is dead from then
// on. It does nothing when e is already dead. While a walk or a system run
// is in progress the destroy waits until it ends, and e stays alive until
// then. O(number of component types the world uses).
func (w *World) Destroy(e Entity) {
	if !w.IsAlive(e) {
		return
	}
	if w.walking > 0 {
		w.pending = append(w.pending, op{e, -1})
		return
	}
	slot := uint32(e)
	wi, bit := slot>>6, uint64(1)<<(slot&63)
	for _, u := range w.used {
		s := u.set
		if wi >= uint32(len(s.bits)) || s.bits[wi]&bit == 0 {
			continue
		}
		if s.field { // the common case, without a call
			s.bits[wi] &^= bit
			s.count--
			s.version++
			continue
		}
		u.store.remove(slot)
	}
	w.gens[slot] = 0
	w.alive--
	if next := e.Generation() + 1; next != 0 {
		w.free = append(w.free, makeEntity(slot, next))
	}
}

// Count returns how many entities hold component c. O(1).
func (w *World) Count(c ComponentType) int {
	if s := w.set(c.ID()); s != nil {
		return s.count
	}
	return 0
}

// Len returns the number of live entities. O(1).
func (w *World) Len() int { return w.alive }

// Entities returns every live entity in slot order. It allocates; it is
// meant for tools, not for per-step code.
func (w *World) Entities() []Entity {
	out := make([]Entity, 0, w.alive)
	for slot, gen := range w.gens {
		if gen != 0 {
			out = append(out, makeEntity(uint32(slot), gen))
		}
	}
	return out
}

// ComponentsOf returns the components e holds, in definition order, or nil
// when e is dead. It allocates; it is meant for tools.
func (w *World) ComponentsOf(e Entity) []ComponentType {
	if !w.IsAlive(e) {
		return nil
	}
	var out []ComponentType
	for id, s := range w.sets {
		if s != nil && s.has(uint32(e)) {
			out = append(out, w.types[id])
		}
	}
	return out
}

// Clear destroys every entity, removes every system, disposing each in the
// order they were added, and removes every resource. Ids handed out before
// stay dead. Component columns and slot views keep their memory for reuse.
//
// Panics if a walk or a system run is in progress.
func (w *World) Clear() {
	if w.walking > 0 {
		panic(fmt.Errorf("world: Clear during a walk or system run"))
	}
	for _, list := range w.systems {
		for _, s := range list.all {
			if s.Dispose != nil {
				s.Dispose()
			}
		}
	}
	w.systems = [phaseCount]systemList{}
	clear(w.resources)
	for slot, gen := range w.gens {
		if gen != 0 {
			w.Destroy(makeEntity(uint32(slot), gen))
		}
	}
}

// typedStorage returns the world's storage of component id, whose values
// have type T, or nil if the world never used it. It reads a pointer table
// instead of asserting the store interface's dynamic type: a component id
// belongs to one handle, and its store is always a *storage[T] of that
// handle's T, so the conversion is exact. This keeps Get small enough to
// inline.
func typedStorage[T any](w *World, id int) *storage[T] {
	if uint(id) < uint(len(w.typed)) {
		return (*storage[T])(w.typed[id])
	}
	return nil
}

// mustAlive returns e's slot, or panics with an *EntityError naming the
// operation and component when e is dead.
func (w *World) mustAlive(e Entity, op, component string) uint32 {
	if !w.IsAlive(e) {
		panic(&EntityError{Op: op, Entity: e, Component: component, Err: ErrDeadEntity})
	}
	return uint32(e)
}

// missing builds the error for a Require that found nothing.
func (w *World) missing(e Entity, op, component string) error {
	err := ErrMissingComponent
	if !w.IsAlive(e) {
		err = ErrDeadEntity
	}
	return &EntityError{Op: op, Entity: e, Component: component, Err: err}
}

// storeFor returns the world's storage for c, creating it on first use.
func (w *World) storeFor(c ComponentType) store {
	id := c.ID()
	if id >= len(w.stores) {
		w.stores = grow(w.stores, id+1)
		w.types = grow(w.types, id+1)
		w.sets = grow(w.sets, id+1)
		w.typed = grow(w.typed, id+1)
	}
	if w.stores[id] == nil {
		s := c.newStore()
		w.stores[id] = s
		w.types[id] = c
		w.sets[id] = s.members()
		w.typed[id] = s.self()
		w.used = append(w.used, usedStore{s.members(), s})
	}
	return w.stores[id]
}

// beginWalk and endWalk bracket every walk and system run; the outermost
// endWalk applies the removals and destroys deferred meanwhile.
func (w *World) beginWalk() { w.walking++ }

func (w *World) endWalk() {
	w.walking--
	if w.walking == 0 {
		w.joins = w.joins[:0]
		if len(w.pending) > 0 {
			w.flush()
		}
	}
}

func (w *World) flush() {
	// Applying an op never defers another one (walking is 0), but it may
	// run view hooks; iterate by index in case the slice is appended to.
	for i := 0; i < len(w.pending); i++ {
		o := w.pending[i]
		switch {
		case o.id < 0:
			w.Destroy(o.e)
		case o.id < len(w.stores):
			if w.IsAlive(o.e) {
				w.stores[o.id].remove(uint32(o.e))
			}
		}
	}
	w.pending = w.pending[:0]
	w.pendingRemoves = 0
}

// addDuringWalk is called before a walk-time add of component s to slot:
// it cancels deferred removals of that component from that slot (an add
// after a remove leaves the component in place), and logs a join so the
// walks in progress do not visit it.
func (w *World) addDuringWalk(s *set, slot uint32) {
	if w.pendingRemoves > 0 {
		w.pending = slices.DeleteFunc(w.pending, func(o op) bool {
			if o.id == s.id && uint32(o.e) == slot {
				w.pendingRemoves--
				return true
			}
			return false
		})
	}
	if !s.has(slot) {
		w.joins = append(w.joins, uint64(s.id)<<32|uint64(slot))
	}
}

// joinedSince reports whether slot joined set s during a walk after the
// first n entries of the join log: that walk must not visit it.
func (w *World) joinedSince(n int, s *set, slot uint32) bool {
	key := uint64(s.id)<<32 | uint64(slot)
	for _, j := range w.joins[n:] {
		if j == key {
			return true
		}
	}
	return false
}
