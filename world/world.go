package world

import (
	"cmp"
	"errors"
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
	plain  []unsafe.Pointer // by component id: typed, or nil where an add must take the long way (see set.slowAdd)
	used   []usedStore      // the non-nil stores, in the order first used
	views  []*Slots         // cached slot views, looked up by key
	// the views World.Slots and the walks looked up last
	recentTypes, recentSets recent

	deferring int      // walks, system runs and hook calls in progress: destroys and removals wait
	open      []uint64 // marks of the Each and Query loops in progress, innermost last: joins are stamped
	seq       uint64   // counts walk starts; a join during a walk is stamped with it
	pending   []op     // removals and destroys waiting for deferring to reach 0
	held      []*Slots // views whose buffers a walk or system in progress may hold

	lifecycle // hooks, relationships, change ticks and events: see lifecycle.go

	systems   [phaseCount]systemList
	sysSeq    uint64 // counts AddSystem calls, so Clear disposes in add order
	resources []any  // by resource id: a *T, or nil
	observer  RunObserver
	ctxs      [phaseCount]Context

	watching     bool      // an observer, or timing: system runs take the long way
	timed        bool      // SetTimingWindow turned timing on
	timingWindow int       // its window, in runs
	par          *parallel // running systems on lanes: see schedule.go
	pw           *parWalk  // its parallel walks: see parallel.go
	rec          *lane     // where structural changes are recorded instead of made: see lane.go
	recorded     int       // counts the changes recorded, so a run can tell it recorded some

	state worldState // the random generator and the hash's scratch: see rand.go and hash.go
}

// usedStore pairs a store with its membership set, so Destroy checks
// membership without an interface call per component type.
type usedStore struct {
	set   *set
	store store
}

// op is a removal or destroy deferred until the walks in progress end.
type op struct {
	e      Entity
	id     int    // component id, or destroy, or cancelled
	target Entity // for the removal of one relationship link: its target; 0 otherwise
}

// The op ids that are not component ids.
const (
	destroy   = -1
	cancelled = -2 // an Unset undone by a Set before it applied
)

// New returns an empty world.
func New() *World {
	return &World{lifecycle: lifecycle{tick: 1}}
}

// Create makes an entity with no components and returns its id.
// O(1); it allocates only when the world grows.
//
// Panics with an [*Error] of code [CodeNoSlotLeft] when every one of the
// 2^32 slots holds a live entity or is retired.
func (w *World) Create() Entity {
	w.alive++
	if n := len(w.free); n > 0 {
		e := w.free[n-1]
		w.free = w.free[:n-1]
		w.gens[uint32(e)] = e.Generation()
		return e
	}
	if w.rec != nil { // recording: the free list is held by the group (see reserve)
		w.alive--
		return w.reserve()
	}
	if uint64(len(w.gens)) > maxSlot {
		w.alive--
		panic(&Error{Code: CodeNoSlotLeft, Op: "Create", Value: w.alive})
	}
	if cap(w.gens) == 0 {
		// Room for a first level at once, as Ark's tables start with:
		// columns grow to the room for slots, so a level of a thousand
		// bodies spawns without regrowing them.
		w.gens = make([]uint32, 0, initialSlots)
	}
	w.gens = append(w.gens, 1)
	return makeEntity(uint32(len(w.gens)-1), 1)
}

// maxSlot is the highest slot index; slots are 32-bit.
const maxSlot = 1<<32 - 1

// initialSlots is the room for slots a world makes at its first entity.
const initialSlots = 1024

