package world_test

// This file holds what the model-based test (model_test.go) and the fuzz
// test (fuzz_test.go) share: the components they use, a plain map-based
// model of a world, and a harness that applies the same operations to a
// world and to the model and compares every answer.
//
// Operations draw their choices from an mtSource: a seeded math/rand/v2
// generator for the randomized test, the fuzz input's bytes for the fuzz
// test. Every identifier here starts with "mt" so the file can sit beside
// other test files of package world_test.

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// ---------------------------------------------------------------------------
// Components.

type mtPos struct{ X, Y float32 }
type mtVel struct{ X, Y float32 }
type mtHeat struct {
	T     float64
	Flags [2]uint8
}

// mtBag is an object component holding a slice, so the world must keep it
// by value and the model must compare it deeply.
type mtBag struct{ Items []int }

var (
	mtPosC  = world.DefineFields[mtPos]("ModelPos")
	mtVelC  = world.DefineFields[mtVel]("ModelVel")
	mtHeatC = world.DefineFields[mtHeat]("ModelHeat")
	mtHPC   = world.DefineComponent[int]("ModelHP")
	mtNameC = world.DefineComponent[string]("ModelName")
	mtBagC  = world.DefineComponent[mtBag]("ModelBag")
	mtTagC  = world.DefineTag("ModelFrozen")
)

// Component indices into mtComps. Scripts (see mtScripts) use them as
// operand bytes.
const (
	mtcPos = iota
	mtcVel
	mtcHeat
	mtcHP
	mtcName
	mtcBag
	mtcTag
	mtNumComps
)

// mtComp is one component as the harness sees it: untyped accessors over
// the typed API.
type mtComp struct {
	name string
	ct   world.ComponentType
	// gen draws a value from the source.
	gen func(s mtSource) any
	// add calls the typed Add and returns the slot Fields.Add returns, or
	// -1 for an object component or tag.
	add func(w *world.World, e world.Entity, v any) int
	// get calls the typed Get; the pointer is a nil interface when the
	// world returned a nil pointer.
	get     func(w *world.World, e world.Entity) (any, bool)
	require func(w *world.World, e world.Entity) any
	part    func(v any) world.Part
	// addKey and getKey go through the generic world.Add and world.Get.
	addKey func(w *world.World, e world.Entity, v any)
	getKey func(w *world.World, e world.Entity) (any, bool)
	// column reads and writes a field component's column; nil otherwise.
	column    func(w *world.World, slot int) (any, bool)
	setColumn func(w *world.World, slot int, v any) bool
}

func mtPtrOrNil[T any](p *T) any {
	if p == nil {
		return nil
	}
	return p
}

func mtFieldsComp[T any](f *world.Fields[T], gen func(mtSource) T) mtComp {
	return mtComp{
		name: f.Name(),
		ct:   f,
		gen:  func(s mtSource) any { return gen(s) },
		add:  func(w *world.World, e world.Entity, v any) int { return f.Add(w, e, v.(T)) },
		get: func(w *world.World, e world.Entity) (any, bool) {
			p, ok := f.Get(w, e)
			return mtPtrOrNil(p), ok
		},
		require: func(w *world.World, e world.Entity) any { return f.Require(w, e) },
		part:    func(v any) world.Part { return f.With(v.(T)) },
		addKey:  func(w *world.World, e world.Entity, v any) { world.Add(w, e, f, v.(T)) },
		getKey: func(w *world.World, e world.Entity) (any, bool) {
			p, ok := world.Get(w, e, f)
			return mtPtrOrNil(p), ok
		},
		column: func(w *world.World, slot int) (any, bool) {
			col := f.Column(w)
			if slot < 0 || slot >= len(col) {
				return nil, false
			}
			return col[slot], true
		},
		setColumn: func(w *world.World, slot int, v any) bool {
			col := f.Column(w)
			if slot < 0 || slot >= len(col) {
				return false
			}
			col[slot] = v.(T)
			return true
		},
	}
}

func mtObjectComp[T any](c *world.Component[T], gen func(mtSource) T) mtComp {
	return mtComp{
		name: c.Name(),
		ct:   c,
		gen:  func(s mtSource) any { return gen(s) },
		add: func(w *world.World, e world.Entity, v any) int {
			c.Add(w, e, v.(T))
			return -1
		},
		get: func(w *world.World, e world.Entity) (any, bool) {
			p, ok := c.Get(w, e)
			return mtPtrOrNil(p), ok
		},
		require: func(w *world.World, e world.Entity) any { return c.Require(w, e) },
		part:    func(v any) world.Part { return c.With(v.(T)) },
		addKey:  func(w *world.World, e world.Entity, v any) { world.Add(w, e, c, v.(T)) },
		getKey: func(w *world.World, e world.Entity) (any, bool) {
			p, ok := world.Get(w, e, c)
			return mtPtrOrNil(p), ok
		},
	}
}

func mtTagComp(t *world.Tag) mtComp {
	return mtComp{
		name: t.Name(),
		ct:   t,
		gen:  func(mtSource) any { return struct{}{} },
		add: func(w *world.World, e world.Entity, _ any) int {
			t.Add(w, e)
			return -1
		},
		get: func(w *world.World, e world.Entity) (any, bool) {
			p, ok := t.Get(w, e)
			return mtPtrOrNil(p), ok
		},
		require: func(w *world.World, e world.Entity) any { return t.Require(w, e) },
		part:    func(any) world.Part { return t.Part() },
		addKey:  func(w *world.World, e world.Entity, v any) { world.Add(w, e, t, v.(struct{})) },
		getKey: func(w *world.World, e world.Entity) (any, bool) {
			p, ok := world.Get(w, e, t)
			return mtPtrOrNil(p), ok
		},
	}
}

var mtNames = []string{"", "ada", "bob", "crate", "ghost", "héllo"}

func mtGenPos(s mtSource) mtPos {
	p := mtPos{X: float32(s.intn(256)) / 4}
	if y := s.intn(256); y%4 != 0 { // Y is left out a quarter of the time
		p.Y = float32(y) - 128
	}
	return p
}

func mtGenVel(s mtSource) mtVel { return mtVel(mtGenPos(s)) }

func mtGenHeat(s mtSource) mtHeat {
	return mtHeat{T: float64(s.intn(256)) / 8, Flags: [2]uint8{uint8(s.intn(256))}}
}

func mtGenHP(s mtSource) int      { return s.intn(256) - 128 }
func mtGenName(s mtSource) string { return mtNames[s.intn(len(mtNames))] }

func mtGenBag(s mtSource) mtBag {
	n := s.intn(4)
	if n == 0 {
		return mtBag{}
	}
	items := make([]int, n)
	for i := range items {
		items[i] = s.intn(100)
	}
	return mtBag{Items: items}
}

var mtComps = [mtNumComps]mtComp{
	mtcPos:  mtFieldsComp(mtPosC, mtGenPos),
	mtcVel:  mtFieldsComp(mtVelC, mtGenVel),
	mtcHeat: mtFieldsComp(mtHeatC, mtGenHeat),
	mtcHP:   mtObjectComp(mtHPC, mtGenHP),
	mtcName: mtObjectComp(mtNameC, mtGenName),
	mtcBag:  mtObjectComp(mtBagC, mtGenBag),
	mtcTag:  mtTagComp(mtTagC),
}

func mtDeref(p any) any { return reflect.ValueOf(p).Elem().Interface() }

func mtSetPtr(p, v any) { reflect.ValueOf(p).Elem().Set(reflect.ValueOf(v)) }

func mtCompNames(cs []int) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = mtComps[c].name
	}
	return strings.Join(names, ",")
}

// ---------------------------------------------------------------------------
// Walks and First calls, as tables over the typed API.

// mtVisit is called for each entity a walk visits, with pointers to its
// values in the walk's component order; false breaks a Query loop.
type mtVisit func(e world.Entity, ptrs ...any) bool

type mtWalk struct {
	name  string
	comps []int
	query bool // a range-over-func Query: the visit may break out
	run   func(w *world.World, visit mtVisit)
}

