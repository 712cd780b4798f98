package world

import (
	"math/bits"
	"unsafe"
)

// maxViewComponents is how many components one [World.Slots] call may name.
const maxViewComponents = 8

// viewKey names a set of components by their sorted, distinct ids.
type viewKey struct {
	n   int
	ids [maxViewComponents]int32
}

// makeViewKey sorts and dedups ids into a key. Views name a handful of
// components, so an insertion sort beats a general one.
func makeViewKey(ids ...int32) viewKey {
	var k viewKey
	for _, id := range ids {
		i := k.n
		for i > 0 && k.ids[i-1] > id {
			i--
		}
		if i > 0 && k.ids[i-1] == id {
			continue
		}
		copy(k.ids[i+1:k.n+1], k.ids[i:k.n])
		k.ids[i] = id
		k.n++
	}
	return k
}

// lookupView returns the cached view for key, or nil. A world has few
// views, so a linear scan beats hashing the key.
func (w *World) lookupView(key viewKey) *Slots {
	for _, v := range w.views {
		if v.key == key {
			return v
		}
	}
	return nil
}

// Run is a range of consecutive slots, Start included and End excluded,
// all of which hold every component of a [Slots] view.
type Run struct {
	Start, End int
}

// Slots is a view of the slots whose entities hold every one of a set of
// components, in ascending slot order, for flat loops over field
// components' columns. Get one from [World.Slots].
//
// The view is the world's own and cached per set of components. It is
// recomputed, from the components' membership bitmaps 64 slots a word,
// only when an entity has joined or left one of those sets since the last
// call.
//
// A slice it hands out stays as it was until the outermost walk or system
// run in progress when it was handed out ends: a recompute meanwhile (after
// an add, say) writes to another buffer. Outside walks and system runs, the
// next call after a change may reuse the buffer. So fetch a view's slices
// in the system that loops over them, and do not keep them past it.
//
// A loop over a view is not a walk: outside a system run, destroying an
// entity inside it happens at once (the slices you hold are unaffected,
// but that slot's column entries now belong to a dead entity). Inside a
// system run, destroys are deferred until the system returns.
type Slots struct {
	w        *World
	key      viewKey
	sets     []*set
	versions []uint64 // each set's version when runs were last computed
	count    int

	runs         []Run
	indices      []uint32
	fresh        bool // runs and count match versions
	indicesFresh bool

	// Buffers handed out while a walk or system run is in progress are
	// held until the outermost one ends; recomputes meanwhile use spares.
	runsHeld, indicesHeld bool
	registered            bool // in World.held
	liveMarks             int  // live marks of change tracking naming this view (see track.live)
	oldRuns, spareRuns    [][]Run
	oldIdx, spareIdx      [][]uint32
}

// Slots returns the view of the slots whose entities hold every one of the
// given components. Asking for the same set again, in any order, returns
// the same cached view. O(1) when nothing changed; see [Slots] for the cost
// of a recompute.
//
// Panics if no component, or more than 8, are given.
func (w *World) Slots(types ...ComponentType) *Slots {
	if len(types) == 0 || len(types) > maxViewComponents {
		panic(&Error{Code: CodeBadArity, Op: "Slots", Value: len(types)})
	}
	// A system asks for the same view with the same handles every step:
	// comparing them with the last few asked for is cheaper than building
	// the key.
	if v := w.recentTypes.lookupHandles(types); v != nil {
		return v
	}
	v := w.slotsOf(types)
	w.recentTypes.addHandles(types, v)
	return v
}

// recent remembers the views looked up last, by the pointers they were
// asked for with, in that order (component handles, or sets): a system
// asks for the same view every step, and comparing a few pointers is
// cheaper than building the view's key and scanning for it.
//
// A handle is remembered by its value word alone. A handle is a pointer
// to its component's own definition (the unexported base method keeps
// other types out of [ComponentType]), so two handles with the same value
// word are the same handle: comparing one pointer per handle finds what
// == would, without the runtime's interface comparison (a call per
// handle, a third of a small walk's fixed cost).
type recent struct {
	entries [4]recentEntry
	next    int // the entry to replace next
}

type recentEntry struct {
	n    int
	ptrs [maxViewComponents]unsafe.Pointer
	view *Slots
}

// handlePtr returns the value word of *t, the handle's pointer.
func handlePtr(t *ComponentType) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(t))[1]
}

// lookupHandles returns the view remembered for types, or nil.
func (r *recent) lookupHandles(types []ComponentType) *Slots {
next:
	for i := range r.entries {
		e := &r.entries[i]
		if e.view == nil || e.n != len(types) {
			continue
		}
		for j := range types {
			if e.ptrs[j] != handlePtr(&types[j]) {
				continue next
			}
		}
		return e.view
	}
	return nil
}

// lookupSets returns the view remembered for sets, or nil.
func (r *recent) lookupSets(sets []*set) *Slots {
next:
	for i := range r.entries {
		e := &r.entries[i]
		if e.view == nil || e.n != len(sets) {
			continue
		}
		for j, s := range sets {
			if e.ptrs[j] != unsafe.Pointer(s) {
				continue next
			}
		}
		return e.view
	}
	return nil
}

// addHandles remembers v as the view of types, forgetting the oldest.
func (r *recent) addHandles(types []ComponentType, v *Slots) {
	e := r.replace(len(types), v)
	for j := range types {
		e.ptrs[j] = handlePtr(&types[j])
	}
}

// addSets remembers v as the view of sets, forgetting the oldest.
func (r *recent) addSets(sets []*set, v *Slots) {
	e := r.replace(len(sets), v)
	for j, s := range sets {
		e.ptrs[j] = unsafe.Pointer(s)
	}
}