// Spawn makes an entity holding every part and returns its id. A part whose
// component repeats replaces the earlier value. Components the parts
// require join too (see [Options.Requires]), and the Added hooks of all of
// them run once every part is in place. For one to four components known
// at compile time, [Spawn1] and its siblings avoid boxing the values.
func (w *World) Spawn(parts ...Part) Entity {
	e := w.Create()
	for _, p := range parts {
		p.addTo(w, e)
	}
	w.afterAdd()
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
	if debugChecks && w.rec != nil {
		w.checkTouch(c.ID(), "Has")
	}
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

// Remove takes component c away from e, running c's Removed and Teardown
// hooks first (see [Options]). It does nothing when e is dead or does not
// hold c. While a walk or a system run is in progress the removal waits
// until it ends, and e still holds c until then; an add of c to e in the
// meantime cancels it. Removing a component another one requires is
// allowed and removes nothing else (see [Options.Requires]). For a
// relationship, it detaches e from every target.
//
// Panics with an [*Error] of code [CodeReadOnly] if c is the reverse side
// of a relationship.
func (w *World) Remove(e Entity, c ComponentType) {
	if debugChecks {
		w.checkNotBusy("Remove")
	}
	s := w.set(c.ID())
	if s == nil || !w.IsAlive(e) || !s.has(uint32(e)) {
		// A lane records it still: its record may have given e the
		// component (a spawn, an add), as the world will when it applies
		// the record.
		if w.rec != nil && w.usable(e) {
			w.record(cmdRemove, e, c, 0)
		}
		return
	}
	if s.field && s.hooks == nil && w.deferring == 0 { // the common case, without a call
		s.leaveField(uint32(e))
		return
	}
	w.removeSlow(e, s)
}

// removeSlow is Remove's long way: a removal to defer, hooks to run, a
// relationship to detach, or a reverse side to refuse.
func (w *World) removeSlow(e Entity, s *set) {
	if s.reverse {
		panic(&Error{Code: CodeReadOnly, Op: "Remove", Component: s.name, Entity: e})
	}
	if w.deferring > 0 {
		if w.rec != nil {
			w.record(cmdRemove, e, w.types[s.id], 0)
			return
		}
		if s.markPending(uint32(e)) {
			w.pending = append(w.pending, op{e: e, id: s.id})
		}
		return
	}
	w.removeNow(e, s)
}

// Destroy removes e and every component it holds; its id is dead from then
// on. It does nothing when e is already dead. While a walk or a system run
// is in progress the destroy waits until it ends, and e stays alive until
// then. The sources of e in relationships with LinkedDespawn are destroyed
// with it, in the same change (see [RelationOptions]); e's Died hooks run
// first, while it is whole, then its Teardown hooks (see [Options]).
// O(number of component types the world uses).
func (w *World) Destroy(e Entity) {
	if debugChecks {
		w.checkNotBusy("Destroy")
	}
	if !w.IsAlive(e) {
		if w.rec != nil && w.rec.owns(e) {
			w.record(cmdDestroy, e, nil, 0)
		}
		return
	}
	if w.deferring > 0 {
		if w.rec != nil {
			w.record(cmdDestroy, e, nil, 0)
			return
		}
		w.pending = append(w.pending, op{e: e, id: destroy})
		return
	}
	if w.special > 0 { // hooks or relationships in use: the full path
		w.destroyNow(e)
		return
	}
	// destroyPlain written out: the call cost destroy 7% (BenchmarkDestroy).
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
			s.disown(slot)
			continue
		}
		u.store.remove(slot)
	}
	w.freeSlot(e)
}

// destroyPlain destroys e, which is alive, in a world with no removal
// hooks and no relationships: Destroy's own loop, for the batches and the
// deferred destroys.
func (w *World) destroyPlain(e Entity) {
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
			s.disown(slot)
			continue
		}
		u.store.remove(slot)
	}
	w.freeSlot(e)
}

// freeSlot frees e's slot, which holds nothing any more.
func (w *World) freeSlot(e Entity) {
	slot := uint32(e)
	w.gens[slot] = 0
	w.alive--
	if next := e.Generation() + 1; next != 0 {
		w.free = append(w.free, makeEntity(slot, next))
	}
}