var mtWalks = []mtWalk{
	{"Each1(Pos)", []int{mtcPos}, false, func(w *world.World, visit mtVisit) {
		world.Each1(w, mtPosC, func(e world.Entity, a *mtPos) { visit(e, a) })
	}},
	{"Query1(HP)", []int{mtcHP}, true, func(w *world.World, visit mtVisit) {
		for e, a := range world.Query1(w, mtHPC) {
			if !visit(e, a) {
				break
			}
		}
	}},
	{"Each1(Frozen)", []int{mtcTag}, false, func(w *world.World, visit mtVisit) {
		world.Each1(w, mtTagC, func(e world.Entity, a *struct{}) { visit(e, a) })
	}},
	{"Each2(Pos,Vel)", []int{mtcPos, mtcVel}, false, func(w *world.World, visit mtVisit) {
		world.Each2(w, mtPosC, mtVelC, func(e world.Entity, a *mtPos, b *mtVel) { visit(e, a, b) })
	}},
	{"Query2(Pos,Vel)", []int{mtcPos, mtcVel}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query2(w, mtPosC, mtVelC) {
			if !visit(e, r.A, r.B) {
				break
			}
		}
	}},
	{"Each2(Vel,Name)", []int{mtcVel, mtcName}, false, func(w *world.World, visit mtVisit) {
		world.Each2(w, mtVelC, mtNameC, func(e world.Entity, a *mtVel, b *string) { visit(e, a, b) })
	}},
	{"Query2(HP,Frozen)", []int{mtcHP, mtcTag}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query2[int, struct{}](w, mtHPC, mtTagC) {
			if !visit(e, r.A, r.B) {
				break
			}
		}
	}},
	{"Each2(Bag,Pos)", []int{mtcBag, mtcPos}, false, func(w *world.World, visit mtVisit) {
		world.Each2(w, mtBagC, mtPosC, func(e world.Entity, a *mtBag, b *mtPos) { visit(e, a, b) })
	}},
	{"Query2(Name,HP)", []int{mtcName, mtcHP}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query2(w, mtNameC, mtHPC) {
			if !visit(e, r.A, r.B) {
				break
			}
		}
	}},
	{"Each3(Pos,Vel,Heat)", []int{mtcPos, mtcVel, mtcHeat}, false, func(w *world.World, visit mtVisit) {
		world.Each3(w, mtPosC, mtVelC, mtHeatC, func(e world.Entity, a *mtPos, b *mtVel, c *mtHeat) { visit(e, a, b, c) })
	}},
	{"Query3(Pos,Vel,Heat)", []int{mtcPos, mtcVel, mtcHeat}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query3(w, mtPosC, mtVelC, mtHeatC) {
			if !visit(e, r.A, r.B, r.C) {
				break
			}
		}
	}},
	{"Each3(HP,Name,Frozen)", []int{mtcHP, mtcName, mtcTag}, false, func(w *world.World, visit mtVisit) {
		world.Each3(w, mtHPC, mtNameC, mtTagC, func(e world.Entity, a *int, b *string, c *struct{}) { visit(e, a, b, c) })
	}},
	{"Query3(Pos,Bag,Frozen)", []int{mtcPos, mtcBag, mtcTag}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query3[mtPos, mtBag, struct{}](w, mtPosC, mtBagC, mtTagC) {
			if !visit(e, r.A, r.B, r.C) {
				break
			}
		}
	}},
	{"Each4(Pos,Vel,Heat,Frozen)", []int{mtcPos, mtcVel, mtcHeat, mtcTag}, false, func(w *world.World, visit mtVisit) {
		world.Each4(w, mtPosC, mtVelC, mtHeatC, mtTagC, func(e world.Entity, a *mtPos, b *mtVel, c *mtHeat, d *struct{}) { visit(e, a, b, c, d) })
	}},
	{"Query4(Pos,Vel,Heat,HP)", []int{mtcPos, mtcVel, mtcHeat, mtcHP}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query4(w, mtPosC, mtVelC, mtHeatC, mtHPC) {
			if !visit(e, r.A, r.B, r.C, r.D) {
				break
			}
		}
	}},
	{"Each4(HP,Name,Bag,Frozen)", []int{mtcHP, mtcName, mtcBag, mtcTag}, false, func(w *world.World, visit mtVisit) {
		world.Each4(w, mtHPC, mtNameC, mtBagC, mtTagC, func(e world.Entity, a *int, b *string, c *mtBag, d *struct{}) { visit(e, a, b, c, d) })
	}},
	// Appended after the ones the scripts count on: a walk's index must not
	// change.
	{"Query1(Vel)", []int{mtcVel}, true, func(w *world.World, visit mtVisit) {
		for e, a := range world.Query1(w, mtVelC) {
			if !visit(e, a) {
				break
			}
		}
	}},
	{"Query2(Heat,Frozen)", []int{mtcHeat, mtcTag}, true, func(w *world.World, visit mtVisit) {
		for e, r := range world.Query2[mtHeat, struct{}](w, mtHeatC, mtTagC) {
			if !visit(e, r.A, r.B) {
				break
			}
		}
	}},
	{"Each3(Pos,Heat,Name)", []int{mtcPos, mtcHeat, mtcName}, false, func(w *world.World, visit mtVisit) {
		world.Each3(w, mtPosC, mtHeatC, mtNameC, func(e world.Entity, a *mtPos, b *mtHeat, c *string) { visit(e, a, b, c) })
	}},
	{"Each4(Pos,Vel,Heat,Bag)", []int{mtcPos, mtcVel, mtcHeat, mtcBag}, false, func(w *world.World, visit mtVisit) {
		world.Each4(w, mtPosC, mtVelC, mtHeatC, mtBagC, func(e world.Entity, a *mtPos, b *mtVel, c *mtHeat, d *mtBag) { visit(e, a, b, c, d) })
	}},
}

type mtFirst struct {
	name  string
	comps []int
	run   func(w *world.World) (world.Entity, []any, bool)
}

var mtFirsts = []mtFirst{
	{"First1(Name)", []int{mtcName}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, ok := world.First1(w, mtNameC)
		return e, []any{mtPtrOrNil(a)}, ok
	}},
	{"First1(Heat)", []int{mtcHeat}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, ok := world.First1(w, mtHeatC)
		return e, []any{mtPtrOrNil(a)}, ok
	}},
	{"First2(Pos,Vel)", []int{mtcPos, mtcVel}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, b, ok := world.First2(w, mtPosC, mtVelC)
		return e, []any{mtPtrOrNil(a), mtPtrOrNil(b)}, ok
	}},
	{"First2(HP,Frozen)", []int{mtcHP, mtcTag}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, b, ok := world.First2[int, struct{}](w, mtHPC, mtTagC)
		return e, []any{mtPtrOrNil(a), mtPtrOrNil(b)}, ok
	}},
	{"First2(Bag,Vel)", []int{mtcBag, mtcVel}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, b, ok := world.First2(w, mtBagC, mtVelC)
		return e, []any{mtPtrOrNil(a), mtPtrOrNil(b)}, ok
	}},
	{"First3(Pos,Name,Frozen)", []int{mtcPos, mtcName, mtcTag}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, b, c, ok := world.First3[mtPos, string, struct{}](w, mtPosC, mtNameC, mtTagC)
		return e, []any{mtPtrOrNil(a), mtPtrOrNil(b), mtPtrOrNil(c)}, ok
	}},
	{"First4(Pos,Vel,Heat,Bag)", []int{mtcPos, mtcVel, mtcHeat, mtcBag}, func(w *world.World) (world.Entity, []any, bool) {
		e, a, b, c, d, ok := world.First4(w, mtPosC, mtVelC, mtHeatC, mtBagC)
		return e, []any{mtPtrOrNil(a), mtPtrOrNil(b), mtPtrOrNil(c), mtPtrOrNil(d)}, ok
	}},
}

// mtWalkIndex returns the index of the walk called name in mtWalks, for
// scripts.
func mtWalkIndex(name string) int {
	for i, wk := range mtWalks {
		if wk.name == name {
			return i
		}
	}
	panic("no walk " + name)
}

// ---------------------------------------------------------------------------
// Sources of choices.

// mtSource supplies every choice the harness makes.
type mtSource interface {
	// intn returns a number in [0, n); 0 when n <= 1.
	intn(n int) int
	// pickOp picks the next top-level operation.
	pickOp(weights []int) int
	// exhausted reports whether the source has run dry.
	exhausted() bool
}

type mtRandSource struct{ r *rand.Rand }

func (s mtRandSource) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return s.r.IntN(n)
}

func (s mtRandSource) pickOp(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := s.r.IntN(total)
	for op, w := range weights {
		if x < w {
			return op
		}
		x -= w
	}
	return len(weights) - 1
}

func (mtRandSource) exhausted() bool { return false }

// mtByteSource decodes a fuzz input: each choice takes one byte (two for a
// choice among more than 256), taken modulo the number of options; a dry
// source answers 0, which always means "nothing more" inside a walk.
type mtByteSource struct {
	data []byte
	pos  int
}

func (s *mtByteSource) next() int {
	if s.pos >= len(s.data) {
		return 0
	}
	b := s.data[s.pos]
	s.pos++
	return int(b)
}

func (s *mtByteSource) intn(n int) int {
	x := s.next()
	if n > 256 {
		x = x<<8 | s.next()
	}
	if n <= 1 {
		return 0
	}
	return x % n
}

// pickOp maps a byte to an operation: 0xFF is Clear (rare on purpose, as it
// wipes the state the rest of the input built), any other byte b is
// b % (number of other operations).
func (s *mtByteSource) pickOp([]int) int {
	b := s.next()
	if b == 0xFF {
		return mtOpClear
	}
	return b % (mtNumOps - 1)
}

func (s *mtByteSource) exhausted() bool { return s.pos >= len(s.data) }

// ---------------------------------------------------------------------------
// The model.

// mtPending is a removal (c >= 0) or destroy (c == -1) the model holds back
// until the walks in progress end.
type mtPending struct {
	e world.Entity
	c int
}

// mtModel is a plain model of a world: maps of component values by name,
// plus every id ever handed out.
type mtModel struct {
	live       map[world.Entity]map[string]any
	liveList   []world.Entity // live entities, for deterministic picks
	liveIdx    map[world.Entity]int
	slotOwner  map[int]world.Entity // live entity by slot
	issued     map[world.Entity]bool
	issuedList []world.Entity
	dead       []world.Entity  // issued ids whose entity is gone
	maxGen     map[int]uint32  // highest generation seen per slot used
	walking    int             // walks and system runs in progress
	pending    []mtPending     // what waits for the walks to end
	order      [mtNumComps]int // component indices in component id order
	names      map[string]int  // component index by name
}

func newMTModel() *mtModel {
	m := &mtModel{
		live:      make(map[world.Entity]map[string]any),
		liveIdx:   make(map[world.Entity]int),
		slotOwner: make(map[int]world.Entity),
		issued:    make(map[world.Entity]bool),
		maxGen:    make(map[int]uint32),
		names:     make(map[string]int),
	}
	for c := range mtNumComps {
		m.order[c] = c
		m.names[mtComps[c].name] = c
	}
	slices.SortFunc(m.order[:], func(a, b int) int { return cmp.Compare(mtComps[a].ct.ID(), mtComps[b].ct.ID()) })
	return m
}

// clone returns a deep copy of the model, for a snapshot.
func (m *mtModel) clone() *mtModel {
	c := *m
	c.live = make(map[world.Entity]map[string]any, len(m.live))
	for e, vals := range m.live {
		c.live[e] = maps.Clone(vals)
	}
	c.liveList = slices.Clone(m.liveList)
	c.liveIdx = maps.Clone(m.liveIdx)
	c.slotOwner = maps.Clone(m.slotOwner)
	c.issued = maps.Clone(m.issued)
	c.issuedList = slices.Clone(m.issuedList)
	c.dead = slices.Clone(m.dead)
	c.maxGen = maps.Clone(m.maxGen)
	c.pending = slices.Clone(m.pending)
	return &c
}

