package world_test

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// Handles of the scheduling tests.
var (
	sInput  = world.DefineResource[int]("sInput")
	sScore  = world.DefineResource[int]("sScore")
	sSprite = world.DefineComponent("sSprite", world.Options[string]{Requires: []world.ComponentType{tPos}})
)

func comps(cs ...world.ComponentType) []world.ComponentType {
	if cs == nil {
		return []world.ComponentType{}
	}
	return cs
}

func nop(*world.Context) error { return nil }

func TestScheduleGroups(t *testing.T) {
	type sys = world.System
	tests := []struct {
		name    string
		systems []sys
		want    string
	}{
		{"undeclared systems are exclusive", []sys{{Name: "a"}, {Name: "b"}},
			"fixed: [a!] [b!]"},
		{"read/write and write/write conflicts keep order; the rest overlap",
			[]sys{
				{Name: "a", Reads: comps(tPos), Writes: comps(tVel)},
				{Name: "b", Reads: comps(tVel)},
				{Name: "c", Writes: comps(tPos)},
				{Name: "d", Reads: comps(tHealth)},
			},
			"fixed: [a d] [b c]"},
		{"readers share", []sys{{Name: "a", Reads: comps(tPos)}, {Name: "b", Reads: comps(tPos)}, {Name: "c", Reads: comps(tPos, tVel)}},
			"fixed: [a b c]"},
		{"an exclusive system is a barrier", []sys{
			{Name: "a", Reads: comps(tPos)}, {Name: "x", Reads: comps(tPos), Exclusive: true}, {Name: "b", Reads: comps(tPos)}},
			"fixed: [a] [x!] [b]"},
		{"each goes to the first group after its conflicts", []sys{
			{Name: "a", Writes: comps(tPos)}, {Name: "b", Reads: comps(tPos)},
			{Name: "c", Writes: comps(tVel)}, {Name: "d", Reads: comps(tVel)}},
			"fixed: [a c] [b d]"},
		{"adds, removes and destroys write", []sys{
			{Name: "a", Adds: comps(tPlayer)}, {Name: "b", Reads: comps(tPlayer)},
			{Name: "c", Removes: comps(tName)}, {Name: "d", Reads: comps(tName)}},
			"fixed: [a c] [b d]"},
		{"spawners and destroyers never overlap", []sys{
			{Name: "s1", Spawns: comps()}, {Name: "s2", Spawns: comps(tName)}, {Name: "d", Destroys: comps(tHealth)}, {Name: "r", Reads: comps(tPos)}},
			"fixed: [s1 r] [s2] [d]"},
		{"resources", []sys{
			{Name: "in1", ReadsResources: []world.ResourceType{sInput}},
			{Name: "in2", ReadsResources: []world.ResourceType{sInput}, WritesResources: []world.ResourceType{sScore}},
			{Name: "in3", WritesResources: []world.ResourceType{sInput}},
			{Name: "score", ReadsResources: []world.ResourceType{sScore}}},
			"fixed: [in1 in2] [in3 score]"},
		{"a relationship and its reverse side are one", []sys{
			{Name: "link", Adds: comps(world.ChildOf)}, {Name: "kids", Reads: comps(world.Children)}},
			"fixed: [link] [kids]"},
		{"what an add requires is added too", []sys{
			{Name: "sprite", Adds: comps(sSprite)}, {Name: "move", Reads: comps(tPos)}},
			"fixed: [sprite] [move]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := world.New()
			for _, s := range tt.systems {
				s.Phase, s.Run = world.Fixed, nop
				must(t, w.AddSystem(s))
			}
			if got := w.Schedule(world.Fixed).String(); got != tt.want {
				t.Errorf("Schedule = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestScheduleInspection(t *testing.T) {
	w := world.New()
	must(t, w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: nop, Reads: comps(tVel), Writes: comps(tPos)}))
	must(t, w.AddSystem(world.System{Name: "ai", Phase: world.Fixed, Run: nop, Reads: comps(tHealth)}))
	must(t, w.AddSystem(world.System{Name: "collide", Phase: world.Fixed, Run: nop}))
	must(t, w.AddSystem(world.System{Name: "draw", Phase: world.Frame, Run: nop, Reads: comps(tPos)}))
	got := w.Schedule(world.Fixed)
	want := []world.ScheduleGroup{{Systems: []string{"move", "ai"}}, {Systems: []string{"collide"}, Exclusive: true}}
	if len(got.Groups) != len(want) {
		t.Fatalf("Groups = %+v, want %+v", got.Groups, want)
	}
	for i := range want {
		if !slices.Equal(got.Groups[i].Systems, want[i].Systems) || got.Groups[i].Exclusive != want[i].Exclusive {
			t.Errorf("Groups[%d] = %+v, want %+v", i, got.Groups[i], want[i])
		}
	}
	if o := got.Order(); !slices.Equal(o, []string{"move", "ai", "collide"}) {
		t.Errorf("Order() = %v", o)
	}
	if s := w.Schedule(world.Frame).String(); s != "frame: [draw]" {
		t.Errorf("frame schedule = %s", s)
	}
}

// TestScheduleRecompiledOnlyWhenSystemsChange: Run reuses the compiled
// schedule until a system is added or removed.
func TestScheduleRecompiledOnlyWhenSystemsChange(t *testing.T) {
	w := world.New()
	add := func(name string) {
		must(t, w.AddSystem(world.System{Name: name, Phase: world.Fixed, Run: nop, Reads: comps(tPos)}))
	}
	add("a")
	add("b")
	step := func() { must(t, w.Run(world.Context{Phase: world.Fixed}, nil)) }
	for range 5 {
		step()
	}
	if n := world.Compiles(w, world.Fixed); n != 1 {
		t.Errorf("after 5 runs: %d compiles, want 1", n)
	}
	add("c")
	step()
	step()
	w.RemoveSystem("a")
	step()
	step()
	if n := world.Compiles(w, world.Fixed); n != 3 {
		t.Errorf("after an add and a remove: %d compiles, want 3", n)
	}
	if got := w.Schedule(world.Fixed).String(); got != "fixed: [b c]" {
		t.Errorf("Schedule = %s", got)
	}
}

// TestGroupRunsAtOnce: two systems that do not conflict run at the same
// time: each waits until the other has started.
func TestGroupRunsAtOnce(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 || world.DebugChecks {
		t.Skip("needs two goroutines running at once (the checked build runs a group's systems one by one)")
	}
	w := world.New()
	var started [2]atomic.Bool
	meet := func(me int) func(*world.Context) error {
		return func(*world.Context) error {
			started[me].Store(true)
			for deadline := time.Now().Add(time.Minute); !started[1-me].Load(); {
				if time.Now().After(deadline) {
					return errors.New("the other system never started while this one ran")
				}
				runtime.Gosched()
			}
			return nil
		}
	}
	must(t, w.AddSystem(world.System{Name: "a", Phase: world.Fixed, Run: meet(0), Reads: comps(tPos)}))
	must(t, w.AddSystem(world.System{Name: "b", Phase: world.Fixed, Run: meet(1), Reads: comps(tPos)}))
	must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
}

// TestParallelSystemPanicIsReportedByName: a system of a group that
// panics is reported with its name, the others finish and their changes
// are applied; with no error handler Run returns the first failure, in
// the order the systems were added, once the group's changes are in.
func TestParallelSystemPanicIsReportedByName(t *testing.T) {
	build := func() (*world.World, []world.Entity) {
		w := world.New()
		var es []world.Entity
		for i := range 3 {
			es = append(es, world.Spawn1(w, tPos, position{X: float32(i)}))
		}
		tagger := func(e world.Entity) func(*world.Context) error {
			return func(ctx *world.Context) error {
				tPlayer.Add(ctx.World, e)
				return nil
			}
		}
		must(t, w.AddSystem(world.System{Name: "first", Phase: world.Fixed, Run: tagger(es[0]), Adds: comps(tPlayer)}))
		must(t, w.AddSystem(world.System{Name: "boom", Phase: world.Fixed, Reads: comps(tPos), Run: func(ctx *world.Context) error {
			tPos.Require(ctx.World, es[1]).Y = 7 // a value write, before the panic
			panic("boom")
		}, Writes: comps(tPos)}))
		must(t, w.AddSystem(world.System{Name: "fails", Phase: world.Fixed, Reads: comps(tHealth), Run: func(*world.Context) error {
			return errors.New("no path")
		}}))
		must(t, w.AddSystem(world.System{Name: "last", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			tName.Add(ctx.World, es[2], "done")
			return nil
		}, Adds: comps(tName)}))
		if got := w.Schedule(world.Fixed).String(); got != "fixed: [first boom fails last]" {
			t.Fatalf("Schedule = %s, want one group", got)
		}
		return w, es
	}
	t.Run("onError", func(t *testing.T) {
		w, es := build()
		var got []string
		must(t, w.Run(world.Context{Phase: world.Fixed}, func(err error) { got = append(got, err.Error()) }))
		if len(got) != 2 || !strings.Contains(got[0], `system "boom" (fixed): panic: boom`) || !strings.Contains(got[1], `system "fails" (fixed): no path`) {
			t.Errorf("reported %q, want boom's panic then fails' error", got)
		}
		if !w.Has(es[0], tPlayer) || *tName.Require(w, es[2]) != "done" || tPos.Require(w, es[1]).Y != 7 {
			t.Errorf("the group's other work is missing: %v", world.Inspect(w, 0, 0))
		}
	})
	t.Run("no handler", func(t *testing.T) {
		w, es := build()
		err := w.Run(world.Context{Phase: world.Fixed}, nil)
		var se *world.SystemError
		if !errors.As(err, &se) || se.System != "boom" || !errors.Is(err, world.ErrPanic) || len(se.Stack) == 0 {
			t.Fatalf("Run = %v, want boom's panic with its stack", err)
		}
		if !w.Has(es[0], tPlayer) || !w.Has(es[2], tName) {
			t.Errorf("the group's changes were not applied: %v", world.Inspect(w, 0, 0))
		}
	})
}

// TestGroupAppliesInRegistrationOrder: the changes of a group's systems
// take effect system by system in the order they were added, whichever
// finished first, each system's hooks and event deliveries with them.
func TestGroupAppliesInRegistrationOrder(t *testing.T) {
	var log []string
	Ping := world.DefineEvent("oPing")
	w := world.New()
	e := w.Create()
	Ping.Subscribe(w, func(_ *world.World, ids []world.Entity) { log = append(log, "ping") })
	names := []string{"a", "b", "c", "d"}
	for i, name := range names {
		mark := world.DefineTag("oMark"+name, world.Options[struct{}]{
			Added: func(*world.World, world.Entity, *struct{}) { log = append(log, "added "+name) },
		})
		slow := time.Duration(len(names)-i) * time.Millisecond // the first added finishes last
		must(t, w.AddSystem(world.System{Name: name, Phase: world.Fixed, Adds: comps(mark), Run: func(ctx *world.Context) error {
			time.Sleep(slow)
			if i%2 == 1 {
				Ping.Emit(ctx.World, e)
			}
			mark.Add(ctx.World, e)
			return nil
		}}))
	}
	if got := w.Schedule(world.Fixed).String(); got != "fixed: [a b c d]" {
		t.Fatalf("Schedule = %s, want one group", got)
	}
	must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	want := []string{"added a", "added b", "ping", "added c", "added d", "ping"}
	if !slices.Equal(log, want) {
		t.Errorf("hooks and subscribers ran %q, want %q", log, want)
	}
}

// TestDeclaredSystemSeesItsChangesWhenTheGroupEnds: inside a system that
// declares its access, structural changes are recorded: an entity it
// spawns has its final id but is not alive, an add is not there yet; value
// writes are at once.
func TestDeclaredSystemSeesItsChangesWhenTheGroupEnds(t *testing.T) {
	w := world.New()
	old := world.Spawn1(w, tPos, position{})
	var spawned world.Entity
	var during []bool
	must(t, w.AddSystem(world.System{Name: "s", Phase: world.Fixed, Spawns: comps(tPos, tName), Adds: comps(tPlayer), Writes: comps(tPos), Run: func(ctx *world.Context) error {
		cw := ctx.World
		spawned = world.Spawn2(cw, tPos, position{X: 1}, tName, "new")
		tPlayer.Add(cw, old)
		tPos.Require(cw, old).X = 5
		during = []bool{cw.IsAlive(spawned), cw.Has(old, tPlayer), tPos.Require(cw, old).X == 5}
		return nil
	}}))
	must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	if !slices.Equal(during, []bool{false, false, true}) {
		t.Errorf("during the run: alive %v, added %v, written %v; want false false true", during[0], during[1], during[2])
	}
	if !w.IsAlive(spawned) || *tName.Require(w, spawned) != "new" || !w.Has(old, tPlayer) {
		t.Errorf("after the run: %v", world.Inspect(w, 0, 0))
	}
	if spawned != world.Entity(1)|world.Entity(1)<<32 {
		t.Errorf("spawned %v, want 1v1: the id Create would have handed out", spawned)
	}
}

// TestDeclaredSystemMustDeclareSpawns: a system that spawns without
// declaring it would race for ids with others: it panics, in every
// build.
func TestDeclaredSystemMustDeclareSpawns(t *testing.T) {
	w := world.New()
	must(t, w.AddSystem(world.System{Name: "sneaky", Phase: world.Fixed, Reads: comps(tPos), Run: func(ctx *world.Context) error {
		ctx.World.Create()
		return nil
	}}))
	err := w.Run(world.Context{Phase: world.Fixed}, nil)
	if !errors.Is(err, world.ErrUndeclared) || !strings.Contains(err.Error(), "Spawns") || !strings.Contains(err.Error(), `"sneaky"`) {
		t.Errorf("Run = %v, want an undeclared Spawns naming the system", err)
	}
	if w.Len() != 0 {
		t.Errorf("Len = %d, want 0", w.Len())
	}
}

// TestLaneRefusesWhatMustNotRunAtOnce: making trackers and subscriptions,
// changing systems, running a phase, setting the observer or timing, from
// a system that declares its access.
func TestLaneRefusesWhatMustNotRunAtOnce(t *testing.T) {
	calls := []struct {
		name string
		call func(w *world.World) error
	}{
		{"AddSystem", func(w *world.World) error { return w.AddSystem(world.System{Name: "x", Run: nop}) }},
		{"RemoveSystem", func(w *world.World) error { _, err := w.RemoveSystem("s"); return err }},
		{"Run", func(w *world.World) error { return w.Run(world.Context{Phase: world.Frame}, nil) }},
		{"Track", func(w *world.World) error { return mustPanicErr(func() { w.Track(tPos) }) }},
		{"Subscribe", func(w *world.World) error {
			return mustPanicErr(func() { world.DefineEvent("e").Subscribe(w, func(*world.World, []world.Entity) {}) })
		}},
		{"SetRunObserver", func(w *world.World) error { return mustPanicErr(func() { w.SetRunObserver(nil) }) }},
		{"SetTimingWindow", func(w *world.World) error { return mustPanicErr(func() { w.SetTimingWindow(10) }) }},
		{"SetParallelism", func(w *world.World) error { return mustPanicErr(func() { w.SetParallelism(1) }) }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			w := world.New()
			var err error
			must(t, w.AddSystem(world.System{Name: "s", Phase: world.Fixed, Reads: comps(tPos), Run: func(ctx *world.Context) error {
				err = c.call(ctx.World)
				return nil
			}}))
			must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
			if !errors.Is(err, world.ErrConcurrent) {
				t.Errorf("%s in a declared system = %v, want ErrConcurrent", c.name, err)
			}
			if names := w.SystemNames(world.Fixed); !slices.Equal(names, []string{"s"}) {
				t.Errorf("systems = %v", names)
			}
		})
	}
}

