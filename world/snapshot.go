package world

import (
	"fmt"

	"github.com/tessera-engine/tessera/random"
)

// Snapshot is a copy of a world's state in memory, for rollback netcode,
// undo and tests: every entity id, generation and free slot, every
// component's values and membership (object and field components, tags),
// every relationship's links on both sides, the world's random generator,
// and the resources that give a Copy (see [ResourceOptions]). Fill one
// with [World.Snapshot] and put it back with [World.Restore].
//
// A Snapshot keeps its memory: filling the same one again, or restoring it
// again and again, allocates nothing once it has held a world that large.
// It shares nothing with the world: object components are copied through
// their [Options.Copy], field components and tags as bytes.
//
// Systems, event subscriptions, the [RunObserver], trackers and resources
// without a Copy are not state: snapshots leave them out, and a restore
// leaves them as they are. The zero Snapshot is empty: restoring it fails.
// A Snapshot must not be used by two goroutines at once.
type Snapshot struct {
	taken bool
	gens  []uint32
	free  []Entity
	alive int
	rand  random.State
	used  []int      // the ids of the components the world used, in the order it first used them
	in    []bool     // by component id: the id is in used
	parts []snapPart // by component id: a store's state; kept for reuse while not in used
	res   []resourcePart
}

// snapPart is one store's state in a Snapshot.
type snapPart interface {
	// stageValues copies the values into the stage through the
	// component's Copy function, for a Restore to swap in; it does
	// nothing for values copied as bytes. It may panic (Copy is the
	// game's code).
	stageValues()
	unstage()
	partName() string
}

// Snapshot copies w's state into s, replacing what s held, reusing its
// memory: O(slots + values), no allocation once s has held a world this
// large. Object components are copied through their [Options.Copy].
//
// Panics with an [*Error] of code [CodeDuringWalk] during a walk or a
// system run, and with one of code [CodeHookPanic] naming the component
// or resource if a Copy function panics; s is then empty either way.
func (w *World) Snapshot(s *Snapshot) {
	s.taken = false
	if w.busy() {
		panic(&Error{Code: CodeDuringWalk, Op: "Snapshot"})
	}
	name := ""
	defer func() {
		if r := recover(); r != nil {
			panic(copyPanic("Snapshot", name, r))
		}
	}()
	s.gens = copyInto(s.gens, w.gens)
	s.free = copyInto(s.free, w.free)
	s.alive = w.alive
	s.rand = w.state.rng.State()
	clear(s.in)
	s.used = s.used[:0]
	for _, u := range w.used {
		id := u.set.id
		if id >= len(s.parts) {
			s.parts = grow(s.parts, id+1)
			s.in = grow(s.in, id+1)
		}
		name = u.set.name
		s.parts[id] = u.store.snapshot(s.parts[id])
		s.used = append(s.used, id)
		s.in[id] = true
	}
	res := statefulResources()
	s.res = grow(s.res, len(res))
	for i, r := range res {
		name = r.resourceName()
		s.res[i] = r.snapshot(w, s.res[i])
	}
	s.taken = true
}

// Restore puts w back in the state s holds, exactly: afterwards every
// answer w gives (which ids live, who holds what, every value, the order
// walks and [Relation.Sources] go in, the ids Create hands out next, the
// draws of [World.Rand]) is the one the snapshotted world gave, and the
// same steps make the same world, hash included. The snapshot stays as it
// was and may be restored again. s may come from another world, which
// then becomes a copy of that one. O(slots + values); no allocation once
// w and s have held a world this large.
//
// What Restore does not do:
//   - It runs no hooks (no Added, Removed, Died or Teardown) and delivers
//     no events: values leave and come back as they were.
//   - Ids handed out after the snapshot are handed out again.
//   - Systems, subscriptions, trackers and the resources without a Copy
//     stay as they are.
//
// What changes beyond the state: pointers from Get and columns fetched
// before are stale, as after any structural change; [World.StructureEpoch]
// moves on, so caches of who holds what see a change; and every
// [Tracker] finds, at its next look, every entity holding its component
// as added and changed, as a new tracker does, since the whole world was
// replaced.
//
// Restore is all or nothing. It returns an [*Error], changing nothing, of
// code [CodeDuringWalk] during a walk or a system run, of code
// [CodeEmptySnapshot] for a Snapshot never filled, and of code
// [CodeHookPanic] naming the component or resource when a Copy function
// panics (Restore calls them all before it changes anything).
func (w *World) Restore(s *Snapshot) error {
	if w.busy() {
		return &Error{Code: CodeDuringWalk, Op: "Restore"}
	}
	if !s.taken {
		return &Error{Code: CodeEmptySnapshot, Op: "Restore"}
	}
	if err := s.stage(); err != nil {
		return err
	}
	// From here on nothing calls code outside the package: nothing fails.
	w.gens = copyInto(w.gens, s.gens)
	w.free = copyInto(w.free, s.free)
	w.alive = s.alive
	w.state.rng.Restore(s.rand)
	for _, id := range s.used {
		w.storeAt(id).restore(s.parts[id])
	}
	for _, u := range w.used { // stores the snapshot's world never used: empty them
		if id := u.set.id; id >= len(s.in) || !s.in[id] {
			u.store.restore(nil)
		}
	}
	for _, p := range s.res {
		if p != nil {
			p.apply(w)
		}
	}
	w.retrack()
	if debugChecks {
		checkRestored(w)
	}
	return nil
}

