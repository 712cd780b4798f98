package world

import (
	"iter"
	"math/bits"
)

// track is a component's change detection in one world, made when the
// first [Tracker] watches it. Stamps are world change ticks (see
// World.tick): every stamp is at least 1, so a tracker that has looked at
// nothing (seen 0) finds every member.
type track struct {
	added   []uint64 // per slot: the tick it last joined
	changed []uint64 // per slot: the tick of its last checked write or join
	// Per block of 64 slots: the tick of the last mark that covered every
	// slot of the block (a system that declared it writes the component
	// asked for a view covering the block), and the latest stamp of any
	// kind in the block, so that scans skip quiet blocks.
	blocks []uint64
	latest []uint64
	last   uint64 // the latest stamp of any kind
	// Views a system that writes the component asked for since the last
	// look, each with the tick it last did: a mark not yet written into
	// the stamps. Marking the same view again, step after step, only
	// moves its tick (O(1)); the marks are written out, O(slots/64), when
	// a tracker looks or when the view's runs are about to be recomputed.
	live []liveMark
}

// liveMark is a view's runs, all marked written at tick.
type liveMark struct {
	v    *Slots
	tick uint64
}

// settle writes the live marks into the stamps.
func (t *track) settle() {
	for _, m := range t.live {
		t.markRuns(m.v.runs, m.tick)
		m.v.liveMarks--
	}
	clear(t.live)
	t.live = t.live[:0]
}

// settleView writes the live mark of view v, if any, into the stamps.
func (t *track) settleView(v *Slots) {
	for i, m := range t.live {
		if m.v == v {
			t.markRuns(v.runs, m.tick)
			v.liveMarks--
			t.live = append(t.live[:i], t.live[i+1:]...)
			return
		}
	}
}

// stamp records that slot joined (joined) or was written at tick.
func (t *track) stamp(slot uint32, tick uint64, joined bool) {
	if slot >= uint32(len(t.changed)) {
		t.added = growToCap(t.added, int(slot)+1)
		t.changed = growTo(t.changed, len(t.added))
	}
	if joined {
		t.added[slot] = tick
	}
	// A live mark settled late stamps an older tick: stamps only move on.
	t.changed[slot] = max(t.changed[slot], tick)
	b := int(slot >> 6)
	if b >= len(t.latest) {
		t.latest = growToCap(t.latest, b+1)
		t.blocks = growTo(t.blocks, len(t.latest))
	}
	t.latest[b] = max(t.latest[b], tick)
	t.last = max(t.last, tick)
}

// markBlock records that every slot of block b was written at tick.
func (t *track) markBlock(b int, tick uint64) {
	if b >= len(t.latest) {
		t.latest = growToCap(t.latest, b+1)
		t.blocks = growTo(t.blocks, len(t.latest))
	}
	t.blocks[b] = max(t.blocks[b], tick)
	t.latest[b] = max(t.latest[b], tick)
	t.last = max(t.last, tick)
}

// markRuns records that every slot of runs was written at tick: whole
// blocks with one store each, the slots of the blocks a run covers in part
// one by one, so that a member of the component outside the runs does not
// count as written.
func (t *track) markRuns(runs []Run, tick uint64) {
	for _, r := range runs {
		s := r.Start
		for ; s < r.End && s&63 != 0; s++ {
			t.stamp(uint32(s), tick, false)
		}
		for ; s+64 <= r.End; s += 64 {
			t.markBlock(s>>6, tick)
		}
		for ; s < r.End; s++ {
			t.stamp(uint32(s), tick, false)
		}
	}
}

// Tracker is one consumer's view of the changes to a component in a
// world: a renderer, a save, a system. Each tracker remembers what it has
// looked at, so consumers drain the changes independently. Make one with
// [World.Track] when the consumer starts (in a system's setup, say) and
// keep it.
//
// A value counts as changed when it joined its entity (so every added one
// is changed too), when it was written through [Fields.Set],
// [Component.Set] or [Set] or replaced by an add, and, for a field
// component, when a system that declares it writes the component
// ([System.Writes]) asked for a view or walk covering it. Writes through
// pointers and columns anywhere else are not seen.
type Tracker struct {
	w                *World
	s                *set
	addedTo, changed uint64 // the ticks up to which this tracker has looked
}

