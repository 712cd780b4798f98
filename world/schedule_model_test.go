package world_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// The scheduler against a model: random systems with random declared
// access, run by groups on the worker pool, must leave the world exactly
// as the same systems run one by one as exclusive systems do, step after
// step (the same World.Hash, and, to show what differs, every entity and
// every component value through Inspect), and conflicting systems (by the
// model's own rule) must never overlap. The systems also draw from the
// world's random generator, by streams keyed by system and step, and half
// the declared ones write their values by parallel walks.

type cell struct{ V int64 }

var (
	mFields = [...]*world.Fields[cell]{
		world.DefineFields[cell]("mF0"), world.DefineFields[cell]("mF1"),
		world.DefineFields[cell]("mF2"), world.DefineFields[cell]("mF3"),
	}
	mObjects = [...]*world.Component[int64]{
		world.DefineComponent[int64]("mO0"), world.DefineComponent[int64]("mO1"),
	}
	mTag = world.DefineTag("mT")
	// mAll indexes every model component: fields, objects, the tag.
	mAll = []world.ComponentType{mFields[0], mFields[1], mFields[2], mFields[3], mObjects[0], mObjects[1], mTag}
)

const mTagIndex = 6

// mValue returns a pointer to e's value of model component k, or nil when
// e does not hold it (or k is the tag).
func mValue(w *world.World, k int, e world.Entity) *int64 {
	switch {
	case k < len(mFields):
		if c, ok := mFields[k].Get(w, e); ok {
			return &c.V
		}
	case k < len(mFields)+len(mObjects):
		if v, ok := mObjects[k-len(mFields)].Get(w, e); ok {
			return v
		}
	}
	return nil
}

// mAdd gives e model component k with value v.
func mAdd(w *world.World, k int, e world.Entity, v int64) {
	switch {
	case k < len(mFields):
		mFields[k].Add(w, e, cell{v})
	case k < len(mFields)+len(mObjects):
		mObjects[k-len(mFields)].Add(w, e, v)
	default:
		mTag.Add(w, e)
	}
}

// mEach calls fn for every entity holding model component k.
func mEach(w *world.World, k int, fn func(e world.Entity)) {
	switch {
	case k < len(mFields):
		world.Each1(w, mFields[k], func(e world.Entity, _ *cell) { fn(e) })
	case k < len(mFields)+len(mObjects):
		world.Each1(w, mObjects[k-len(mFields)], func(e world.Entity, _ *int64) { fn(e) })
	default:
		world.Each1(w, mTag, func(e world.Entity, _ *struct{}) { fn(e) })
	}
}

// mParallelEach calls fn, with its batch's world, for every entity
// holding value component k, by a parallel walk in batches of 7.
func mParallelEach(ctx *world.Context, k int, fn func(w *world.World, e world.Entity)) {
	const size = 7
	if k < len(mFields) {
		world.ParallelEach1(ctx, size, mFields[k], func(bc *world.Context, e world.Entity, _ *cell) { fn(bc.World, e) })
		return
	}
	world.ParallelEach1(ctx, size, mObjects[k-len(mFields)], func(bc *world.Context, e world.Entity, _ *int64) { fn(bc.World, e) })
}