// stage runs every Copy function a Restore of s needs before anything
// changes, so that a panicking one leaves the world as it was.
func (s *Snapshot) stage() (err error) {
	name := ""
	defer func() {
		if r := recover(); r != nil {
			for _, id := range s.used {
				s.parts[id].unstage()
			}
			for _, p := range s.res {
				if p != nil {
					p.unstage()
				}
			}
			err = copyPanic("Restore", name, r)
		}
	}()
	for _, id := range s.used {
		name = s.parts[id].partName()
		s.parts[id].stageValues()
	}
	for _, p := range s.res {
		if p != nil {
			name = p.partName()
			p.stageValue()
		}
	}
	return nil
}

// copyPanic is the error of a Copy function that panicked with r.
func copyPanic(op, name string, r any) *Error {
	err := &Error{Code: CodeHookPanic, Op: "Copy", Component: name,
		Hint: fmt.Sprintf("fix the Copy function; the %s did nothing", op)}
	if cause, ok := r.(error); ok {
		err.Err = cause
	} else {
		err.Value = r
	}
	return err
}

// busy reports whether a walk or a system run is in progress, when the
// world's state is not whole: removals may wait, a run walks its list.
func (w *World) busy() bool {
	return w.deferring > 0 || w.systems[Fixed].running || w.systems[Frame].running
}

// storeAt returns the world's store of component id, making it on first
// use.
func (w *World) storeAt(id int) store {
	if id < len(w.stores) && w.stores[id] != nil {
		return w.stores[id]
	}
	return w.storeFor(handleOf(id))
}

// retrack tells the trackers that the world was replaced: every member of
// a tracked component counts as added and changed now. The marks systems
// left are dropped: they were of the world before.
func (w *World) retrack() {
	for _, u := range w.used {
		t := u.set.track
		if t == nil {
			continue
		}
		for _, m := range t.live {
			m.v.liveMarks--
		}
		clear(t.live)
		t.live = t.live[:0]
		forMembers(u.set.bits, func(slot uint32) { t.stamp(slot, w.tick, true) })
	}
}

// statefulResources returns the resources in snapshots or the hash, in
// definition order.
func statefulResources() []stateResource {
	registry.Lock()
	defer registry.Unlock()
	return registry.stateful // append-only: the elements of this slice never change
}

// setSnap is a set's membership in a Snapshot.
type setSnap struct {
	name   string
	bits   []uint64
	count  int
	sparse []uint32
	dense  []uint32
}

func (d *setSnap) partName() string { return d.name }

func (d *setSnap) take(s *set) {
	d.name = s.name
	d.bits = copyInto(d.bits, s.bits)
	d.count = s.count
	d.sparse = copyInto(d.sparse, s.sparse)
	d.dense = copyInto(d.dense, s.dense)
}

// restoreFrom gives s the membership d holds. Its version moves on, so
// that views recompute and the structure epoch changes.
func (s *set) restoreFrom(d *setSnap) {
	s.bits = copyInto(s.bits, d.bits)
	s.count = d.count
	s.sparse = copyInto(s.sparse, d.sparse)
	s.dense = copyInto(s.dense, d.dense)
	s.version++
}

// storageSnap is a component's state in a Snapshot: its membership, owner
// words and values. For a field component vals is the whole column.
type storageSnap[T any] struct {
	setSnap
	owner  []uint32
	vals   []T
	copyFn func(dst, src *T) // an object component's Copy; nil: copied as bytes
	stage  []T               // vals copied again by copyFn, for Restore to swap in
	staged bool
}

