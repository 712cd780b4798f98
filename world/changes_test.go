package world_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/tessera-engine/tessera/world"
)

// drain returns what a tracker's loop yields, sorted.
func drain(seq func(func(world.Entity) bool)) []world.Entity {
	var out []world.Entity
	for e := range seq {
		out = append(out, e)
	}
	return sortedEntities(out)
}

func TestTrackerFirstLookAndIndependentConsumers(t *testing.T) {
	w := world.New()
	a := world.Spawn1(w, tPos, position{})
	b := world.Spawn1(w, tPos, position{})
	render, save := w.Track(tPos), w.Track(tPos)
	if got := drain(render.Added()); !slices.Equal(got, []world.Entity{a, b}) {
		t.Errorf("first Added() = %v, want every member", got)
	}
	if got := drain(render.Added()); got != nil {
		t.Errorf("second Added() = %v, want nothing", got)
	}
	c := world.Spawn1(w, tPos, position{})
	must(t, tPos.Set(w, a, position{X: 1}))
	if got := drain(render.Added()); !slices.Equal(got, []world.Entity{c}) {
		t.Errorf("Added() after a spawn = %v, want [%v]", got, c)
	}
	if got := drain(render.Changed()); !slices.Equal(got, []world.Entity{a, b, c}) {
		t.Errorf("first Changed() = %v, want all (added counts as changed)", got)
	}
	tPos.Column(w)[b.Slot()].X = 5 // a raw write is not seen
	tPos.Add(w, b, position{X: 6}) // a replacing add is
	if got := drain(render.Changed()); !slices.Equal(got, []world.Entity{b}) {
		t.Errorf("Changed() = %v, want [%v]", got, b)
	}
	// The other consumer has looked at nothing yet.
	if got := drain(save.Changed()); !slices.Equal(got, []world.Entity{a, b, c}) {
		t.Errorf("save's first Changed() = %v, want all", got)
	}
	// An entity that left is not reported.
	must(t, tPos.Set(w, c, position{}))
	w.Remove(c, tPos)
	if got := drain(save.Changed()); got != nil {
		t.Errorf("Changed() after the changed one left = %v, want nothing", got)
	}
}

// TestSystemWritesMarkTheirViews: a system that declares it writes a
// component marks the slots of the views and walks it asks for, and only
// those: bodies without Velocity, interleaved with moving ones and in the
// same blocks of 64 slots, stay unchanged.
func TestSystemWritesMarkTheirViews(t *testing.T) {
	w := world.New()
	var moving, still []world.Entity
	for i := range 300 {
		if i%3 == 0 || (i >= 64 && i < 192) {
			moving = append(moving, world.Spawn2(w, tPos, position{}, tVel, velocity{X: 1}))
		} else {
			still = append(still, world.Spawn1(w, tPos, position{}))
		}
	}
	tr := w.Track(tPos)
	drain(tr.Changed())
	kinds := []struct {
		name string
		run  func(ctx *world.Context) error
	}{
		{"slots", func(ctx *world.Context) error {
			pos, vel := tPos.Column(ctx.World), tVel.Column(ctx.World)
			for _, r := range ctx.World.Slots(tPos, tVel).Runs() {
				for s := r.Start; s < r.End; s++ {
					pos[s].X += vel[s].X
				}
			}
			return nil
		}},
		{"each", func(ctx *world.Context) error {
			world.Each2(ctx.World, tPos, tVel, func(_ world.Entity, p *position, v *velocity) { p.X += v.X })
			return nil
		}},
		{"indices", func(ctx *world.Context) error {
			pos := tPos.Column(ctx.World)
			for _, s := range ctx.World.Slots(tVel, tPos).Indices() {
				pos[s].X++
			}
			return nil
		}},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			name := "move-" + k.name
			must(t, w.AddSystem(world.System{Name: name, Phase: world.Fixed, Reads: []world.ComponentType{tVel}, Writes: []world.ComponentType{tPos}, Run: k.run}))
			must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
			if got := drain(tr.Changed()); !slices.Equal(got, sortedEntities(moving)) {
				t.Errorf("Changed() = %d entities, want the %d moving ones", len(got), len(moving))
			}
			w.RemoveSystem(name)
		})
	}
	// A system that declares nothing marks nothing.
	must(t, w.AddSystem(world.System{Name: "silent", Phase: world.Fixed, Run: kinds[0].run}))
	must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	if got := drain(tr.Changed()); got != nil {
		t.Errorf("Changed() after an undeclared writer = %v, want nothing", got)
	}
	_ = still
}

