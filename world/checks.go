package world

import (
	"fmt"
	"unsafe"
)

// The invariants the unchecked fast paths rest on, in one place. Fields.Get
// and the inlined walks over field components read values through
// storage.member, without a bounds check, and walks hand out ids built
// from the view's slots and World.gens; these must hold for that to be
// safe:
//
//  1. An owned storage (a field component's, not a tag's) has exactly one
//     owner word per column entry: len(owner) == len(vals). Fields.Get
//     checks only the owner's length.
//  2. A slot whose owner word matches an entity's generation (the sum is
//     2^32) holds the component, and that entity is the slot's live one:
//     the slot's bit is set and World.gens[slot] is that generation.
//  3. A slot in the runs of a view a walk iterates holds every component
//     of the view (its bit is set in every set) and a live entity
//     (World.gens[slot] != 0), and is inside the column of every field
//     component of the view (columns never shrink, and put grows them
//     before a slot joins).
//  4. An object component's packed arrays agree: for a member slot,
//     sparse[slot]-1 is inside dense and vals, and dense of it is slot.
//
// And, for the data rather than the store: a field component's column
// holds no NaN in a member's value. A raw write may put one there (only
// the checked writes refuse it); the checked build reports it where it is
// read.
//
// The tesseradebug build (go test -tags tesseradebug) checks all of this
// on every access of Fields.Get and of every walk, panicking with an
// [*Error] of code [CodeBrokenInvariant] (or [CodeNaN] for a NaN) that
// names the operation, component and entity. In other builds debugChecks
// is false, the checks are compiled out, and they cost nothing: not even
// inlining budget, since the compiler drops an if on a false constant
// before it counts.

// checkGet checks invariants 1 and 2 and the value, for Fields.Get's hit
// on slot by an entity of generation gen.
func checkGet[T any](w *World, s *storage[T], slot uint32, gen uint32) {
	e := makeEntity(slot, gen)
	switch {
	case len(s.owner) != len(s.vals):
		brokenInvariant("Get", s.name, e, "owner words %d, column %d", len(s.owner), len(s.vals))
	case !s.has(slot):
		brokenInvariant("Get", s.name, e, "owner word matches, but the slot's bit is clear")
	case slot >= uint32(len(w.gens)) || w.gens[slot] != gen:
		brokenInvariant("Get", s.name, e, "owner word matches, but the slot's live generation is not the id's")
	}
	checkValue(s, slot, "Get", e)
}

// checkVisit checks invariant 3 (and 4, for an object component) for
// component s of a walk visiting slot, whose entity has generation gen,
// and the value.
func checkVisit[T any](w *World, s *storage[T], slot int, gen uint32) {
	e := makeEntity(uint32(slot), gen)
	switch {
	case !s.has(uint32(slot)):
		brokenInvariant("walk", s.name, e, "a slot of the view does not hold the component")
	case slot >= len(w.gens) || gen == 0 || w.gens[slot] != gen:
		brokenInvariant("walk", s.name, e, "a slot of the view holds no live entity")
	case s.field && slot >= len(s.vals):
		brokenInvariant("walk", s.name, e, "a slot of the view lies outside the column (length %d)", len(s.vals))
	case s.owned && len(s.owner) != len(s.vals):
		brokenInvariant("walk", s.name, e, "owner words %d, column %d", len(s.owner), len(s.vals))
	}
	checkObject(s, uint32(slot), "walk", e)
	checkValue(s, uint32(slot), "walk", e)
}

// checkObject checks invariant 4 for member slot of object component s.
func checkObject[T any](s *storage[T], slot uint32, op string, e Entity) {
	if s.field {
		return
	}
	if slot >= uint32(len(s.sparse)) || s.sparse[slot] == 0 {
		brokenInvariant(op, s.name, e, "a member has no packed index")
	}
	if i := s.sparse[slot] - 1; int(i) >= len(s.dense) || len(s.vals) != len(s.dense) || s.dense[i] != slot {
		brokenInvariant(op, s.name, e, "packed arrays disagree")
	}
}

// checkValue reports a NaN in the value at slot of a field component.
func checkValue[T any](s *storage[T], slot uint32, op string, e Entity) {
	if !s.field || len(s.floats) == 0 || slot >= uint32(len(s.vals)) {
		return
	}
	if f, ok := firstNaN(s.floats, unsafe.Pointer(&s.vals[slot])); ok {
		panic(&Error{Code: CodeNaN, Op: op, Component: s.name, Entity: e, Field: f.path, Value: "NaN",
			Hint: "a raw write (a column or a pointer) stored a NaN; write through Set to have it refused"})
	}
}

