package world

import "errors"

// A lane is the record of one system's run in a group (see schedule.go),
// or of one batch of a parallel walk (see parallel.go): the structural
// changes made through a world recording into it (spawns, adds, removals,
// destroys, links, events), in order, applied to the world it belongs to
// when the group or the walk ends (World.replay). A world records while
// its rec is set: for the whole life of a lane world, and for a world
// running a system of a group on the goroutine calling Run.
//
// A lane world is a World that stands in for another while code runs
// beside other code: it shares the other world's entities, storages and
// resources, read as they were when the lane was synced, and has its own
// walk bookkeeping and views. Nothing made through a recording world
// changes what other lanes read while they run, so what runs at once
// cannot race on the store, and the result does not depend on which
// goroutine ran what.
//
// A recording world's deferring is at least 1 and its open list holds a
// 0 mark, so the hot paths of adds and spawns (which test them) take
// their long ways, where the recording branch is; a lane world's plain
// is nil for the same reason, and its free list nil. Create reserves ids
// from the root world (reserve).
type lane struct {
	parent *World   // the world its changes go to: the root, or the world of the system a batch belongs to
	root   *World   // the world that owns the entities
	up     *lane    // the record a batch's ids may come from (its system's); nil for a system's
	name   string   // the system it records for; "" for a parallel walk outside systems
	writes []*set   // that system's Writes, which its views mark
	acc    *access  // the system's declared access; nil when nothing is declared
	batch  bool     // a batch of a parallel walk: it may not spawn
	ctx    Context  // the context its system or batch runs with
	cmds   []cmd    // the changes recorded, in order
	queues []queued // by component id: the values of the adds recorded
	ids    []Entity // the ids of the events recorded
	mine   map[Entity]struct{}
	order  []Entity // mine in the order reserved
}

// cmd is one structural change recorded by a lane.
type cmd struct {
	kind   cmdKind
	id     int32         // add: the component id, whose queue holds the value
	i, n   int32         // add: the value's index in its queue; emit, order: where its ids start in lane.ids, and how many
	e      Entity        // the entity changed (the source of a link)
	target Entity        // a link's target; an order's
	c      ComponentType // remove, link, unlink, order: the component
	ev     *Event        // emit: the event
}

type cmdKind uint8

const (
	cmdCreate cmdKind = iota
	cmdAdd
	cmdRemove
	cmdDestroy
	cmdLink
	cmdUnlink
	cmdEmit
	cmdOrder
)

// queued is the typed queue of one component's values in a lane.
type queued interface {
	apply(w *World, e Entity, i int32)
	reset()
}

type queue[T any] struct {
	key  Key[T]
	vals []T
}

func (q *queue[T]) apply(w *World, e Entity, i int32) {
	if !w.usable(e) {
		w.mustAlive(e, "Add", q.key.Name())
	}
	addTo(w, q.key, e, q.vals[i])
	w.afterAdd()
}

func (q *queue[T]) reset() {
	clear(q.vals) // let the garbage collector have what the values referenced
	q.vals = q.vals[:0]
}

// newLane returns a lane world recording into rec.
func newLane(rec *lane) *World {
	l := &World{lifecycle: lifecycle{tick: 1}, rec: rec}
	l.open = append(l.open, 0)
	return l
}

// newRecord returns the record of the system called name ("" for none),
// writing writes and whose declared access is acc (nil for none), applied
// to parent.
func newRecord(parent *World, name string, writes []*set, acc *access, batch bool) *lane {
	root := parent
	if parent.rec != nil {
		root = parent.rec.root
	}
	return &lane{parent: parent, root: root, name: name, writes: writes, acc: acc, batch: batch, mine: map[Entity]struct{}{}}
}

