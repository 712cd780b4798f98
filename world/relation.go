package world

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"
)

// RelationOptions configure a relationship at its definition
// ([DefineRelation]). The zero value is a relationship whose sources may
// have any number of targets, that allows cycles, and whose sources are
// only detached when a target is destroyed.
type RelationOptions struct {
	// Reverse names the reverse side (see [Relation.Reverse]); "" means
	// the relationship's name with "Sources" appended.
	Reverse string
	// Exclusive gives each source at most one target: setting another
	// replaces it.
	Exclusive bool
	// LinkedDespawn destroys a target's sources with it, and theirs,
	// recursively, in the same change (see [World.Destroy]); otherwise
	// destroying a target only detaches its sources.
	LinkedDespawn bool
	// Acyclic refuses a link that would close a cycle (a source that is,
	// through its targets, its own target), with an [*Error] of code
	// [CodeCycle] naming both entities. The check is O(1) for a source
	// that is nobody's target (a leaf, such as a new entity); otherwise it
	// follows the target's targets: O(depth) for an exclusive
	// relationship.
	Acyclic bool
	// Requires lists the components a source must hold, as
	// [Options.Requires] does for a component: they join the source, with
	// their defaults, when the relationship first does.
	Requires []ComponentType
}

// Relation is the handle of a relationship: a component on a source entity
// that names target entities. The source side is the only one written
// ([Relation.Set], [Relation.Unset], [World.Remove]); the world keeps the
// reverse side, from each target to its sources, as a read-only index, so
// [Relation.Sources] costs O(1) and a loop over it O(k) for k sources.
// Attaching, detaching and replacing a target are O(1) amortized: each
// link knows its place in the other side's list.
//
// Destroying a target never leaves a source naming it: the sources are
// destroyed with it (LinkedDespawn) or detached. A relationship is a
// [ComponentType] of its sources (so [World.Has], [World.Count],
// [World.Slots] and [World.Remove] work on it), but not a [Key]: walks
// cannot name it, and it has no value to Get.
//
// [ChildOf] and [Children] are the built-in hierarchy.
type Relation struct {
	info
	opts RelationOptions
	rev  *Reverse
}

// Reverse is the target side of a relationship: a [ComponentType] held by
// every entity that is the target of at least one source, for [World.Has],
// [World.Count] and [World.Slots]. Only the world writes it: removing it
// panics.
type Reverse struct {
	info
	rel *Relation
}

// The built-in hierarchy: an entity is ChildOf its one parent, and a
// parent's Children are every entity ChildOf it. Destroying a parent
// destroys its children, recursively; a cycle (an entity its own
// ancestor) is refused. The transform system of package systems places
// children relative to their parents.
var (
	ChildOf  = DefineRelation("ChildOf", RelationOptions{Reverse: "Children", Exclusive: true, LinkedDespawn: true, Acyclic: true})
	Children = ChildOf.Reverse()
)

// DefineRelation defines a new relationship named name, configured by
// opts. Every call makes a new relationship, whatever its name.
//
// Panics as [DefineComponent] does for bad Requires.
func DefineRelation(name string, opts RelationOptions) *Relation {
	if opts.Reverse == "" {
		opts.Reverse = name + "Sources"
	}
	r := setHandle(&Relation{info: newInfo[struct{}](name, opts.Requires), opts: opts})
	r.rev = setHandle(&Reverse{info: info{id: register(), name: opts.Reverse}, rel: r})
	return r
}

// Reverse returns the relationship's target side.
func (r *Relation) Reverse() *Reverse { return r.rev }

// Options returns the options the relationship was defined with.
func (r *Relation) Options() RelationOptions { return r.opts }

// IsFields reports false.
func (r *Relation) IsFields() bool { return false }

func (r *Relation) newStore() store {
	rs := &relationStore{rel: r}
	rs.set = set{id: r.id, name: r.name, requires: r.requires, relation: true}
	rs.rev = &reverseStore{src: rs}
	rs.rev.set = set{id: r.rev.id, name: r.rev.name, relation: true, reverse: true}
	return rs
}

// A relationship cannot be required: expandRequires refuses it.
func (r *Relation) addDefault(*World, Entity) {}

// Relation returns the relationship whose target side r is.
func (r *Reverse) Relation() *Relation { return r.rel }

// IsFields reports false.
func (r *Reverse) IsFields() bool { return false }

// The reverse side is built with its relationship's (see World.storeFor).
func (r *Reverse) newStore() store { return r.rel.newStore().(*relationStore).rev }

func (r *Reverse) addDefault(*World, Entity) {}