func TestTrackerLoopIsAWalk(t *testing.T) {
	w := world.New()
	a := world.Spawn1(w, tHealth, health{HP: 0})
	b := world.Spawn1(w, tHealth, health{HP: 5})
	tr := w.Track(tHealth)
	var seen []world.Entity
	for e := range tr.Changed() {
		seen = append(seen, e)
		if tHealth.Require(w, e).HP == 0 {
			w.Destroy(e) // waits for the loop
			if !w.IsAlive(e) {
				t.Errorf("destroyed during the loop")
			}
		}
		must(t, tHealth.Set(w, b, health{HP: 6})) // found by the next loop
		world.Spawn1(w, tHealth, health{})        // not visited now
	}
	if !slices.Equal(seen, []world.Entity{a, b}) || w.IsAlive(a) {
		t.Errorf("the loop saw %v and a is alive %v; want [%v %v] and dead", seen, w.IsAlive(a), a, b)
	}
	if got := drain(tr.Changed()); len(got) != 3 || got[0] != b {
		t.Errorf("next Changed() = %v, want b and the two spawned", got)
	}
}

func TestSetRefusesNaN(t *testing.T) {
	type body struct {
		Pos  position
		Mass float64
		Spin [2]complex64
	}
	bodies := world.DefineFields[body]("NaNBody")
	w := world.New()
	e := world.Spawn1(w, bodies, body{Mass: 1})
	for _, tt := range []struct {
		v     body
		field string
	}{
		{body{Mass: math.NaN()}, "Mass"},
		{body{Pos: position{Y: float32(math.NaN())}}, "Pos.Y"},
		{body{Spin: [2]complex64{0, complex(0, float32(math.NaN()))}}, "Spin[1]"},
	} {
		err := bodies.Set(w, e, tt.v)
		var we *world.Error
		if !errors.Is(err, world.ErrNaN) || !errors.As(err, &we) || we.Field != tt.field || we.Entity != e || we.Component != "NaNBody" {
			t.Errorf("Set(%v) = %v, want a NaN error naming field %s", tt.v, err, tt.field)
		}
	}
	if got := bodies.Require(w, e).Mass; got != 1 {
		t.Errorf("a refused Set changed the value: Mass %v", got)
	}
	must(t, bodies.Set(w, e, body{Mass: math.Inf(1)})) // infinity is a number
	dead := w.Create()
	w.Destroy(dead)
	if err := bodies.Set(w, dead, body{}); !errors.Is(err, world.ErrDeadEntity) {
		t.Errorf("Set on a dead entity = %v, want ErrDeadEntity", err)
	}
	if err := tHealth.Set(w, e, health{HP: 3}); err != nil || tHealth.Require(w, e).HP != 3 {
		t.Errorf("Component.Set = %v", err)
	}
	if err := world.Set(w, e, tPos, position{X: float32(math.NaN())}); !errors.Is(err, world.ErrNaN) {
		t.Errorf("world.Set of a NaN = %v, want ErrNaN", err)
	}
}

func TestStructureEpoch(t *testing.T) {
	w := world.New()
	e0 := w.StructureEpoch()
	e := world.Spawn1(w, tPos, position{})
	e1 := w.StructureEpoch()
	tPos.Add(w, e, position{X: 1}) // a value, not a membership
	must(t, tPos.Set(w, e, position{X: 2}))
	w.Create()
	e2 := w.StructureEpoch()
	tName.Add(w, e, "n")
	e3 := w.StructureEpoch()
	w.Destroy(e)
	e4 := w.StructureEpoch()
	if e0 == e1 || e1 != e2 || e2 == e3 || e3 == e4 {
		t.Errorf("epochs %d %d %d %d %d: want changes at the spawn, add and destroy only", e0, e1, e2, e3, e4)
	}
}