// Track turns change detection on for component c in w and returns a new
// [Tracker] of it, which has seen nothing yet: its first look finds every
// entity holding c as added and changed. Each consumer needs its own.
// Once a component is tracked, its adds and checked writes stamp a tick
// (a few stores each); walks, views and columns that do not ask for
// changes cost what they did, except the views a system declaring that it
// writes c asks for, which mark 8 bytes per 64 slots they cover.
//
// Panics with an [*Error] of code [CodeConcurrent] in a system that
// declares its access.
func (w *World) Track(c ComponentType) *Tracker {
	if w.rec != nil {
		panic(&Error{Code: CodeConcurrent, Op: "Track", Component: c.Name(), System: w.rec.sysName()})
	}
	st := w.storeFor(c)
	s := st.members()
	if s.track == nil {
		t := &track{}
		for wi, word := range s.bits {
			for ; word != 0; word &= word - 1 {
				t.stamp(uint32(wi*64+bits.TrailingZeros64(word)), w.tick, true)
			}
		}
		s.track = t
		s.slowAdd = true
		if uint(s.id) < uint(len(w.plain)) {
			w.plain[s.id] = nil // adds stamp, so they take the long way
		}
	}
	return &Tracker{w: w, s: s}
}

// Added returns an iterator over the entities that have the component
// joined since this tracker's last Added loop began (all of them, the
// first time), in slot order. Changed returns those whose value changed
// (added ones included) since its last Changed loop began. Each loop is a
// walk: removals and destroys made in it wait until it ends. What joins or
// changes during a loop is found by the next one (an entity changed during
// the loop may be found by both). A loop finds nothing, at O(1), when
// nothing changed since the last; otherwise it costs O(slots/64) plus
// O(members) of the blocks of 64 slots that changed.
func (t *Tracker) Added() iter.Seq[Entity] {
	return func(yield func(Entity) bool) { t.walk(true, yield) }
}

// Changed returns an iterator over the entities whose value of the
// component changed since this tracker's last Changed loop began; see
// [Tracker.Added].
func (t *Tracker) Changed() iter.Seq[Entity] {
	return func(yield func(Entity) bool) { t.walk(false, yield) }
}

func (t *Tracker) walk(added bool, yield func(Entity) bool) {
	w, s, tr := t.w, t.s, t.s.track
	if w.rec != nil || w.par != nil && w.par.busy {
		panic(&Error{Code: CodeConcurrent, Op: "Tracker", Component: s.name,
			Hint: "loop over a Tracker in an exclusive system: the loop moves the world's change tick"})
	}
	from := &t.changed
	if added {
		from = &t.addedTo
	}
	since := *from
	*from = w.tick
	w.tick++ // what happens from now on is newer than what this loop looks at
	if tr.last <= since {
		return
	}
	if !added {
		tr.settle()
	}
	mark := w.beginWalk()
	defer w.endWalk(mark)
	n := min(len(s.bits), len(tr.latest))
	for wi := 0; wi < n; wi++ {
		word := s.bits[wi]
		if word == 0 || tr.latest[wi] <= since {
			continue
		}
		whole := !added && tr.blocks[wi] > since
		for ; word != 0; word &= word - 1 {
			slot := uint32(wi*64 + bits.TrailingZeros64(word))
			if !whole {
				st := tr.changed
				if added {
					st = tr.added
				}
				if slot >= uint32(len(st)) || st[slot] <= since {
					continue
				}
			}
			if !member(s, slot, mark) {
				continue
			}
			if !yield(makeEntity(slot, w.gens[slot])) {
				return
			}
		}
	}
}

// StructureEpoch returns a number that changes whenever an entity joins or
// leaves the set of any component (a spawn with components, an add, a
// removal, a destroy of an entity holding something), and only then, for
// caches of who holds what. O(number of components the world uses).
func (w *World) StructureEpoch() uint64 {
	var sum uint64
	for _, u := range w.used {
		sum += u.set.version
	}
	return sum
}

// markWrites marks the slots of view v, just refreshed, as written, for
// each of its components the running system declared it writes and a
// tracker watches: as a live mark of v, O(1).
func (w *World) markWrites(v *Slots) {
	for _, s := range v.sets {
		if s.track == nil {
			continue
		}
		for _, ws := range w.writing {
			if ws == s {
				s.track.liveMark(v, w.tick)
				break
			}
		}
	}
}

// liveMark records that view v's runs were written at tick. A live mark
// of v already there covers the same runs (refresh settles it before it
// recomputes them), so it only moves on.
func (t *track) liveMark(v *Slots, tick uint64) {
	t.last = max(t.last, tick)
	for i := range t.live {
		if t.live[i].v == v {
			t.live[i].tick = tick
			return
		}
	}
	t.live = append(t.live, liveMark{v, tick})
	v.liveMarks++
}
