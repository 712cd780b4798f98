package prefab

import (
	"errors"
	"maps"
	"reflect"
	"slices"

	"github.com/tessera-engine/tessera/world"
)

// Applied is what [Library.Apply] did to a world.
type Applied struct {
	// Updated counts the entities that took a new value, gained or lost
	// a component, or gained or lost a child.
	Updated int
	// Spawned counts the entities spawned for children the prefabs
	// gained, their own children included.
	Spawned int
	// Destroyed counts the children destroyed because their prefabs lost
	// them (their own children go with them, uncounted).
	Destroyed int
	// Gone lists, sorted, the prefabs live entities were spawned from
	// that the library no longer holds; those entities keep what they
	// have.
	Gone []string
	// Err joins the writes the world refused (a value holding a NaN, see
	// [world.Set]); those fields keep what they had.
	Err error
}

// Apply brings the live entities of w that were spawned from the
// library's data prefabs up to date with the prefabs the library holds
// now, as a reload (or a load, or an Attach) left them: hot reload that
// reaches live instances, keeping their runtime state. Call it after a
// [Library.Reload] or [Watcher.Poll] that changed prefabs, between steps
// (inside a walk or a system run, the destroys it makes wait as any do).
// A failed reload changed nothing, so Apply then changes nothing either.
//
// The rule, for each entity whose prefab changed, against the prefab it
// was spawned from (its [Origin]) as old and the library's prefab of that
// name as new:
//
//   - A field whose value equals old's takes new's: the entity has not
//     changed it since spawn, so it follows the prefab. A field whose
//     value differs from old's is the entity's own (a goblin's current
//     hp) and is kept. Fields are those [Changes] compares: a struct's
//     exported fields, nested structs' one by one; any other value whole.
//   - A component old lacks and new gives joins the entity, unless the
//     entity holds it already (its own value is kept); a component old
//     gives and new lacks is removed; a component old gives and the
//     entity lacks stays away (the entity removed it).
//   - Children follow the same rule, each against its own old and new:
//     a child new gains is spawned (its factories get nil arguments), a
//     child new lost is destroyed, a child the entity lost is not made
//     again. Children are matched by name, and unnamed ones by their
//     place among the children.
//
// Edge cases of the rule: a field the entity changed and then set back
// to old's value, or set to old's value by chance, follows the prefab; a
// component a factory makes is never compared or rewritten (a prefab
// value cannot say what the factory made), nor is one whose part turned
// from a value into a factory or back, and a component new gains by a
// factory is not added; except that a YAML mapping laid over a factory
// sets fields, which follow the rule where old and new both set them.
// Entities spawned from code prefabs, from another library, or as
// children detached from their parent are left alone; an entity whose
// prefab the library no longer holds is left as it is (see
// [Applied.Gone]).
//
// Entities are brought up to date in slot order, each parent before its
// children, so the result does not depend on timing; writes go through
// [world.Set], so change trackers see them. Apply reflects over the
// values of the prefabs that changed: its cost is in proportion to the
// entities spawned from them, and nothing for entities whose prefabs did
// not change.
func (l *Library) Apply(w *world.World) Applied {
	s := l.state()
	var roots []world.Entity
	for e, p := range world.Query1(w, Origin) {
		if q := *p; q != nil && q.lib == l && !q.isChild {
			roots = append(roots, e)
		}
	}
	slices.SortFunc(roots, func(a, b world.Entity) int { return a.Slot() - b.Slot() })
	a := &applier{w: w, seen: make(map[[2]*Prefab]bool), known: make(map[[2]*Prefab]bool)}
	gone := make(map[string]bool)
	for _, e := range roots {
		old := *Origin.Require(w, e)
		cur, ok := s.prefabs[old.name]
		if !ok {
			gone[old.name] = true
			continue
		}
		a.update(e, old, cur, 0)
	}
	a.out.Gone = slices.Sorted(maps.Keys(gone))
	a.out.Err = errors.Join(a.errs...)
	return a.out
}

// applier is one Apply's work: its world, its counts, and the pairs of
// prefabs compared, with whether they are the same.
type applier struct {
	w     *world.World
	out   Applied
	errs  []error
	seen  map[[2]*Prefab]bool // for samePrefab
	known map[[2]*Prefab]bool
}

// same reports whether old and cur spawn the same, remembering the
// answer for the other entities of the pair.
func (a *applier) same(old, cur *Prefab) bool {
	k := [2]*Prefab{old, cur}
	s, ok := a.known[k]
	if !ok {
		s = samePrefab(old, cur, a.seen)
		a.known[k] = s
	}
	return s
}

