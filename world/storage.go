package world

import (
	"fmt"
	"unicode/utf8"
	"unsafe"
)

// set is the membership half of a component's storage. Every component
// keeps a bitmap of the slots that hold it: Has is one bit test, and a
// [Slots] view is the AND of its components' bitmaps, 64 slots a word. An
// object component also keeps a sparse set (slot to packed index and back)
// so its values stay packed.
type set struct {
	id      int
	name    string
	field   bool
	bits    []uint64 // bit slot%64 of word slot/64: the slot holds the component
	count   int
	version uint64 // moves on whenever a slot joins or leaves

	// field components only (not tags): per slot, 2^32 minus the
	// generation of the entity holding the component (ownerWord), 0 when
	// none. Fields.Get reads this one word instead of the bitmap and the
	// world's generations, and matches an id of generation g only when
	// word + g == 2^32, in 64 bits: never for a free entry (g would be
	// 2^32) nor for generation 0 (the word would be 2^32), so no id,
	// however forged, matches what it does not hold. As long as vals,
	// grown with it.
	owner []uint32

	// object components only
	sparse []uint32 // slot -> packed index + 1; 0 means absent
	dense  []uint32 // packed index -> slot

	// Made on first need, while walks or system runs are in progress.
	stamps   []uint64 // per slot: World.seq when it last joined during a loop
	pending  []uint64 // bitmap of slots whose removal is deferred
	pendingN int      // bits set in pending

	// What the component's options (see Options) and its uses ask for.
	requires []ComponentType // joined first when it joins: every one, transitively, in dependency order
	hooks    *hookFuncs      // nil when the component has no hooks
	floats   []floatField    // where its values hold floating-point numbers, for the NaN checks
	slowAdd  bool            // adds take the long way (addSlow): an Added hook, requirements or change tracking
	relation bool            // either side of a relationship
	reverse  bool            // the reverse side of a relationship, which only the world writes
	track    *track          // change detection, once a Tracker watches the component (see changes.go)
}

// markPending records a deferred removal of slot and reports whether it was
// not recorded already.
func (s *set) markPending(slot uint32) bool {
	w := int(slot >> 6)
	if w >= len(s.pending) {
		s.pending = grow(s.pending, w+1)
	}
	bit := uint64(1) << (slot & 63)
	if s.pending[w]&bit != 0 {
		return false
	}
	s.pending[w] |= bit
	s.pendingN++
	return true
}

// clearPending drops the deferred removal of slot and reports whether
// there was one.
func (s *set) clearPending(slot uint32) bool {
	w := slot >> 6
	bit := uint64(1) << (slot & 63)
	if w >= uint32(len(s.pending)) || s.pending[w]&bit == 0 {
		return false
	}
	s.pending[w] &^= bit
	s.pendingN--
	return true
}

// stamp records that slot joined while the loop started at mark seq was in
// progress.
func (s *set) stamp(slot uint32, seq uint64) {
	if slot >= uint32(len(s.stamps)) {
		s.stamps = grow(s.stamps, int(slot)+1)
	}
	s.stamps[slot] = seq
}

// joinedSince reports whether slot joined at or after the loop start mark.
func (s *set) joinedSince(slot uint32, mark uint64) bool {
	return slot < uint32(len(s.stamps)) && s.stamps[slot] >= mark
}

// has reports whether slot holds the component.
func (s *set) has(slot uint32) bool {
	w := slot >> 6
	return w < uint32(len(s.bits)) && s.bits[w]&(1<<(slot&63)) != 0
}

// own records that the entity of generation gen holds the component at
// slot; disown that none does. They do nothing for a set without owners
// (tags, object components) or a slot beyond them.
func (s *set) own(slot, gen uint32) {
	if slot < uint32(len(s.owner)) {
		s.owner[slot] = ownerWord(gen)
	}
}

// ownerWord is the owner word of the entity of generation gen, which is
// not 0: 2^32 - gen, never 0 (see set.owner).
func ownerWord(gen uint32) uint32 { return -gen }