// Count returns how many entities hold component c. O(1).
func (w *World) Count(c ComponentType) int {
	if debugChecks && w.rec != nil {
		w.checkTouch(c.ID(), "Count")
	}
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
// order they were added (across both phases), and removes every resource,
// event subscription and the [RunObserver].
//
// Entities go first, while systems and resources are still there: the
// Teardown hooks of every component they hold run (the Died hooks do not:
// clearing is not dying), and what the hooks spawn is cleared too. Then
// the systems are disposed; a Dispose may add or remove systems, and what
// it adds stays. Ids handed out before stay dead. Component columns and
// slot views keep their memory for reuse.
//
// Neither a Dispose nor a hook that panics stops the clearing: the rest is
// cleared all the same, and Clear returns each such panic (a Dispose's as
// a [*SystemError] naming the system, wrapping [ErrPanic] and saying
// "Dispose"; a hook's as an [*Error] of code [CodeHookPanic]), joined. It
// returns nil otherwise.
//
// Panics with an [*Error] of code [CodeDuringWalk] if a walk or a system
// run is in progress.
func (w *World) Clear() error {
	// Between two systems of a run (in its error handler or observer)
	// deferring is 0, but the run still walks its list.
	if w.deferring > 0 || w.systems[Fixed].running || w.systems[Frame].running {
		panic(&Error{Code: CodeDuringWalk, Op: "Clear"})
	}
	errs := w.clearEntities()
	var all []System
	for _, list := range w.systems {
		for _, s := range list.all {
			if s.Run != nil {
				all = append(all, s)
			}
		}
	}
	w.systems = [phaseCount]systemList{}
	slices.SortFunc(all, func(a, b System) int { return cmp.Compare(a.seq, b.seq) })
	for _, s := range all {
		if s.Dispose != nil {
			if err := dispose(s); err != nil {
				errs = append(errs, err)
			}
		}
	}
	errs = append(errs, w.clearEntities()...) // what a Dispose spawned
	clear(w.resources)
	w.observer = nil
	w.clearEvents()
	return errors.Join(errs...)
}

// dispose calls s.Dispose, returning its panic as a *SystemError.
func dispose(s System) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &SystemError{System: s.Name, Phase: s.Phase, Err: &PanicError{Op: "Dispose", Value: r}}
		}
	}()
	s.Dispose()
	return nil
}

// typedStorage returns the world's storage of component id, whose values
// have type T, or nil if the world never used it. It reads a pointer table
// instead of asserting the store interface's dynamic type: a component id
// belongs to one handle, and its store is always a *storage[T] of that
// handle's T, so the conversion is exact. This keeps Get small enough to
// inline.
func typedStorage[T any](w *World, id int) *storage[T] {
	if debugChecks && w.rec != nil {
		w.checkTouch(id, "use")
	}
	if uint(id) < uint(len(w.typed)) {
		return (*storage[T])(w.typed[id])
	}
	return nil
}

// plainStorage is typedStorage for the adds that store inline: nil when
// the world never used the component or when its adds must take the long
// way, through addTo (hooks, requirements, change tracking; see
// set.slowAdd). Reading this table instead of testing a flag keeps spawns
// as short as they were before components had options.
func plainStorage[T any](w *World, id int) *storage[T] {
	if uint(id) < uint(len(w.plain)) {
		return (*storage[T])(w.plain[id])
	}
	return nil
}

// mustAlive returns e's slot, or panics with an *Error naming the
// operation and component when e is dead.
func (w *World) mustAlive(e Entity, op, component string) uint32 {
	if !w.IsAlive(e) && (w.rec == nil || !w.rec.owns(e)) {
		panic(&Error{Code: CodeDeadEntity, Op: op, Entity: e, Component: component})
	}
	return uint32(e)
}

// missing builds the error for a Require that found nothing.
func (w *World) missing(e Entity, op, component string) error {
	code := CodeMissingComponent
	if !w.IsAlive(e) {
		code = CodeDeadEntity
	}
	return &Error{Code: code, Op: op, Entity: e, Component: component}
}

