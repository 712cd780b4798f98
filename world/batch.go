package world

import "math/bits"

// Batches: one call for many entities. Outside walks and system runs, for
// field components and tags without options (see Options), a batch works
// a column or a bitmap at a time; otherwise it does what the one-entity
// calls do for each entity, in order, with the same deferral, hooks and
// requirements, and the Added hooks run once the whole batch is in place.

// createMany fills ids with new entities, as len(ids) calls of Create
// would, and returns the highest slot among them.
//
// Panics with an [*Error] of code [CodeNoSlotLeft] if there are not
// enough slots left, creating nothing.
func (w *World) createMany(ids []Entity) uint32 {
	if w.rec != nil {
		var top uint32
		for i := range ids {
			ids[i] = w.reserve()
			top = max(top, uint32(ids[i]))
		}
		return top
	}
	n := len(ids)
	k := min(n, len(w.free))
	if rest := n - k; uint64(len(w.gens))+uint64(rest) > maxSlot+1 {
		panic(&Error{Code: CodeNoSlotLeft, Op: "SpawnMany", Value: n})
	}
	var top uint32
	free := w.free[len(w.free)-k:]
	for i := range k {
		e := free[len(free)-1-i] // most recently freed first, as Create
		ids[i] = e
		w.gens[uint32(e)] = e.Generation()
		top = max(top, uint32(e))
	}
	w.free = w.free[:len(w.free)-k]
	base := len(w.gens)
	if cap(w.gens) == 0 {
		w.gens = make([]uint32, 0, max(initialSlots, n-k)) // as Create
	}
	w.gens = append(w.gens, make([]uint32, n-k)...)
	for i := range n - k {
		w.gens[base+i] = 1
		ids[k+i] = makeEntity(uint32(base+i), 1)
	}
	if n > k {
		top = uint32(len(w.gens) - 1)
	}
	w.alive += n
	return top
}

// fillStorage returns the storage of k for a batch that stores inline, its
// column, owners and bitmap reaching slot top: nil when the batch must go
// entity by entity (a walk in progress, options, a deferred removal, an
// object component).
func fillStorage[T any](w *World, k Key[T], top uint32) *storage[T] {
	if len(w.open) > 0 {
		return nil
	}
	s := k.plain(w)
	if s == nil {
		if w.set(k.ID()) != nil {
			return nil // used, but not plain
		}
		w.storeFor(k)
		if s = k.plain(w); s == nil {
			return nil
		}
	}
	if !s.field || s.pendingN > 0 {
		return nil
	}
	if top>>6 >= uint32(len(s.bits)) {
		s.bits = growToCap(s.bits, int(top>>6)+1)
	}
	if top >= uint32(len(s.vals)) {
		s.vals = growToCap(s.vals, max(int(top)+1, cap(w.gens)))
		if s.owned {
			s.owner = growTo(s.owner, len(s.vals))
		}
	}
	return s
}

// fillMany gives every entity of ids, all alive, the value v of s's
// component, a storage from fillStorage.
func fillMany[T any](s *storage[T], ids []Entity, v T) {
	joined := 0
	for _, e := range ids {
		slot := uint32(e)
		wi, bit := slot>>6, uint64(1)<<(slot&63)
		if s.bits[wi]&bit == 0 {
			s.bits[wi] |= bit
			joined++
		}
		if s.owned {
			s.owner[slot] = ownerWord(uint32(e >> 32))
		}
		s.vals[slot] = v
	}
	s.count += joined
	s.version++
}

// addMany gives every entity of ids the value v of component k, in one
// pass when it can.
func addMany[T any](w *World, ids []Entity, k Key[T], v T, top uint32) {
	if s := fillStorage(w, k, top); s != nil {
		fillMany(s, ids, v)
		return
	}
	for _, e := range ids {
		if w.usable(e) {
			addTo(w, k, e, v)
		}
	}
}

// AddMany gives every entity of ids the value v of component k, as
// [Add] would for each, in one call: with no walk in progress and a
// field component or tag without options, a pass over the ids that sets
// bits and stores values, and nothing else. The Added hooks, if any, run
// once every entity has the component. O(len(ids)).
//
// Panics with an [*Error] of code [CodeDeadEntity], adding nothing, if an
// id is not alive.
func AddMany[T any](w *World, ids []Entity, k Key[T], v T) {
	var top uint32
	for _, e := range ids {
		if !w.usable(e) {
			w.mustAlive(e, "AddMany", k.Name())
		}
		top = max(top, uint32(e))
	}
	addMany(w, ids, k, v, top)
	w.afterAdd()
}

// RemoveMany takes component c away from every entity of ids, as
// [World.Remove] would for each; ids that are dead or lack c are skipped.
// O(len(ids)).
func (w *World) RemoveMany(ids []Entity, c ComponentType) {
	s := w.set(c.ID())
	if s == nil {
		return
	}
	if w.deferring > 0 || !s.field || s.hooks != nil || s.reverse {
		for _, e := range ids {
			w.Remove(e, c)
		}
		return
	}
	for _, e := range ids {
		if w.IsAlive(e) && s.has(uint32(e)) {
			s.leaveField(uint32(e))
		}
	}
}

