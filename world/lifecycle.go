package world

import (
	"cmp"
	"slices"
)

// lifecycle is the part of a World that components with options need:
// lifecycle hooks, relationships, change ticks and batched events. A world
// whose components have none of these leaves it empty, and its hot paths
// never look at it.
type lifecycle struct {
	hooked   []*set           // sets with Removed, Died or Teardown hooks, by component id
	special  int              // stores in use with such hooks or in relationships: Destroy takes destroyNow
	addq     []hookCall       // Added hooks waiting for the add that queued them to finish
	firing   bool             // fireAdded is running addq
	hookErrs []error          // panics of hooks, reported when the outermost walk or change ends
	linked   []*relationStore // relationships in use with LinkedDespawn
	dying    []Entity         // destroyNow's entities, reused
	marks    []uint64         // destroyNow's bitmap of the slots in dying, reused
	scratch  []Entity         // the entities of a view, for batches that go one by one

	tick    uint64     // the change tick: stamps of change detection (see changes.go)
	writing []*set     // the sets the running system declared it writes (System.Writes)
	events  []eventBuf // by event id (see events.go)
	eventq  []int      // ids of events with ids waiting for delivery, in first-emit order
}

// hookFuncs are a storage's lifecycle hooks, bound to it: each calls the
// typed hook with a pointer to the entity's value.
type hookFuncs struct {
	added, removed, died, teardown func(w *World, e Entity)
}

// hookCall is an Added hook waiting to run.
type hookCall struct {
	e Entity
	s *set
}

// afterAdd runs the Added hooks an add queued, unless hooks are already
// running (the loop running them then runs these too, in order). Every
// public operation that adds calls it once it is done, so a hook sees
// every component the operation added.
func (w *World) afterAdd() {
	if len(w.addq) > 0 && !w.firing {
		w.fireAdded()
	}
}

// fireAdded runs the queued Added hooks, in the order the components
// joined. While they run, removals and destroys wait, as in a walk; the
// hooks' own adds queue theirs behind the current ones.
func (w *World) fireAdded() {
	w.firing = true
	w.deferring++
	for i := 0; i < len(w.addq); i++ {
		c := w.addq[i]
		if w.IsAlive(c.e) && c.s.has(uint32(c.e)) {
			w.callHook(c.s.hooks.added, c.e, c.s, "Added")
		}
	}
	w.addq = w.addq[:0]
	w.firing = false
	w.endDeferring()
}

// callHook calls hook h of set s for e, recording a panic (as an *Error
// naming the component and the hook) instead of letting it stop the
// change the hook reacts to. A walk the hook left open ends with it.
func (w *World) callHook(h func(*World, Entity), e Entity, s *set, name string) {
	mark := w.walkMark()
	defer func() {
		if r := recover(); r != nil {
			err := &Error{Code: CodeHookPanic, Op: name, Component: s.name, Entity: e}
			if cause, ok := r.(error); ok {
				err.Err = cause
			} else {
				err.Value = r
			}
			w.hookErrs = append(w.hookErrs, err)
			if werr := w.endWalksErr(mark); werr != nil {
				w.hookErrs = append(w.hookErrs, werr)
			}
		}
	}()
	h(w, e)
}

// removeNow removes component s from e, which holds it, running its
// Removed and Teardown hooks first. While they run, removals and destroys
// wait.
func (w *World) removeNow(e Entity, s *set) {
	h := s.hooks
	if h == nil || (h.removed == nil && h.teardown == nil) {
		w.stores[s.id].remove(uint32(e))
		return
	}
	w.deferring++
	if h.removed != nil {
		w.callHook(h.removed, e, s, "Removed")
	}
	if h.teardown != nil && s.has(uint32(e)) {
		w.callHook(h.teardown, e, s, "Teardown")
	}
	if w.IsAlive(e) && s.has(uint32(e)) {
		w.stores[s.id].remove(uint32(e))
	}
	w.endDeferring()
}

