package world

import (
	"fmt"
	"reflect"
	"slices"
)

// ResourceType is what every resource handle has in common, whatever its
// value type: [*Resource] implements it, for a [System]'s ReadsResources
// and WritesResources.
type ResourceType interface {
	Name() string
	resourceID() int
}

// bitset is a set of small non-negative ints (component or resource ids).
type bitset []uint64

func (b *bitset) add(i int) {
	w := i >> 6
	if w >= len(*b) {
		*b = grow(*b, w+1)
	}
	(*b)[w] |= 1 << (i & 63)
}

func (b bitset) has(i int) bool {
	w := i >> 6
	return i >= 0 && w < len(b) && b[w]&(1<<(i&63)) != 0
}

// meets reports whether b and c share a member.
func (b bitset) meets(c bitset) bool {
	for i := range min(len(b), len(c)) {
		if b[i]&c[i] != 0 {
			return true
		}
	}
	return false
}

// access is a system's declared access, compiled when it is added: the
// sets the scheduler compares and the tesseradebug build checks against.
// A relationship and its reverse side are one conflict key (the
// relationship's id), since writing one writes the other.
type access struct {
	exclusive bool
	// For conflicts: the components read and written (values or
	// membership), the resources, and whether it spawns or destroys
	// (the entity allocator: such systems never overlap).
	reads, writes bitset
	resR, resW    bitset
	spawns, dooms bool           // dooms: it declares Destroys
	touch         bitset         // every component id named in any list, both sides of a relationship
	values        bitset         // Writes
	adds, removes bitset         // Adds and Spawns (with requirements); Removes
	spawned       bitset         // Spawns (with requirements)
	destroys      bitset         // Destroys
	readOnly      []int          // ids only in Reads, for the tesseradebug build's write check
	readOnlyRes   []ResourceType // the resources only in ReadsResources, for the same check
}

// declares reports whether s declares its access: any list given, even
// empty, and Exclusive false.
func (s *System) declares() bool {
	return !s.Exclusive && (s.Reads != nil || s.Writes != nil || s.Adds != nil || s.Removes != nil ||
		s.Spawns != nil || s.Destroys != nil || s.ReadsResources != nil || s.WritesResources != nil)
}

// compileAccess checks s's declarations and compiles them. It returns an
// [*Error] of code [CodeInvalidSystem] naming the first entry that is not
// a defined component or resource.
func compileAccess(s *System) (*access, error) {
	a := &access{exclusive: !s.declares()}
	lists := []struct {
		name string
		cs   []ComponentType
	}{
		{"Reads", s.Reads}, {"Writes", s.Writes}, {"Adds", s.Adds},
		{"Removes", s.Removes}, {"Spawns", s.Spawns}, {"Destroys", s.Destroys},
	}
	for _, l := range lists {
		for i, c := range l.cs {
			if c == nil || isNil(c) || handleOf(c.ID()) == nil {
				return nil, &Error{Code: CodeInvalidSystem, Op: "AddSystem", System: s.Name, Field: fmt.Sprintf("%s[%d]", l.name, i), Value: "not a defined component"}
			}
		}
	}
	for i, r := range s.ReadsResources {
		if !definedResource(r) {
			return nil, &Error{Code: CodeInvalidSystem, Op: "AddSystem", System: s.Name, Field: fmt.Sprintf("ReadsResources[%d]", i), Value: "not a defined resource"}
		}
		a.resR.add(r.resourceID())
	}
	for i, r := range s.WritesResources {
		if !definedResource(r) {
			return nil, &Error{Code: CodeInvalidSystem, Op: "AddSystem", System: s.Name, Field: fmt.Sprintf("WritesResources[%d]", i), Value: "not a defined resource"}
		}
		a.resW.add(r.resourceID())
	}
	if a.exclusive {
		return a, nil
	}
	for _, c := range s.Reads {
		a.reads.add(conflictKey(c))
		a.mark(c, nil)
	}
	for _, c := range s.Writes {
		a.writes.add(conflictKey(c))
		a.mark(c, &a.values)
	}
	// What joins an entity brings its requirements along: they are adds too.
	withRequires := func(cs []ComponentType, into ...*bitset) {
		for _, c := range cs {
			for _, r := range append([]ComponentType{c}, c.base().requires...) {
				a.writes.add(conflictKey(r))
				for _, b := range into {
					a.mark(r, b)
				}
			}
		}
	}
	withRequires(s.Adds, &a.adds)
	withRequires(s.Spawns, &a.adds, &a.spawned)
	for _, c := range s.Removes {
		a.writes.add(conflictKey(c))
		a.mark(c, &a.removes)
	}
	for _, c := range s.Destroys {
		a.writes.add(conflictKey(c))
		a.mark(c, &a.destroys)
	}
	a.spawns, a.dooms = s.Spawns != nil, s.Destroys != nil
	for _, c := range s.Reads {
		if id := c.ID(); !a.writes.has(conflictKey(c)) {
			a.readOnly = append(a.readOnly, id)
		}
	}
	for _, r := range s.ReadsResources {
		if id := r.resourceID(); !a.resW.has(id) && !slices.Contains(a.readOnlyRes, r) {
			a.readOnlyRes = append(a.readOnlyRes, r)
		}
	}
	return a, nil
}

// mark notes that c is named, both sides of a relationship, in touch and
// in b (when not nil).
func (a *access) mark(c ComponentType, b *bitset) {
	ids := []int{c.ID()}
	switch h := handleOf(c.ID()).(type) {
	case *Relation:
		ids = append(ids, h.rev.ID())
	case *Reverse:
		ids = append(ids, h.rel.ID())
	}
	for _, id := range ids {
		a.touch.add(id)
		if b != nil {
			b.add(id)
		}
	}
}

// conflictKey is the id the scheduler compares for c: a relationship's
// for either of its sides.
func conflictKey(c ComponentType) int {
	if r, ok := handleOf(c.ID()).(*Reverse); ok {
		return r.rel.ID()
	}
	return c.ID()
}

// conflicts reports whether two systems may not overlap: either is
// exclusive, one writes what the other reads or writes (a component or a
// resource), or both spawn or destroy entities.
func (a *access) conflicts(b *access) bool {
	switch {
	case a.exclusive || b.exclusive:
		return true
	case (a.spawns || a.dooms) && (b.spawns || b.dooms):
		return true
	}
	return a.writes.meets(b.writes) || a.writes.meets(b.reads) || b.writes.meets(a.reads) ||
		a.resW.meets(b.resW) || a.resW.meets(b.resR) || b.resW.meets(a.resR)
}

// definedResource reports whether r is a resource handle DefineResource
// made.
func definedResource(r ResourceType) bool {
	if r == nil {
		return false
	}
	if v := reflect.ValueOf(r); v.Kind() == reflect.Pointer && v.IsNil() {
		return false
	}
	return r.resourceID() != 0
}