// storeOf returns the world's store of the relationship, making it on
// first use.
func (r *Relation) storeOf(w *World) *relationStore {
	if uint(r.id) < uint(len(w.typed)) {
		if p := w.typed[r.id]; p != nil {
			return (*relationStore)(p)
		}
	}
	return w.storeFor(r).(*relationStore)
}

// lookup returns the world's store of the relationship, or nil.
func (r *Relation) lookup(w *World) *relationStore {
	if debugChecks && w.rec != nil {
		w.checkTouch(r.id, "use")
	}
	if uint(r.id) < uint(len(w.typed)) {
		return (*relationStore)(w.typed[r.id])
	}
	return nil
}

// Set links source to target. For an exclusive relationship it replaces
// the target source had. When the relationship joins source, the
// components it requires join first (see [RelationOptions.Requires]).
// Linking is immediate, during walks too; a removal of the link (or, for
// an exclusive relationship, of the relationship) still waiting for a walk
// to end is cancelled. O(1) amortized, plus the cycle check of an acyclic
// relationship.
//
// It returns an [*Error] of code [CodeCycle], changing nothing, when the
// relationship is acyclic and target is source or has source among its
// targets, transitively.
//
// Panics with an [*Error] of code [CodeDeadEntity] if source or target is
// not alive.
func (r *Relation) Set(w *World, source, target Entity) error {
	w.mustAlive(source, "Set", r.name)
	if !w.usable(target) {
		panic(&Error{Code: CodeDeadEntity, Op: "Set", Component: r.name, Entity: source, Other: target, Field: "target"})
	}
	if w.rec != nil {
		return r.recordLink(w, source, target)
	}
	if err := r.storeOf(w).link(w, source, target); err != nil {
		return err
	}
	w.afterAdd()
	return nil
}

// recordLink is Set on lane w: it refuses a cycle the links as they were
// when the lane was synced would make, and records the link.
func (r *Relation) recordLink(w *World, source, target Entity) error {
	if rs := r.lookup(w); rs != nil && r.opts.Acyclic && w.IsAlive(target) && (source == target || rs.reaches(target, source)) {
		return &Error{Code: CodeCycle, Op: "Set", Component: r.name, Entity: source, Other: target}
	}
	w.record(cmdLink, source, r, target)
	return nil
}

// Unset removes the link from source to target, if there is one. Inside a
// walk or a system run it waits until the outermost one ends, as
// [World.Remove] does. When source has no target left, it no longer holds
// the relationship.
func (r *Relation) Unset(w *World, source, target Entity) {
	if w.rec != nil { // recorded even if not linked now: the lane's record may link them
		if w.usable(source) {
			w.record(cmdUnlink, source, r, target)
		}
		return
	}
	rs := r.lookup(w)
	if rs == nil || !w.IsAlive(source) || rs.index(uint32(source), target) < 0 {
		return
	}
	if w.deferring > 0 {
		w.pending = append(w.pending, op{e: source, id: r.id, target: target})
		rs.unlinksPending++
		return
	}
	rs.unlink(uint32(source), rs.index(uint32(source), target))
}

// unlinkNow applies a deferred Unset.
func (w *World) unlinkNow(e Entity, s *set, target Entity) {
	rs := (*relationStore)(w.typed[s.id])
	if rs.unlinksPending > 0 {
		rs.unlinksPending--
	}
	if !w.IsAlive(e) {
		return
	}
	if j := rs.index(uint32(e), target); j >= 0 {
		rs.unlink(uint32(e), j)
	}
}

// Target returns source's target (for a relationship that is not
// exclusive, its first) and true, or 0 and false when source is dead or
// has none. O(1), no allocation.
func (r *Relation) Target(w *World, source Entity) (Entity, bool) {
	if ts := r.Targets(w, source); len(ts) > 0 {
		return ts[0], true
	}
	return 0, false
}

// Targets returns source's targets, nil when it is dead or has none. The
// slice is the world's own: do not modify it; it is valid until the next
// change of source's links. O(1), no allocation.
func (r *Relation) Targets(w *World, source Entity) []Entity {
	rs := r.lookup(w)
	if rs == nil || !w.IsAlive(source) || !rs.has(uint32(source)) {
		return nil
	}
	return rs.targets(uint32(source))
}

