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

// member reports whether slot holds component s and did not join it
// during the loop that started at mark: what that loop may visit.
func member(s *set, slot uint32, mark uint64) bool {
	return s.has(slot) && !s.joinedSince(slot, mark)
}

// viewOf returns the cached view of the given sets, creating it on first
// use. Walks call it with sets they already hold, so no component handle
// is converted on the way.
func (w *World) viewOf(sets ...*set) *Slots {
	// A walk in a system asks for the same sets every step: comparing
	// pointers with the last few is cheaper than building the key.
	if v := w.recentSets.lookupSets(sets); v != nil {
		return v
	}
	v := w.findView(sets)
	w.recentSets.addSets(sets, v)
	return v
}

// findView finds or makes the view of sets.
func (w *World) findView(sets []*set) *Slots {
	var ids [maxViewComponents]int32
	for i, s := range sets {
		ids[i] = int32(s.id)
	}
	key := makeViewKey(ids[:len(sets)]...)
	if v := w.lookupView(key); v != nil {
		return v
	}
	v := &Slots{w: w, key: key, versions: make([]uint64, 0, key.n)}
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
