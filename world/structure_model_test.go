package world_test

// A model-based test of the world's structure beyond plain components:
// relationships (the built-in ChildOf, and a relationship with many
// targets), lifecycle hooks, required components and batches. The same
// random operations go to a world and to a model made of maps; after each
// one the two must agree on who is alive, who holds what, every link in
// both directions, and how often every hook of every component ran for
// every entity: exactly once per event, on every path (add, spawn, batch,
// remove, destroy with linked despawn, deferral in walks, clear).
//
// Identifiers start with "sm" so the file can sit beside the other model
// test (model_helpers_test.go).

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// smCount is one hook's count for one component of one entity.
type smCount struct {
	e    world.Entity
	comp int
	hook string
}

// smCounts is where the hooks count, a resource of the world under test.
var smCountsRes = world.DefineResource[map[smCount]int]("smCounts")

func smHook[T any](comp int, hook string) func(*world.World, world.Entity, *T) {
	return func(w *world.World, e world.Entity, _ *T) {
		if m, ok := smCountsRes.Lookup(w); ok {
			(*m)[smCount{e, comp, hook}]++
		}
	}
}

// The components, by index: what each requires and which hooks it has.
//
//	0 SmA object, hooks Added Removed Died Teardown, requires 1
//	1 SmB fields, hooks Added Teardown
//	2 SmC tag,    hooks Removed Died, requires 1
//	3 SmD fields, no hooks, requires 0 (so 1, then 0)
//	4 SmE fields, plain
var (
	smB = world.DefineFields("SmB", world.Options[mtPos]{Added: smHook[mtPos](1, "Added"), Teardown: smHook[mtPos](1, "Teardown"), Default: mtPos{X: 7}})
	smA = world.DefineComponent("SmA", world.Options[int]{Requires: []world.ComponentType{smB},
		Added: smHook[int](0, "Added"), Removed: smHook[int](0, "Removed"), Died: smHook[int](0, "Died"), Teardown: smHook[int](0, "Teardown")})
	smC     = world.DefineTag("SmC", world.Options[struct{}]{Requires: []world.ComponentType{smB}, Removed: smHook[struct{}](2, "Removed"), Died: smHook[struct{}](2, "Died")})
	smD     = world.DefineFields("SmD", world.Options[mtPos]{Requires: []world.ComponentType{smA}})
	smE     = world.DefineFields[mtVel]("SmE")
	smLikes = world.DefineRelation("SmLikes", world.RelationOptions{Reverse: "SmLikedBy", Requires: []world.ComponentType{smE}})

	smComps = []world.ComponentType{smA, smB, smC, smD, smE}
	// smRequires is what joins before each component, in order.
	smRequires = [][]int{{1}, nil, {1}, {1, 0}, nil}
	// smHooks lists each component's hooks.
	smHooks = []map[string]bool{
		{"Added": true, "Removed": true, "Died": true, "Teardown": true},
		{"Added": true, "Teardown": true},
		{"Removed": true, "Died": true},
		{}, {},
	}
)

const smNumComps = 5

// smRel indexes the relationships: ChildOf and SmLikes.
const (
	smChild = iota
	smLike
)

type smEnt struct {
	comps   [smNumComps]bool
	parent  world.Entity
	likes   map[world.Entity]bool
	pending [smNumComps + 2]bool // removals waiting for the walk: components, then the relationships
}

type smModel struct {
	live    map[world.Entity]*smEnt
	order   []world.Entity       // the live entities, for picking
	index   map[world.Entity]int // place in order
	dead    []world.Entity
	walking bool
	queue   []smOp // what waits for the walk to end
	counts  map[smCount]int
}

// smOp is a deferred removal, destroy or unlink.
type smOp struct {
	kind   string // "remove", "destroy", "unlike"
	e, t   world.Entity
	compOr int // component index, or smNumComps+rel for a relationship
}

func newSMModel() *smModel {
	return &smModel{live: map[world.Entity]*smEnt{}, index: map[world.Entity]int{}, counts: map[smCount]int{}}
}

func (m *smModel) hook(e world.Entity, c int, hook string) {
	if smHooks[c][hook] {
		m.counts[smCount{e, c, hook}]++
	}
}