func TestTrackerAllocatesNothing(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for range 100 {
		ids = append(ids, world.Spawn1(w, tPos, position{}))
	}
	tr := w.Track(tPos)
	n := 0
	allocs := testing.AllocsPerRun(50, func() {
		must(t, tPos.Set(w, ids[7], position{X: 1}))
		for range tr.Changed() {
			n++
		}
	})
	if allocs != 0 {
		t.Errorf("a Set and a Changed loop allocate %v times, want 0", allocs)
	}
}

// TestChangesModel checks trackers against a model: the sets of entities
// each tracker should find, over random spawns, checked writes, raw
// writes, declared writers, removals and destroys, with several trackers
// looking at random times.
func TestChangesModel(t *testing.T) {
	seeds, ops := 8, 4000
	if testing.Short() {
		seeds, ops = 3, 800
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			runChangesModel(t, smRand{rand.New(rand.NewPCG(seed, 0xc4a9))}, ops)
		})
	}
}

func runChangesModel(t *testing.T, r smSource, ops int) {
	w := world.New()
	holds := map[world.Entity]bool{}  // holds tPos
	moving := map[world.Entity]bool{} // holds tVel too
	var live []world.Entity
	type tracker struct {
		t              *world.Tracker
		added, changed map[world.Entity]bool
	}
	var trackers []*tracker
	newTracker := func() {
		tr := &tracker{t: w.Track(tPos), added: map[world.Entity]bool{}, changed: map[world.Entity]bool{}}
		for e := range holds {
			tr.added[e], tr.changed[e] = true, true
		}
		trackers = append(trackers, tr)
	}
	newTracker()
	changed := func(e world.Entity, joined bool) {
		for _, tr := range trackers {
			tr.changed[e] = true
			if joined {
				tr.added[e] = true
			}
		}
	}
	must(t, w.AddSystem(world.System{Name: "mover", Phase: world.Fixed, Reads: []world.ComponentType{tVel}, Writes: []world.ComponentType{tPos}, Run: func(ctx *world.Context) error {
		world.Each2(ctx.World, tPos, tVel, func(_ world.Entity, p *position, v *velocity) { p.X += v.X })
		return nil
	}}))
	for i := range ops {
		switch k := r.intn(10); {
		case k < 3 || len(live) == 0:
			var e world.Entity
			if r.intn(2) == 0 {
				e = world.Spawn2(w, tPos, position{}, tVel, velocity{X: 1})
				moving[e] = true
			} else {
				e = world.Spawn1(w, tPos, position{})
			}
			live = append(live, e)
			holds[e] = true
			changed(e, true)
		case k < 5:
			e := live[r.intn(len(live))]
			must(t, tPos.Set(w, e, position{Y: float32(i)}))
			changed(e, !holds[e])
			holds[e] = true
		case k < 6:
			e := live[r.intn(len(live))]
			if holds[e] {
				tPos.Column(w)[e.Slot()].Y = float32(i) // not seen
			}
		case k < 7:
			must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
			for e := range moving {
				if holds[e] {
					changed(e, false)
				}
			}
		case k < 8:
			j := r.intn(len(live))
			e := live[j]
			if r.intn(2) == 0 {
				w.Remove(e, tPos)
				delete(holds, e)
			} else {
				w.Destroy(e)
				delete(holds, e)
				delete(moving, e)
				live = append(live[:j], live[j+1:]...)
			}
		case k < 9 && len(trackers) < 4 && r.intn(20) == 0:
			newTracker()
		default:
			tr := trackers[r.intn(len(trackers))]
			want, seq, name := tr.changed, tr.t.Changed(), "Changed"
			if r.intn(2) == 0 {
				want, seq, name = tr.added, tr.t.Added(), "Added"
			}
			var exp []world.Entity
			for e := range want {
				if holds[e] {
					exp = append(exp, e)
				}
			}
			slices.SortFunc(exp, func(a, b world.Entity) int { return a.Slot() - b.Slot() })
			var got []world.Entity
			for e := range seq {
				got = append(got, e)
			}
			if !slices.Equal(got, exp) {
				t.Fatalf("op %d: %s() = %v, want %v", i, name, got, exp)
			}
			clear(want)
		}
	}
}