func (s *set) disown(slot uint32) {
	if slot < uint32(len(s.owner)) {
		s.owner[slot] = 0
	}
}

// join marks slot as a member; for an object component it also appends it
// to the packed array.
func (s *set) join(slot uint32) {
	w := int(slot >> 6)
	if w >= len(s.bits) {
		s.bits = growToCap(s.bits, w+1)
	}
	s.bits[w] |= 1 << (slot & 63)
	s.count++
	s.version++
	if !s.field {
		if slot >= uint32(len(s.sparse)) {
			s.sparse = grow(s.sparse, int(slot)+1)
		}
		s.dense = append(s.dense, slot)
		s.sparse[slot] = uint32(len(s.dense))
	}
}

// leaveField unmarks slot, a member of a field component's set. Small
// enough to inline into Remove and Destroy.
func (s *set) leaveField(slot uint32) {
	s.bits[slot>>6] &^= 1 << (slot & 63)
	s.count--
	s.version++
	s.disown(slot)
}

// leave unmarks slot. For an object component it moves the last packed
// member into the hole and returns the hole's index and the old last one.
func (s *set) leave(slot uint32) (hole, last int) {
	if s.field {
		s.leaveField(slot)
		return 0, 0
	}
	s.bits[slot>>6] &^= 1 << (slot & 63)
	s.count--
	s.version++
	i := s.sparse[slot] - 1
	last = len(s.dense) - 1
	moved := s.dense[last]
	s.dense[i] = moved
	s.sparse[moved] = i + 1
	s.sparse[slot] = 0
	s.dense = s.dense[:last]
	return int(i), last
}

// grow returns s with length at least n, new elements zero, growing the
// backing array geometrically.
func grow[T any](s []T, n int) []T {
	if n <= len(s) {
		return s
	}
	if n <= cap(s) {
		clear(s[len(s):n])
		return s[:n]
	}
	return append(s, make([]T, n-len(s))...)
}

// growToCap is grow, then as long as its capacity: a slice that grows
// geometrically is then as long as it can be without moving, so the adds
// that follow find it long enough and store inline (a spawn into an empty
// world grows every column once per doubling, not once per entity). The
// elements past n are zero, as growslice clears them.
func growToCap[T any](s []T, n int) []T {
	s = grow(s, n)
	return s[:cap(s)]
}

// growTo returns s with length exactly n, n >= len(s): for a slice kept as
// long as another one (grown by growToCap), whose capacity may differ.
func growTo[T any](s []T, n int) []T {
	if n <= cap(s) {
		return grow(s, n)
	}
	// Exactly n: the other slice's growth is geometric already, and this
	// one's would add its own overshoot (2 bytes a body for owner words).
	t := make([]T, n)
	copy(t, s)
	return t
}

// store is the untyped face of a component's storage, for the operations
// that do not know the value type: remove, destroy, inspection.
type store interface {
	members() *set
	self() unsafe.Pointer // the *storage[T] itself
	remove(slot uint32)
	preview(slot uint32, max int) string

	// Snapshots (snapshot.go) and the world hash (hash.go).
	snapshot(p snapPart) snapPart                         // copies the state into p, made when nil, and returns it
	restore(p snapPart)                                   // puts back the state p holds; nil: none
	digest(h, scratch *Hasher) bool                       // feeds the state to h; reports whether values, not only members, went in
	hashSlot(scratch *Hasher, slot uint32) (uint64, bool) // a member's share of the digest, and whether its value went in
	verify(w *World)                                      // the tesseradebug build's check of the store after a restore
}

// storage holds one component's values for one world. For an object
// component vals is packed beside set.dense; for a field component it is
// the column, indexed by slot.
type storage[T any] struct {
	set
	vals  []T
	owned bool // a field component that keeps set.owner

	// For snapshots and the world hash (see Options.Copy and Options.Hash).
	copyFn func(dst, src *T) // nil: copied by assignment
	hashFn func(h *Hasher, v *T)
	plan   *hashPlan
}