func (m *mtModel) alive(e world.Entity) bool { _, ok := m.live[e]; return ok }

func (m *mtModel) get(e world.Entity, c int) (any, bool) {
	v, ok := m.live[e][mtComps[c].name]
	return v, ok
}

func (m *mtModel) has(e world.Entity, c int) bool { _, ok := m.get(e, c); return ok }

func (m *mtModel) create(e world.Entity) {
	m.live[e] = make(map[string]any)
	m.liveIdx[e] = len(m.liveList)
	m.liveList = append(m.liveList, e)
	m.slotOwner[e.Slot()] = e
	m.issued[e] = true
	m.issuedList = append(m.issuedList, e)
	m.maxGen[e.Slot()] = max(m.maxGen[e.Slot()], e.Generation())
}

// add gives e the value v; during a walk it also cancels the removals of
// the same component from e that wait for the walk to end.
func (m *mtModel) add(e world.Entity, c int, v any) {
	m.live[e][mtComps[c].name] = v
	if m.walking > 0 {
		m.pending = slices.DeleteFunc(m.pending, func(p mtPending) bool { return p.e == e && p.c == c })
	}
}

// set writes v through a pointer: no structural change.
func (m *mtModel) set(e world.Entity, c int, v any) { m.live[e][mtComps[c].name] = v }

func (m *mtModel) remove(e world.Entity, c int) {
	if !m.has(e, c) {
		return
	}
	if m.walking > 0 {
		m.pending = append(m.pending, mtPending{e, c})
		return
	}
	delete(m.live[e], mtComps[c].name)
}

func (m *mtModel) destroy(e world.Entity) {
	if !m.alive(e) {
		return
	}
	if m.walking > 0 {
		m.pending = append(m.pending, mtPending{e, -1})
		return
	}
	m.kill(e)
}

func (m *mtModel) kill(e world.Entity) {
	delete(m.live, e)
	i := m.liveIdx[e]
	last := m.liveList[len(m.liveList)-1]
	m.liveList[i] = last
	m.liveIdx[last] = i
	m.liveList = m.liveList[:len(m.liveList)-1]
	delete(m.liveIdx, e)
	delete(m.slotOwner, e.Slot())
	m.dead = append(m.dead, e)
}

func (m *mtModel) beginWalk() { m.walking++ }

func (m *mtModel) endWalk() {
	m.walking--
	if m.walking > 0 {
		return
	}
	for _, p := range m.pending {
		switch {
		case p.c < 0:
			if m.alive(p.e) {
				m.kill(p.e)
			}
		case m.alive(p.e):
			delete(m.live[p.e], mtComps[p.c].name)
		}
	}
	m.pending = m.pending[:0]
}

func (m *mtModel) clear() {
	for _, e := range m.entities() {
		m.kill(e)
	}
}

func (m *mtModel) count(c int) int {
	n := 0
	for _, vals := range m.live {
		if _, ok := vals[mtComps[c].name]; ok {
			n++
		}
	}
	return n
}

func mtBySlot(a, b world.Entity) int { return cmp.Compare(a.Slot(), b.Slot()) }

// entities returns the live entities in slot order.
func (m *mtModel) entities() []world.Entity {
	out := slices.Clone(m.liveList)
	slices.SortFunc(out, mtBySlot)
	return out
}