// destroyNow destroys e, if it is alive, with everything the change
// involves: the sources of e in relationships with LinkedDespawn, and
// theirs, die with it; every dying entity's Died hooks run while all of
// them are whole, in the order they were found (e first); then each is
// taken apart, sources before their targets, each component's Teardown
// hook just before the component goes. While hooks run, removals and
// destroys wait, and they are applied once this change is done.
func (w *World) destroyNow(e Entity) {
	if !w.IsAlive(e) {
		return
	}
	if w.special == 0 {
		w.destroyPlain(e)
		return
	}
	w.deferring++
	start := len(w.dying) // destroyNow never nests (deferring > 0), but be safe
	w.dying = append(w.dying, e)
	w.markDying(e)
	for i := start; i < len(w.dying); i++ {
		w.collectLinked(w.dying[i])
	}
	for _, d := range w.dying[start:] {
		for _, s := range w.hooked {
			if s.hooks.died != nil && s.has(uint32(d)) {
				w.callHook(s.hooks.died, d, s, "Died")
			}
		}
	}
	for i := len(w.dying) - 1; i >= start; i-- {
		d := w.dying[i]
		w.unmarkDying(d)
		if w.IsAlive(d) {
			w.strip(d)
			w.freeSlot(d)
		}
	}
	w.dying = w.dying[:start]
	w.endDeferring()
}

// markDying notes e in the bitmap of dying slots; unmarkDying clears it.
func (w *World) markDying(e Entity) {
	slot := uint32(e)
	w.marks = grow(w.marks, int(slot>>6)+1)
	w.marks[slot>>6] |= 1 << (slot & 63)
}

func (w *World) unmarkDying(e Entity) {
	slot := uint32(e)
	w.marks[slot>>6] &^= 1 << (slot & 63)
}

func (w *World) isDying(e Entity) bool {
	slot := uint32(e)
	return int(slot>>6) < len(w.marks) && w.marks[slot>>6]&(1<<(slot&63)) != 0
}

// strip takes every component from e, which is alive, each hooked one's
// Teardown hook first. It goes on until e holds nothing, so a component a
// hook adds meanwhile goes too.
func (w *World) strip(e Entity) {
	slot := uint32(e)
	for held := true; held; {
		for _, s := range w.hooked {
			if s.has(slot) {
				if s.hooks.teardown != nil {
					w.callHook(s.hooks.teardown, e, s, "Teardown")
				}
				if s.has(slot) {
					w.stores[s.id].remove(slot)
				}
			}
		}
		held = false
		for _, u := range w.used {
			if u.set.has(slot) {
				if u.set.hasDropHooks() {
					held = true // added by a hook: its Teardown runs in the next pass
					continue
				}
				u.store.remove(slot)
			}
		}
	}
}

// clearEntities destroys every entity for Clear, running Teardown hooks
// (not Died ones), and returns the hooks' panics. Entities the hooks spawn
// are cleared too, in later passes; after maxClearPasses the rest go
// without their hooks, so hooks that spawn for ever cannot keep Clear from
// ending.
func (w *World) clearEntities() []error {
	const maxClearPasses = 64
	w.deferring++
	for pass := 0; w.alive > 0; pass++ {
		for slot, gen := range w.gens {
			if gen == 0 {
				continue
			}
			e := makeEntity(uint32(slot), gen)
			if pass < maxClearPasses {
				w.strip(e)
			} else {
				for _, u := range w.used {
					u.store.remove(uint32(slot))
				}
			}
			w.freeSlot(e)
		}
		// What the hooks deferred concerns entities that are gone or
		// about to go.
		for _, o := range w.pending {
			if o.id >= 0 && o.target == 0 {
				w.sets[o.id].clearPending(uint32(o.e))
			}
		}
		w.pending = w.pending[:0]
		w.eventq = w.eventq[:0]
	}
	w.deferring = 0
	w.releaseViews()
	errs := slices.Clone(w.hookErrs)
	w.hookErrs = w.hookErrs[:0]
	w.addq = w.addq[:0]
	for i := range w.events {
		w.events[i].ids = w.events[i].ids[:0]
		w.events[i].queued = false
	}
	return errs
}

// hasDropHooks reports whether the set has a Removed, Died or Teardown
// hook: the hooks that make removals and destroys take the long way.
func (s *set) hasDropHooks() bool {
	h := s.hooks
	return h != nil && (h.removed != nil || h.died != nil || h.teardown != nil)
}

// sortedByID inserts s into sets, kept in component id order.
func sortedByID(sets []*set, s *set) []*set {
	i, _ := slices.BinarySearchFunc(sets, s.id, func(t *set, id int) int { return cmp.Compare(t.id, id) })
	return slices.Insert(sets, i, s)
}
