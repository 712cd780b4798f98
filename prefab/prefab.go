package prefab

import (
	"slices"

	"github.com/tessera-engine/tessera/world"
)

// Prefab is a named template for entities: the components each spawned
// entity gets and their starting values. Make one in code with [New] or
// [Prefab.Extend], or load one from data with a [Library]. A Prefab is
// immutable and safe to spawn from several goroutines at once, each with
// its own world.
type Prefab struct {
	name     string
	base     *Prefab
	parts    []Part    // one per component: plain values first, then factories
	children []*Prefab // spawned with each entity, linked to it by world.ChildOf
	size     int       // entities one spawn makes: 1 + the children's

	isChild   bool     // one of another prefab's children
	childName string   // its name among them; "" for none
	lib       *Library // the library whose data made it; nil for code
}

// New returns a prefab named name whose entities get parts. A part whose
// component repeats is laid over the earlier one, as a variant's part is
// laid over its base's (see [Value]); so is a [Child] whose name repeats.
//
// Panics with a [*world.Error] of code [CodeUnknownChild] if a [Child]
// has no prefab (only a variant can change a child it inherits).
func New(name string, parts ...Part) *Prefab {
	return newPrefab(name, nil, parts)
}

// Extend returns a variant of p named name: its entities get p's
// components and children, with parts laid over them. A [Value] merges
// over p's value field by field, a [Factory] replaces it, a [Patch] edits
// it and [None] removes the component; a [Child] replaces, changes or
// adds a child, and [NoChild] removes one. p is unchanged.
//
// Panics with a [*world.Error] of code [CodeUnknownChild] if a [Child]
// without a prefab names no child of p.
func (p *Prefab) Extend(name string, parts ...Part) *Prefab {
	return newPrefab(name, p, parts)
}

func newPrefab(name string, base *Prefab, parts []Part) *Prefab {
	comps, kids := split(parts)
	q := &Prefab{name: name, base: base}
	var baseParts []Part
	var baseKids []*Prefab
	if base != nil {
		baseParts, baseKids = base.parts, base.children
	}
	q.parts = resolve(baseParts, comps)
	children, err := layChildren(baseKids, kids)
	if err != nil {
		panic(err)
	}
	q.children, q.size = children, sizeOf(children)
	return q
}

// Name returns the prefab's name.
func (p *Prefab) Name() string { return p.name }

// String returns the prefab's name.
func (p *Prefab) String() string { return p.name }

// Base returns the prefab p extends, or nil.
func (p *Prefab) Base() *Prefab { return p.base }

// Is reports whether p is the prefab named name or extends it, directly or
// through other variants. It compares names, so it gives the same answer
// for the prefabs of a reloaded library.
func (p *Prefab) Is(name string) bool {
	for q := p; q != nil; q = q.base {
		if q.name == name {
			return true
		}
	}
	return false
}

// Components returns the components every entity spawned from p gets, in
// the order they are added: plain values first, then factories. It
// allocates.
func (p *Prefab) Components() []world.ComponentType {
	out := make([]world.ComponentType, len(p.parts))
	for i, part := range p.parts {
		out[i] = part.Component()
	}
	return out
}

// Spawn makes an entity from p and returns it: it records p as the
// entity's [Origin], copies each plain value into it, calls each factory
// with args, then spawns p's children the same way, each linked to its
// parent by [world.ChildOf], so that destroying the entity destroys them.
// Spawning a prefab whose values hold no pointers, slices, maps or
// interfaces, and that has no factories, allocates nothing once the world
// has grown. O(components + children), each child costing what its own
// spawn does.
func (p *Prefab) Spawn(w *world.World, args any) world.Entity {
	return p.spawn(w, args, 0)
}

// spawn spawns p as a child of parent, or as a root when parent is 0.
func (p *Prefab) spawn(w *world.World, args any, parent world.Entity) world.Entity {
	e := w.Create()
	if parent != 0 {
		linkChild(w, e, parent)
	}
	Origin.Add(w, e, p)
	s := Spawn{World: w, Entity: e, Prefab: p, Args: args, Parent: parent}
	for _, part := range p.parts {
		part.add(s)
	}
	for _, c := range p.children {
		c.spawn(w, args, e)
	}
	return e
}

// linkChild makes e, a new entity, a child of parent. It cannot close a
// cycle, e being new.
func linkChild(w *world.World, e, parent world.Entity) {
	if err := world.ChildOf.Set(w, e, parent); err != nil {
		panic(err)
	}
}