// TestLaneRecordsEveryKindOfChange: links, unlinks, removals, destroys,
// resources and events made by a system on its lane take effect when the
// group ends, as the same calls outside a system would.
func TestLaneRecordsEveryKindOfChange(t *testing.T) {
	w := world.New()
	parent, kid, other := w.Create(), world.Spawn1(w, tName, "kid"), world.Spawn2(w, tName, "other", tPos, position{})
	Pinged := world.DefineEvent("pinged")
	var pinged []world.Entity
	Pinged.Subscribe(w, func(_ *world.World, ids []world.Entity) { pinged = append(pinged, ids...) })
	var cycle error
	must(t, w.AddSystem(world.System{Name: "s", Phase: world.Fixed,
		Adds: comps(world.ChildOf), Removes: comps(tName), Destroys: comps(tName, tPos),
		WritesResources: []world.ResourceType{sScore},
		Run: func(ctx *world.Context) error {
			cw := ctx.World
			must(t, world.ChildOf.Set(cw, kid, parent))
			cycle = world.ChildOf.Set(cw, parent, parent)
			cw.Remove(kid, tName)
			cw.Destroy(other)
			Pinged.Emit(cw, kid)
			score := 12
			sScore.Set(cw, &score)
			return nil
		}}))
	must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	if p, _ := world.ChildOf.Target(w, kid); p != parent {
		t.Errorf("kid's parent = %v, want %v", p, parent)
	}
	if !errors.Is(cycle, world.ErrCycle) {
		t.Errorf("a cycle = %v, want ErrCycle at once", cycle)
	}
	if w.Has(kid, tName) || w.IsAlive(other) || !slices.Equal(pinged, []world.Entity{kid}) {
		t.Errorf("after the run: %v, pinged %v", world.Inspect(w, 0, 0), pinged)
	}
	if s, ok := sScore.Lookup(w); !ok || *s != 12 {
		t.Errorf("score = %v, %v", s, ok)
	}
}