// newStorage returns a storage for the component of base i with options
// o: a field component's (field and owned: it keeps an owner per slot for
// Fields.Get), a tag's (field only) or an object component's.
func newStorage[T any](i *info, field, owned bool, o *Options[T]) *storage[T] {
	s := &storage[T]{set: set{id: i.id, name: i.name, field: field, requires: i.requires, floats: i.floats}, owned: owned, plan: i.plan}
	if o != nil {
		s.copyFn, s.hashFn = o.Copy, o.Hash
	}
	s.bindHooks(o)
	s.slowAdd = len(s.requires) > 0 || (s.hooks != nil && s.hooks.added != nil)
	return s
}

// bindHooks binds o's hooks to s: each calls its hook with a pointer to
// the entity's value.
func (s *storage[T]) bindHooks(o *Options[T]) {
	if o == nil || (o.Added == nil && o.Removed == nil && o.Died == nil && o.Teardown == nil) {
		return
	}
	bind := func(f func(*World, Entity, *T)) func(*World, Entity) {
		if f == nil {
			return nil
		}
		return func(w *World, e Entity) { f(w, e, s.at(uint32(e))) }
	}
	s.hooks = &hookFuncs{added: bind(o.Added), removed: bind(o.Removed), died: bind(o.Died), teardown: bind(o.Teardown)}
}

func (s *storage[T]) members() *set { return &s.set }

func (s *storage[T]) self() unsafe.Pointer { return unsafe.Pointer(s) }

// at returns a member's value.
func (s *storage[T]) at(slot uint32) *T {
	if s.field {
		return &s.vals[slot]
	}
	return &s.vals[s.sparse[slot]-1]
}

// member returns the value of a field component at slot without a bounds
// check. The slot must be inside the column: one that holds the component
// (put grows the column first, and columns never shrink), or one below
// len(owner), which is always len(vals) for an owned storage. Fields.Get
// and addTo use it to stay small and check one length instead of two. The
// inlined Each and Query loops write the same expression out (see
// internal/gen): they must read the column's address anew for every entity
// (the loop body may grow the column), and a length would cost a load and
// a compare more.
func (s *storage[T]) member(slot uint32) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.vals)), uintptr(slot)*unsafe.Sizeof(*new(T))))
}

// put stores v for slot, held by the entity of generation gen, joining the
// set if the slot is not a member yet, and reports whether it joined. A
// field component's column that must grow grows to at least room slots
// (the world's room for slots): any entity may join it, and growing once
// beats growing in steps as they do.
func (s *storage[T]) put(slot, gen uint32, v T, room int) bool {
	if s.has(slot) {
		*s.at(slot) = v
		return false
	}
	s.join(slot)
	if s.field {
		if slot >= uint32(len(s.vals)) {
			s.vals = growToCap(s.vals, max(int(slot)+1, room))
			if s.owned {
				s.owner = growTo(s.owner, len(s.vals))
			}
		}
		s.own(slot, gen)
		s.vals[slot] = v
	} else {
		s.vals = append(s.vals, v)
	}
	return true
}

func (s *storage[T]) remove(slot uint32) {
	if !s.has(slot) {
		return
	}
	hole, last := s.leave(slot)
	if !s.field {
		s.vals[hole] = s.vals[last]
		var zero T
		s.vals[last] = zero // let the garbage collector have what it referenced
		s.vals = s.vals[:last]
	}
}

func (s *storage[T]) preview(slot uint32, max int) string {
	if !s.has(slot) {
		return ""
	}
	return truncate(fmt.Sprintf("%+v", *s.at(slot)), max)
}

// truncate shortens text to at most max runes, marking the cut with "…".
func truncate(text string, max int) string {
	if max <= 0 || utf8.RuneCountInString(text) <= max {
		return text
	}
	n := 0
	for i := range text {
		if n == max-1 {
			return text[:i] + "…"
		}
		n++
	}
	return text
}