// SpawnOptions is how one spawn differs from the prefab. The zero value
// spawns the prefab as it is, with nil arguments.
type SpawnOptions struct {
	// Args is handed to the prefab's factories.
	Args any
	// With are parts added to this entity only, after the prefab's. A
	// [Value], [Factory] or [None] replaces the prefab's part for its
	// component (which is then never copied or called); a [Patch] edits
	// the value the entity got from the prefab; a [Child] or [NoChild]
	// changes the children it gets, as in a variant.
	With []Part
	// Without are components of the prefab this entity does not get;
	// their factories are not called.
	Without []world.ComponentType
}

// SpawnWith makes an entity from p as changed by o and returns it. Plain
// values go first, the prefab's and then o.With's, so that every factory
// (the prefab's, then o.With's) can read them; o.With's patches go last;
// then the children, as o.With's [Child] and [NoChild] parts change them.
// The entity's [Origin] is p, so what o changed counts as changed since
// spawn (see [Changes]).
func (p *Prefab) SpawnWith(w *world.World, o SpawnOptions) world.Entity {
	with, kids := split(o.With)
	o.With = with
	e := w.Create()
	Origin.Add(w, e, p)
	s := Spawn{World: w, Entity: e, Prefab: p, Args: o.Args}
	for _, factories := range []bool{false, true} {
		for _, part := range p.parts {
			if part.factory() == factories && !skipped(part.Component().ID(), o) {
				part.add(s)
			}
		}
		for _, part := range o.With {
			if _, patch := part.(interface{ patch() }); !patch && part.factory() == factories {
				part.add(s)
			}
		}
	}
	for _, part := range o.With {
		if _, patch := part.(interface{ patch() }); patch {
			part.add(s)
		}
	}
	children, err := layChildren(p.children, kids)
	if err != nil {
		panic(err)
	}
	for _, c := range children {
		c.spawn(w, o.Args, e)
	}
	return e
}

func skipped(id int, o SpawnOptions) bool {
	for _, c := range o.Without {
		if c.ID() == id {
			return true
		}
	}
	for _, part := range o.With {
		if _, patch := part.(interface{ patch() }); !patch && part.Component().ID() == id {
			return true
		}
	}
	return false
}

func (p *patchPart[T]) patch() {}

// resolve lays parts over base, a resolved list, and returns the resolved
// result: one part per component, in the order components first appear,
// plain values before factories.
func resolve(base, parts []Part) []Part {
	list := slices.Clone(base)
	for _, part := range parts {
		list = layOver(list, part)
	}
	slices.SortStableFunc(list, func(a, b Part) int {
		switch {
		case a.factory() == b.factory():
			return 0
		case b.factory():
			return -1
		}
		return 1
	})
	return list
}

// layOver lays part over the entry of list for its component.
func layOver(list []Part, part Part) []Part {
	id := part.Component().ID()
	i := slices.IndexFunc(list, func(q Part) bool { return q.Component().ID() == id })
	var prev Part
	if i >= 0 {
		prev = list[i]
	}
	next := part.over(prev)
	switch {
	case next == nil && i >= 0:
		return slices.Delete(list, i, i+1)
	case next == nil:
		return list
	case i >= 0:
		list[i] = next
		return list
	}
	return append(list, next)
}

// Fill gives e, a live entity, what spawning p gives the entity itself,
// for loaders that make every entity, its id and its links themselves
// (package save): p as e's [Origin], then p's plain values, then its
// factories called with args, leaving out the components in without
// (their factories are not called). It neither spawns p's children nor
// links e to a parent; parent is what factories see as [Spawn.Parent].
// For a child, p is one of its parent's prefab's [Prefab.Children]. It
// costs what [Prefab.Spawn] costs for the entity alone.
//
// Panics as [Prefab.Spawn] does when a factory panics, and with a
// [*world.Error] of code [world.CodeDeadEntity] when e is not alive.
func (p *Prefab) Fill(w *world.World, e world.Entity, args any, parent world.Entity, without ...world.ComponentType) {
	Origin.Add(w, e, p)
	o := SpawnOptions{Without: without}
	s := Spawn{World: w, Entity: e, Prefab: p, Args: args, Parent: parent}
	for _, factories := range []bool{false, true} {
		for _, part := range p.parts {
			if part.factory() == factories && !skipped(part.Component().ID(), o) {
				part.add(s)
			}
		}
	}
}