// TestScheduledRunAllocatesNothing: a steady state of declared systems,
// in groups run at once, making structural changes, allocates nothing.
func TestScheduledRunAllocatesNothing(t *testing.T) {
	w := world.New()
	var es []world.Entity
	for i := range 200 {
		es = append(es, world.Spawn2(w, tPos, position{X: float32(i)}, tVel, velocity{X: 1}))
	}
	must(t, w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Reads: comps(tVel), Writes: comps(tPos), Run: func(ctx *world.Context) error {
		world.Each2(ctx.World, tPos, tVel, func(_ world.Entity, p *position, v *velocity) { p.X += v.X })
		return nil
	}}))
	must(t, w.AddSystem(world.System{Name: "flag", Phase: world.Fixed, Reads: comps(tVel), Adds: comps(tPlayer), Removes: comps(tPlayer), Run: func(ctx *world.Context) error {
		for i, e := range es {
			if (i+int(ctx.Step))%2 == 0 {
				tPlayer.Add(ctx.World, e)
			} else {
				ctx.World.Remove(e, tPlayer)
			}
		}
		return nil
	}}))
	must(t, w.AddSystem(world.System{Name: "count", Phase: world.Fixed, Reads: comps(tName), Run: func(ctx *world.Context) error {
		benchSink += ctx.World.Count(tName)
		return nil
	}}))
	step := uint64(0)
	run := func() {
		step++
		must(t, w.Run(world.Context{Phase: world.Fixed, Step: step}, nil))
	}
	for range 10 {
		run()
	}
	if n := testing.AllocsPerRun(100, run); n != 0 {
		t.Errorf("step allocs = %v, want 0", n)
	}
}