// join makes e hold c with its requirements first, running Added hooks;
// it cancels waiting removals of what e holds.
func (m *smModel) join(e world.Entity, c int) {
	en := m.live[e]
	if en.comps[c] {
		en.pending[c] = false
		return
	}
	for _, r := range smRequires[c] {
		if en.comps[r] {
			en.pending[r] = false
			continue
		}
		en.comps[r] = true
		m.hook(e, r, "Added")
	}
	en.comps[c] = true
	m.hook(e, c, "Added")
}

func (m *smModel) spawn(e world.Entity, cs []int) {
	m.live[e] = &smEnt{likes: map[world.Entity]bool{}}
	m.index[e] = len(m.order)
	m.order = append(m.order, e)
	for _, c := range cs {
		m.join(e, c)
	}
}

func (m *smModel) remove(e world.Entity, c int) {
	en, ok := m.live[e]
	if !ok {
		return
	}
	if c >= smNumComps {
		m.removeRel(e, c-smNumComps)
		return
	}
	if !en.comps[c] {
		return
	}
	if m.walking {
		if !en.pending[c] {
			en.pending[c] = true
			m.queue = append(m.queue, smOp{"remove", e, 0, c})
		}
		return
	}
	m.hook(e, c, "Removed")
	m.hook(e, c, "Teardown")
	en.comps[c] = false
}

func (m *smModel) removeRel(e world.Entity, rel int) {
	en := m.live[e]
	held := en.parent != 0
	if rel == smLike {
		held = len(en.likes) > 0
	}
	if !held {
		return
	}
	if m.walking {
		if !en.pending[smNumComps+rel] {
			en.pending[smNumComps+rel] = true
			m.queue = append(m.queue, smOp{"remove", e, 0, smNumComps + rel})
		}
		return
	}
	if rel == smChild {
		en.parent = 0
	} else {
		clear(en.likes)
	}
}

func (m *smModel) destroy(e world.Entity) {
	if _, ok := m.live[e]; !ok {
		return
	}
	if m.walking {
		m.queue = append(m.queue, smOp{"destroy", e, 0, 0})
		return
	}
	dying := []world.Entity{e}
	in := map[world.Entity]bool{e: true}
	for i := 0; i < len(dying); i++ {
		for _, c := range m.order {
			if m.live[c].parent == dying[i] && !in[c] {
				in[c] = true
				dying = append(dying, c)
			}
		}
	}
	for _, d := range dying {
		for c := range smNumComps {
			if m.live[d].comps[c] {
				m.hook(d, c, "Died")
			}
		}
	}
	for _, d := range dying {
		m.kill(d)
	}
}

// kill takes e out of the model, with teardowns, detaching what named it.
func (m *smModel) kill(e world.Entity) {
	for c := range smNumComps {
		if m.live[e].comps[c] {
			m.hook(e, c, "Teardown")
		}
	}
	delete(m.live, e)
	m.unorder(e)
	m.dead = append(m.dead, e)
	for _, o := range m.live {
		if o.parent == e {
			o.parent = 0 // not reached for ChildOf (linked): its children died too
		}
		delete(o.likes, e)
	}
}

func (m *smModel) setParent(e, p world.Entity) error {
	for a := p; a != 0; a = m.live[a].parent {
		if a == e {
			return world.ErrCycle
		}
	}
	en := m.live[e]
	en.pending[smNumComps+smChild] = false
	en.parent = p
	return nil
}

func (m *smModel) like(e, t world.Entity) {
	en := m.live[e]
	en.pending[smNumComps+smLike] = false
	if en.likes[t] {
		for i := len(m.queue) - 1; i >= 0; i-- {
			if o := m.queue[i]; o.kind == "unlike" && o.e == e && o.t == t {
				m.queue[i].kind = "cancelled"
				break
			}
		}
		return
	}
	if len(en.likes) == 0 {
		m.join(e, 4) // SmLikes requires SmE
	}
	en.likes[t] = true
}

func (m *smModel) unlike(e, t world.Entity) {
	en, ok := m.live[e]
	if !ok || !en.likes[t] {
		return
	}
	if m.walking {
		m.queue = append(m.queue, smOp{"unlike", e, t, 0})
		return
	}
	delete(en.likes, t)
}

