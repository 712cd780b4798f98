package world

import (
	"fmt"
	"math/bits"
	"slices"
)

// maxViewComponents is how many components one [World.Slots] call may name.
const maxViewComponents = 8

// viewKey names a set of components by their sorted ids.
type viewKey struct {
	n   int
	ids [maxViewComponents]int32
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
// The view is the world's own: it is cached per set of components and kept
// up to date as entities join and leave those sets, and its runs and
// indices are recomputed only after such a change. Do not keep a view, or a
// slice it returned, past the step you fetched it in: a later call after a
// change reuses the same buffers.
//
// A loop over a view is not a walk: destroying an entity inside it happens
// at once (the slices you hold are unaffected, but that slot's column
// entries now belong to a dead entity). Inside a system run, destroys are
// deferred until the system returns.
type Slots struct {
	sets  []*set
	bits  []uint64 // one bit per slot: set when the slot holds every component
	count int

	runs         []Run
	indices      []int32
	runsDirty    bool
	indicesDirty bool
	pinned       int // walks iterating runs; a rebuild then takes a new buffer
}

// Slots returns the view of the slots whose entities hold every one of the
// given components. Asking for the same set again (in any order) returns
// the same cached view; the first call for a set costs a pass over its
// smallest component, later calls are O(1) until an entity joins or leaves
// one of the sets.
//
// Panics if no component, or more than 8, are given.
func (w *World) Slots(types ...ComponentType) *Slots {
	if len(types) == 0 || len(types) > maxViewComponents {
		panic(fmt.Errorf("world: Slots takes 1 to %d components, got %d", maxViewComponents, len(types)))
	}
	var key viewKey
	key.n = len(types)
	for i, t := range types {
		key.ids[i] = int32(t.ID())
	}
	slices.Sort(key.ids[:key.n])
	key.n = len(slices.Compact(key.ids[:key.n]))
	for i := key.n; i < len(types); i++ {
		key.ids[i] = 0
	}
	v, ok := w.views[key]
	if !ok {
		v = w.newView(key, types)
	}
	return v
}

func (w *World) newView(key viewKey, types []ComponentType) *Slots {
	v := &Slots{runsDirty: true, indicesDirty: true}
	for i := range key.n {
		var t ComponentType
		for _, c := range types {
			if c.ID() == int(key.ids[i]) {
				t = c
			}
		}
		s := w.storeFor(t).members()
		s.views = append(s.views, v)
		v.sets = append(v.sets, s)
	}
	smallest := v.sets[0]
	for _, s := range v.sets[1:] {
		if len(s.dense) < len(smallest.dense) {
			smallest = s
		}
	}
	for _, slot := range smallest.dense {
		v.joined(slot)
	}
	w.views[key] = v
	return v
}

// joined is told that slot joined one of the view's sets.
func (v *Slots) joined(slot uint32) {
	for _, s := range v.sets {
		if s.index(slot) == 0 {
			return
		}
	}
	word := int(slot >> 6)
	if word >= len(v.bits) {
		v.bits = grow(v.bits, word+1)
	}
	mask := uint64(1) << (slot & 63)
	if v.bits[word]&mask == 0 {
		v.bits[word] |= mask
		v.count++
		v.runsDirty, v.indicesDirty = true, true
	}
}

// left is told that slot left one of the view's sets.
func (v *Slots) left(slot uint32) {
	word := int(slot >> 6)
	mask := uint64(1) << (slot & 63)
	if word < len(v.bits) && v.bits[word]&mask != 0 {
		v.bits[word] &^= mask
		v.count--
		v.runsDirty, v.indicesDirty = true, true
	}
}

// Len returns the number of slots in the view. O(1).
func (v *Slots) Len() int { return v.count }

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
// O(1) when nothing changed since the last call; otherwise one pass over
// a bitmap of the slots (64 slots a word), no allocation in steady state.
func (v *Slots) Runs() []Run {
	if v.runsDirty {
		buf := v.runs[:0]
		if v.pinned > 0 {
			buf = nil // a walk is iterating the old runs; leave them be
		}
		v.runs = appendRuns(buf, v.bits)
		v.runsDirty = false
	}
	return v.runs
}

// pin returns the runs for a walk to iterate and keeps later rebuilds out
// of their buffer until unpin.
func (v *Slots) pin() []Run {
	runs := v.Runs()
	v.pinned++
	return runs
}

func (v *Slots) unpin() { v.pinned-- }

// Indices returns the view's slots in ascending order, for loops that want
// one index at a time. Same cost and lifetime as [Slots.Runs].
func (v *Slots) Indices() []int32 {
	if v.indicesDirty {
		v.indices = v.indices[:0]
		for _, r := range v.Runs() {
			for s := r.Start; s < r.End; s++ {
				v.indices = append(v.indices, int32(s))
			}
		}
		v.indicesDirty = false
	}
	return v.indices
}

// appendRuns appends the runs of set bits in words to runs.
func appendRuns(runs []Run, words []uint64) []Run {
	start := -1
	for wi, word := range words {
		base := wi * 64
		switch word {
		case 0:
			if start >= 0 {
				runs = append(runs, Run{start, base})
				start = -1
			}
			continue
		case ^uint64(0):
			if start < 0 {
				start = base
			}
			continue
		}
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
		runs = append(runs, Run{start, len(words) * 64})
	}
	return runs
}