// mix is the systems' arithmetic: any function of its inputs would do, as
// long as every input changes the result.
func mix(a, b uint64) uint64 {
	h := a*0x9e3779b97f4a7c15 ^ b
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// mSpec is a random system: what it declares, and so what it does.
type mSpec struct {
	name                         string
	reads, writes, adds, removes []int
	spawns                       []int // nil: it does not spawn
	destroys                     bool
	exclusive                    bool // declares nothing, even in the scheduled run
	salt                         uint64
}

func (s *mSpec) touched() []int {
	var out []int
	for _, l := range [][]int{s.reads, s.writes, s.adds, s.removes, s.spawns} {
		for _, k := range l {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	if s.destroys {
		out = []int{0, 1, 2, 3, 4, 5, 6}
	}
	slices.Sort(out)
	return out
}

// written is what s changes: values, membership, or (destroying) all.
func (s *mSpec) written() []int {
	if s.destroys {
		return []int{0, 1, 2, 3, 4, 5, 6}
	}
	var out []int
	for _, l := range [][]int{s.writes, s.adds, s.removes, s.spawns} {
		out = append(out, l...)
	}
	return out
}

// mConflict is the model's rule: either is exclusive, one writes what the
// other touches, or both use the entity allocator.
func mConflict(a, b *mSpec) bool {
	if a.exclusive || b.exclusive || (a.spawns != nil || a.destroys) && (b.spawns != nil || b.destroys) {
		return true
	}
	meets := func(x, y []int) bool {
		for _, k := range x {
			if slices.Contains(y, k) {
				return true
			}
		}
		return false
	}
	return meets(a.written(), b.touched()) || meets(b.written(), a.touched())
}

func randomSpecs(r *rand.Rand) []mSpec {
	subset := func(p float64, values bool) []int {
		var out []int
		for k := range mAll {
			if (!values || k != mTagIndex) && r.Float64() < p {
				out = append(out, k)
			}
		}
		return out
	}
	specs := make([]mSpec, 2+r.IntN(7))
	for i := range specs {
		s := &specs[i]
		s.name = fmt.Sprintf("s%d", i)
		s.salt = r.Uint64()
		s.reads = subset(0.3, false)
		s.writes = subset(0.2, true)
		s.adds = subset(0.12, false)
		s.removes = subset(0.12, false)
		if r.IntN(5) == 0 {
			s.spawns = subset(0.4, false)
			if s.spawns == nil {
				s.spawns = []int{}
			}
		}
		s.destroys = r.IntN(10) == 0
		s.exclusive = r.IntN(8) == 0
	}
	return specs
}

// mSystem returns spec s as a system: declaring its access if declare,
// recording its start and end on clock in span (one per step) if span is
// not nil.
func mSystem(s *mSpec, declare bool, clock *atomic.Int64, span *[2]int64) world.System {
	comps := func(ks []int) []world.ComponentType {
		out := []world.ComponentType{}
		for _, k := range ks {
			out = append(out, mAll[k])
		}
		return out
	}
	var found []world.Entity
	run := func(ctx *world.Context) error {
		if span != nil {
			span[0] = clock.Add(1)
			defer func() { span[1] = clock.Add(1) }()
		}
		w := ctx.World
		// Read: the entities of the first component it touches, and a
		// sum over what it reads of them.
		found = found[:0]
		if t := s.touched(); len(t) > 0 {
			mEach(w, t[0], func(e world.Entity) { found = append(found, e) })
		}
		rs := w.Rand().Stream(s.salt).Stream(ctx.Step)
		sum := s.salt ^ rs.Uint64()
		for _, e := range found {
			for _, k := range s.reads {
				if v := mValue(w, k, e); v != nil {
					sum = mix(sum, uint64(*v))
				}
				if w.Has(e, mAll[k]) {
					sum = mix(sum, uint64(k))
				}
			}
		}
		// Write values, as they are read: half the declared systems by
		// a parallel walk in small batches.
		for _, k := range s.writes {
			if declare && s.salt&1 == 1 {
				mParallelEach(ctx, k, func(bw *world.World, e world.Entity) {
					if v := mValue(bw, k, e); v != nil {
						*v = int64(mix(uint64(*v), sum^uint64(e)))
					}
				})
				continue
			}
			mEach(w, k, func(e world.Entity) {
				if v := mValue(w, k, e); v != nil {
					*v = int64(mix(uint64(*v), sum^uint64(e)))
				}
			})
		}
		// Then change the structure, in a walk (so that an exclusive
		// system's adds are stamped, its removals deferred): it never
		// reads back what it changed.
		if len(found) == 0 {
			return nil
		}
		mEach(w, s.touched()[0], func(e world.Entity) {
			h := mix(uint64(e), sum)
			for j, k := range s.adds {
				if (h>>j)%4 == 0 {
					mAdd(w, k, e, int64(h))
				}
			}
			for j, k := range s.removes {
				if (h>>(j+8))%5 == 1 {
					w.Remove(e, mAll[k])
				}
			}
			if s.destroys && h%7 == 2 {
				w.Destroy(e)
			}
			if s.spawns != nil && h%5 == 3 {
				n := w.Create()
				for _, k := range s.spawns {
					mAdd(w, k, n, int64(h))
				}
			}
		})
		return nil
	}
	sys := world.System{Name: s.name, Phase: world.Fixed, Run: run}
	if declare && !s.exclusive {
		sys.Reads, sys.Writes = comps(s.reads), comps(s.writes)
		sys.Adds, sys.Removes = comps(s.adds), comps(s.removes)
		if s.spawns != nil {
			sys.Spawns = comps(s.spawns)
		}
		if s.destroys {
			sys.Destroys = comps([]int{0, 1, 2, 3, 4, 5, 6})
		}
	}
	return sys
}

// mWorld builds the starting world of a seed: the same entities every
// time for the same seed.
func mWorld(seed uint64) *world.World {
	r := rand.New(rand.NewPCG(seed, 7))
	w := world.New()
	w.Seed(seed + 1)
	for range 40 + r.IntN(40) {
		e := w.Create()
		for k := range mAll {
			if r.IntN(3) == 0 {
				mAdd(w, k, e, r.Int64N(1000))
			}
		}
	}
	return w
}

// state is the world as text: its hash, then every live entity with
// every component and value, in slot order.
func state(w *world.World) string {
	var b strings.Builder
	fmt.Fprintf(&b, "hash %016x\n", w.Hash())
	for _, in := range world.Inspect(w, 0, 0) {
		b.WriteString(in.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// mStates returns, for each of steps steps, the state after it: of the
// specs run as exclusive systems (declare false) or as declared ones with
// the given parallelism.
func mStates(t *testing.T, seed uint64, specs []mSpec, declare bool, parallelism, steps int, check func(step int, spans [][2]int64)) []string {
	t.Helper()
	w := mWorld(seed)
	w.SetParallelism(parallelism)
	var clock atomic.Int64
	spans := make([][2]int64, len(specs))
	for i := range specs {
		var span *[2]int64
		if check != nil {
			span = &spans[i]
		}
		if err := w.AddSystem(mSystem(&specs[i], declare, &clock, span)); err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for step := range steps {
		if err := w.Run(world.Context{Phase: world.Fixed, Step: uint64(step)}, nil); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		if check != nil {
			check(step, spans)
		}
		out = append(out, state(w))
	}
	return out
}

func TestScheduleModel(t *testing.T) {
	seeds := 1000
	if testing.Short() {
		seeds = 100
	}
	const steps = 4
	for seed := range uint64(seeds) {
		specs := randomSpecs(rand.New(rand.NewPCG(seed, 1)))
		want := mStates(t, seed, specs, false, 0, steps, nil)
		overlapCheck := func(step int, spans [][2]int64) {
			for i := range specs {
				for j := i + 1; j < len(specs); j++ {
					if mConflict(&specs[i], &specs[j]) && spans[j][0] < spans[i][1] {
						t.Fatalf("seed %d step %d: %s %v and %s %v conflict, yet %s started before %s ended",
							seed, step, specs[i].name, declared(&specs[i]), specs[j].name, declared(&specs[j]), specs[j].name, specs[i].name)
					}
				}
			}
		}
		for _, par := range []int{0, 1} {
			got := mStates(t, seed, specs, true, par, steps, overlapCheck)
			for step := range steps {
				if got[step] != want[step] {
					t.Fatalf("seed %d, parallelism %d, step %d: the scheduled run differs from the sequential one\nspecs: %v\ngot:\n%s\nwant:\n%s",
						seed, par, step, specsString(specs), got[step], want[step])
				}
			}
		}
	}
}

func declared(s *mSpec) string {
	return fmt.Sprintf("{R%v W%v A%v Rm%v S%v D%v}", s.reads, s.writes, s.adds, s.removes, s.spawns, s.destroys)
}

func specsString(specs []mSpec) string {
	var parts []string
	for i := range specs {
		parts = append(parts, specs[i].name+declared(&specs[i]))
	}
	return strings.Join(parts, " ")
}