// storeFor returns the world's storage for c, creating it on first use
// from the handle the component was defined with (so a tag reached through
// its embedded Component is still stored as a tag).
//
// Panics with an [*Error] of code [CodeUndefined] if c was not made by a
// Define function.
func (w *World) storeFor(c ComponentType) store {
	id := c.ID()
	if id < len(w.stores) && w.stores[id] != nil {
		return w.stores[id]
	}
	if w.rec != nil {
		// A lane shares its root's tables, which other lanes read: it
		// never grows them. The storages of what a system declares are
		// made before it runs (World.prepare).
		panic(&Error{Code: CodeUndeclared, Op: "use", Component: c.Name(), System: w.rec.sysName(), Field: "Reads",
			Hint: "declare every component the system uses; the world makes their storage before the system runs"})
	}
	switch h := handleOf(id).(type) {
	case nil:
		panic(&Error{Code: CodeUndefined, Component: c.Name(), Value: typeName(c)})
	case *Reverse: // built with its relationship's source side
		w.storeFor(h.rel)
	case *Relation:
		rs := h.newStore().(*relationStore)
		rs.w = w
		w.install(h, rs)
		w.install(h.rev, rs.rev)
	default:
		w.install(h, h.newStore())
	}
	return w.stores[id]
}

// install makes s the world's storage of component h.
func (w *World) install(h ComponentType, s store) {
	id := h.ID()
	if id >= len(w.stores) {
		w.stores = grow(w.stores, id+1)
		w.types = grow(w.types, id+1)
		w.sets = grow(w.sets, id+1)
		w.typed = grow(w.typed, id+1)
		w.plain = grow(w.plain, id+1)
	}
	set := s.members()
	w.stores[id] = s
	w.types[id] = h
	w.sets[id] = set
	w.typed[id] = s.self()
	if !set.slowAdd {
		w.plain[id] = s.self()
	}
	w.used = append(w.used, usedStore{set, s})
	if set.hasDropHooks() || set.relation {
		w.special++
	}
	if set.hasDropHooks() {
		w.hooked = sortedByID(w.hooked, set)
	}
	if r, ok := s.(*relationStore); ok && r.rel.opts.LinkedDespawn {
		w.linked = append(w.linked, r)
	}
}

// beginWalk starts an Each or Query loop and returns its start mark: a
// slot stamped at or after the mark joined during the loop, which must not
// visit it. The mark also names the walk: endWalk(mark) ends it.
func (w *World) beginWalk() uint64 {
	if debugChecks {
		w.checkNotBusy("walk")
	}
	w.deferring++
	w.seq++
	w.open = append(w.open, w.seq)
	return w.seq
}

// endWalk ends the walk begun at mark. Walks usually end innermost first,
// but iter.Pull2 lets them end in any order; a walk that [World.Recover]
// already ended (a panic left it open) is not ended twice.
func (w *World) endWalk(mark uint64) {
	if n := len(w.open); n > 0 && w.open[n-1] == mark {
		w.open = w.open[:n-1]
	} else if i := slices.Index(w.open, mark); i >= 0 {
		w.open = slices.Delete(w.open, i, i+1)
	} else {
		return
	}
	w.endDeferring()
}

// walkMark returns a mark of the walks (Each calls and Query loops) begun
// so far, for endWalksErr: what Recover notes before calling its function.
func (w *World) walkMark() uint64 { return w.seq }

// Walks returns how many walks are in progress, for tests and tools.
func (w *World) Walks() int {
	if w.rec != nil {
		return len(w.open) - 1 // the lane's 0 mark
	}
	return len(w.open)
}