// TestTrackingGrowsWithTheWorld: stamps of slots far past the first ones
// (the per-slot tick arrays grow beside each other).
func TestTrackingGrowsWithTheWorld(t *testing.T) {
	w := world.New()
	ids := make([]world.Entity, 3000)
	world.SpawnMany1(w, ids[:1000], tPos, position{})
	tr := w.Track(tPos)
	for i := 1000; i < len(ids); i++ {
		ids[i] = world.Spawn1(w, tPos, position{})
	}
	for _, e := range ids {
		must(t, tPos.Set(w, e, position{X: 1}))
	}
	if got := drain(tr.Changed()); len(got) != len(ids) {
		t.Errorf("Changed() found %d, want %d", len(got), len(ids))
	}
}

// FuzzChanges runs the fuzz input as the choices of TestChangesModel's
// operations.
func FuzzChanges(f *testing.F) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{16, 256, 2048} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.UintN(256))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		runChangesModel(t, &smBytes{data: data}, len(data)/2)
	})
}

// TestColumnStaysWhileEpochStays checks what caches of columns rely on
// (the renderer learns its columns with the structure): over random
// spawns, adds, batch adds, removals, destroys, value writes, snapshots,
// restores and clears, a field component's column is the same slice (the
// same memory and length) after every operation that leaves
// World.StructureEpoch as it was.
func TestColumnStaysWhileEpochStays(t *testing.T) {
	seeds, ops := 6, 3000
	if testing.Short() {
		seeds, ops = 2, 600
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 0xe90c))
			w := world.New()
			var live []world.Entity
			var snap world.Snapshot
			w.Snapshot(&snap)
			pick := func() (world.Entity, bool) {
				if len(live) == 0 {
					return 0, false
				}
				return live[rng.IntN(len(live))], true
			}
			stays := 0
			for i := range ops {
				epoch, col := w.StructureEpoch(), tPos.Column(w)
				var op string
				switch k := rng.IntN(10); k {
				case 0:
					op = "spawn"
					live = append(live, world.Spawn1(w, tPos, position{X: float32(i)}))
				case 1:
					op = "create"
					live = append(live, w.Create())
				case 2:
					op = "add"
					if e, ok := pick(); ok {
						tPos.Add(w, e, position{Y: float32(i)})
					}
				case 3:
					op = "add many"
					var ids []world.Entity
					for range rng.IntN(4) {
						ids = append(ids, w.Create())
					}
					live = append(live, ids...)
					world.AddMany(w, ids, tPos, position{X: 1})
				case 4:
					op = "remove"
					if e, ok := pick(); ok {
						w.Remove(e, tPos)
					}
				case 5:
					op = "destroy"
					if j := rng.IntN(len(live) + 1); j < len(live) {
						w.Destroy(live[j])
						live = slices.Delete(live, j, j+1)
					}
				case 6:
					op = "set"
					if e, ok := pick(); ok && w.Has(e, tPos) {
						must(t, tPos.Set(w, e, position{X: float32(i)}))
					}
				case 7:
					op = "write through Get"
					if e, ok := pick(); ok {
						if p, ok := tPos.Get(w, e); ok {
							p.Y++
						}
					}
				case 8:
					op = "snapshot"
					w.Snapshot(&snap)
				case 9:
					op = "restore"
					must(t, w.Restore(&snap))
					live = append(live[:0], w.Entities()...)
				}
				if rng.IntN(500) == 0 {
					op = "clear"
					must(t, w.Clear())
					live = live[:0]
				}
				if w.StructureEpoch() != epoch {
					continue
				}
				stays++
				if got := tPos.Column(w); len(got) != len(col) || unsafe.SliceData(got) != unsafe.SliceData(col) {
					t.Fatalf("op %d (%s): the epoch stayed %d but the column moved: %d values at %p, were %d at %p",
						i, op, epoch, len(got), unsafe.SliceData(got), len(col), unsafe.SliceData(col))
				}
			}
			if stays == 0 {
				t.Fatal("no operation left the epoch as it was: the test checked nothing")
			}
		})
	}
}