// replace empties the oldest entry for a view of n pointers.
func (r *recent) replace(n int, v *Slots) *recentEntry {
	e := &r.entries[r.next]
	r.next = (r.next + 1) % len(r.entries)
	*e = recentEntry{n: n, view: v}
	return e
}

// slotsOf finds or makes the view of types' components.
func (w *World) slotsOf(types []ComponentType) *Slots {
	var ids [maxViewComponents]int32
	for i, t := range types {
		ids[i] = int32(t.ID())
	}
	key := makeViewKey(ids[:len(types)]...)
	if v := w.lookupView(key); v != nil {
		return v
	}
	sets := make([]*set, len(types))
	for i, t := range types {
		sets[i] = w.storeFor(t).members()
	}
	return w.viewOf(sets...)
}

// refresh recomputes the runs if a set changed since the last time.
func (v *Slots) refresh() {
	if v.fresh {
		changed := false
		for i, s := range v.sets {
			if s.version != v.versions[i] {
				changed = true
				break
			}
		}
		if !changed {
			return
		}
	}
	for i, s := range v.sets {
		v.versions[i] = s.version
	}
	if v.liveMarks > 0 { // the runs a system wrote go: write their marks out first
		for _, s := range v.sets {
			if s.track != nil {
				s.track.settleView(v)
			}
		}
	}
	buf := v.runs[:0]
	if v.runsHeld {
		v.oldRuns = append(v.oldRuns, v.runs)
		buf = nil
		if n := len(v.spareRuns); n > 0 {
			buf = v.spareRuns[n-1][:0]
			v.spareRuns = v.spareRuns[:n-1]
		}
		v.runsHeld = false
	}
	v.runs, v.count = appendRuns(buf, v.sets)
	v.fresh, v.indicesFresh = true, false
}

// hand marks a buffer about to be handed out as held, when a walk or
// system run is in progress.
func (v *Slots) hand(held *bool) {
	if v.w.deferring == 0 {
		return
	}
	*held = true
	if !v.registered {
		v.registered = true
		v.w.held = append(v.w.held, v)
	}
}

// release is called when the outermost walk or system run ends: the
// buffers handed out meanwhile may be reused.
func (v *Slots) release() {
	if len(v.oldRuns) > 0 { // a recompute during the walk: recycle what it replaced
		v.spareRuns = append(v.spareRuns, v.oldRuns...)
		clear(v.oldRuns)
		v.oldRuns = v.oldRuns[:0]
	}
	if len(v.oldIdx) > 0 {
		v.spareIdx = append(v.spareIdx, v.oldIdx...)
		clear(v.oldIdx)
		v.oldIdx = v.oldIdx[:0]
	}
	v.runsHeld, v.indicesHeld, v.registered = false, false, false
}

// Len returns the number of slots in the view.
func (v *Slots) Len() int {
	v.refresh()
	return v.count
}

// Runs returns the view as ranges of consecutive slots in ascending order.
// Reslicing each column to a run gives a loop the compiler checks bounds
// for once per run, not once per entity:
//
//	for _, r := range view.Runs() {
//		p, v := pos[r.Start:r.End], vel[r.Start:r.End]
//		v = v[:len(p)]
//		for i := range p {
//			p[i].X += v[i].X
//		}
//	}
//
// No allocation in steady state. See [Slots] for how long the slice stays
// valid.
func (v *Slots) Runs() []Run {
	v.refresh()
	v.hand(&v.runsHeld)
	if v.w.writing != nil {
		v.w.markWrites(v)
	}
	return v.runs
}

// Indices returns the view's slots in ascending order, for loops that want
// one index at a time. Slots are 32-bit, as in [Entity], so they are
// uint32: an int32 would turn slots past 2^31 negative. Same cost and
// lifetime as [Slots.Runs].
func (v *Slots) Indices() []uint32 {
	v.refresh()
	if !v.indicesFresh {
		buf := v.indices[:0]
		if v.indicesHeld {
			v.oldIdx = append(v.oldIdx, v.indices)
			buf = nil
			if n := len(v.spareIdx); n > 0 {
				buf = v.spareIdx[n-1][:0]
				v.spareIdx = v.spareIdx[:n-1]
			}
			v.indicesHeld = false
		}
		for _, r := range v.runs {
			for s := r.Start; s < r.End; s++ {
				buf = append(buf, uint32(s))
			}
		}
		v.indices = buf
		v.indicesFresh = true
	}
	v.hand(&v.indicesHeld)
	if v.w.writing != nil {
		v.w.markWrites(v)
	}
	return v.indices
}

// appendRuns appends the runs of slots set in every one of the sets'
// bitmaps to runs, and counts those slots.
func appendRuns(runs []Run, sets []*set) ([]Run, int) {
	n := len(sets[0].bits)
	for _, s := range sets[1:] {
		n = min(n, len(s.bits))
	}
	count := 0
	start := -1
	for wi := range n {
		word := sets[0].bits[wi]
		for _, s := range sets[1:] {
			word &= s.bits[wi]
		}
		base := wi * 64
		switch word {
		case 0:
			if start >= 0 {
				runs = append(runs, Run{start, base})
				start = -1
			}
			continue
		case ^uint64(0):
			count += 64
			if start < 0 {
				start = base
			}
			continue
		}
		count += bits.OnesCount64(word)
		b := 0
		for b < 64 {
			if start < 0 {
				rest := word >> b
				if rest == 0 {
					break
				}
				b += bits.TrailingZeros64(rest)
				start = base + b
			}
			rest := ^word >> b
			if rest == 0 {
				break // the run goes on into the next word
			}
			b += bits.TrailingZeros64(rest)
			runs = append(runs, Run{start, base + b})
			start = -1
		}
	}
	if start >= 0 {
		runs = append(runs, Run{start, n * 64})
	}
	return runs, count
}