// sync makes lane l read what its parent holds now, and readies it for a
// run. O(1): it copies slice headers.
func (l *World) sync() {
	p := l.rec.parent
	l.gens, l.alive = p.gens, p.alive
	l.stores, l.types, l.sets, l.typed, l.used = p.stores, p.types, p.sets, p.typed, p.used
	l.resources, l.tick = p.resources, p.tick
	if l.rec.batch {
		l.writing = p.writing
	} else {
		l.writing = l.rec.writes // its views mark what it declares writing
	}
	// Its walks' marks must be later than every stamp in the sets, which
	// the parent's loops made.
	l.seq = max(l.seq, p.seq)
	l.deferring = 1
	l.open = l.open[:1]
	l.rec.up = p.rec
}

// endRun ends a run on lane l: the walks a panic left open are forgotten
// (nothing waits on them: its changes are recorded, not deferred), and the
// view buffers handed out are released.
func (l *World) endRun() {
	l.open = l.open[:1]
	l.deferring = 1
	l.releaseViews()
}

// owns reports whether e is an entity the lane, or a lane it belongs to,
// reserved and has not made yet.
func (l *lane) owns(e Entity) bool {
	for ; l != nil; l = l.up {
		if _, ok := l.mine[e]; ok {
			return true
		}
	}
	return false
}

// usable reports whether e is alive, or reserved by lane w: an entity the
// calls of a lane may name.
func (w *World) usable(e Entity) bool {
	return w.IsAlive(e) || (w.rec != nil && w.rec.owns(e))
}

// reserve is Create on lane w: it takes the id the root world's Create
// would hand out next, and records the creation. The entity is not alive
// until the lane's changes are applied.
//
// Panics with an [*Error] of code [CodeConcurrent] in a batch of a
// parallel walk, and of code [CodeUndeclared] if the lane's system does
// not declare Spawns: two lanes reserving at once would race for ids.
func (w *World) reserve() Entity {
	l := w.rec
	if l.batch {
		panic(&Error{Code: CodeConcurrent, Op: "Create", System: l.sysName(),
			Hint: "a batch of a parallel walk cannot spawn: mark what to spawn (add a tag) and spawn after the walk"})
	}
	if l.acc == nil || !l.acc.spawns {
		panic(&Error{Code: CodeUndeclared, Op: "Create", System: l.sysName(), Field: "Spawns"})
	}
	r := l.root
	var e Entity
	if n := len(r.par.free); n > 0 {
		e = r.par.free[n-1]
		r.par.free = r.par.free[:n-1]
	} else {
		slot := uint64(len(r.gens)) + uint64(r.par.fresh)
		if slot > maxSlot {
			panic(&Error{Code: CodeNoSlotLeft, Op: "Create", System: l.sysName(), Value: r.alive})
		}
		r.par.fresh++
		e = makeEntity(uint32(slot), 1)
	}
	l.mine[e] = struct{}{}
	l.order = append(l.order, e)
	l.cmds = append(l.cmds, cmd{kind: cmdCreate, e: e})
	w.recorded++
	return e
}

func (l *lane) sysName() string {
	return l.name
}

// materialize makes room in w.gens for the fresh slots the group's lanes
// reserved, before any lane's changes are applied: a Create of the hooks
// those run must not hand them out again. The slots stay free (generation
// 0) until the creations are applied.
func (w *World) materialize() {
	n := w.par.fresh
	if n == 0 {
		return
	}
	if cap(w.gens) == 0 {
		w.gens = make([]uint32, 0, max(initialSlots, n)) // as Create
	}
	w.gens = append(w.gens, make([]uint32, n)...)
	w.par.fresh = 0
}

// bufferAdd records an add of v to e on lane w.
func bufferAdd[T any](w *World, k Key[T], e Entity, v T) {
	l := w.rec
	id := k.ID()
	if debugChecks {
		w.checkAdd(id, k.Name(), e)
	}
	if id >= len(l.queues) {
		l.queues = grow(l.queues, id+1)
	}
	q, _ := l.queues[id].(*queue[T])
	if q == nil {
		q = &queue[T]{key: k}
		l.queues[id] = q
	}
	q.vals = append(q.vals, v)
	l.cmds = append(l.cmds, cmd{kind: cmdAdd, id: int32(id), e: e, i: int32(len(q.vals) - 1)})
	w.recorded++
}