// update brings e, spawned from old as a child of parent (0 for none),
// up to date with cur.
func (a *applier) update(e world.Entity, old, cur *Prefab, parent world.Entity) {
	if old == cur || a.same(old, cur) {
		return
	}
	w := a.w
	wrote := false
	for _, n := range cur.parts {
		c := n.Component()
		o := partFor(old.parts, c.ID())
		switch {
		case o == nil:
			if !w.Has(e, c) && !n.factory() {
				n.add(Spawn{World: w, Entity: e, Prefab: cur, Parent: parent})
				wrote = true
			}
		case !w.Has(e, c):
			// The entity removed it: keep it removed.
		default:
			if u, ok := n.(updater); ok {
				changed, err := u.update(w, e, o)
				wrote = wrote || changed
				if err != nil {
					a.errs = append(a.errs, err)
				}
			}
		}
	}
	for _, o := range old.parts {
		if c := o.Component(); partFor(cur.parts, c.ID()) == nil && w.Has(e, c) {
			w.Remove(e, c)
			wrote = true
		}
	}
	Origin.Add(w, e, cur)
	if a.children(e, old, cur) || wrote {
		a.out.Updated++
	}
}

// children brings the children of e up to date from old's children to
// cur's, and reports whether e gained or lost one.
func (a *applier) children(e world.Entity, old, cur *Prefab) (changed bool) {
	if len(old.children) == 0 && len(cur.children) == 0 {
		return false
	}
	w := a.w
	live := make([]world.Entity, len(old.children)) // by old's index; 0 for none
	for _, c := range world.ChildOf.Sources(w, e) {
		if p, ok := Origin.Get(w, c); ok {
			if i := slices.Index(old.children, *p); i >= 0 && live[i] == 0 {
				live[i] = c
			}
		}
	}
	for i, c := range live {
		if c == 0 {
			continue // the entity lost it
		}
		if j := matchChild(old.children, i, cur.children); j >= 0 {
			a.update(c, old.children[i], cur.children[j], e)
		} else {
			w.Destroy(c)
			a.out.Destroyed++
			changed = true
		}
	}
	for j, c := range cur.children {
		if matchChild(cur.children, j, old.children) < 0 {
			c.spawn(w, nil, e)
			a.out.Spawned += c.size
			changed = true
		}
	}
	return changed
}

// matchChild returns the index in to of the child that from[i] is: the
// child of the same name, or for an unnamed one the unnamed child in the
// same place; -1 for none.
func matchChild(from []*Prefab, i int, to []*Prefab) int {
	if name := from[i].childName; name != "" {
		return slices.IndexFunc(to, func(c *Prefab) bool { return c.childName == name })
	}
	if i < len(to) && to[i].childName == "" {
		return i
	}
	return -1
}

// partFor returns the part of parts for the component id, or nil.
func partFor(parts []Part, id int) Part {
	for _, p := range parts {
		if p.Component().ID() == id {
			return p
		}
	}
	return nil
}

// updater is a part that brings an entity's value up to date from what
// old, the part of the same component the entity was spawned with, gave.
type updater interface {
	// update writes, if any field changes, e's value with each field
	// that equals old's set to the part's; it reports whether it wrote.
	update(w *world.World, e world.Entity, old Part) (bool, error)
}

func (p *valuePart[T]) update(w *world.World, e world.Entity, old Part) (bool, error) {
	o, ok := old.(*valuePart[T])
	if !ok {
		return false, nil // a factory made it: nothing to compare with
	}
	live, ok := p.live(w, e)
	if !ok {
		return false, nil
	}
	next, changed := follow(live, o.value(), p.value(), nil)
	if !changed {
		return false, nil
	}
	return true, p.store(w, e, next)
}

func (p *factoryPart[T]) update(w *world.World, e world.Entity, old Part) (bool, error) {
	o, ok := old.(*factoryPart[T])
	if !ok || o.base == nil || p.base == nil || !o.base.same(p.base) {
		return false, nil
	}
	np, ok1 := p.patch.(dataPatch[T])
	op, ok2 := o.patch.(dataPatch[T])
	v, ok3 := world.Get(w, e, p.key)
	if !ok1 || !ok2 || !ok3 {
		return false, nil // a patch in code, or the component is gone
	}
	var both [][]int // the fields both patches set
	for _, path := range np.paths {
		if slices.ContainsFunc(op.paths, func(q []int) bool { return slices.Equal(q, path) }) {
			both = append(both, path)
		}
	}
	next, changed := follow(reflect.ValueOf(v).Elem(), reflect.ValueOf(&op.v).Elem(), reflect.ValueOf(&np.v).Elem(), both)
	if !changed {
		return false, nil
	}
	return true, world.Set(w, e, p.key, next.Interface().(T))
}

// follow returns live with each field that equals old's set to a copy of
// cur's, and whether any field changed. The fields are leavesOf the
// type, or the index paths of only, when not nil. live is not changed.
func follow(live, old, cur reflect.Value, only [][]int) (reflect.Value, bool) {
	next := reflect.New(live.Type()).Elem()
	next.Set(live)
	changed := false
	set := func(idx []int) {
		lv, ov, cv := fieldAt(live, idx), fieldAt(old, idx), fieldAt(cur, idx)
		if sameDeep(lv, ov) && !sameDeep(lv, cv) {
			copyInto(fieldAt(next, idx), cv)
			changed = true
		}
	}
	if only != nil {
		for _, idx := range only {
			set(idx)
		}
		return next, changed
	}
	for _, f := range leavesOf(live.Type()) {
		set(f.index)
	}
	return next, changed
}

// sameDeep is same with a fresh record of visits.
func sameDeep(a, b reflect.Value) bool {
	var v visits
	return same(a, b, &v)
}