// Sources returns the entities that have target among their targets (a
// parent's children, for [ChildOf]), nil when target is dead or has none.
// They come in the order they were linked, except that unlinking one
// moves the last into its place, and [Relation.OrderSources] sets any
// order. The world hash covers the order. The slice is the world's own:
// do not modify it; it is valid until the next change of target's links,
// so copy it (slices.Clone) to change the links while looping. O(1), no
// allocation.
func (r *Relation) Sources(w *World, target Entity) []Entity {
	rs := r.lookup(w)
	if rs == nil || !w.IsAlive(target) || !rs.rev.has(uint32(target)) {
		return nil
	}
	return rs.rev.srcs[uint32(target)]
}

// OrderSources puts target's sources in the order of order, which must
// hold every one of them once: [Relation.Sources] returns them in that
// order until the links change again. Links, memberships and every
// source's targets stay as they were. It is how a game sorts a parent's
// children (slices.Clone the sources, sort the copy, order by it), and
// how a load gives a target back its saved order. Immediate, during
// walks too; O(k) for k sources, plus each source's targets for a
// relationship that is not exclusive. An order equal to the current one
// changes nothing; any other marks target's side changed for trackers,
// as a link does. order is not kept.
//
// It returns an [*Error] of code [CodeBadOrder], changing nothing, when
// order is not target's sources (one missing or twice, or an entity that
// is not one of them). Panics with an [*Error] of code [CodeDeadEntity]
// if target is not alive.
//
// In a system that declares its access, and in a batch of a parallel
// walk, it is recorded as a link is (the system lists r in its Adds): it
// returns nil and takes effect where the system's other recorded changes
// do, after the links it recorded before it, as the same calls in an
// exclusive system would; [Relation.Sources] read on the lane still
// gives the order as it was. An order that is not target's sources then
// is the system's error, a [*SystemError] naming it and wrapping the
// [CodeBadOrder] error (a parallel walk outside systems panics with it,
// once every batch has applied).
func (r *Relation) OrderSources(w *World, target Entity, order []Entity) error {
	w.mustAlive(target, "OrderSources", r.rev.name)
	if w.rec != nil {
		w.recordOrder(r, target, order)
		return nil
	}
	rs := r.lookup(w)
	var n int
	if rs != nil && rs.rev.has(uint32(target)) {
		n = len(rs.rev.srcs[uint32(target)])
	}
	if len(order) != n {
		return &Error{Code: CodeBadOrder, Op: "OrderSources", Component: r.rev.name, Entity: target,
			Value: fmt.Sprintf("%d entities for %d sources", len(order), n)}
	}
	if n == 0 {
		return nil
	}
	return rs.orderSources(w, target, order)
}

// orderSources is OrderSources of a target that has len(order) sources.
func (r *relationStore) orderSources(w *World, target Entity, order []Entity) error {
	ts := uint32(target)
	rv := r.rev
	// Each source's link to target: its place in the source's list of
	// targets (places), found from the source's side so that target's own
	// list is only written once order is known to be a permutation of it.
	places := make([]uint32, len(order))
	seen := make([]bool, len(order))
	same := true
	for i, s := range order {
		j := -1
		if w.IsAlive(s) {
			j = r.index(uint32(s), target)
		}
		if j < 0 {
			return &Error{Code: CodeBadOrder, Op: "OrderSources", Component: r.rev.name, Entity: target, Other: s,
				Value: fmt.Sprintf("%v is not one of its sources", s)}
		}
		at := *r.backOf(uint32(s), uint32(j))
		if seen[at] {
			return &Error{Code: CodeBadOrder, Op: "OrderSources", Component: r.rev.name, Entity: target, Other: s,
				Value: fmt.Sprintf("%v is in the order twice", s)}
		}
		seen[at] = true
		places[i] = uint32(j)
		same = same && at == uint32(i)
	}
	if same {
		return nil
	}
	srcs, back := rv.srcs[ts], rv.back[ts]
	for i, s := range order {
		srcs[i], back[i] = s, places[i]
		*r.backOf(uint32(s), places[i]) = uint32(i)
	}
	if rv.track != nil {
		rv.track.stamp(ts, w.tick, false)
	}
	return nil
}

// With returns a [Part] that links the spawned entity to target, for
// [World.Spawn]. Spawning panics if target is not alive.
func (r *Relation) With(target Entity) Part { return relPart{r, target} }

type relPart struct {
	r      *Relation
	target Entity
}

func (p relPart) Type() ComponentType { return p.r }
func (p relPart) addTo(w *World, e Entity) {
	if err := p.r.Set(w, e, p.target); err != nil {
		panic(err) // a new entity has no sources, so no cycle: not reached
	}
}