// endWalk applies what waited, in order.
func (m *smModel) endWalk() {
	m.walking = false
	q := m.queue
	m.queue = nil
	for _, o := range q {
		switch o.kind {
		case "destroy":
			m.destroy(o.e)
		case "unlike":
			m.unlike(o.e, o.t)
		case "remove":
			en, ok := m.live[o.e]
			if !ok || !en.pending[o.compOr] {
				continue
			}
			en.pending[o.compOr] = false
			m.remove(o.e, o.compOr)
		}
	}
}

// unorder takes e out of order.
func (m *smModel) unorder(e world.Entity) {
	i := m.index[e]
	last := m.order[len(m.order)-1]
	m.order[i] = last
	m.index[last] = i
	m.order = m.order[:len(m.order)-1]
	delete(m.index, e)
}

func (m *smModel) clearAll() {
	for _, e := range m.sortedLive() {
		for c := range smNumComps {
			if m.live[e].comps[c] {
				m.hook(e, c, "Teardown")
			}
		}
		m.dead = append(m.dead, e)
	}
	clear(m.live)
	clear(m.index)
	m.order = m.order[:0]
}

func (m *smModel) sortedLive() []world.Entity {
	return slices.Sorted(maps.Keys(m.live))
}

// smSource is where the harness draws its choices.
type smSource interface{ intn(n int) int }

type smRand struct{ r *rand.Rand }

func (s smRand) intn(n int) int { return s.r.IntN(n) }

// smBytes draws from a fuzz input, then zeros.
type smBytes struct {
	data []byte
	pos  int
}

func (s *smBytes) intn(n int) int {
	if s.pos >= len(s.data) {
		return 0
	}
	b := int(s.data[s.pos])
	s.pos++
	return b % n
}

type smHarness struct {
	tb     testing.TB
	w      *world.World
	m      *smModel
	src    smSource
	counts map[smCount]int
	log    []string
	ids    []world.Entity // scratch for batches
	walk   func(*world.Context) error
	snaps  [2]smSnap
}

// smSnap is a snapshot the harness took, with the model of its world.
type smSnap struct {
	s     world.Snapshot
	m     *smModel
	taken bool
}

// clone returns a deep copy of the model, for a snapshot.
func (m *smModel) clone() *smModel {
	c := &smModel{live: make(map[world.Entity]*smEnt, len(m.live)), order: slices.Clone(m.order),
		index: maps.Clone(m.index), dead: slices.Clone(m.dead), walking: m.walking,
		queue: slices.Clone(m.queue), counts: m.counts}
	for e, en := range m.live {
		cp := *en
		cp.likes = maps.Clone(en.likes)
		c.live[e] = &cp
	}
	return c
}

// snapshotOrRestore snapshots into one of two buffers, or restores one:
// refused in a walk; otherwise the model goes back to the snapshot's,
// with the hook counts as they are, since a restore runs no hooks.
func (h *smHarness) snapshotOrRestore(inWalk, restore bool) {
	sn := &h.snaps[h.src.intn(len(h.snaps))]
	if !restore {
		h.logf("Snapshot(%p)", &sn.s)
		if inWalk {
			if err := mustPanicErr(func() { h.w.Snapshot(&sn.s) }); !errors.Is(err, world.ErrDuringWalk) {
				h.failf("Snapshot in a walk panicked with %v, want ErrDuringWalk", err)
			}
			sn.taken = false
			return
		}
		h.w.Snapshot(&sn.s)
		sn.m, sn.taken = h.m.clone(), true
		return
	}
	h.logf("Restore(%p) (taken: %v)", &sn.s, sn.taken)
	err := h.w.Restore(&sn.s)
	switch {
	case inWalk:
		if !errors.Is(err, world.ErrDuringWalk) {
			h.failf("Restore in a walk = %v, want ErrDuringWalk", err)
		}
	case !sn.taken:
		if !errors.Is(err, world.ErrEmptySnapshot) {
			h.failf("Restore of an empty snapshot = %v, want ErrEmptySnapshot", err)
		}
	case err != nil:
		h.failf("Restore = %v", err)
	default:
		m := sn.m.clone()
		m.counts = h.m.counts
		h.m = m
	}
}