// putNew stores v for slot, held by the entity of generation gen, and
// reports whether it could: only for a field component (not a tag: it
// keeps no owners) whose column and bitmap already reach the slot. The
// caller makes sure no loop is walking (a join would need a stamp) and no
// removal of the component from slot is pending: a spawn, since a slot is
// freed only once the removals deferred before it were applied, or
// Fields.Add outside walks and system runs, when nothing is deferred. It
// is small enough to inline into them, and they fall back to addTo.
func putNew[T any](s *storage[T], slot, gen uint32, v T) bool {
	// Only an owned storage has owners, and they are as long as its column.
	if s == nil || slot>>6 >= uint32(len(s.bits)) || slot >= uint32(len(s.owner)) {
		return false
	}
	if bit := uint64(1) << (slot & 63); s.bits[slot>>6]&bit == 0 {
		s.bits[slot>>6] |= bit
		s.count++
		s.version++
	}
	s.owner[slot] = -gen // ownerWord(gen), written out to stay inlinable
	s.vals[slot] = v
	return true
}

// addTo is the one path every add takes: it creates the world's storage for
// the component on first use, cancels a deferred removal of the same
// component, and stamps a join made during a loop so the loop skips it.
// The common case, a field component whose column and bitmap already reach
// the slot, is a bit flip and two stores. e must be alive. A tag takes the
// longer way: it keeps no owners.
func addTo[T any](w *World, k Key[T], e Entity, v T) {
	if debugChecks {
		w.checkNotBusy("Add")
	}
	slot, gen := uint32(e), uint32(e>>32)
	s := k.storage(w)
	// Only a field component's storage has owners, as many as its column
	// has entries, so the owner test stands for both.
	if s != nil && !s.slowAdd && len(w.open) == 0 && s.pendingN == 0 {
		wi, i := uint(slot>>6), uint(slot)
		if wi < uint(len(s.bits)) && i < uint(len(s.owner)) {
			if bit := uint64(1) << (slot & 63); s.bits[wi]&bit == 0 {
				s.bits[wi] |= bit
				s.count++
				s.version++
			}
			s.owner[i] = ownerWord(gen)
			*s.member(slot) = v
			return
		}
	}
	if w.rec != nil {
		bufferAdd(w, k, e, v)
		return
	}
	if s == nil {
		s = w.storeFor(k).(*storage[T])
	}
	if s.slowAdd {
		addSlow(w, s, e, v)
		return
	}
	if w.deferring > 0 {
		w.addDuringWalk(&s.set, slot)
	}
	s.put(slot, gen, v, cap(w.gens))
}

// addSlow is addTo for a component whose adds take the long way: when it
// joins e, the components it requires that e lacks join first, with their
// defaults; a join is stamped for change detection; an Added hook is
// queued, to run when the operation is done (World.afterAdd). Replacing
// the value e holds is stamped as a change and runs no hook.
func addSlow[T any](w *World, s *storage[T], e Entity, v T) {
	slot := uint32(e)
	joined := !s.has(slot)
	if joined {
		for _, r := range s.requires {
			w.require(e, r)
		}
	}
	if w.deferring > 0 {
		w.addDuringWalk(&s.set, slot)
	}
	s.put(slot, uint32(e>>32), v, cap(w.gens))
	if s.track != nil {
		s.track.stamp(slot, w.tick, joined)
	}
	if joined && s.hooks != nil && s.hooks.added != nil {
		w.addq = append(w.addq, hookCall{e, &s.set})
	}
}

// require makes e hold r, a component another one that joins e requires:
// with r's default if e lacks it; kept, with its value, if e holds it,
// even if a removal of it was waiting for the walks in progress to end.
func (w *World) require(e Entity, r ComponentType) {
	if s := w.set(r.ID()); s != nil && s.has(uint32(e)) {
		if s.pendingN > 0 {
			s.clearPending(uint32(e))
		}
		return
	}
	r.addDefault(w, e)
}