// TestGroupGoexitLeavesTheWorldWhole: a declared system that calls
// runtime.Goexit (as t.FailNow does) in a group run on the caller's
// goroutine ends Run, but what the group recorded is applied and the
// world records no more: it was left recording, its free list held. On
// the pool, the group's other system still runs and its record is
// applied too, before Run ends.
func TestGroupGoexitLeavesTheWorldWhole(t *testing.T) {
	for _, par := range []int{1, 0} {
		w := world.New()
		w.SetParallelism(par)
		old := w.Create()
		var spawned world.Entity
		exit := true
		must(t, w.AddSystem(world.System{Name: "quits", Phase: world.Fixed, Spawns: comps(tPos), Run: func(ctx *world.Context) error {
			if exit {
				exit = false
				spawned = world.Spawn1(ctx.World, tPos, position{X: 3})
				runtime.Goexit()
			}
			return nil
		}}))
		must(t, w.AddSystem(world.System{Name: "other", Phase: world.Fixed, Adds: comps(tPlayer), Run: func(ctx *world.Context) error {
			tPlayer.Add(ctx.World, old)
			return nil
		}}))
		done := make(chan struct{})
		go func() {
			defer close(done)
			w.Run(world.Context{Phase: world.Fixed}, nil)
		}()
		<-done
		if !w.IsAlive(spawned) || tPos.Require(w, spawned).X != 3 {
			t.Errorf("parallelism %d: the spawn recorded before the Goexit was not applied", par)
		}
		if pool := par == 0 && !world.DebugChecks && runtime.GOMAXPROCS(0) > 1; pool && !w.Has(old, tPlayer) {
			t.Errorf("on the pool, the group's other system's add was not applied")
		}
		e := w.Create()
		if !w.IsAlive(e) || w.Walks() != 0 {
			t.Errorf("parallelism %d: after the Goexit, Create made a dead entity (%v) or walks are open (%d)", par, w.IsAlive(e), w.Walks())
		}
		must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	}
}