// DestroyMany destroys every entity of ids, as [World.Destroy] would for
// each; dead ids are skipped. O(len(ids) × component types in use).
func (w *World) DestroyMany(ids []Entity) {
	if w.deferring > 0 || w.special > 0 {
		for _, e := range ids {
			w.Destroy(e)
		}
		return
	}
	for _, e := range ids {
		if w.IsAlive(e) {
			w.destroyPlain(e)
		}
	}
}

// scratchEntities returns the view's entities in a buffer of the world's
// (taken from it: put it back with putScratch), for the batches that go
// entity by entity, whose hooks may change the view meanwhile.
func (v *Slots) scratchEntities() []Entity {
	w := v.w
	buf := w.scratch[:0]
	w.scratch = nil
	for _, r := range v.Runs() {
		for s := r.Start; s < r.End; s++ {
			buf = append(buf, makeEntity(uint32(s), w.gens[s]))
		}
	}
	return buf
}

func (w *World) putScratch(buf []Entity) { w.scratch = buf[:0] }

// AddAll gives every entity of view v (every entity holding its
// components) the value val of component k, as [Add] would for each. With
// no walk in progress and a field component or tag without options, it
// works a run of slots at a time. The Added hooks, if any, run once every
// entity has the component. O(entities in the view).
func AddAll[T any](v *Slots, k Key[T], val T) {
	w := v.w
	runs := v.Runs()
	top := uint32(0)
	if n := len(runs); n > 0 {
		top = uint32(runs[n-1].End - 1)
	}
	s := fillStorage(w, k, top)
	if s == nil {
		ids := v.scratchEntities()
		addMany(w, ids, k, val, top)
		w.putScratch(ids)
		w.afterAdd()
		return
	}
	joined := 0
	for _, r := range runs {
		joined += setRange(s.bits, r)
		if s.owned {
			gens, owner := w.gens[r.Start:r.End], s.owner[r.Start:r.End]
			owner = owner[:len(gens)]
			for i, g := range gens {
				owner[i] = ownerWord(g)
			}
		}
		vals := s.vals[r.Start:r.End]
		for i := range vals {
			vals[i] = val
		}
	}
	s.count += joined
	s.version++
}

// RemoveAll takes component c away from every entity of the view, as
// [World.Remove] would for each. With no walk in progress and a field
// component or tag without hooks, it works a run of slots at a time.
// O(entities in the view).
func (v *Slots) RemoveAll(c ComponentType) {
	w := v.w
	s := w.set(c.ID())
	if s == nil {
		return
	}
	if w.deferring > 0 || !s.field || s.hooks != nil || s.reverse {
		ids := v.scratchEntities()
		for _, e := range ids {
			w.Remove(e, c)
		}
		w.putScratch(ids)
		return
	}
	for _, r := range v.Runs() {
		clearRange(s, r)
	}
}

// DestroyAll destroys every entity of the view, as [World.Destroy] would
// for each. With no walk in progress, no removal hook and no relationship
// in use, it works a run of slots at a time over each component.
// O(entities in the view × component types in use).
func (v *Slots) DestroyAll() {
	w := v.w
	if w.deferring > 0 || w.special > 0 {
		ids := v.scratchEntities()
		for _, e := range ids {
			w.Destroy(e)
		}
		w.putScratch(ids)
		return
	}
	runs := v.Runs()
	for _, u := range w.used {
		s := u.set
		if s.field {
			for _, r := range runs {
				clearRange(s, r)
			}
			continue
		}
		for _, r := range runs {
			for slot := r.Start; slot < r.End; slot++ {
				if s.has(uint32(slot)) {
					u.store.remove(uint32(slot))
				}
			}
		}
	}
	// freeSlot for every slot, written out: one pass over the generations.
	free := w.free
	for _, r := range runs {
		gens := w.gens[r.Start:r.End]
		w.alive -= len(gens)
		for i, gen := range gens {
			gens[i] = 0
			if next := gen + 1; next != 0 {
				free = append(free, makeEntity(uint32(r.Start+i), next))
			}
		}
	}
	w.free = free
}

// setRange sets the bits of run r and returns how many were clear.
func setRange(bitmap []uint64, r Run) int {
	n := 0
	for s := r.Start; s < r.End; {
		wi, lo := s>>6, s&63
		hi := min(64, lo+r.End-s)
		mask := rangeMask(lo, hi)
		n += bits.OnesCount64(mask &^ bitmap[wi])
		bitmap[wi] |= mask
		s += hi - lo
	}
	return n
}

// clearRange takes every slot of run r out of field component (or tag) s.
func clearRange(s *set, r Run) {
	left := 0
	for slot := r.Start; slot < r.End; {
		wi, lo := slot>>6, slot&63
		hi := min(64, lo+r.End-slot)
		if wi < len(s.bits) {
			hit := s.bits[wi] & rangeMask(lo, hi)
			left += bits.OnesCount64(hit)
			s.bits[wi] &^= hit
		}
		slot += hi - lo
	}
	if left == 0 {
		return
	}
	s.count -= left
	s.version++
	if r.Start < len(s.owner) {
		clear(s.owner[r.Start:min(r.End, len(s.owner))]) // a slot not holding s has 0 already
	}
}

// rangeMask returns the bits lo to hi-1 of a word, 0 <= lo < hi <= 64.
func rangeMask(lo, hi int) uint64 {
	m := ^uint64(0) << lo
	if hi < 64 {
		m &= 1<<hi - 1
	}
	return m
}