func newSMHarness(tb testing.TB, src smSource) *smHarness {
	h := &smHarness{tb: tb, w: world.New(), m: newSMModel(), src: src, counts: map[smCount]int{}}
	smCountsRes.Set(h.w, &h.counts)
	return h
}

func (h *smHarness) logf(format string, args ...any) {
	h.log = append(h.log, fmt.Sprintf(format, args...))
	if len(h.log) > 40 {
		h.log = h.log[len(h.log)-40:]
	}
}

func (h *smHarness) failf(format string, args ...any) {
	h.tb.Helper()
	h.tb.Fatalf("%s\nlast operations:\n\t%s", fmt.Sprintf(format, args...), strings.Join(h.log, "\n\t"))
}

// pick returns a live entity, or a dead one now and then, or 0.
func (h *smHarness) pick() world.Entity {
	if len(h.m.dead) > 0 && h.src.intn(10) == 0 {
		return h.m.dead[h.src.intn(len(h.m.dead))]
	}
	live := h.m.order
	if len(live) == 0 {
		return 0
	}
	return live[h.src.intn(len(live))]
}

func (h *smHarness) pickComps() []int {
	var cs []int
	for c := range smNumComps {
		if h.src.intn(3) == 0 {
			cs = append(cs, c)
		}
	}
	return cs
}

func (h *smHarness) parts(cs []int) []world.Part {
	var ps []world.Part
	for _, c := range cs {
		switch c {
		case 0:
			ps = append(ps, smA.With(c))
		case 1:
			ps = append(ps, smB.With(mtPos{X: 1}))
		case 2:
			ps = append(ps, smC.Part())
		case 3:
			ps = append(ps, smD.With(mtPos{}))
		case 4:
			ps = append(ps, smE.With(mtVel{}))
		}
	}
	return ps
}

func (h *smHarness) add(e world.Entity, c int) {
	switch c {
	case 0:
		smA.Add(h.w, e, 1)
	case 1:
		smB.Add(h.w, e, mtPos{X: 2})
	case 2:
		smC.Add(h.w, e)
	case 3:
		smD.Add(h.w, e, mtPos{})
	case 4:
		smE.Add(h.w, e, mtVel{})
	}
}

// op applies one random operation to both.
func (h *smHarness) op(inWalk bool) {
	w, m := h.w, h.m
	alive := func(e world.Entity) bool { _, ok := m.live[e]; return ok }
	switch k := h.src.intn(26); {
	case k < 5 || len(m.live) < 3:
		cs := h.pickComps()
		e := w.Spawn(h.parts(cs)...)
		h.logf("Spawn(%v) = %v", cs, e)
		m.spawn(e, cs)
	case k < 8:
		e, c := h.pick(), h.src.intn(smNumComps)
		h.logf("Add(%v, %d)", e, c)
		if !alive(e) {
			err := mustPanicErr(func() { h.add(e, c) })
			if !errors.Is(err, world.ErrDeadEntity) {
				h.failf("Add to dead %v panicked with %v", e, err)
			}
			return
		}
		h.add(e, c)
		m.join(e, c)
	case k < 10:
		e, c := h.pick(), h.src.intn(smNumComps+2)
		h.logf("Remove(%v, %d)", e, c)
		switch {
		case c < smNumComps:
			w.Remove(e, smComps[c])
		case c == smNumComps:
			w.Remove(e, world.ChildOf)
		default:
			w.Remove(e, smLikes)
		}
		m.remove(e, c)
	case k < 11:
		e := h.pick()
		h.logf("Destroy(%v)", e)
		w.Destroy(e)
		m.destroy(e)
	case k < 15:
		e, p := h.pick(), h.pick()
		h.logf("ChildOf.Set(%v, %v)", e, p)
		if !alive(e) || !alive(p) {
			if err := mustPanicErr(func() { world.ChildOf.Set(w, e, p) }); !errors.Is(err, world.ErrDeadEntity) {
				h.failf("Set with a dead entity panicked with %v", err)
			}
			return
		}
		err := world.ChildOf.Set(w, e, p)
		want := m.setParent(e, p)
		var we *world.Error
		switch {
		case want == nil && err != nil:
			h.failf("ChildOf.Set(%v, %v) = %v, want nil", e, p, err)
		case want != nil && (!errors.Is(err, world.ErrCycle) || !errors.As(err, &we) || we.Entity != e || we.Other != p):
			h.failf("ChildOf.Set(%v, %v) = %v, want a cycle naming both", e, p, err)
		}
	case k < 17:
		e, t := h.pick(), h.pick()
		if !alive(e) || !alive(t) {
			return
		}
		h.logf("SmLikes.Set(%v, %v)", e, t)
		if err := smLikes.Set(w, e, t); err != nil {
			h.failf("SmLikes.Set = %v", err)
		}
		m.like(e, t)
	case k < 18:
		e := h.pick()
		if !alive(e) || len(m.live[e].likes) == 0 {
			return
		}
		ts := slices.Sorted(maps.Keys(m.live[e].likes))
		t := ts[h.src.intn(len(ts))]
		h.logf("SmLikes.Unset(%v, %v)", e, t)
		smLikes.Unset(w, e, t)
		m.unlike(e, t)
	case k < 19 && !inWalk:
		h.batch()
	case k < 22 && !inWalk:
		n := 1 + h.src.intn(8)
		h.logf("walk of %d operations", n)
		h.inWalk(n)
	case k == 23 || k == 24:
		h.snapshotOrRestore(inWalk, k == 24)
	case k == 25:
		h.orderSources()
	case k < 23 && !inWalk && h.src.intn(16) == 0:
		h.logf("Clear()")
		if err := w.Clear(); err != nil {
			h.failf("Clear() = %v", err)
		}
		smCountsRes.Set(w, &h.counts)
		h.walk = nil
		m.clearAll()
	}
}