// record records a removal, a destroy, a link or an unlink on lane w.
func (w *World) record(kind cmdKind, e Entity, c ComponentType, target Entity) {
	if debugChecks {
		w.checkChange(kind, e, c)
	}
	w.rec.cmds = append(w.rec.cmds, cmd{kind: kind, e: e, c: c, target: target})
	w.recorded++
}

// recordOrder records an order of target's sources on lane w.
func (w *World) recordOrder(r *Relation, target Entity, order []Entity) {
	if debugChecks {
		w.checkChange(cmdOrder, target, r)
	}
	l := w.rec
	start := len(l.ids)
	l.ids = append(l.ids, order...)
	l.cmds = append(l.cmds, cmd{kind: cmdOrder, c: r, target: target, i: int32(start), n: int32(len(order))})
	w.recorded++
}

// recordEmit records an emission of ids on lane w.
func (w *World) recordEmit(ev *Event, ids []Entity) {
	l := w.rec
	start := len(l.ids)
	l.ids = append(l.ids, ids...)
	l.cmds = append(l.cmds, cmd{kind: cmdEmit, ev: ev, i: int32(start), n: int32(len(ids))})
	w.recorded++
}

// replay applies to w the changes lane l recorded, in the order they were
// made, as the lane's own calls on w would have: adds at once, removals
// and destroys once the whole record is applied (w counts it as a walk),
// hooks when their changes take effect. A call that panics (an add to an
// entity destroyed meanwhile, say) stops the rest; replay returns that
// panic and the hooks' panics, joined. Ids the lane reserved and did not
// make go back to the free list. l is empty afterwards.
func (w *World) replay(l *lane) error {
	if len(l.cmds) == 0 {
		return nil
	}
	w.deferring++
	err := w.Recover(func() error {
		for _, c := range l.cmds {
			w.applyCmd(l, c)
		}
		return nil
	})
	if herr := w.leave(); herr != nil {
		err = errors.Join(err, herr)
	}
	l.reset(w)
	return err
}

// applyCmd applies one recorded change of lane l to w.
func (w *World) applyCmd(l *lane, c cmd) {
	switch c.kind {
	case cmdCreate:
		w.gens[uint32(c.e)] = c.e.Generation()
		w.alive++
		delete(l.mine, c.e)
	case cmdAdd:
		l.queues[c.id].apply(w, c.e, c.i)
	case cmdRemove:
		w.Remove(c.e, c.c)
	case cmdDestroy:
		w.Destroy(c.e)
	case cmdLink:
		if err := c.c.(*Relation).Set(w, c.e, c.target); err != nil {
			panic(err)
		}
	case cmdUnlink:
		c.c.(*Relation).Unset(w, c.e, c.target)
	case cmdEmit:
		c.ev.Emit(w, l.ids[c.i:c.i+c.n]...)
	case cmdOrder:
		if err := c.c.(*Relation).OrderSources(w, c.target, l.ids[c.i:c.i+c.n]); err != nil {
			panic(err)
		}
	}
}

// reset empties the lane's record once applied to w: the values go, and
// the ids reserved and not made go back to w's free list, in the order
// they were reserved.
func (l *lane) reset(w *World) {
	for _, e := range l.order {
		if _, ok := l.mine[e]; ok {
			w.free = append(w.free, e)
			delete(l.mine, e)
		}
	}
	l.order = l.order[:0]
	clear(l.cmds) // the handles and events they name
	l.cmds = l.cmds[:0]
	for _, q := range l.queues {
		if q != nil {
			q.reset()
		}
	}
	l.ids = l.ids[:0]
}