// brokenInvariant panics with the error of a broken invariant.
func brokenInvariant(op, component string, e Entity, format string, args ...any) {
	panic(&Error{Code: CodeBrokenInvariant, Op: op, Component: component, Entity: e, Value: fmt.Sprintf(format, args...)})
}

// checkRestored checks, in the tesseradebug build, that every store of w
// holds a whole state after a Restore: the invariants above, and counts,
// owner words and links that agree with the membership.
func checkRestored(w *World) {
	for _, u := range w.used {
		u.store.verify(w)
	}
}

// verifySet checks a set's membership against w's live entities, its
// count and, for an object-like set, its packed arrays (invariant 4).
func (s *set) verifySet(w *World) {
	n := 0
	forMembers(s.bits, func(slot uint32) {
		n++
		gen := genAt(w, int(slot))
		e := makeEntity(slot, gen)
		if gen == 0 {
			brokenInvariant("Restore", s.name, e, "a member slot holds no live entity")
		}
		if s.field {
			return
		}
		if slot >= uint32(len(s.sparse)) || s.sparse[slot] == 0 || int(s.sparse[slot]-1) >= len(s.dense) || s.dense[s.sparse[slot]-1] != slot {
			brokenInvariant("Restore", s.name, e, "packed arrays disagree")
		}
	})
	if n != s.count || (!s.field && len(s.dense) != n) {
		brokenInvariant("Restore", s.name, 0, "%d members, count %d, %d packed", n, s.count, len(s.dense))
	}
}

func (s *storage[T]) verify(w *World) {
	s.verifySet(w)
	switch {
	case s.owned && len(s.owner) != len(s.vals):
		brokenInvariant("Restore", s.name, 0, "owner words %d, column %d", len(s.owner), len(s.vals))
	case !s.field && len(s.vals) != len(s.dense):
		brokenInvariant("Restore", s.name, 0, "%d values, %d packed", len(s.vals), len(s.dense))
	}
	if !s.owned {
		return
	}
	for slot, word := range s.owner {
		var want uint32
		if s.has(uint32(slot)) {
			want = ownerWord(w.gens[slot])
		}
		if word != want {
			brokenInvariant("Restore", s.name, makeEntity(uint32(slot), genAt(w, slot)), "owner word %#x, want %#x", word, want)
		}
	}
}

func (r *relationStore) verify(w *World) {
	r.verifySet(w)
	links, places := 0, 0
	forMembers(r.bits, func(slot uint32) {
		src := makeEntity(slot, w.gens[slot])
		ts := r.targets(slot)
		links += len(ts)
		for j, t := range ts {
			if !w.IsAlive(t) || !r.rev.has(uint32(t)) {
				brokenInvariant("Restore", r.name, src, "a target %v that is dead or has no sources", t)
			}
			// Each side knows the link's place in the other's list.
			i := *r.backOf(slot, uint32(j))
			if srcs := r.rev.srcs[uint32(t)]; int(i) >= len(srcs) || srcs[i] != src || r.rev.back[uint32(t)][i] != uint32(j) {
				brokenInvariant("Restore", r.name, src, "its link to %v is not at place %d of the target's sources", t, i)
			}
		}
	})
	// Each link is at a place of its own (the places name their links
	// back), so as many places as links means no place without one.
	forMembers(r.rev.bits, func(slot uint32) {
		places += len(r.rev.srcs[slot])
		if len(r.rev.back[slot]) != len(r.rev.srcs[slot]) {
			brokenInvariant("Restore", r.rev.name, makeEntity(slot, w.gens[slot]), "%d sources and %d places", len(r.rev.srcs[slot]), len(r.rev.back[slot]))
		}
	})
	if links != places {
		brokenInvariant("Restore", r.name, 0, "%d links and %d places in the targets' sources", links, places)
	}
}

func (v *reverseStore) verify(w *World) {
	v.verifySet(w)
	forMembers(v.bits, func(slot uint32) {
		if len(v.srcs[slot]) == 0 {
			brokenInvariant("Restore", v.name, makeEntity(slot, w.gens[slot]), "a target with no sources")
		}
	})
}