// relationStore is a relationship's storage in one world: its sources'
// membership and links, and its reverse side.
type relationStore struct {
	set // the sources
	rel *Relation
	rev *reverseStore
	w   *World

	// An exclusive relationship's link of each source slot: its target
	// (0 for none) and its place in the target's list of sources.
	one     []Entity
	oneBack []uint32
	// Otherwise each source slot's targets and their places.
	many     [][]Entity
	manyBack [][]uint32

	unlinksPending int // deferred Unsets not applied yet
}

// reverseStore is a relationship's target side in one world: for each
// target slot, its sources and, for each, the target's place in the
// source's list of targets (0 for an exclusive relationship).
type reverseStore struct {
	set  // the targets
	src  *relationStore
	srcs [][]Entity
	back [][]uint32
}

func (r *relationStore) members() *set        { return &r.set }
func (r *relationStore) self() unsafe.Pointer { return unsafe.Pointer(r) }
func (r *reverseStore) members() *set         { return &r.set }
func (r *reverseStore) self() unsafe.Pointer  { return unsafe.Pointer(r) }

// targets returns the targets of source slot, which holds the relationship.
func (r *relationStore) targets(slot uint32) []Entity {
	if r.rel.opts.Exclusive {
		return r.one[slot : slot+1 : slot+1]
	}
	return r.many[slot]
}

// index returns the place of target among the targets of source slot, or
// -1.
func (r *relationStore) index(slot uint32, target Entity) int {
	if !r.has(slot) {
		return -1
	}
	return slices.Index(r.targets(slot), target)
}

// backOf returns where the place in the target's list of the j-th link of
// source slot is kept.
func (r *relationStore) backOf(slot uint32, j uint32) *uint32 {
	if r.rel.opts.Exclusive {
		return &r.oneBack[slot]
	}
	return &r.manyBack[slot][j]
}

// link links source to target: the whole of Relation.Set after its
// liveness checks.
func (r *relationStore) link(w *World, source, target Entity) error {
	ss, ts := uint32(source), uint32(target)
	if r.index(ss, target) >= 0 {
		r.cancelUnlink(w, source, target)
		if w.deferring > 0 && r.pendingN > 0 {
			r.clearPending(ss) // the link stays: a removal waiting for the walk to end is cancelled
		}
		return nil
	}
	// Only a source with sources of its own can close a cycle: a leaf
	// (every new entity) costs no walk up from the target.
	if r.rel.opts.Acyclic && (source == target || r.rev.has(ss) && r.reaches(target, source)) {
		return &Error{Code: CodeCycle, Op: "Set", Component: r.name, Entity: source, Other: target}
	}
	joined := !r.has(ss)
	if joined {
		for _, req := range r.requires {
			w.require(source, req)
		}
	}
	if w.deferring > 0 {
		w.addDuringWalk(&r.set, ss)
		w.addDuringWalk(&r.rev.set, ts)
	}
	if r.rel.opts.Exclusive && !joined {
		r.unlink(ss, 0) // the target it replaces; source stays a member
	}
	firstSource := !r.rev.has(ts)
	r.attach(source, target)
	if r.track != nil {
		r.track.stamp(ss, w.tick, joined)
	}
	if r.rev.track != nil {
		r.rev.track.stamp(ts, w.tick, firstSource)
	}
	return nil
}

// cancelUnlink cancels a deferred Unset of the link from source to target.
func (r *relationStore) cancelUnlink(w *World, source, target Entity) {
	if r.unlinksPending == 0 {
		return
	}
	for i := len(w.pending) - 1; i >= 0; i-- {
		if o := &w.pending[i]; o.id == r.id && o.e == source && o.target == target {
			o.id = cancelled
			r.unlinksPending--
			return
		}
	}
}

