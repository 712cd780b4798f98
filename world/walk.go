package world

// smallest returns the set with the fewest members: the one a walk starts
// from.
func smallest(sets ...*set) *set {
	s := sets[0]
	for _, t := range sets[1:] {
		if t.count < s.count {
			s = t
		}
	}
	return s
}

// member reports whether slot holds component s and did not join it during
// the walks in progress after the first j0 joins: what a walk that began
// at j0 may visit.
func (w *World) member(s *set, slot uint32, j0 int) bool {
	return s.has(slot) && (len(w.joins) == j0 || !w.joinedSince(j0, s, slot))
}

// viewOf returns the cached view of the given sets, creating it on first
// use. Walks call it with sets they already hold, so no component handle
// is converted on the way.
func (w *World) viewOf(sets ...*set) *Slots {
	var ids [maxViewComponents]int32
	for i, s := range sets {
		ids[i] = int32(s.id)
	}
	key := makeViewKey(ids[:len(sets)]...)
	if v := w.lookupView(key); v != nil {
		return v
	}
	v := &Slots{key: key, versions: make([]uint64, 0, key.n)}
	for _, id := range key.ids[:key.n] {
		for _, s := range sets {
			if s.id == int(id) {
				v.sets = append(v.sets, s)
				v.versions = append(v.versions, 0)
				break
			}
		}
	}
	w.views = append(w.views, v)
	return v
}