func (s *storage[T]) snapshot(p snapPart) snapPart {
	d, _ := p.(*storageSnap[T])
	if d == nil {
		d = new(storageSnap[T])
	}
	d.take(&s.set)
	d.owner = copyInto(d.owner, s.owner)
	d.copyFn = nil
	if s.field || s.copyFn == nil {
		d.vals = copyInto(d.vals, s.vals)
		return d
	}
	d.copyFn = s.copyFn
	d.vals = resize(d.vals, len(s.vals))
	for i := range s.vals {
		d.copyFn(&d.vals[i], &s.vals[i])
	}
	return d
}

func (d *storageSnap[T]) stageValues() {
	if d.copyFn == nil {
		return
	}
	d.stage = resize(d.stage, len(d.vals))
	for i := range d.vals {
		d.copyFn(&d.stage[i], &d.vals[i])
	}
	d.staged = true
}

func (d *storageSnap[T]) unstage() { d.staged = false }

// restore gives s the state p holds (nil: none). Values a Copy function
// staged are swapped in: the values s held become the stage, whose memory
// the next Copy may reuse.
func (s *storage[T]) restore(p snapPart) {
	d, _ := p.(*storageSnap[T])
	if d == nil {
		d = new(storageSnap[T])
	}
	s.restoreFrom(&d.setSnap)
	s.owner = copyInto(s.owner, d.owner)
	if d.staged {
		s.vals, d.stage = d.stage, s.vals
		d.staged = false
		return
	}
	s.vals = copyInto(s.vals, d.vals)
}

// relationSnap is a relationship's source side in a Snapshot.
type relationSnap struct {
	setSnap
	one      []Entity
	oneBack  []uint32
	many     [][]Entity
	manyBack [][]uint32
}

func (d *relationSnap) stageValues() {}
func (d *relationSnap) unstage()     {}

func (r *relationStore) snapshot(p snapPart) snapPart {
	d, _ := p.(*relationSnap)
	if d == nil {
		d = new(relationSnap)
	}
	d.take(&r.set)
	d.one = copyInto(d.one, r.one)
	d.oneBack = copyInto(d.oneBack, r.oneBack)
	d.many = copyLists(d.many, r.many)
	d.manyBack = copyLists(d.manyBack, r.manyBack)
	return d
}

func (r *relationStore) restore(p snapPart) {
	d, _ := p.(*relationSnap)
	if d == nil {
		d = new(relationSnap)
	}
	r.restoreFrom(&d.setSnap)
	r.one = copyInto(r.one, d.one)
	r.oneBack = copyInto(r.oneBack, d.oneBack)
	r.many = copyLists(r.many, d.many)
	r.manyBack = copyLists(r.manyBack, d.manyBack)
}

// reverseSnap is a relationship's target side in a Snapshot.
type reverseSnap struct {
	setSnap
	srcs [][]Entity
	back [][]uint32
}

func (d *reverseSnap) stageValues() {}
func (d *reverseSnap) unstage()     {}

func (v *reverseStore) snapshot(p snapPart) snapPart {
	d, _ := p.(*reverseSnap)
	if d == nil {
		d = new(reverseSnap)
	}
	d.take(&v.set)
	d.srcs = copyLists(d.srcs, v.srcs)
	d.back = copyLists(d.back, v.back)
	return d
}

func (v *reverseStore) restore(p snapPart) {
	d, _ := p.(*reverseSnap)
	if d == nil {
		d = new(reverseSnap)
	}
	v.restoreFrom(&d.setSnap)
	v.srcs = copyLists(v.srcs, d.srcs)
	v.back = copyLists(v.back, d.back)
}

// resize returns s with length n, in its own memory when it has room (the
// elements past n cleared), else in new memory holding its elements: the
// values past len(s) are zero either way, so a slice grown by growToCap
// later finds nothing stale.
func resize[T any](s []T, n int) []T {
	if n > cap(s) {
		t := make([]T, n)
		copy(t, s)
		return t
	}
	if n < len(s) {
		clear(s[n:])
	}
	return s[:n]
}

// copyInto returns dst holding a copy of src, in dst's memory when it has
// room (see resize).
func copyInto[T any](dst, src []T) []T {
	if len(src) > cap(dst) {
		dst = make([]T, len(src))
	} else {
		dst = resize(dst, len(src))
	}
	copy(dst, src)
	return dst
}

// copyLists returns dst holding a copy of every list of src, each in its
// own memory (dst's lists' when they have room), so that the two never
// share a list.
func copyLists[T any](dst, src [][]T) [][]T {
	dst = resize(dst, len(src))
	for i, l := range src {
		dst[i] = append(dst[i][:0], l...)
	}
	return dst
}