// members returns the live entities holding every component of cs, in slot
// order.
func (m *mtModel) members(cs []int) []world.Entity {
	var out []world.Entity
	for _, e := range m.liveList {
		all := true
		for _, c := range cs {
			if !m.has(e, c) {
				all = false
				break
			}
		}
		if all {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, mtBySlot)
	return out
}

// componentsOf returns the names of e's components in component id order,
// or nil when e is dead.
func (m *mtModel) componentsOf(e world.Entity) []string {
	if !m.alive(e) {
		return nil
	}
	var out []string
	for _, c := range m.order {
		if m.has(e, c) {
			out = append(out, mtComps[c].name)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// The harness.

// Top-level operations. Scripts use them as operation bytes; mtOpClear must
// stay last (see mtByteSource.pickOp).
const (
	mtOpCreate = iota
	mtOpSpawnTyped
	mtOpSpawnParts
	mtOpAdd
	mtOpRemove
	mtOpDestroy
	mtOpCheckEntity
	mtOpCheckGlobal
	mtOpSlots
	mtOpFirst
	mtOpWalk
	mtOpSystems
	mtOpWriteThrough
	mtOpSnapshot
	mtOpRestore
	mtOpClear
	mtNumOps
)

// mtWeights are the random test's relative odds of each operation.
var mtWeights = [mtNumOps]int{
	mtOpCreate:       60,
	mtOpSpawnTyped:   60,
	mtOpSpawnParts:   40,
	mtOpAdd:          160,
	mtOpRemove:       80,
	mtOpDestroy:      110,
	mtOpCheckEntity:  80,
	mtOpCheckGlobal:  20,
	mtOpSlots:        40,
	mtOpFirst:        40,
	mtOpWalk:         50,
	mtOpSystems:      15,
	mtOpWriteThrough: 40,
	mtOpSnapshot:     8,
	mtOpRestore:      6,
	mtOpClear:        2,
}

// Id kinds, the first byte of an id operand in scripts.
const (
	mtIDLive  = 0 // a live entity: followed by an index byte into the live list
	mtIDDead  = 5 // an id whose entity was destroyed: followed by an index byte
	mtIDStale = 7 // a dead id whose slot holds a live entity now, when there is one
	mtIDNever = 8 // an id (probably) never handed out: slot byte, generation byte
	mtIDOther = 9 // 0: the zero id, 1: the next generation of a live slot, 2: all ones
)

const mtLogTail = 40

type mtHarness struct {
	tb        testing.TB
	w         *world.World
	m         *mtModel
	src       mtSource
	label     string // names the run in failures: the seed, or "fuzz input"
	reproduce string // how to run it again
	step      int
	fullEvery int // full check after every fullEvery operations; 0: only at the end
	log       [mtLogTail]string
	logged    int
	depth     int     // walks and system runs in progress
	adds      int     // adds so far: every third goes through world.Add
	walkComps [][]int // the components of the walks in progress
	systems   int
	snaps     [2]mtSnap
}

// mtSnap is a snapshot the harness took, with the model and the hash of
// the world it was taken of.
type mtSnap struct {
	s     world.Snapshot
	m     *mtModel
	hash  uint64
	taken bool
}

func newMTHarness(tb testing.TB, src mtSource, label string) *mtHarness {
	return &mtHarness{tb: tb, w: world.New(), m: newMTModel(), src: src, label: label}
}

func (h *mtHarness) logf(format string, args ...any) {
	h.log[h.logged%mtLogTail] = fmt.Sprintf("#%d %s%s", h.step, strings.Repeat("  ", h.depth), fmt.Sprintf(format, args...))
	h.logged++
}

func (h *mtHarness) tail() string {
	var b strings.Builder
	start := max(0, h.logged-mtLogTail)
	fmt.Fprintf(&b, "last %d of %d logged operations:\n", h.logged-start, h.logged)
	for i := start; i < h.logged; i++ {
		b.WriteString("\t")
		b.WriteString(h.log[i%mtLogTail])
		b.WriteString("\n")
	}
	return b.String()
}

// failf reports a mismatch with the run's label, the operation index and
// the tail of the operation log, and stops the run.
func (h *mtHarness) failf(format string, args ...any) {
	h.tb.Helper()
	msg := fmt.Sprintf(format, args...)
	h.tb.Fatalf("%s, op #%d: %s\n%s%s", h.label, h.step, msg, h.tail(), h.reproduce)
}

// mtCatch runs f and returns what it panicked with, or nil.
func mtCatch(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

// run applies up to maxOps operations, checking everything every
// h.fullEvery operations and at the end.
func (h *mtHarness) run(maxOps int) {
	h.tb.Helper()
	for h.step = 0; h.step < maxOps && !h.src.exhausted(); h.step++ {
		h.safeOp()
		if h.fullEvery > 0 && h.step%h.fullEvery == h.fullEvery-1 {
			h.fullCheck()
		}
	}
	h.fullCheck()
}

func (h *mtHarness) safeOp() {
	h.tb.Helper()
	defer func() {
		if r := recover(); r != nil {
			h.failf("unexpected panic: %v\n%s", r, debug.Stack())
		}
	}()
	h.op(h.src.pickOp(h.weights()))
}

// weights keeps the random test's population between a few and a few
// dozen entities, so slots are reused often.
func (h *mtHarness) weights() []int {
	w := mtWeights
	switch n := len(h.m.liveList); {
	case n > 64:
		w[mtOpCreate] /= 4
		w[mtOpSpawnTyped] /= 4
		w[mtOpSpawnParts] /= 4
	case n < 8:
		w[mtOpDestroy] /= 4
	}
	return w[:]
}

func (h *mtHarness) op(op int) {
	h.tb.Helper()
	switch op {
	case mtOpCreate:
		h.doCreate()
	case mtOpSpawnTyped:
		h.doSpawnTyped()
	case mtOpSpawnParts:
		h.doSpawnParts()
	case mtOpAdd:
		e := h.pickID()
		c := h.src.intn(mtNumComps)
		h.doAdd(e, c, mtComps[c].gen(h.src))
	case mtOpRemove:
		e := h.pickID()
		h.doRemove(e, h.src.intn(mtNumComps))
	case mtOpDestroy:
		h.doDestroy(h.pickID())
	case mtOpCheckEntity:
		e := h.pickID()
		h.logf("check %v", e)
		h.checkEntity(e)
	case mtOpCheckGlobal:
		h.logf("check global")
		h.checkGlobal()
		h.checkInspect()
	case mtOpSlots:
		n := 1 + h.src.intn(3)
		cs := make([]int, n)
		for i := range cs {
			cs[i] = h.src.intn(mtNumComps)
		}
		h.logf("check Slots(%s)", mtCompNames(cs))
		h.checkSlots(cs)
	case mtOpFirst:
		h.checkFirst(mtFirsts[h.src.intn(len(mtFirsts))])
	case mtOpWalk:
		wk := mtWalks[h.src.intn(len(mtWalks))]
		h.walk(wk, h.src.intn(4) != 0)
	case mtOpSystems:
		h.doSystems()
	case mtOpWriteThrough:
		h.doWriteThrough()
	case mtOpSnapshot:
		h.doSnapshot()
	case mtOpRestore:
		h.doRestore()
	case mtOpClear:
		h.doClear()
	default:
		h.failf("no operation %d", op)
	}
}

// pickID picks an id to operate on: mostly live ones, but also dead ones,
// stale ones whose slot was reused, and ones never handed out.
func (h *mtHarness) pickID() world.Entity {
	m := h.m
	switch k := h.src.intn(10); {
	case k < mtIDDead && len(m.liveList) > 0:
		return m.liveList[h.src.intn(len(m.liveList))]
	case k >= mtIDDead && k < mtIDStale && len(m.dead) > 0:
		return m.dead[h.src.intn(len(m.dead))]
	case k == mtIDStale && len(m.dead) > 0:
		i := h.src.intn(len(m.dead))
		for j := range min(len(m.dead), 32) {
			e := m.dead[(i+j)%len(m.dead)]
			if _, ok := m.slotOwner[e.Slot()]; ok {
				return e
			}
		}
		return m.dead[i]
	case k == mtIDOther:
		switch h.src.intn(4) {
		case 0:
			return 0
		case 1:
			if len(m.liveList) > 0 {
				e := m.liveList[h.src.intn(len(m.liveList))]
				return mtMakeID(e.Slot(), e.Generation()+1)
			}
		case 2:
			// The highest generations on a slot in use: forged ids whose
			// generation's complement or negation is 0 or 1.
			return mtMakeID(h.src.intn(len(m.maxGen)+1), math.MaxUint32-uint32(h.src.intn(2)))
		}
		return world.Entity(^uint64(0))
	}
	return mtMakeID(h.src.intn(len(m.maxGen)+2), uint32(h.src.intn(4)))
}

// mtMakeID builds an id the way Entity documents it: the slot in the low
// 32 bits, the generation in the high 32.
func mtMakeID(slot int, gen uint32) world.Entity {
	return world.Entity(uint64(gen)<<32 | uint64(uint32(slot)))
}

func (h *mtHarness) pickLive() (world.Entity, bool) {
	if len(h.m.liveList) == 0 {
		return 0, false
	}
	return h.m.liveList[h.src.intn(len(h.m.liveList))], true
}

// checkNew checks an id Create or Spawn just returned, before the model
// learns of it.
func (h *mtHarness) checkNew(e world.Entity, op string) {
	h.tb.Helper()
	slot := e.Slot()
	gen, used := h.m.maxGen[slot]
	switch {
	case e == 0 || e.Generation() == 0:
		h.failf("%s = %v, want an id with a generation of at least 1", op, e)
	case h.m.issued[e]:
		h.failf("%s = %v, an id handed out before (ids must never come back)", op, e)
	case h.m.slotOwner[slot] != 0:
		h.failf("%s = %v, whose slot is held by live %v", op, e, h.m.slotOwner[slot])
	case used && e.Generation() <= gen:
		h.failf("%s = %v, want a generation above %d, the highest slot %d had", op, e, gen, slot)
	case !used && len(h.m.maxGen) > len(h.m.slotOwner):
		h.failf("%s = %v in a new slot, want a freed slot reused (%d slots used, %d live)", op, e, len(h.m.maxGen), len(h.m.slotOwner))
	}
}

func (h *mtHarness) created(e world.Entity, op string) {
	h.tb.Helper()
	h.logf("%s = %v", op, e)
	h.checkNew(e, op)
	h.m.create(e)
}

func (h *mtHarness) doCreate() world.Entity {
	h.tb.Helper()
	e := h.w.Create()
	h.created(e, "Create()")
	h.checkEntity(e)
	return e
}

func (h *mtHarness) doSpawnTyped() {
	h.tb.Helper()
	var e world.Entity
	var cs []int
	var vs []any
	switch h.src.intn(6) {
	case 0:
		n := mtGenName(h.src)
		e, cs, vs = world.Spawn1(h.w, mtNameC, n), []int{mtcName}, []any{n}
	case 1:
		p, v := mtGenPos(h.src), mtGenVel(h.src)
		e, cs, vs = world.Spawn2(h.w, mtPosC, p, mtVelC, v), []int{mtcPos, mtcVel}, []any{p, v}
	case 2:
		hp := mtGenHP(h.src)
		e, cs, vs = world.Spawn2(h.w, mtHPC, hp, mtTagC, struct{}{}), []int{mtcHP, mtcTag}, []any{hp, struct{}{}}
	case 3:
		p, hp := mtGenPos(h.src), mtGenHP(h.src)
		e = world.Spawn3(h.w, mtPosC, p, mtHPC, hp, mtTagC, struct{}{})
		cs, vs = []int{mtcPos, mtcHP, mtcTag}, []any{p, hp, struct{}{}}
	case 4:
		p, v, t, b := mtGenPos(h.src), mtGenVel(h.src), mtGenHeat(h.src), mtGenBag(h.src)
		e = world.Spawn4(h.w, mtPosC, p, mtVelC, v, mtHeatC, t, mtBagC, b)
		cs, vs = []int{mtcPos, mtcVel, mtcHeat, mtcBag}, []any{p, v, t, b}
	default:
		n, b, v := mtGenName(h.src), mtGenBag(h.src), mtGenVel(h.src)
		e = world.Spawn4(h.w, mtNameC, n, mtBagC, b, mtTagC, struct{}{}, mtVelC, v)
		cs, vs = []int{mtcName, mtcBag, mtcTag, mtcVel}, []any{n, b, struct{}{}, v}
	}
	h.created(e, fmt.Sprintf("Spawn%d(%s: %+v)", len(cs), mtCompNames(cs), vs))
	for i, c := range cs {
		h.m.add(e, c, vs[i])
	}
	h.checkEntity(e)
}

func (h *mtHarness) doSpawnParts() {
	h.tb.Helper()
	n := h.src.intn(5)
	parts := make([]world.Part, n)
	cs := make([]int, n)
	vs := make([]any, n)
	for i := range parts {
		cs[i] = h.src.intn(mtNumComps)
		vs[i] = mtComps[cs[i]].gen(h.src)
		parts[i] = mtComps[cs[i]].part(vs[i])
		// Identity of Type() is checked by TestModelPartType; here only
		// that it names the same component.
		if got := parts[i].Type(); got.ID() != mtComps[cs[i]].ct.ID() || got.Name() != mtComps[cs[i]].name {
			h.failf("part of %s: Type() = %v (id %d), want %v (id %d)", mtComps[cs[i]].name, got, got.ID(), mtComps[cs[i]].ct, mtComps[cs[i]].ct.ID())
		}
	}
	e := h.w.Spawn(parts...)
	h.created(e, fmt.Sprintf("Spawn(%s: %+v)", mtCompNames(cs), vs))
	for i, c := range cs { // a repeated component: the later value wins
		h.m.add(e, c, vs[i])
	}
	h.checkEntity(e)
}

// checkOccupant checks the live entity in e's slot, when it is not e: an
// operation on a stale id must leave it alone.
func (h *mtHarness) checkOccupant(e world.Entity) {
	h.tb.Helper()
	if o, ok := h.m.slotOwner[e.Slot()]; ok && o != e {
		h.checkEntity(o)
	}
}

func (h *mtHarness) doAdd(e world.Entity, c int, v any) {
	h.tb.Helper()
	d := mtComps[c]
	h.adds++
	generic := h.adds%3 == 0 // every third add goes through world.Add
	alive := h.m.alive(e)
	slot := -2
	var r any
	if generic {
		h.logf("world.Add(%v, %s, %+v)", e, d.name, v)
		r = mtCatch(func() { d.addKey(h.w, e, v) })
	} else {
		h.logf("%s.Add(%v, %+v)", d.name, e, v)
		r = mtCatch(func() { slot = d.add(h.w, e, v) })
	}
	if alive {
		if r != nil {
			h.failf("%s.Add(%v) panicked: %v, want no panic (%v is alive)", d.name, e, r, e)
		}
		if !generic && d.column != nil && slot != e.Slot() {
			h.failf("%s.Add(%v) = %d, want its slot %d", d.name, e, slot, e.Slot())
		}
		h.m.add(e, c, v)
	} else {
		h.checkEntityPanic(r, "Add", e, c, world.ErrDeadEntity)
	}
	h.checkEntity(e)
	h.checkOccupant(e)
}

func (h *mtHarness) doRemove(e world.Entity, c int) {
	h.tb.Helper()
	h.logf("Remove(%v, %s)", e, mtComps[c].name)
	h.w.Remove(e, mtComps[c].ct)
	h.m.remove(e, c)
	h.checkEntity(e)
	h.checkOccupant(e)
}

func (h *mtHarness) doDestroy(e world.Entity) {
	h.tb.Helper()
	h.logf("Destroy(%v)", e)
	h.w.Destroy(e)
	h.m.destroy(e)
	h.checkEntity(e)
	h.checkOccupant(e)
}

// doWriteThrough writes a new value through the pointer Get returns, or
// into the column, and checks that Get sees it.
func (h *mtHarness) doWriteThrough() {
	h.tb.Helper()
	e := h.pickID()
	c := h.src.intn(mtNumComps)
	viaColumn := h.src.intn(2) == 1
	v := mtComps[c].gen(h.src)
	d := mtComps[c]
	if !h.m.has(e, c) {
		h.logf("write %s of %v: none", d.name, e)
		h.checkEntity(e)
		return
	}
	if viaColumn && d.setColumn != nil {
		h.logf("%s.Column(w)[%d] = %+v (%v)", d.name, e.Slot(), v, e)
		if !d.setColumn(h.w, e.Slot(), v) {
			h.failf("len(%s.Column(w)) <= %d, the slot of %v, which holds it", d.name, e.Slot(), e)
		}
	} else {
		h.logf("*%s.Get(%v) = %+v", d.name, e, v)
		p, ok := d.get(h.w, e)
		if !ok || p == nil {
			h.failf("%s.Get(%v) = %v, %v, want a pointer and true", d.name, e, p, ok)
		}
		mtSetPtr(p, v)
	}
	h.m.set(e, c, v)
	h.checkEntity(e)
}

// doSnapshot snapshots the world into one of two buffers, with a copy of
// the model and the world's hash.
func (h *mtHarness) doSnapshot() {
	h.tb.Helper()
	sn := &h.snaps[h.src.intn(len(h.snaps))]
	h.logf("Snapshot(%p)", &sn.s)
	if h.m.walking > 0 {
		if err, _ := mtCatch(func() { h.w.Snapshot(&sn.s) }).(error); !errors.Is(err, world.ErrDuringWalk) {
			h.failf("Snapshot during a walk panicked with %v, want ErrDuringWalk", err)
		}
		sn.taken = false
		return
	}
	h.w.Snapshot(&sn.s)
	sn.m, sn.hash, sn.taken = h.m.clone(), h.w.Hash(), true
}

// doRestore restores one of the two snapshots: the world must then be
// the model of the snapshot, hash included; a restore of an empty
// snapshot fails and changes nothing.
func (h *mtHarness) doRestore() {
	h.tb.Helper()
	sn := &h.snaps[h.src.intn(len(h.snaps))]
	h.logf("Restore(%p) (taken: %v)", &sn.s, sn.taken)
	before := h.w.Hash()
	err := h.w.Restore(&sn.s)
	switch {
	case h.m.walking > 0:
		if !errors.Is(err, world.ErrDuringWalk) {
			h.failf("Restore during a walk = %v, want ErrDuringWalk", err)
		}
	case !sn.taken:
		if !errors.Is(err, world.ErrEmptySnapshot) {
			h.failf("Restore of an empty snapshot = %v, want ErrEmptySnapshot", err)
		}
		if got := h.w.Hash(); got != before {
			h.failf("a failed Restore changed the hash from %x to %x", before, got)
		}
	case err != nil:
		h.failf("Restore = %v, want nil", err)
	default:
		h.m = sn.m.clone()
		if got := h.w.Hash(); got != sn.hash {
			h.failf("Hash after Restore = %x, want %x, the snapshotted world's", got, sn.hash)
		}
	}
	h.fullCheck()
}

func (h *mtHarness) doClear() {
	h.tb.Helper()
	h.logf("Clear()")
	if h.m.walking > 0 {
		if r := mtCatch(func() { h.w.Clear() }); r == nil {
			h.failf("Clear() during a walk did not panic")
		}
		return
	}
	old := h.m.entities()
	h.w.Clear()
	h.m.clear()
	h.checkGlobal()
	for _, e := range old {
		h.checkEntity(e)
	}
}

// checkEntity compares everything the world says about e with the model.
func (h *mtHarness) checkEntity(e world.Entity) {
	h.tb.Helper()
	h.checkEntityState(e, true)
}

// checkEntityState compares IsAlive, Has, Get, the columns and
// ComponentsOf, and Require's values and panics when require is set (a
// Require that panics is slow: full checks leave it out).
func (h *mtHarness) checkEntityState(e world.Entity, require bool) {
	h.tb.Helper()
	alive := h.m.alive(e)
	if got := h.w.IsAlive(e); got != alive {
		h.failf("IsAlive(%v) = %v, want %v", e, got, alive)
	}
	for c := range mtNumComps {
		d := mtComps[c]
		want, wantOK := h.m.get(e, c)
		if got := h.w.Has(e, d.ct); got != wantOK {
			h.failf("Has(%v, %s) = %v, want %v", e, d.name, got, wantOK)
		}
		p, ok := d.get(h.w, e)
		switch {
		case ok != wantOK:
			h.failf("%s.Get(%v) ok = %v, want %v", d.name, e, ok, wantOK)
		case ok && p == nil:
			h.failf("%s.Get(%v) = nil, true, want a pointer", d.name, e)
		case !ok && p != nil:
			h.failf("%s.Get(%v) = %v, false, want nil, false", d.name, e, p)
		case ok && !reflect.DeepEqual(mtDeref(p), want):
			h.failf("%s.Get(%v) = %+v, want %+v", d.name, e, mtDeref(p), want)
		}
		gp, gok := d.getKey(h.w, e)
		switch {
		case gok != wantOK || (gp == nil) == gok:
			h.failf("world.Get(%v, %s) = %v, %v, want ok %v", e, d.name, gp, gok, wantOK)
		case gok && c != mtcTag && gp != p: // pointers to zero-size values may differ
			h.failf("world.Get(%v, %s) = %p, want %s.Get's pointer %p", e, d.name, gp, d.name, p)
		}
		if !require {
			continue
		}
		var rp any
		r := mtCatch(func() { rp = d.require(h.w, e) })
		if wantOK {
			if r != nil {
				h.failf("%s.Require(%v) panicked: %v, want %+v", d.name, e, r, want)
			}
			if got := mtDeref(rp); !reflect.DeepEqual(got, want) {
				h.failf("%s.Require(%v) = %+v, want %+v", d.name, e, got, want)
			}
		} else {
			wantErr := world.ErrMissingComponent
			if !alive {
				wantErr = world.ErrDeadEntity
			}
			h.checkEntityPanic(r, "Require", e, c, wantErr)
		}
	}
	for c := range mtNumComps {
		d := mtComps[c]
		want, wantOK := h.m.get(e, c)
		if wantOK && d.column != nil {
			got, ok := d.column(h.w, e.Slot())
			if !ok || !reflect.DeepEqual(got, want) {
				h.failf("%s.Column(w)[%d] = %+v (in range: %v), want %+v, the value of %v", d.name, e.Slot(), got, ok, want, e)
			}
		}
	}
	var got []string
	for _, ct := range h.w.ComponentsOf(e) {
		got = append(got, ct.Name())
	}
	if want := h.m.componentsOf(e); !slices.Equal(got, want) {
		h.failf("ComponentsOf(%v) = %v, want %v", e, got, want)
	}
}

// checkEntityPanic checks that r, what an op on e and component c
// panicked with, is an *Error wrapping wantErr and naming both.
func (h *mtHarness) checkEntityPanic(r any, op string, e world.Entity, c int, wantErr error) {
	h.tb.Helper()
	name := mtComps[c].name
	if r == nil {
		h.failf("%s.%s(%v) did not panic, want a panic wrapping %v", name, op, e, wantErr)
	}
	err, ok := r.(error)
	if !ok {
		h.failf("%s.%s(%v) panicked with %T %v, want an error wrapping %v", name, op, e, r, r, wantErr)
	}
	other := world.ErrDeadEntity
	if wantErr == world.ErrDeadEntity {
		other = world.ErrMissingComponent
	}
	var ee *world.Error
	switch msg := err.Error(); {
	case !errors.As(err, &ee):
		h.failf("%s.%s(%v) panicked with %T %v, want an *Error", name, op, e, err, err)
	case !errors.Is(err, wantErr) || errors.Is(err, other):
		h.failf("%s.%s(%v) panicked with %v, want an error wrapping %v", name, op, e, err, wantErr)
	case ee.Op != op || ee.Entity != e || ee.Component != name:
		h.failf("%s.%s(%v) panicked with EntityError{Op: %q, Entity: %v, Component: %q}, want {%q, %v, %q}",
			name, op, e, ee.Op, ee.Entity, ee.Component, op, e, name)
	case !strings.Contains(msg, e.String()) || !strings.Contains(msg, name):
		h.failf("%s.%s(%v) panicked with %q, want a message naming %v and %s", name, op, e, msg, e, name)
	}
}

// checkGlobal compares Len, Count and Entities with the model.
func (h *mtHarness) checkGlobal() {
	h.tb.Helper()
	if got, want := h.w.Len(), len(h.m.live); got != want {
		h.failf("Len() = %d, want %d", got, want)
	}
	for c := range mtNumComps {
		if got, want := h.w.Count(mtComps[c].ct), h.m.count(c); got != want {
			h.failf("Count(%s) = %d, want %d", mtComps[c].name, got, want)
		}
	}
	if got, want := h.w.Entities(), h.m.entities(); !slices.Equal(got, want) {
		h.failf("Entities() = %v, want %v", got, want)
	}
}

// checkInspect compares Inspect's entities and component names with the
// model, unfiltered, filtered and limited.
func (h *mtHarness) checkInspect() {
	h.tb.Helper()
	check := func(limit int, cs ...int) {
		h.tb.Helper()
		var types []world.ComponentType
		for _, c := range cs {
			types = append(types, mtComps[c].ct)
		}
		var want []string
		for _, e := range h.m.entities() {
			if limit > 0 && len(want) == limit {
				break
			}
			holds := len(cs) == 0
			for _, c := range cs {
				holds = holds || h.m.has(e, c)
			}
			if holds {
				want = append(want, fmt.Sprint(e, h.m.componentsOf(e)))
			}
		}
		var got []string
		for _, in := range world.Inspect(h.w, limit, 8, types...) {
			var names []string
			for _, p := range in.Components {
				names = append(names, p.Name)
				if n := len([]rune(p.Value)); n > 8 {
					h.failf("Inspect preview %q of %v is %d runes, want at most 8", p.Value, in.Entity, n)
				}
			}
			got = append(got, fmt.Sprint(in.Entity, names))
		}
		if !slices.Equal(got, want) {
			h.failf("Inspect(w, %d, 8, %s) = %v, want %v", limit, mtCompNames(cs), got, want)
		}
	}
	check(0)
	check(3)
	check(0, mtcTag, mtcHP)
	check(2, mtcBag)
}

// checkSlots compares the view of the components cs with the model's
// intersection, in slot order.
func (h *mtHarness) checkSlots(cs []int) {
	h.tb.Helper()
	types := make([]world.ComponentType, len(cs))
	for i, c := range cs {
		types[i] = mtComps[c].ct
	}
	name := "Slots(" + mtCompNames(cs) + ")"
	v := h.w.Slots(types...)
	members := h.m.members(cs)
	want := make([]uint32, len(members))
	for i, e := range members {
		want[i] = uint32(e.Slot())
	}
	if got := slices.Clone(v.Indices()); !slices.Equal(got, want) {
		h.failf("%s.Indices() = %v, want %v", name, got, want)
	}
	if got := v.Len(); got != len(want) {
		h.failf("%s.Len() = %d, want %d", name, got, len(want))
	}
	runs := v.Runs()
	var flat []uint32
	for i, r := range runs {
		if r.Start >= r.End || (i > 0 && r.Start < runs[i-1].End) {
			h.failf("%s.Runs() = %v: run %d is empty or out of order", name, runs, i)
		}
		for s := r.Start; s < r.End; s++ {
			flat = append(flat, uint32(s))
		}
	}
	if !slices.Equal(flat, want) {
		h.failf("%s.Runs() = %v, want runs of %v", name, runs, want)
	}
	if again := h.w.Slots(types...); again != v {
		h.failf("%s returned a new view on the second call, want the cached one", name)
	}
	rev := slices.Clone(types)
	slices.Reverse(rev)
	if other := h.w.Slots(rev...); other != v {
		h.failf("%s and the same components reversed returned different views, want the same", name)
	}
	for i, e := range members {
		for _, c := range cs {
			if mtComps[c].column == nil {
				continue
			}
			wantV, _ := h.m.get(e, c)
			if got, ok := mtComps[c].column(h.w, int(want[i])); !ok || !reflect.DeepEqual(got, wantV) {
				h.failf("%s.Column(w)[%d] = %+v (in range: %v), want %+v, the value of %v", mtComps[c].name, want[i], got, ok, wantV, e)
			}
		}
	}
}

// checkFirst checks that a First call finds some entity holding the
// components when there is one, with its values.
func (h *mtHarness) checkFirst(f mtFirst) {
	h.tb.Helper()
	e, ptrs, ok := f.run(h.w)
	h.logf("%s = %v, %v", f.name, e, ok)
	members := h.m.members(f.comps)
	if ok != (len(members) > 0) {
		h.failf("%s ok = %v, want %v (%d entities hold %s)", f.name, ok, !ok, len(members), mtCompNames(f.comps))
	}
	if !ok {
		return
	}
	if !slices.Contains(members, e) {
		h.failf("%s = %v, which does not hold every one of %s (those that do: %v)", f.name, e, mtCompNames(f.comps), members)
	}
	for i, c := range f.comps {
		want, _ := h.m.get(e, c)
		if ptrs[i] == nil {
			h.failf("%s gave a nil %s pointer for %v", f.name, mtComps[c].name, e)
		}
		if got := mtDeref(ptrs[i]); !reflect.DeepEqual(got, want) {
			h.failf("%s gave %v %s = %+v, want %+v", f.name, e, mtComps[c].name, got, want)
		}
	}
}

// checkPending checks that what waits for the walks to end has not
// happened yet: a destroyed entity is still alive, a removed component
// still there.
func (h *mtHarness) checkPending() {
	h.tb.Helper()
	for _, p := range h.m.pending {
		if !h.m.alive(p.e) {
			continue
		}
		if p.c < 0 {
			if !h.w.IsAlive(p.e) {
				h.failf("IsAlive(%v) = false during a walk after Destroy(%v), want true until the walk ends", p.e, p.e)
			}
		} else if h.m.has(p.e, p.c) && !h.w.Has(p.e, mtComps[p.c].ct) {
			h.failf("Has(%v, %s) = false during a walk after Remove, want true until the walk ends", p.e, mtComps[p.c].name)
		}
	}
}

// fullCheck compares everything: global answers, every live entity, the
// latest dead ids, a few never issued, and the views of every component
// and pair.
func (h *mtHarness) fullCheck() {
	h.tb.Helper()
	h.checkGlobal()
	h.checkInspect()
	for _, e := range h.m.liveList {
		h.checkEntityState(e, false)
	}
	for _, e := range h.m.dead[max(0, len(h.m.dead)-32):] {
		h.checkEntityState(e, false)
	}
	for i := range 4 { // a few ids not handed out (yet)
		slot := (h.step + 17*i) % (len(h.m.maxGen) + 2)
		h.checkEntityState(mtMakeID(slot, h.m.maxGen[slot]+1), false)
		h.checkEntityState(mtMakeID(slot, 0), false)
	}
	for a := range mtNumComps {
		h.checkSlots([]int{a})
		for b := a + 1; b < mtNumComps; b++ {
			h.checkSlots([]int{a, b})
		}
	}
	h.checkPending()
}

// walk runs a walk, checking that it visits exactly the entities holding
// its components when it began, each once, with the model's values. When
// mutate is set, each visit may write through the pointers and then
// destroy, remove, add, create, check, run a nested walk or break out.
func (h *mtHarness) walk(wk mtWalk, mutate bool) {
	h.tb.Helper()
	start := h.m.members(wk.comps)
	inStart := make(map[world.Entity]bool, len(start))
	for _, e := range start {
		inStart[e] = true
	}
	visited := make(map[world.Entity]bool, len(start))
	broke := false
	h.logf("%s begins: %d entities hold %s (mutating: %v)", wk.name, len(start), mtCompNames(wk.comps), mutate)
	h.m.beginWalk()
	h.depth++
	h.walkComps = append(h.walkComps, wk.comps)
	defer func() { h.walkComps = h.walkComps[:len(h.walkComps)-1] }()
	// The callbacks below are not helpers: a failure inside them is
	// reported at their line, not at the world's code that calls them.
	wk.run(h.w, func(e world.Entity, ptrs ...any) bool {
		switch {
		case broke:
			h.failf("%s visited %v after the loop body returned false", wk.name, e)
		case visited[e]:
			h.failf("%s visited %v twice", wk.name, e)
		case !inStart[e] && h.m.issued[e]:
			h.failf("%s visited %v, which did not hold every one of %s when the walk began (added during it: must not be visited)", wk.name, e, mtCompNames(wk.comps))
		case !inStart[e]:
			h.failf("%s visited %v, an id never handed out", wk.name, e)
		}
		visited[e] = true
		if !h.w.IsAlive(e) {
			h.failf("IsAlive(%v) = false while %s visits it, want true", e, wk.name)
		}
		for i, c := range wk.comps {
			want, _ := h.m.get(e, c)
			if got := mtDeref(ptrs[i]); !reflect.DeepEqual(got, want) {
				h.failf("%s gave %v %s = %+v, want %+v", wk.name, e, mtComps[c].name, got, want)
			}
		}
		if !mutate {
			return true
		}
		if h.src.intn(4) == 1 { // write first: later adds may move the values
			i := h.src.intn(len(wk.comps))
			c := wk.comps[i]
			v := mtComps[c].gen(h.src)
			h.logf("write %s of %v through the walk's pointer: %+v", mtComps[c].name, e, v)
			mtSetPtr(ptrs[i], v)
			h.m.set(e, c, v)
		}
		if h.midWalk(e, wk.query) {
			h.logf("break out of %s", wk.name)
			broke = true
			return false
		}
		return true
	})
	h.depth--
	h.m.endWalk()
	h.logf("%s ended: visited %d", wk.name, len(visited))
	if !broke {
		for _, e := range start {
			if !visited[e] {
				h.failf("%s did not visit %v, which held every one of %s when the walk began", wk.name, e, mtCompNames(wk.comps))
			}
		}
	}
	for _, e := range start {
		h.checkEntity(e)
	}
	if h.m.walking == 0 {
		h.checkGlobal()
	} else {
		h.checkPending()
	}
}

// midWalk does up to two things during a walk or a system run: cur is the
// entity visited (0 in a system). It reports whether a Query should break.
// A choice below 9 (and so a dry fuzz input) does nothing more.
func (h *mtHarness) midWalk(cur world.Entity, canBreak bool) bool {
	h.tb.Helper()
	for range 2 {
		d := h.src.intn(9 + mtNumActions)
		if d < 9 {
			return false
		}
		if h.action(d-9, cur, canBreak) {
			return true
		}
	}
	return false
}

// pickTarget picks cur half the time, when there is a cur.
func (h *mtHarness) pickTarget(cur world.Entity) world.Entity {
	if h.src.intn(2) == 0 && cur != 0 {
		return cur
	}
	return h.pickID()
}

// mtNumActions is how many things action can do.
const mtNumActions = 9

// action does one thing during a walk: 0 destroy, 1 remove, 2 add,
// 3 create or spawn, 4 check, 5 nested walk, 6 break (or check pending),
// 7 remove a component and add it back, 8 destroy and then add. After a
// change it checks the views of the walks in progress, whose runs must
// not change under them.
func (h *mtHarness) action(kind int, cur world.Entity, canBreak bool) bool {
	h.tb.Helper()
	defer func() {
		if kind == 1 || kind == 2 || kind == 3 || kind >= 7 {
			for _, cs := range h.walkComps {
				h.checkSlots(cs)
			}
		}
	}()
	switch kind {
	case 0:
		h.doDestroy(h.pickTarget(cur))
	case 1:
		e := h.pickTarget(cur)
		h.doRemove(e, h.src.intn(mtNumComps))
	case 2:
		e := h.pickTarget(cur)
		c := h.src.intn(mtNumComps)
		h.doAdd(e, c, mtComps[c].gen(h.src))
	case 3:
		switch h.src.intn(3) {
		case 0:
			h.doCreate()
		case 1:
			h.doSpawnTyped()
		default:
			h.doSpawnParts()
		}
	case 4:
		switch h.src.intn(6) {
		case 0:
			e := h.pickID()
			h.logf("check %v", e)
			h.checkEntity(e)
		case 1:
			h.logf("check global")
			h.checkGlobal()
		case 2:
			// Half the time the view of a walk in progress: its runs must
			// not change under the walk.
			cs := []int{h.src.intn(mtNumComps), h.src.intn(mtNumComps)}
			if n := len(h.walkComps); n > 0 && h.src.intn(2) == 1 {
				cs = h.walkComps[h.src.intn(n)]
			}
			h.logf("check Slots(%s)", mtCompNames(cs))
			h.checkSlots(cs)
		case 3:
			h.checkFirst(mtFirsts[h.src.intn(len(mtFirsts))])
		case 4:
			h.doClear() // must panic during a walk
		default:
			h.checkPending()
		}
	case 5:
		wk := mtWalks[h.src.intn(len(mtWalks))]
		mutate := h.src.intn(2) == 1
		if h.depth < 3 {
			h.walk(wk, mutate)
		}
	case 6:
		if canBreak {
			return true
		}
		h.checkPending()
	case 7:
		e := h.pickTarget(cur)
		c := h.src.intn(mtNumComps)
		if held := h.m.componentsOf(e); len(held) > 0 && h.src.intn(4) != 0 {
			c = h.m.names[held[h.src.intn(len(held))]]
		}
		h.doRemove(e, c)
		h.doAdd(e, c, mtComps[c].gen(h.src))
	default:
		e := h.pickTarget(cur)
		c := h.src.intn(mtNumComps)
		h.doDestroy(e)
		h.doAdd(e, c, mtComps[c].gen(h.src))
	}
	return false
}

// doSystems adds two systems to one phase and runs it: the first destroys,
// removes and adds (and may fail), the second checks that the first one's
// changes were applied before it ran. Then it removes both.
func (h *mtHarness) doSystems() {
	h.tb.Helper()
	phase := world.Phase(h.src.intn(2))
	mode := h.src.intn(4) // 0 ok, 1 returns an error, 2 panics in Require, 3 panics with a string
	withHandler := h.src.intn(2) == 1
	nA := h.src.intn(8)
	h.systems++
	nameA := fmt.Sprintf("model-mutate-%d", h.systems)
	nameB := fmt.Sprintf("model-observe-%d", h.systems)
	h.logf("Run(%v) of %s (%d actions, mode %d, handler %v) and %s", phase, nameA, nA, mode, withHandler, nameB)
	var ranA, ranB bool
	disposed := 0
	errBoom := errors.New("model boom")
	var required world.Entity
	sysA := world.System{Name: nameA, Phase: phase, Dispose: func() { disposed++ }, Run: func(ctx *world.Context) error {
		ranA = true
		if ctx.World != h.w || ctx.Phase != phase {
			h.failf("%s got Context{World: %p, Phase: %v}, want {%p, %v}", nameA, ctx.World, ctx.Phase, h.w, phase)
		}
		h.m.beginWalk()
		h.depth++
		defer func() {
			h.depth--
			h.m.endWalk()
		}()
		for range nA {
			h.action(h.src.intn(mtNumActions), 0, false)
		}
		h.checkPending()
		switch mode {
		case 1:
			return errBoom
		case 2:
			required = h.doCreate()
			h.logf("HP.Require(%v) in %s: panics", required, nameA)
			mtHPC.Require(ctx.World, required)
			h.failf("HP.Require(%v) of an entity without HP did not panic", required)
		case 3:
			panic("model boom")
		}
		return nil
	}}
	sysB := world.System{Name: nameB, Phase: phase, Dispose: func() { disposed++ }, Run: func(ctx *world.Context) error {
		ranB = true
		h.m.beginWalk()
		h.depth++
		defer func() {
			h.depth--
			h.m.endWalk()
		}()
		if len(h.m.pending) > 0 {
			h.failf("model: %d operations still pending when %s runs", len(h.m.pending), nameB)
		}
		h.logf("%s checks that %s's changes were applied", nameB, nameA)
		h.fullCheck()
		if h.src.intn(2) == 1 {
			if e, ok := h.pickLive(); ok {
				h.doDestroy(e)
				h.checkPending()
			}
		}
		return nil
	}}
	for _, s := range []world.System{sysA, sysB} {
		if err := h.w.AddSystem(s); err != nil {
			h.failf("AddSystem(%q) = %v, want nil", s.Name, err)
		}
	}
	if err := h.w.AddSystem(sysA); !errors.Is(err, world.ErrDuplicateSystem) {
		h.failf("AddSystem(%q) again = %v, want an error wrapping %v", nameA, err, world.ErrDuplicateSystem)
	}
	if got, want := h.w.SystemNames(phase), []string{nameA, nameB}; !slices.Equal(got, want) {
		h.failf("SystemNames(%v) = %q, want %q", phase, got, want)
	}
	var handled []error
	var onError func(error)
	if withHandler {
		onError = func(err error) { handled = append(handled, err) }
	}
	err := h.w.Run(world.Context{Phase: phase, DT: 1.0 / 60, Step: uint64(h.step)}, onError)
	failed := mode != 0
	sysErr := err
	if withHandler {
		if err != nil {
			h.failf("Run with a handler = %v, want nil", err)
		}
		if want := map[bool]int{false: 0, true: 1}[failed]; len(handled) != want {
			h.failf("Run's handler got %v, want %d errors", handled, want)
		}
		if failed {
			sysErr = handled[0]
		}
	} else if failed != (err != nil) {
		var se *world.SystemError
		if errors.As(err, &se) {
			h.failf("Run = %v, want failed: %v\n%s", err, failed, se.Stack)
		}
		h.failf("Run = %v, want failed: %v", err, failed)
	}
	if failed {
		var se *world.SystemError
		var ee *world.Error
		switch {
		case !errors.As(sysErr, &se) || se.System != nameA || se.Phase != phase:
			h.failf("Run reported %#v, want a *SystemError naming %q (%v)", sysErr, nameA, phase)
		case mode == 1 && !errors.Is(sysErr, errBoom):
			h.failf("Run reported %v, want it to wrap the system's error %v", sysErr, errBoom)
		case mode == 2 && (!errors.Is(sysErr, world.ErrPanic) || !errors.Is(sysErr, world.ErrMissingComponent) ||
			!errors.As(sysErr, &ee) || ee.Entity != required):
			h.failf("Run reported %v, want it to wrap ErrPanic and the EntityError for %v", sysErr, required)
		case mode == 3 && (!errors.Is(sysErr, world.ErrPanic) || !strings.Contains(sysErr.Error(), "model boom")):
			h.failf("Run reported %v, want it to wrap ErrPanic and say %q", sysErr, "model boom")
		}
	}
	if wantB := !failed || withHandler; !ranA || ranB != wantB {
		h.failf("%s ran: %v, %s ran: %v; want true, %v", nameA, ranA, nameB, ranB, wantB)
	}
	for _, name := range []string{nameA, nameB} {
		if ok, err := h.w.RemoveSystem(name); !ok || err != nil {
			h.failf("RemoveSystem(%q) = %v, %v, want true, nil", name, ok, err)
		}
	}
	if disposed != 2 {
		h.failf("%d systems disposed, want 2", disposed)
	}
	if h.m.walking != 0 || len(h.m.pending) != 0 {
		h.failf("model: walking %d, %d pending after Run", h.m.walking, len(h.m.pending))
	}
	h.fullCheck()
}

// mtScript turns small numbers into a script's bytes.
func mtScript(xs ...int) []byte {
	b := make([]byte, len(xs))
	for i, x := range xs {
		b[i] = byte(x)
	}
	return b
}

// mtScriptCase is a hand-written operation sequence: a table entry of
// TestModelScenarios and a seed of FuzzOps (checked in under
// testdata/fuzz/FuzzOps under its name). wantLen and wantDead say how many
// entities are alive and how many ids dead at the end, so a script that no
// longer does what its name says (because the decoding changed) fails.
type mtScriptCase struct {
	name              string
	script            []byte
	wantLen, wantDead int
}

// mtScripts returns the scripts. Operand bytes follow the harness's
// decoding: an id is a kind (mtIDLive, ...) and an index; a Pos, Vel or
// Heat value is two bytes, HP and Name one, a Bag a count and its items, a
// tag nothing. Inside a mutating walk each visit reads a write byte (1:
// write through the walk's pointer, then which and the value), then up to
// two action bytes (below 9: stop; 9 destroy, 10 remove, 11 add, 12 create
// or spawn, 13 check, 14 nested walk, 15 break, 16 remove and add back, 17
// destroy and add), each followed by its operands; a target byte 0 means
// the visited entity. A system's actions are the same without the 9.
func mtScripts() []mtScriptCase {
	const (
		L = mtIDLive
		D = mtIDDead
		S = mtIDStale
		N = mtIDNever
		O = mtIDOther
	)
	spawnPosVel := func(x int) []int { return []int{mtOpSpawnTyped, 1, x, x + 1, x + 2, x + 3} }
	cat := func(parts ...[]int) []byte {
		var all []int
		for _, p := range parts {
			all = append(all, p...)
		}
		return mtScript(all...)
	}
	each2PV := mtWalkIndex("Each2(Pos,Vel)")
	query2PV := mtWalkIndex("Query2(Pos,Vel)")
	return []mtScriptCase{
		{"stale-id-after-reuse", mtScript(
			mtOpCreate,                   // 0v1
			mtOpAdd, L, 0, mtcPos, 8, 13, // Pos{2, -115}
			mtOpAdd, L, 0, mtcBag, 2, 7, 9, // Bag{7 9}
			mtOpDestroy, L, 0, // 0v1 is dead
			mtOpCreate,            // 0v2 reuses slot 0
			mtOpCheckEntity, D, 0, // 0v1: dead, no Pos, no Bag
			mtOpAdd, D, 0, mtcHP, 5, // Add to 0v1 panics
			mtOpRemove, S, 0, mtcPos, // nothing
			mtOpAdd, L, 0, mtcName, 1, // 0v2 gets a name
			mtOpDestroy, S, 0, // nothing: 0v2 lives on
			mtOpCheckEntity, L, 0, // 0v2
			mtOpCheckEntity, O, 1, 0, // 0v3, not handed out yet
			mtOpDestroy, O, 1, 0, // nothing
			mtOpCheckEntity, O, 0, // the zero id
			mtOpCheckEntity, N, 5, 1, // a slot never used
			mtOpCheckGlobal,
		), 1, 1},
		{"replace-and-remove", mtScript(
			mtOpCreate, mtOpCreate,
			mtOpAdd, L, 0, mtcPos, 4, 9,
			mtOpAdd, L, 0, mtcPos, 16, 0, // replaced; Y left out is zero
			mtOpAdd, L, 0, mtcTag,
			mtOpAdd, L, 0, mtcTag, // again: nothing changes
			mtOpAdd, L, 1, mtcHP, 200,
			mtOpAdd, L, 1, mtcHP, 3, // replaced
			mtOpRemove, L, 0, mtcPos,
			mtOpRemove, L, 0, mtcPos, // again: nothing
			mtOpRemove, L, 1, mtcTag, // never had it
			mtOpRemove, N, 3, 1, mtcHP, // never handed out
			mtOpSlots, 1, mtcPos, mtcTag,
			mtOpSlots, 0, mtcHP,
			mtOpCheckGlobal,
		), 2, 0},
		{"spawn-variants", cat(
			[]int{mtOpSpawnTyped, 0, 2},
			[]int{mtOpSpawnTyped, 1, 10, 21, 30, 41},
			[]int{mtOpSpawnTyped, 2, 50},
			[]int{mtOpSpawnTyped, 3, 1, 2, 60},
			[]int{mtOpSpawnTyped, 4, 5, 6, 7, 8, 9, 10, 3, 1, 2, 3},
			[]int{mtOpSpawnTyped, 5, 4, 1, 42, 11, 13},
			[]int{mtOpSpawnParts, 4, mtcPos, 1, 2, mtcHP, 9, mtcPos, 3, 5, mtcTag}, // Pos repeats: the second wins
			[]int{mtOpSpawnParts, 0},
			// every walk, without mutations, and every First
			[]int{mtOpWalk, 0, 0, mtOpWalk, 1, 0, mtOpWalk, 2, 0, mtOpWalk, 3, 0, mtOpWalk, 4, 0, mtOpWalk, 5, 0,
				mtOpWalk, 6, 0, mtOpWalk, 7, 0, mtOpWalk, 8, 0, mtOpWalk, 9, 0, mtOpWalk, 10, 0, mtOpWalk, 11, 0,
				mtOpWalk, 12, 0, mtOpWalk, 13, 0, mtOpWalk, 14, 0, mtOpWalk, 15, 0},
			[]int{mtOpFirst, 0, mtOpFirst, 1, mtOpFirst, 2, mtOpFirst, 3, mtOpFirst, 4, mtOpFirst, 5, mtOpFirst, 6},
			[]int{mtOpSlots, 2, mtcPos, mtcVel, mtcHeat, mtOpCheckGlobal},
		), 8, 0},
		{"reused-slot-starts-at-zero", cat(
			spawnPosVel(40), spawnPosVel(50), spawnPosVel(60),
			[]int{mtOpAdd, L, 1, mtcHeat, 100, 7},
			[]int{mtOpSlots, 1, mtcPos, mtcHeat},
			[]int{mtOpDestroy, L, 1},                      // the middle one
			[]int{mtOpSpawnParts, 1, mtcPos, 12, 0},       // reuses its slot; Y, Vel and Heat left out
			[]int{mtOpSlots, 1, mtcPos, mtcVel},           // the reused slot is not in it
			[]int{mtOpSlots, 1, mtcPos, mtcHeat},          // nor in this one
			[]int{mtOpSlots, 0, mtcPos},                   // but in this one
			[]int{mtOpCheckEntity, L, 2, mtOpCheckGlobal}, // the new entity
		), 3, 1},
		{"destroy-and-remove-during-each", cat(
			spawnPosVel(1), spawnPosVel(5), spawnPosVel(9), spawnPosVel(13),
			[]int{mtOpWalk, each2PV, 1,
				0, 9, 0, 0, // visit 1: destroy it
				0, 9, 1, L, 3, 0, // visit 2: destroy the fourth, not visited yet
				1, 0, 20, 21, 10, 0, mtcVel, 0, // visit 3: write its Pos, remove its Vel
				0, 13, 4, 0, // visit 4: Clear must panic
			},
			[]int{mtOpCheckGlobal},
		), 2, 2},
		{"remove-then-add-during-query", cat(
			[]int{mtOpSpawnParts, 2, mtcName, 1, mtcHP, 10},
			[]int{mtOpSpawnParts, 2, mtcName, 2, mtcHP, 20},
			[]int{mtOpSpawnParts, 2, mtcName, 3, mtcHP, 30},
			[]int{mtOpWalk, mtWalkIndex("Query2(Name,HP)"), 1,
				0, 10, 0, mtcHP, 11, 0, mtcHP, 77, // visit 1: remove HP, add it back: it stays
				0, 10, 0, mtcName, 0, // visit 2: remove its Name
				0, 15, // visit 3: break
			},
			[]int{mtOpCheckGlobal},
		), 3, 0},
		{"added-during-walk-not-visited", cat(
			spawnPosVel(2), spawnPosVel(6),
			[]int{mtOpSpawnTyped, 4, 1, 2, 3, 4, 5, 6, 1, 8},
			[]int{mtOpWalk, each2PV, 1,
				0, 12, 1, 1, 70, 71, 72, 73, 12, 2, 2, mtcVel, 1, 2, mtcPos, 3, 4, // visit 1: spawn two with Pos and Vel
				0, 0, // visit 2
				0, 0, // visit 3
			},
			[]int{mtOpWalk, mtWalkIndex("Each2(Bag,Pos)"), 1,
				0, 11, 1, L, 0, mtcBag, 1, 5, 0, // visit 1: give the first entity a Bag
			},
			[]int{mtOpWalk, query2PV, 0, mtOpWalk, mtWalkIndex("Each2(Bag,Pos)"), 0, mtOpCheckGlobal},
		), 5, 0},
		{"nested-walks", cat(
			spawnPosVel(3), spawnPosVel(7), spawnPosVel(11),
			[]int{mtOpSpawnTyped, 2, 40, mtOpSpawnTyped, 2, 41},
			[]int{mtOpWalk, each2PV, 1,
				0, 14, mtWalkIndex("Query2(HP,Frozen)"), 1, // visit 1: a nested walk
				0, 9, 0, 0, //   inner visit 1: destroy it
				0, 9, 1, L, 0, 0, //   inner visit 2: destroy the first entity
				13, 5, // visit 1 again: the destroys still wait
				0, 0, // visit 2
				0, 0, // visit 3
			},
			[]int{mtOpCheckGlobal},
		), 3, 2},
		{"systems", cat(
			spawnPosVel(1), spawnPosVel(2), spawnPosVel(3),
			[]int{mtOpSpawnTyped, 2, 9},
			// ok, no handler: destroy, remove, add; the observer destroys one more
			[]int{mtOpSystems, 0, 0, 0, 3, 0, 0, L, 0, 1, 0, L, 1, mtcPos, 2, 0, L, 0, mtcName, 3, 1, 0},
			// panic in Require, no handler: the observer does not run
			[]int{mtOpSystems, 1, 2, 0, 1, 3, 0},
			// an error, with a handler: the observer runs
			[]int{mtOpSystems, 0, 1, 1, 1, 0, 0, L, 0, 0},
			// a panic with a string, with a handler
			[]int{mtOpSystems, 1, 3, 1, 0, 0},
			[]int{mtOpCheckGlobal},
		), 3, 3},
		{"clear", cat(
			spawnPosVel(1), spawnPosVel(2), []int{mtOpSpawnTyped, 0, 3},
			[]int{mtOpDestroy, L, 0},
			[]int{0xFF}, // Clear
			[]int{mtOpCreate, mtOpCheckEntity, D, 0, mtOpCheckEntity, D, 1, mtOpCheckEntity, D, 2, mtOpCheckGlobal},
		), 1, 3},
		{"break-applies-deferred", cat(
			spawnPosVel(1), spawnPosVel(2), spawnPosVel(3),
			[]int{mtOpWalk, query2PV, 1, 0, 9, 0, 15}, // visit 1: destroy it and break
			[]int{mtOpCheckGlobal},
		), 2, 1},
		{"empty-world", mtScript(
			mtOpWalk, each2PV, 0, mtOpWalk, mtWalkIndex("Query2(Name,HP)"), 0,
			mtOpFirst, 2, mtOpFirst, 0,
			mtOpSlots, 0, mtcHeat, mtOpCheckGlobal,
			mtOpDestroy, N, 0, 1, mtOpRemove, O, 0, mtcPos, mtOpAdd, N, 1, 1, mtcHP, 1,
			mtOpCreate,
		), 1, 0},
		{"snapshot-restore", cat(
			spawnPosVel(1), spawnPosVel(5), []int{mtOpSpawnTyped, 0, 2},
			[]int{mtOpSnapshot, 0},
			[]int{mtOpDestroy, L, 0, mtOpAdd, L, 0, mtcHP, 9, mtOpCreate}, // 0v2 reuses slot 0
			[]int{mtOpRestore, 1}, // never taken: fails
			[]int{mtOpRestore, 0}, // 0v1 lives again, 0v2 was never handed out
			[]int{mtOpCreate, mtOpCheckEntity, L, 0, mtOpCheckGlobal}, // a new slot: nothing is free
		), 4, 0},
		{"write-through", cat(
			[]int{mtOpSpawnTyped, 4, 5, 6, 7, 8, 9, 10, 2, 1, 2},
			[]int{mtOpWriteThrough, L, 0, mtcPos, 1, 50, 51},     // into the column
			[]int{mtOpWriteThrough, L, 0, mtcVel, 0, 52, 53},     // through Get's pointer
			[]int{mtOpWriteThrough, L, 0, mtcBag, 1, 3, 4, 5, 6}, // through Get's pointer
			[]int{mtOpWriteThrough, L, 0, mtcHP, 0, 9},           // has none
			[]int{mtOpWalk, mtWalkIndex("Each1(Pos)"), 0},
		), 1, 0},
	}
}
