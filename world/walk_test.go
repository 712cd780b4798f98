package world_test

import (
	"errors"
	"iter"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// walkWorld has entities with every combination of Position, Health, Name
// and Player, so each arity's walk has members and non-members.
func walkWorld(t *testing.T) (*world.World, map[string][]world.Entity) {
	t.Helper()
	w := world.New()
	holders := map[string][]world.Entity{}
	for mask := range 16 {
		for range 3 {
			e := w.Create()
			if mask&1 != 0 {
				tPos.Add(w, e, position{X: float32(e.Slot())})
			}
			if mask&2 != 0 {
				tHealth.Add(w, e, health{HP: e.Slot()})
			}
			if mask&4 != 0 {
				tName.Add(w, e, e.String())
			}
			if mask&8 != 0 {
				tPlayer.Add(w, e)
			}
			for _, k := range []struct {
				key  string
				need int
			}{{"1", 1}, {"2", 3}, {"3", 7}, {"4", 15}} {
				if mask&k.need == k.need {
					holders[k.key] = append(holders[k.key], e)
				}
			}
		}
	}
	return w, holders
}

func TestWalksVisitExactlyTheMembers(t *testing.T) {
	w, holders := walkWorld(t)
	type walk struct {
		name string
		want string
		run  func() []world.Entity
	}
	collect := func(f func(yield func(world.Entity))) []world.Entity {
		var got []world.Entity
		f(func(e world.Entity) { got = append(got, e) })
		return got
	}
	walks := []walk{
		{"Each1", "1", func() []world.Entity {
			return collect(func(y func(world.Entity)) {
				world.Each1(w, tPos, func(e world.Entity, p *position) {
					if p.X != float32(e.Slot()) {
						t.Errorf("Each1 %v: Position %v", e, p)
					}
					y(e)
				})
			})
		}},
		{"Each2", "2", func() []world.Entity {
			return collect(func(y func(world.Entity)) {
				world.Each2(w, tPos, tHealth, func(e world.Entity, p *position, h *health) {
					if h.HP != e.Slot() || p.X != float32(e.Slot()) {
						t.Errorf("Each2 %v: %v %v", e, p, h)
					}
					y(e)
				})
			})
		}},
		{"Each3", "3", func() []world.Entity {
			return collect(func(y func(world.Entity)) {
				world.Each3(w, tPos, tHealth, tName, func(e world.Entity, _ *position, _ *health, n *string) {
					if *n != e.String() {
						t.Errorf("Each3 %v: name %q", e, *n)
					}
					y(e)
				})
			})
		}},
		{"Each4", "4", func() []world.Entity {
			return collect(func(y func(world.Entity)) {
				world.Each4(w, tPos, tHealth, tName, tPlayer, func(e world.Entity, _ *position, _ *health, _ *string, _ *struct{}) { y(e) })
			})
		}},
		{"Query1", "1", func() []world.Entity {
			var got []world.Entity
			for e := range world.Query1(w, tPos) {
				got = append(got, e)
			}
			return got
		}},
		{"Query2", "2", func() []world.Entity {
			var got []world.Entity
			for e, row := range world.Query2(w, tPos, tHealth) {
				if row.B.HP != e.Slot() {
					t.Errorf("Query2 %v: %v", e, row.B)
				}
				got = append(got, e)
			}
			return got
		}},
		{"Query3", "3", func() []world.Entity {
			var got []world.Entity
			for e, row := range world.Query3(w, tPos, tHealth, tName) {
				if *row.C != e.String() {
					t.Errorf("Query3 %v: %q", e, *row.C)
				}
				got = append(got, e)
			}
			return got
		}},
		{"Query4", "4", func() []world.Entity {
			var got []world.Entity
			for e := range world.Query4(w, tPos, tHealth, tName, tPlayer) {
				got = append(got, e)
			}
			return got
		}},
		{"Query4 reordered", "4", func() []world.Entity {
			var got []world.Entity
			for e := range world.Query4(w, tPlayer, tName, tHealth, tPos) {
				got = append(got, e)
			}
			return got
		}},
	}
	for _, wk := range walks {
		t.Run(wk.name, func(t *testing.T) {
			got := sortedEntities(wk.run())
			want := sortedEntities(holders[wk.want])
			if !slices.Equal(got, want) {
				t.Errorf("%s visited %v, want %v", wk.name, got, want)
			}
		})
	}
}

func TestFirst(t *testing.T) {
	w, holders := walkWorld(t)
	if e, p, ok := world.First1(w, tPos); !ok || !slices.Contains(holders["1"], e) || p.X != float32(e.Slot()) {
		t.Errorf("First1 = %v, %v, %v", e, p, ok)
	}
	if e, _, h, ok := world.First2(w, tPos, tHealth); !ok || !slices.Contains(holders["2"], e) || h.HP != e.Slot() {
		t.Errorf("First2 = %v, %v", e, ok)
	}
	if e, _, _, _, ok := world.First3(w, tPos, tHealth, tName); !ok || !slices.Contains(holders["3"], e) {
		t.Errorf("First3 = %v, %v", e, ok)
	}
	if e, _, _, _, _, ok := world.First4(w, tPos, tHealth, tName, tPlayer); !ok || !slices.Contains(holders["4"], e) {
		t.Errorf("First4 = %v, %v", e, ok)
	}
	empty := world.New()
	if _, _, ok := world.First1(empty, tPos); ok {
		t.Errorf("First1 on an empty world found something")
	}
	lone := world.DefineComponent[int]("Lone")
	if _, _, _, ok := world.First2(w, tPos, lone); ok {
		t.Errorf("First2 with an unused component found something")
	}
}

// TestWalkStartsFromSmallestSet shows the driver through walk order: object
// walks go in the order of the driving set's packed array.
func TestWalkStartsFromSmallestSet(t *testing.T) {
	w := world.New()
	var common []world.Entity
	for i := range 10 {
		common = append(common, world.Spawn1(w, tHealth, health{HP: i}))
	}
	// Rare gets members in the reverse order of Health's packed array.
	rare := world.DefineComponent[int]("Rare")
	for _, i := range []int{7, 2, 5} {
		rare.Add(w, common[i], i)
	}
	var order []int
	world.Each2(w, tHealth, rare, func(_ world.Entity, h *health, r *int) { order = append(order, *r) })
	if want := []int{7, 2, 5}; !slices.Equal(order, want) {
		t.Errorf("Each2(Common, Rare) order = %v, want Rare's order %v", order, want)
	}
}

func TestDestroyAndRemoveAreDeferredInWalks(t *testing.T) {
	for _, kind := range []string{"each", "query"} {
		t.Run(kind, func(t *testing.T) {
			w := world.New()
			var ids []world.Entity
			for i := range 20 {
				ids = append(ids, world.Spawn2(w, tHealth, health{HP: i}, tName, "n"))
			}
			visits := map[world.Entity]int{}
			visit := func(e world.Entity) {
				visits[e]++
				// Destroy a later entity and this one, remove a component.
				other := ids[(e.Slot()+7)%len(ids)]
				w.Destroy(other)
				w.Destroy(e)
				w.Remove(e, tName)
				if !w.IsAlive(e) || !w.Has(e, tName) {
					t.Errorf("inside the walk %v answers dead or without Name", e)
				}
			}
			if kind == "each" {
				world.Each2(w, tHealth, tName, func(e world.Entity, _ *health, _ *string) { visit(e) })
			} else {
				for e := range world.Query2(w, tHealth, tName) {
					visit(e)
				}
			}
			for _, e := range ids {
				if visits[e] != 1 {
					t.Errorf("%v visited %d times, want 1", e, visits[e])
				}
				if w.IsAlive(e) {
					t.Errorf("%v alive after the walk", e)
				}
			}
			if w.Len() != 0 || w.Count(tHealth) != 0 || w.Count(tName) != 0 {
				t.Errorf("after walk: Len %d Health %d Name %d", w.Len(), w.Count(tHealth), w.Count(tName))
			}
		})
	}
}

func TestAddedDuringWalkNotVisited(t *testing.T) {
	for _, fields := range []bool{false, true} {
		name := map[bool]string{false: "objects", true: "fields"}[fields]
		t.Run(name, func(t *testing.T) {
			w := world.New()
			var a, b world.ComponentType
			spawn := func() world.Entity {
				if fields {
					return world.Spawn2(w, tPos, position{}, tVel, velocity{})
				}
				return world.Spawn2(w, tHealth, health{}, tName, "")
			}
			half := w.Create() // has only the first component
			if fields {
				a, b = tPos, tVel
				tPos.Add(w, half, position{})
			} else {
				a, b = tHealth, tName
				tHealth.Add(w, half, health{})
			}
			for range 5 {
				spawn()
			}
			visited := 0
			body := func(e world.Entity) {
				visited++
				if visited == 1 {
					spawn() // a new entity with both
					if fields {
						tVel.Add(w, half, velocity{})
					} else {
						tName.Add(w, half, "late")
					}
					if !w.Has(half, b) {
						t.Errorf("add during walk is not immediate")
					}
				}
			}
			if fields {
				world.Each2(w, tPos, tVel, func(e world.Entity, _ *position, _ *velocity) { body(e) })
			} else {
				world.Each2(w, tHealth, tName, func(e world.Entity, _ *health, _ *string) { body(e) })
			}
			if visited != 5 {
				t.Errorf("visited %d, want the 5 that matched when the walk began", visited)
			}
			if w.Count(a) != 7 || w.Count(b) != 7 {
				t.Errorf("counts after walk: %d, %d, want 7, 7", w.Count(a), w.Count(b))
			}
			n := 0
			world.Each2(w, tHealth, tName, func(world.Entity, *health, *string) { n++ })
			world.Each2(w, tPos, tVel, func(world.Entity, *position, *velocity) { n++ })
			if n != 7 {
				t.Errorf("a later walk visits %d, want 7", n)
			}
		})
	}
}

func TestRemoveThenAddInWalkKeepsComponent(t *testing.T) {
	w := world.New()
	e := world.Spawn2(w, tHealth, health{HP: 1}, tName, "old")
	world.Each1(w, tHealth, func(x world.Entity, _ *health) {
		w.Remove(x, tName)
		w.Remove(x, tName)
		tName.Add(w, x, "new")
	})
	if got, ok := tName.Get(w, e); !ok || *got != "new" {
		t.Errorf("after remove+add in a walk: Name = %v, %v, want new", got, ok)
	}
}

func TestNestedWalksFlushAtOutermostEnd(t *testing.T) {
	w := world.New()
	a := world.Spawn1(w, tHealth, health{})
	b := world.Spawn1(w, tHealth, health{})
	world.Each1(w, tHealth, func(e world.Entity, _ *health) {
		world.Each1(w, tHealth, func(f world.Entity, _ *health) {
			if f != e {
				w.Destroy(f)
			}
		})
		if !w.IsAlive(a) || !w.IsAlive(b) {
			t.Errorf("inner walk's destroy applied before the outer walk ended")
		}
	})
	if w.IsAlive(a) || w.IsAlive(b) {
		t.Errorf("destroys not applied after the outer walk")
	}
}

func TestBreakAndPanicEndTheWalk(t *testing.T) {
	w := world.New()
	a := world.Spawn1(w, tHealth, health{})
	world.Spawn1(w, tHealth, health{})
	for e := range world.Query1(w, tHealth) {
		w.Destroy(e)
		break
	}
	if w.IsAlive(a) && w.Len() != 1 {
		t.Errorf("break out of Query did not apply the deferred destroy: Len %d", w.Len())
	}
	boom := errors.New("boom")
	func() {
		defer func() { recover() }()
		world.Each1(w, tHealth, func(e world.Entity, _ *health) {
			w.Destroy(e)
			panic(boom)
		})
	}()
	if w.Len() != 0 {
		t.Errorf("a panic out of Each left the destroy deferred: Len %d", w.Len())
	}
	e := w.Create()
	w.Destroy(e)
	if w.IsAlive(e) {
		t.Errorf("after a panicking walk, Destroy is still deferred")
	}
}

// TestWalkOrderIndependence runs the same moves over worlds built in
// different orders: each entity must end in the same place.
func TestWalkOrderIndependence(t *testing.T) {
	build := func(order []int) map[string]position {
		w := world.New()
		names := map[world.Entity]string{}
		for _, i := range order {
			e := world.Spawn3(w, tPos, position{X: float32(i)}, tVel, velocity{X: float32(i % 3), Y: 1}, tName, string(rune('a'+i)))
			names[e] = *tName.Require(w, e)
			if i%4 == 0 {
				w.Destroy(world.Spawn1(w, tPos, position{}))
			}
		}
		for range 10 {
			world.Each2(w, tPos, tVel, func(_ world.Entity, p *position, v *velocity) {
				p.X += v.X
				p.Y += v.Y
			})
		}
		out := map[string]position{}
		for e, row := range world.Query2(w, tName, tPos) {
			out[*row.A] = *row.B
			_ = e
		}
		return out
	}
	first := build([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	second := build([]int{9, 3, 7, 1, 0, 8, 2, 6, 4, 5})
	if len(first) != 10 {
		t.Fatalf("got %d entities", len(first))
	}
	for k, v := range first {
		if second[k] != v {
			t.Errorf("entity %s ends at %v in one order and %v in another", k, v, second[k])
		}
	}
}

// TestMixedWalkSkipsWhatJoinedDuringIt covers walks over a field and an
// object component, starting from either (the smaller set drives).
func TestMixedWalkSkipsWhatJoinedDuringIt(t *testing.T) {
	for _, fieldSmaller := range []bool{true, false} {
		t.Run(map[bool]string{true: "field drives", false: "object drives"}[fieldSmaller], func(t *testing.T) {
			w := world.New()
			var both, onlyPos, onlyHealth []world.Entity
			for range 4 {
				both = append(both, world.Spawn2(w, tPos, position{}, tHealth, health{}))
			}
			for range 6 {
				if fieldSmaller {
					onlyHealth = append(onlyHealth, world.Spawn1(w, tHealth, health{}))
				} else {
					onlyPos = append(onlyPos, world.Spawn1(w, tPos, position{}))
				}
			}
			seen := map[world.Entity]int{}
			first := true
			world.Each2(w, tPos, tHealth, func(e world.Entity, _ *position, _ *health) {
				seen[e]++
				if first {
					first = false
					// Joins of every kind while the walk runs.
					for _, x := range onlyHealth {
						tPos.Add(w, x, position{})
					}
					for _, x := range onlyPos {
						tHealth.Add(w, x, health{})
					}
					world.Spawn2(w, tPos, position{}, tHealth, health{})
					// Destroy one not yet visited: still visited once.
					for _, x := range both {
						w.Destroy(x)
					}
				}
			})
			if len(seen) != len(both) {
				t.Errorf("visited %d entities, want the %d members at the start", len(seen), len(both))
			}
			for _, e := range both {
				if seen[e] != 1 {
					t.Errorf("%v visited %d times", e, seen[e])
				}
			}
			n := 0
			world.Each2(w, tPos, tHealth, func(world.Entity, *position, *health) { n++ })
			if want := 7; n != want {
				t.Errorf("next walk visits %d, want %d", n, want)
			}
		})
	}
}

// TestQueryPanicInSystem: a panic out of a Query loop over field
// components (whose walk has no deferred end, so that it inlines) inside a
// system still ends the walk with the system: the destroy it deferred is
// applied, and the next destroy is immediate.
func TestQueryPanicInSystem(t *testing.T) {
	w := world.New()
	a := world.Spawn2(w, tPos, position{}, tVel, velocity{})
	world.Spawn2(w, tPos, position{}, tVel, velocity{})
	boom := errors.New("boom")
	if err := w.AddSystem(world.System{Name: "boom", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		for e := range world.Query2(ctx.World, tPos, tVel) {
			ctx.World.Destroy(e)
			if !w.IsAlive(e) {
				t.Error("a destroy inside the walk was not deferred")
			}
			panic(boom)
		}
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	var reported error
	if err := w.Run(world.Context{Phase: world.Fixed}, func(err error) { reported = err }); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(reported, boom) {
		t.Errorf("reported %v, want the panic", reported)
	}
	if w.Len() != 1 {
		t.Errorf("after the system panicked in its walk, %d entities live, want 1: the deferred destroy applied", w.Len())
	}
	if ok, _ := w.RemoveSystem("boom"); !ok {
		t.Fatal("RemoveSystem(boom) = false")
	}
	for e := range world.Query2(w, tPos, tVel) {
		w.Destroy(e)
	}
	if w.Len() != 0 || w.IsAlive(a) {
		t.Errorf("after the walk, %d entities live, want 0", w.Len())
	}
	e := w.Create()
	w.Destroy(e)
	if w.IsAlive(e) {
		t.Error("Destroy is still deferred after the walks ended")
	}
}

// TestEachPanicInSystem is TestQueryPanicInSystem for Each, whose walk over
// field components has no deferred end either, so that it inlines.
func TestEachPanicInSystem(t *testing.T) {
	w := world.New()
	world.Spawn2(w, tPos, position{}, tVel, velocity{})
	world.Spawn2(w, tPos, position{}, tVel, velocity{})
	boom := errors.New("boom")
	if err := w.AddSystem(world.System{Name: "boom", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		world.Each2(ctx.World, tPos, tVel, func(e world.Entity, _ *position, _ *velocity) {
			ctx.World.Destroy(e)
			panic(boom)
		})
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	var reported error
	if err := w.Run(world.Context{Phase: world.Fixed}, func(err error) { reported = err }); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(reported, boom) || w.Len() != 1 {
		t.Errorf("reported %v with %d entities live; want the panic and 1: the deferred destroy applied", reported, w.Len())
	}
	e := w.Create()
	w.Destroy(e)
	if w.IsAlive(e) {
		t.Error("Destroy is still deferred after the system ended")
	}
}

// TestPullWalkAcrossSystemRuns: a Query walk pulled with iter.Pull2 in a
// system stays open after the system returns, defers destroys until stop,
// and ends cleanly then, even with walks ended in another order around it.
func TestPullWalkAcrossSystemRuns(t *testing.T) {
	w := world.New()
	for range 10 {
		world.Spawn2(w, tHealth, health{}, tPos, position{})
	}
	var next func() (world.Entity, *health, bool)
	var stop func()
	if err := w.AddSystem(world.System{Name: "pull", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if next == nil {
			next, stop = iter.Pull2(world.Query1(ctx.World, tHealth))
		}
		next()
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := w.Run(world.Context{Phase: world.Fixed}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if w.Walks() != 1 {
		t.Fatalf("Walks() = %d with the pulled walk open, want 1", w.Walks())
	}
	e := w.Entities()[0]
	w.Destroy(e)
	if !w.IsAlive(e) {
		t.Error("a destroy while the pulled walk is open was not deferred")
	}
	// A second pulled walk, ended after the first: ends in any order.
	next2, stop2 := iter.Pull2(world.Query1(w, tHealth))
	next2()
	stop()
	if !w.IsAlive(e) || w.Walks() != 1 {
		t.Errorf("after the first walk's stop: alive %v, Walks %d; want still deferred, 1 walk", w.IsAlive(e), w.Walks())
	}
	stop2()
	if w.IsAlive(e) || w.Walks() != 0 {
		t.Errorf("after both stops: alive %v, Walks %d; want destroyed, 0 walks", w.IsAlive(e), w.Walks())
	}
	n := 0
	world.Each1(w, tHealth, func(e world.Entity, _ *health) {
		n++
		w.Destroy(e)
		if !w.IsAlive(e) {
			t.Error("a destroy inside Each was not deferred after the pulled walks ended")
		}
	})
	if n != 9 || w.Len() != 0 {
		t.Errorf("Each visited %d and left %d entities, want 9 and 0", n, w.Len())
	}
}

// TestRecoverEndsWalks: outside a system, a caller that recovers a panic
// out of a field-only walk with Recover ends the walks it left open; walks
// begun before stay open, and an unwound walk's own end is ignored.
func TestRecoverEndsWalks(t *testing.T) {
	w := world.New()
	a := world.Spawn2(w, tPos, position{}, tVel, velocity{})
	b := world.Spawn2(w, tPos, position{}, tVel, velocity{})
	for range world.Query2(w, tPos, tVel) { // an outer walk, still open below
		err := w.Recover(func() error {
			world.Each2(w, tPos, tVel, func(e world.Entity, _ *position, _ *velocity) {
				w.Destroy(e)
				panic("boom")
			})
			return nil
		})
		if !errors.Is(err, world.ErrPanic) || w.Walks() != 1 || !w.IsAlive(a) {
			t.Errorf("after Recover (%v): Walks %d, a alive %v; want ErrPanic, the outer walk open and the destroy deferred", err, w.Walks(), w.IsAlive(a))
		}
		break
	}
	if w.Walks() != 0 || w.IsAlive(a) || !w.IsAlive(b) {
		t.Errorf("after the outer walk: Walks %d, a alive %v, b alive %v; want 0, false, true", w.Walks(), w.IsAlive(a), w.IsAlive(b))
	}
	e := w.Create()
	w.Destroy(e)
	if w.IsAlive(e) {
		t.Error("Destroy is deferred with no walk open")
	}
}

func TestManyJoinsDuringAWalk(t *testing.T) {
	emitter := world.DefineComponent[int]("Emitter")
	w := world.New()
	for i := range 20000 {
		world.Spawn2(w, emitter, i, tPos, position{})
	}
	visited := 0
	world.Each2(w, emitter, tPos, func(e world.Entity, _ *int, _ *position) {
		visited++
		world.Spawn1(w, tPos, position{})
		w.Remove(e, tPos)
		tPos.Add(w, e, position{X: 1}) // cancels the removal
	})
	if visited != 20000 || w.Count(tPos) != 40000 {
		t.Errorf("visited %d, Count %d, want 20000 and 40000", visited, w.Count(tPos))
	}
}

func TestPullStoppedThenPanic(t *testing.T) {
	w := world.New()
	for range 3 {
		world.Spawn2(w, tPos, position{}, tVel, velocity{})
	}
	next, stop := iter.Pull2(world.Query1(w, tPos))
	next() // one walk open
	w.AddSystem(world.System{Name: "s", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		stop() // ends the pulled walk: none open now
		world.Each2(ctx.World, tPos, tVel, func(world.Entity, *position, *velocity) {
			panic("boom")
		})
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, func(error) {})
	if n := w.Walks(); n != 0 {
		t.Errorf("after the run, Walks() = %d, want 0", n)
	}
	e := w.Create()
	w.Destroy(e)
	if w.IsAlive(e) {
		t.Errorf("Destroy outside any walk or system is still deferred: the world is stuck deferring")
	}
	if err := w.Clear(); err != nil {
		t.Errorf("Clear() = %v", err)
	}
}

func TestPulledWalkEndedByPanic(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for range 4 {
		ids = append(ids, world.Spawn1(w, tPos, position{}))
	}
	var stop func()
	w.AddSystem(world.System{Name: "s", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		var next func() (world.Entity, *position, bool)
		next, stop = iter.Pull2(world.Query1(ctx.World, tPos))
		next()
		tHealth.Require(ctx.World, ids[0]) // panics: no Health
		return nil
	}})
	w.Run(world.Context{Phase: world.Fixed}, func(error) {})
	defer stop()
	if n := w.Walks(); n != 0 {
		t.Errorf("after the panicking run, Walks() = %d, want 0", n)
	}
	w.Destroy(ids[2]) // at once: no walk is in progress
	if w.IsAlive(ids[2]) {
		t.Errorf("Destroy after the run was deferred")
	}
}