// orderSources shuffles a target's sources under one of the two
// relationships (OrderSources), or, one time in four, offers an order
// that is not its sources (one dropped, one twice, or a stranger), which
// must be refused with ErrBadOrder and change nothing. The model keeps
// sets, so it is unchanged either way; what a wrong place in either
// side's lists would break shows in later unlinks, which move entries.
func (h *smHarness) orderSources() {
	w := h.w
	t := h.pick()
	rel := world.ChildOf
	if h.src.intn(2) == 1 {
		rel = smLikes
	}
	before := slices.Clone(rel.Sources(w, t))
	if !w.IsAlive(t) {
		if err := mustPanicErr(func() { rel.OrderSources(w, t, nil) }); !errors.Is(err, world.ErrDeadEntity) {
			h.failf("%s.OrderSources of dead %v panicked with %v", rel.Name(), t, err)
		}
		return
	}
	order := slices.Clone(before)
	for i := len(order) - 1; i > 0; i-- {
		j := h.src.intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	bad := h.src.intn(4) == 0
	if bad {
		switch kind := h.src.intn(3); {
		case kind == 0 && len(order) > 0:
			order = order[1:]
		case kind == 1 && len(order) > 1:
			order[0] = order[1]
		default:
			order = append(order, h.pick())
		}
	}
	h.logf("%s.OrderSources(%v, %v), bad %v", rel.Name(), t, order, bad)
	err := rel.OrderSources(w, t, order)
	got := rel.Sources(w, t)
	switch {
	case bad && !errors.Is(err, world.ErrBadOrder):
		h.failf("%s.OrderSources(%v, %v) of sources %v = %v, want ErrBadOrder", rel.Name(), t, order, before, err)
	case bad && !slices.Equal(got, before):
		h.failf("a refused order left sources %v, want %v", got, before)
	case !bad && err != nil:
		h.failf("%s.OrderSources(%v, %v) = %v", rel.Name(), t, order, err)
	case !bad && !slices.Equal(got, order) && len(order) > 0:
		h.failf("%s.Sources(%v) = %v after ordering them %v", rel.Name(), t, got, order)
	}
}

// inWalk runs n operations inside a system run, where removals and
// destroys wait for its end.
func (h *smHarness) inWalk(n int) {
	if h.walk == nil {
		h.walk = func(*world.Context) error { return nil }
		if err := h.w.AddSystem(world.System{Name: "sm", Phase: world.Fixed, Run: func(ctx *world.Context) error { return h.walk(ctx) }}); err != nil {
			h.failf("AddSystem: %v", err)
		}
	}
	var failed error
	h.walk = func(*world.Context) error {
		defer func() {
			if r := recover(); r != nil {
				failed = fmt.Errorf("%v", r)
			}
		}()
		h.m.walking = true
		for range n {
			h.op(true)
		}
		return nil
	}
	if err := h.w.Run(world.Context{Phase: world.Fixed}, nil); err != nil {
		h.failf("Run: %v", err)
	}
	if failed != nil {
		h.failf("in the walk: %v", failed)
	}
	h.walk = func(*world.Context) error { return nil }
	h.m.endWalk()
}

// batch runs one batch operation.
func (h *smHarness) batch() {
	w, m := h.w, h.m
	switch h.src.intn(5) {
	case 0:
		n := h.src.intn(5)
		h.ids = slices.Grow(h.ids[:0], n)[:n]
		world.SpawnMany2(w, h.ids, smA, 1, smE, mtVel{})
		h.logf("SpawnMany2(SmA, SmE) = %v", h.ids)
		for _, e := range h.ids {
			m.spawn(e, []int{0, 4})
		}
	case 1:
		ids := h.someLive()
		h.logf("AddMany(%v, SmE)", ids)
		world.AddMany(w, ids, smE, mtVel{X: 1})
		for _, e := range ids {
			m.join(e, 4)
		}
	case 2:
		ids := h.someLive()
		c := h.src.intn(smNumComps)
		h.logf("RemoveMany(%v, %d)", ids, c)
		w.RemoveMany(ids, smComps[c])
		for _, e := range ids {
			m.remove(e, c)
		}
	case 3:
		ids := h.someLive()
		h.logf("DestroyMany(%v)", ids)
		w.DestroyMany(ids)
		for _, e := range ids {
			m.destroy(e)
		}
	case 4:
		c := h.src.intn(smNumComps)
		h.logf("Slots(%d).DestroyAll()", c)
		var ids []world.Entity
		for _, e := range m.sortedLive() {
			if m.live[e].comps[c] {
				ids = append(ids, e)
			}
		}
		slices.SortFunc(ids, func(a, b world.Entity) int { return a.Slot() - b.Slot() })
		w.Slots(smComps[c]).DestroyAll()
		for _, e := range ids {
			m.destroy(e)
		}
	}
}

func (h *smHarness) someLive() []world.Entity {
	var ids []world.Entity
	for _, e := range h.m.order {
		if h.src.intn(3) == 0 {
			ids = append(ids, e)
		}
	}
	return ids
}

// check compares everything.
func (h *smHarness) check() {
	h.tb.Helper()
	w, m := h.w, h.m
	if w.Len() != len(m.live) {
		h.failf("Len() = %d, want %d", w.Len(), len(m.live))
	}
	children := map[world.Entity][]world.Entity{}
	likedBy := map[world.Entity][]world.Entity{}
	for _, e := range m.sortedLive() {
		en := m.live[e]
		if !w.IsAlive(e) {
			h.failf("%v is dead, want alive", e)
		}
		for c := range smNumComps {
			if w.Has(e, smComps[c]) != en.comps[c] {
				h.failf("Has(%v, %s) = %v, want %v", e, smComps[c].Name(), !en.comps[c], en.comps[c])
			}
		}
		if p, ok := world.ChildOf.Target(w, e); p != en.parent || ok != (en.parent != 0) || w.Has(e, world.ChildOf) != ok {
			h.failf("ChildOf.Target(%v) = %v, %v, want %v", e, p, ok, en.parent)
		}
		if en.parent != 0 {
			children[en.parent] = append(children[en.parent], e)
		}
		got := slices.Sorted(slices.Values(smLikes.Targets(w, e)))
		if want := slices.Sorted(maps.Keys(en.likes)); !slices.Equal(got, want) || w.Has(e, smLikes) != (len(want) > 0) {
			h.failf("SmLikes.Targets(%v) = %v, want %v", e, got, want)
		}
		for t := range en.likes {
			likedBy[t] = append(likedBy[t], e)
		}
	}
	for _, e := range m.sortedLive() {
		got := slices.Sorted(slices.Values(world.ChildOf.Sources(w, e)))
		if want := slices.Sorted(slices.Values(children[e])); !slices.Equal(got, want) || w.Has(e, world.Children) != (len(want) > 0) {
			h.failf("ChildOf.Sources(%v) = %v, want %v", e, got, want)
		}
		got = slices.Sorted(slices.Values(smLikes.Sources(w, e)))
		if want := slices.Sorted(slices.Values(likedBy[e])); !slices.Equal(got, want) {
			h.failf("SmLikes.Sources(%v) = %v, want %v", e, got, want)
		}
	}
	for _, e := range m.dead {
		if w.IsAlive(e) || world.ChildOf.Sources(w, e) != nil || smLikes.Targets(w, e) != nil {
			h.failf("dead %v answers alive or has links", e)
		}
	}
	if w.Count(world.ChildOf) != countIf(m, func(en *smEnt) bool { return en.parent != 0 }) ||
		w.Count(world.Children) != len(children) || w.Count(smLikes.Reverse()) != len(likedBy) {
		h.failf("Count(ChildOf) %d, Count(Children) %d, Count(SmLikedBy) %d; want %d, %d, %d", w.Count(world.ChildOf), w.Count(world.Children), w.Count(smLikes.Reverse()),
			countIf(m, func(en *smEnt) bool { return en.parent != 0 }), len(children), len(likedBy))
	}
	defer h.pruneCounts()
	if !maps.Equal(h.counts, m.counts) {
		for k, v := range m.counts {
			if h.counts[k] != v {
				h.failf("hook %s of %s on %v ran %d times, want %d", k.hook, smComps[k.comp].Name(), k.e, h.counts[k], v)
			}
		}
		for k, v := range h.counts {
			if m.counts[k] != v {
				h.failf("hook %s of %s on %v ran %d times, want %d", k.hook, smComps[k.comp].Name(), k.e, v, m.counts[k])
			}
		}
	}
}

// pruneCounts forgets the counts of dead entities, checked for the last
// time.
func (h *smHarness) pruneCounts() {
	for k := range h.counts {
		if _, ok := h.m.live[k.e]; !ok {
			delete(h.counts, k)
			delete(h.m.counts, k)
		}
	}
	for k := range h.m.counts {
		if _, ok := h.m.live[k.e]; !ok {
			delete(h.m.counts, k)
		}
	}
}

func countIf(m *smModel, f func(*smEnt) bool) int {
	n := 0
	for _, en := range m.live {
		if f(en) {
			n++
		}
	}
	return n
}

// mustPanicErr returns what f panicked with, as an error, or nil.
func mustPanicErr(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err, _ = r.(error)
			if err == nil {
				err = fmt.Errorf("%v", r)
			}
		}
	}()
	f()
	return nil
}

func (h *smHarness) run(ops int) {
	for i := range ops {
		h.op(false)
		// Keep the world small, so the checks stay cheap and links dense.
		if len(h.m.live) > 48 {
			e := h.m.order[h.src.intn(len(h.m.order))]
			h.logf("Destroy(%v) to keep it small", e)
			h.w.Destroy(e)
			h.m.destroy(e)
		}
		if len(h.m.dead) > 256 {
			h.m.dead = h.m.dead[len(h.m.dead)-128:]
		}
		if i%8 == 7 || i == ops-1 {
			h.check()
		}
	}
}

// TestStructureModel runs 100,000 random operations (in several seeds)
// against the model.
func TestStructureModel(t *testing.T) {
	seeds, ops := 10, 10000
	if testing.Short() {
		seeds, ops = 4, 1500
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			h := newSMHarness(t, smRand{rand.New(rand.NewPCG(seed, 0x5eed))})
			h.run(ops)
		})
	}
}

// FuzzStructure runs the fuzz input as a sequence of operations against
// the model.
func FuzzStructure(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{8, 64, 512, 2048} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.UintN(256))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h := newSMHarness(t, &smBytes{data: data})
		h.run(len(data) / 2)
	})
}