// endWalksErr ends the walks begun after mark (a walkMark) that are still in
// progress, innermost first, as if their loops had ended, applying the
// removals and destroys they deferred once no walk or system run is left.
// It is for code that recovers a panic: Each and Query over field
// components end their walk without a deferred call (so that they
// inline), so a panic out of their loop leaves it open. [World.Recover]
// is how callers outside the package do it.
//
// Walks begun before mark are left alone, even if some ended meanwhile (an
// iter.Pull2 walk stopped in between): marks, not counts, say which. A
// walk ended so ignores its own end later. A pulled Query walk begun after
// mark is ended too: stop it, do not resume it, as it would walk on with
// nothing deferred (checking for that after every row cost Query a
// quarter of its speed).
//
// Returns, once the walks are ended, the panics of lifecycle hooks the
// ending ran (see [Options]), joined.
func (w *World) endWalksErr(mark uint64) error {
	var errs []error
	for n := len(w.open); n > 0 && w.open[n-1] > mark; n = len(w.open) {
		w.open = w.open[:n-1]
		if err := w.leave(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Recover calls fn and returns its error. If fn panics, Recover ends the
// walks fn began and left open (see [World.Recover]), so the removals and
// destroys they deferred take effect, and returns the panic as an error
// wrapping [ErrPanic] and, when the panic value is an error, that error
// too. Use it where a game or an engine calls code that may walk the world
// and must survive its panics, outside systems (the system runner does the
// same for every system).
func (w *World) Recover(fn func() error) (err error) {
	mark := w.walkMark()
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
			if werr := w.endWalksErr(mark); werr != nil {
				err = errors.Join(err, werr)
			}
		}
	}()
	return fn()
}

// endDeferring ends a walk, a system run or a batch of hook calls. The
// outermost one applies what waited (see leave) and panics with the panics
// of the hooks that ran meanwhile.
func (w *World) endDeferring() {
	if err := w.leave(); err != nil {
		panic(err)
	}
}

// leave ends a walk, a system run or a batch of hook calls. Unless another
// one is still in progress, it delivers the events emitted meanwhile,
// applies the deferred removals and destroys in the order they were asked
// for, and releases the view buffers handed out meanwhile; it returns the
// panics of the hooks that ran meanwhile, joined.
func (w *World) leave() error {
	if w.deferring > 1 {
		w.deferring--
		return nil
	}
	if len(w.pending)+len(w.eventq)+len(w.held)+len(w.hookErrs) == 0 { // nothing waited
		w.deferring = 0
		return nil
	}
	return w.flush()
}

// flush is leave for the outermost walk, system run or batch of hook calls
// when something waited.
func (w *World) flush() error {
	// The walks that held view buffers are over. deferring stays 1 while
	// what waited is applied: what the hooks and subscribers do meanwhile
	// waits in turn, and is applied by this same loop, in order.
	w.releaseViews()
	for len(w.pending) > 0 || len(w.eventq) > 0 {
		if len(w.eventq) > 0 {
			w.deliverEvents()
			continue
		}
		for i := 0; i < len(w.pending); i++ {
			w.apply(w.pending[i])
		}
		w.pending = w.pending[:0]
	}
	w.deferring = 0
	w.releaseViews()
	if len(w.hookErrs) == 0 {
		return nil
	}
	err := errors.Join(w.hookErrs...)
	w.hookErrs = w.hookErrs[:0]
	return err
}

// releaseViews releases the view buffers handed out while deferring.
func (w *World) releaseViews() {
	for i, v := range w.held {
		v.release()
		w.held[i] = nil // usually one or two: cheaper than clear's call
	}
	w.held = w.held[:0]
}

// apply applies one deferred removal or destroy.
func (w *World) apply(o op) {
	switch o.id {
	case destroy:
		w.destroyNow(o.e)
		return
	case cancelled:
		return
	}
	s := w.sets[o.id]
	if o.target != 0 {
		w.unlinkNow(o.e, s, o.target)
		return
	}
	// A removal cancelled by a later add has its mark cleared.
	if s.clearPending(uint32(o.e)) && w.IsAlive(o.e) && s.has(uint32(o.e)) {
		w.removeNow(o.e, s)
	}
}

// addDuringWalk is called before an add of component s to slot while
// structural changes are deferred or a loop is walking: it cancels a
// deferred removal of that component from that slot (an add after a
// remove leaves the component in place), and stamps a join so the loops in
// progress do not visit it.
func (w *World) addDuringWalk(s *set, slot uint32) {
	if s.pendingN > 0 {
		s.clearPending(slot)
	}
	if len(w.open) > 0 && !s.has(slot) {
		s.stamp(slot, w.seq)
	}
}
