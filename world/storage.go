package world

import (
	"fmt"
	"unicode/utf8"
)

// set is the membership half of a component's storage: a sparse set over
// slots. Both component kinds use it; only where values live differs.
type set struct {
	id     int
	name   string
	field  bool
	sparse []uint32 // slot -> dense index + 1; 0 means absent
	dense  []uint32 // dense index -> slot
	views  []*Slots // cached slot views that include this component
}

// index returns the dense index of slot plus one, or 0 when the slot does
// not hold the component.
func (s *set) index(slot uint32) uint32 {
	if slot < uint32(len(s.sparse)) {
		return s.sparse[slot]
	}
	return 0
}

// join records slot as a new member and returns its dense index.
func (s *set) join(slot uint32) int {
	if slot >= uint32(len(s.sparse)) {
		s.sparse = grow(s.sparse, int(slot)+1)
	}
	s.dense = append(s.dense, slot)
	s.sparse[slot] = uint32(len(s.dense))
	return len(s.dense) - 1
}

// leave removes slot from the set by moving the last member into its place
// and returns the dense index it held and the one that moved (the last).
func (s *set) leave(slot uint32) (hole, last int) {
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

// store is the untyped face of a component's storage, for the operations
// that do not know the value type: remove, destroy, inspection.
type store interface {
	members() *set
	remove(slot uint32)
	preview(slot uint32, max int) string
}

// storage holds one component's values for one world. For an object
// component vals is packed beside set.dense; for a field component it is
// the column, indexed by slot.
type storage[T any] struct {
	set
	vals []T
}

func newStorage[T any](id int, name string, field bool) *storage[T] {
	return &storage[T]{set: set{id: id, name: name, field: field}}
}

func (s *storage[T]) members() *set { return &s.set }

// ptr returns the value of a member given its slot and its dense index + 1.
func (s *storage[T]) ptr(slot, i uint32) *T {
	if s.field {
		return &s.vals[slot]
	}
	return &s.vals[i-1]
}

// put stores v for slot, joining the set if the slot is not a member yet,
// and reports whether it joined.
func (s *storage[T]) put(slot uint32, v T) bool {
	if i := s.index(slot); i != 0 {
		*s.ptr(slot, i) = v
		return false
	}
	s.join(slot)
	if s.field {
		if slot >= uint32(len(s.vals)) {
			s.vals = grow(s.vals, int(slot)+1)
		}
		s.vals[slot] = v
	} else {
		s.vals = append(s.vals, v)
	}
	return true
}

func (s *storage[T]) remove(slot uint32) {
	if s.index(slot) == 0 {
		return
	}
	hole, last := s.leave(slot)
	if !s.field {
		s.vals[hole] = s.vals[last]
		var zero T
		s.vals[last] = zero // let the garbage collector have what it referenced
		s.vals = s.vals[:last]
	}
	for _, v := range s.views {
		v.left(slot)
	}
}

func (s *storage[T]) preview(slot uint32, max int) string {
	i := s.index(slot)
	if i == 0 {
		return ""
	}
	var text string
	if s.field {
		text = fmt.Sprintf("%+v", s.vals[slot])
	} else {
		text = fmt.Sprintf("%+v", s.vals[i-1])
	}
	return truncate(text, max)
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

// addTo is the one path every add takes: it creates the world's storage for
// the component on first use, cancels a deferred removal of the same
// component, and tells the cached slot views about a new member.
func addTo[T any](w *World, k Key[T], slot uint32, v T) {
	s := k.storage(w)
	if s == nil {
		s = w.storeFor(k).(*storage[T])
	}
	if w.pendingRemoves > 0 {
		w.cancelRemove(slot, s.id)
	}
	if s.put(slot, v) {
		for _, view := range s.views {
			view.joined(slot)
		}
	}
}