// reaches reports whether to is among from's targets, transitively.
func (r *relationStore) reaches(from, to Entity) bool {
	if r.rel.opts.Exclusive {
		for e := from; r.has(uint32(e)); {
			e = r.one[uint32(e)]
			if e == to {
				return true
			}
		}
		return false
	}
	seen := map[Entity]bool{from: true}
	stack := []Entity{from}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !r.has(uint32(e)) {
			continue
		}
		for _, t := range r.many[uint32(e)] {
			if t == to {
				return true
			}
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return false
}

// attach appends the link from source to target to both sides' lists,
// joining the sets when it is source's first target or target's first
// source.
func (r *relationStore) attach(source, target Entity) {
	ss, ts := uint32(source), uint32(target)
	rv := r.rev
	if ts >= uint32(len(rv.srcs)) {
		rv.srcs = growToCap(rv.srcs, int(ts)+1)
		rv.back = growTo(rv.back, len(rv.srcs))
	}
	i := uint32(len(rv.srcs[ts]))
	var j uint32
	if r.rel.opts.Exclusive {
		if ss >= uint32(len(r.one)) {
			r.one = growToCap(r.one, int(ss)+1)
			r.oneBack = growTo(r.oneBack, len(r.one))
		}
		r.one[ss], r.oneBack[ss] = target, i
	} else {
		if ss >= uint32(len(r.many)) {
			r.many = growToCap(r.many, int(ss)+1)
			r.manyBack = growTo(r.manyBack, len(r.many))
		}
		j = uint32(len(r.many[ss]))
		r.many[ss] = append(r.many[ss], target)
		r.manyBack[ss] = append(r.manyBack[ss], i)
	}
	rv.srcs[ts] = append(rv.srcs[ts], source)
	rv.back[ts] = append(rv.back[ts], j)
	if !r.has(ss) {
		r.join(ss)
	}
	if i == 0 {
		rv.join(ts)
	}
}

// unlink removes the j-th link of source slot from both sides' lists,
// moving each list's last entry into the hole and telling the other side
// of that entry where it went; a side left with no link leaves its set.
func (r *relationStore) unlink(ss uint32, j int) {
	rv := r.rev
	target := r.targets(ss)[j]
	ts := uint32(target)
	i := *r.backOf(ss, uint32(j))
	srcs, back := rv.srcs[ts], rv.back[ts]
	if last := uint32(len(srcs) - 1); i != last {
		moved, mj := srcs[last], back[last]
		srcs[i], back[i] = moved, mj
		*r.backOf(uint32(moved), mj) = i
	}
	rv.srcs[ts], rv.back[ts] = srcs[:len(srcs)-1], back[:len(back)-1]
	if len(rv.srcs[ts]) == 0 {
		rv.leave(ts)
	} else if rv.track != nil {
		rv.track.stamp(ts, r.w.tick, false) // its sources changed
	}
	if r.rel.opts.Exclusive {
		r.one[ss] = 0
		r.leave(ss)
		return
	}
	ts2, back2 := r.many[ss], r.manyBack[ss]
	if last := len(ts2) - 1; j != last {
		moved, mi := ts2[last], back2[last]
		ts2[j], back2[j] = moved, mi
		rv.back[uint32(moved)][mi] = uint32(j)
	}
	r.many[ss], r.manyBack[ss] = ts2[:len(ts2)-1], back2[:len(back2)-1]
	if len(r.many[ss]) == 0 {
		r.leave(ss)
	}
}

// remove detaches source slot from every target.
func (r *relationStore) remove(slot uint32) {
	for r.has(slot) {
		ts := r.targets(slot)
		r.unlink(slot, len(ts)-1)
	}
}

// remove is called when target slot is going away: its sources are
// detached and, for a relationship with LinkedDespawn, destroyed as part
// of the same change (destroyNow found those alive when the change began;
// a source linked since is destroyed once the change is done).
func (v *reverseStore) remove(slot uint32) {
	w := v.src.w
	for v.has(slot) {
		srcs := v.srcs[slot]
		src := srcs[len(srcs)-1]
		j := v.back[slot][len(srcs)-1]
		if v.src.rel.opts.LinkedDespawn && !w.isDying(src) {
			w.pending = append(w.pending, op{e: src, id: destroy})
		}
		v.src.unlink(uint32(src), int(j))
	}
}

func (r *relationStore) preview(slot uint32, max int) string {
	if !r.has(slot) {
		return ""
	}
	ts := r.targets(slot)
	if r.rel.opts.Exclusive {
		return ts[0].String()
	}
	return truncate(entityList(ts), max)
}

func (v *reverseStore) preview(slot uint32, max int) string {
	if !v.has(slot) {
		return ""
	}
	return truncate(entityList(v.srcs[slot]), max)
}

// entityList formats ids as "[1v1 2v1]".
func entityList(ids []Entity) string {
	s := make([]string, len(ids))
	for i, e := range ids {
		s[i] = e.String()
	}
	return "[" + strings.Join(s, " ") + "]"
}

// collectLinked appends to the dying entities the live sources of d in
// relationships with LinkedDespawn that are not dying already.
func (w *World) collectLinked(d Entity) {
	for _, r := range w.linked {
		if !r.rev.has(uint32(d)) {
			continue
		}
		for _, src := range r.rev.srcs[uint32(d)] {
			if w.IsAlive(src) && !w.isDying(src) {
				w.markDying(src)
				w.dying = append(w.dying, src)
			}
		}
	}
}
