package world

import "fmt"

// FreeIDs returns the ids [World.Create] hands out next, in the order it
// hands them out, and how many slots the world has ever used. With
// [World.Entities] it is the world's whole id state, which a save records
// so that a loaded world ([World.MakeIDs]) hands out the same ids and
// every id kept in a component names the same entity, or stays dead.
// O(free slots); it allocates the slice.
func (w *World) FreeIDs() (free []Entity, slots int) {
	free = make([]Entity, len(w.free))
	for i, e := range w.free {
		free[len(free)-1-i] = e
	}
	return free, len(w.gens)
}

// MakeIDs gives a world that has never made an entity the id state that
// [World.Entities] and [World.FreeIDs] of another world returned: the
// entities live are alive and hold nothing, Create hands out free next in
// that order, and every other slot below slots is retired (its
// generation ran out). Components, links and the rest are then added as
// to any entity. O(slots); it allocates the slot table.
//
// It returns an [*Error] of code [CodeBadIDs] and changes nothing when
// the world has made entities already, when slots is negative or past
// 2^32, or when an id's slot is not below slots, appears twice, or has
// generation 0.
func (w *World) MakeIDs(live, free []Entity, slots int) error {
	bad := func(e Entity, msg string, args ...any) error {
		return &Error{Code: CodeBadIDs, Op: "MakeIDs", Entity: e, Value: fmt.Sprintf(msg, args...)}
	}
	switch {
	case len(w.gens) > 0 || w.alive > 0:
		return bad(0, "the world has made entities already")
	case slots < 0 || uint64(slots) > maxSlot+1:
		return bad(0, "%d slots", slots)
	case len(live)+len(free) > slots:
		return bad(0, "%d ids in %d slots", len(live)+len(free), slots)
	}
	gens := make([]uint32, slots)
	seen := make([]bool, slots)
	for _, list := range [][]Entity{live, free} {
		for _, e := range list {
			s := e.Slot()
			switch {
			case s >= slots:
				return bad(e, "slot %d is not below %d", s, slots)
			case e.Generation() == 0:
				return bad(e, "generation 0")
			case seen[s]:
				return bad(e, "slot %d given twice", s)
			}
			seen[s] = true
		}
	}
	for _, e := range live {
		gens[e.Slot()] = e.Generation()
	}
	w.gens = gens
	w.alive = len(live)
	w.free = make([]Entity, len(free))
	for i, e := range free {
		w.free[len(free)-1-i] = e
	}
	return nil
}
