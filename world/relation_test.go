package world_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func TestChildOfLinksBothWays(t *testing.T) {
	w := world.New()
	parent := w.Create()
	kids := make([]world.Entity, 5)
	for i := range kids {
		kids[i] = w.Spawn(world.ChildOf.With(parent))
	}
	if got := sortedEntities(world.ChildOf.Sources(w, parent)); !slices.Equal(got, kids) {
		t.Errorf("Sources(parent) = %v, want %v", got, kids)
	}
	if p, ok := world.ChildOf.Target(w, kids[2]); !ok || p != parent {
		t.Errorf("Target(kid) = %v, %v, want %v", p, ok, parent)
	}
	if !w.Has(parent, world.Children) || w.Has(kids[0], world.Children) || w.Count(world.ChildOf) != 5 || w.Count(world.Children) != 1 {
		t.Errorf("Has/Count wrong: Has(parent, Children) %v, Count(ChildOf) %d, Count(Children) %d",
			w.Has(parent, world.Children), w.Count(world.ChildOf), w.Count(world.Children))
	}

	// Reparenting one in the middle keeps both lists right (the last
	// child moves into the hole, and knows where it went).
	other := w.Create()
	if err := world.ChildOf.Set(w, kids[1], other); err != nil {
		t.Fatal(err)
	}
	w.Remove(kids[3], world.ChildOf)
	want := []world.Entity{kids[0], kids[2], kids[4]}
	if got := sortedEntities(world.ChildOf.Sources(w, parent)); !slices.Equal(got, want) {
		t.Errorf("after moving two away, Sources(parent) = %v, want %v", got, want)
	}
	if got := world.ChildOf.Sources(w, other); !slices.Equal(got, []world.Entity{kids[1]}) {
		t.Errorf("Sources(other) = %v, want [%v]", got, kids[1])
	}
	if _, ok := world.ChildOf.Target(w, kids[3]); ok || w.Has(kids[3], world.ChildOf) {
		t.Errorf("a detached child still has a parent")
	}
	// Remove the last child of one parent and the list empties.
	w.Remove(kids[1], world.ChildOf)
	if w.Has(other, world.Children) || world.ChildOf.Sources(w, other) != nil {
		t.Errorf("a parent with no children still answers Children")
	}
}

func TestCycleRefusedNamingBoth(t *testing.T) {
	w := world.New()
	a, b, c := w.Create(), w.Create(), w.Create()
	must(t, world.ChildOf.Set(w, b, a))
	must(t, world.ChildOf.Set(w, c, b))
	for _, tt := range []struct{ src, tgt world.Entity }{{a, c}, {a, b}, {b, b}} {
		err := world.ChildOf.Set(w, tt.src, tt.tgt)
		var we *world.Error
		if !errors.Is(err, world.ErrCycle) || !errors.As(err, &we) || we.Entity != tt.src || we.Other != tt.tgt {
			t.Errorf("Set(%v, %v) = %v, want a cycle error naming both", tt.src, tt.tgt, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tt.src.String()) || !strings.Contains(msg, tt.tgt.String()) {
			t.Errorf("message %q does not name %v and %v", msg, tt.src, tt.tgt)
		}
	}
	if p, _ := world.ChildOf.Target(w, b); p != a {
		t.Errorf("a refused Set changed the parent of %v to %v", b, p)
	}
	// Reparenting within the tree, away from the cycle, is fine.
	must(t, world.ChildOf.Set(w, c, a))
}

func TestLinkedDespawnIsRecursiveAndOneChange(t *testing.T) {
	var died []world.Entity
	probe := world.DefineTag("DiesWithParent", world.Options[struct{}]{
		Died: func(w *world.World, e world.Entity, _ *struct{}) {
			// Every entity dying in the change is still whole: its
			// parent too.
			if p, ok := world.ChildOf.Target(w, e); ok && !w.IsAlive(p) {
				t.Errorf("in %v's Died hook its parent %v is gone", e, p)
			}
			died = append(died, e)
		},
	})
	w := world.New()
	root := w.Spawn(probe.Part())
	mid := w.Spawn(probe.Part(), world.ChildOf.With(root))
	leaf := w.Spawn(probe.Part(), world.ChildOf.With(mid))
	keep := w.Spawn(probe.Part())

	// Inside a walk nothing dies until it ends.
	world.Each1(w, tPlayer, func(world.Entity, *struct{}) {})
	w.AddSystem(world.System{Name: "kill", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		ctx.World.Destroy(root)
		if !ctx.World.IsAlive(leaf) {
			t.Errorf("a child died before the system's run ended")
		}
		return nil
	}})
	if err := w.Run(world.Context{Phase: world.Fixed}, nil); err != nil {
		t.Fatal(err)
	}
	if w.IsAlive(root) || w.IsAlive(mid) || w.IsAlive(leaf) || !w.IsAlive(keep) {
		t.Errorf("after the destroy: root %v mid %v leaf %v keep %v; want the tree dead", w.IsAlive(root), w.IsAlive(mid), w.IsAlive(leaf), w.IsAlive(keep))
	}
	if want := []world.Entity{root, mid, leaf}; !slices.Equal(died, want) {
		t.Errorf("Died ran for %v, want %v (the destroyed entity first)", died, want)
	}
}

// TestDeepHierarchyDespawn: a chain a hundred thousand deep dies without
// recursion on the stack.
func TestDeepHierarchyDespawn(t *testing.T) {
	w := world.New()
	root := w.Create()
	e := root
	for range 100000 {
		e = w.Spawn(world.ChildOf.With(e))
	}
	w.Destroy(root)
	if w.Len() != 0 {
		t.Errorf("Len() = %d, want 0", w.Len())
	}
}

func TestRelationOptions(t *testing.T) {
	likes := world.DefineRelation("Likes", world.RelationOptions{Requires: []world.ComponentType{tName}})
	targets := world.DefineRelation("TargetOf", world.RelationOptions{Exclusive: true})
	w := world.New()
	a, b, c := w.Create(), w.Create(), w.Create()

	// Not exclusive: several targets; cycles allowed; requirements join.
	must(t, likes.Set(w, a, b))
	must(t, likes.Set(w, a, c))
	must(t, likes.Set(w, a, c)) // twice is once
	must(t, likes.Set(w, b, a))
	if got := sortedEntities(likes.Targets(w, a)); !slices.Equal(got, []world.Entity{b, c}) {
		t.Errorf("Targets(a) = %v, want [%v %v]", got, b, c)
	}
	if !w.Has(a, tName) || w.Has(c, tName) {
		t.Errorf("Requires: a has Name %v, c %v; want true, false", w.Has(a, tName), w.Has(c, tName))
	}
	if likes.Reverse().Name() != "LikesSources" || likes.Reverse().Relation() != likes {
		t.Errorf("Reverse() = %q of %v", likes.Reverse().Name(), likes.Reverse().Relation())
	}
	likes.Unset(w, a, b)
	if got := likes.Targets(w, a); !slices.Equal(got, []world.Entity{c}) {
		t.Errorf("after Unset(a, b), Targets(a) = %v", got)
	}
	// Not linked: destroying a target detaches its sources.
	w.Destroy(c)
	if w.Has(a, likes) || likes.Targets(w, a) != nil || !w.IsAlive(a) {
		t.Errorf("after its only target died, a: alive %v, has Likes %v", w.IsAlive(a), w.Has(a, likes))
	}

	// Exclusive: setting another target replaces it.
	must(t, targets.Set(w, a, b))
	d := w.Create()
	must(t, targets.Set(w, a, d))
	if got, _ := targets.Target(w, a); got != d || targets.Sources(w, b) != nil {
		t.Errorf("exclusive Set did not replace: target %v, b's sources %v", got, targets.Sources(w, b))
	}
}

func TestRelationMisuse(t *testing.T) {
	w := world.New()
	a := w.Create()
	dead := w.Create()
	w.Destroy(dead)
	for _, tt := range []struct {
		name string
		f    func()
		want error
	}{
		{"dead source", func() { world.ChildOf.Set(w, dead, a) }, world.ErrDeadEntity},
		{"dead target", func() { world.ChildOf.Set(w, a, dead) }, world.ErrDeadEntity},
		{"remove the reverse side", func() {
			b := w.Spawn(world.ChildOf.With(a))
			_ = b
			w.Remove(a, world.Children)
		}, world.ErrReadOnly},
		{"require a relationship", func() {
			world.DefineComponent("NeedsParent", world.Options[int]{Requires: []world.ComponentType{world.ChildOf}})
		}, world.ErrInvalidDefinition},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := mustPanicWith(t, tt.f); !errors.Is(err, tt.want) {
				t.Errorf("panicked with %v, want %v", err, tt.want)
			}
		})
	}
}

// TestRelationDuringWalk: links made during a walk are immediate; an
// Unset or Remove waits, and a Set of the same link cancels it.
func TestRelationDuringWalk(t *testing.T) {
	likes := world.DefineRelation("Fancies", world.RelationOptions{})
	w := world.New()
	a, b, c := world.Spawn1(w, tPos, position{}), w.Create(), w.Create()
	must(t, likes.Set(w, a, b))
	world.Each1(w, tPos, func(e world.Entity, _ *position) {
		likes.Unset(w, a, b)
		must(t, likes.Set(w, a, c))
		if len(likes.Targets(w, a)) != 2 {
			t.Errorf("during the walk a's targets = %v, want both", likes.Targets(w, a))
		}
		must(t, likes.Set(w, a, b)) // cancels the Unset
		w.Remove(c, tPos)
	})
	if got := sortedEntities(likes.Targets(w, a)); !slices.Equal(got, []world.Entity{b, c}) {
		t.Errorf("after the walk Targets(a) = %v, want [%v %v]", got, b, c)
	}
	world.Each1(w, tPos, func(world.Entity, *position) {
		w.Remove(a, likes)
		must(t, likes.Set(w, a, c)) // cancels the Remove, keeps b
	})
	if got := sortedEntities(likes.Targets(w, a)); !slices.Equal(got, []world.Entity{b, c}) {
		t.Errorf("after the second walk Targets(a) = %v, want [%v %v]", got, b, c)
	}
}

func TestSourcesAllocatesNothing(t *testing.T) {
	w := world.New()
	p := w.Create()
	for range 100 {
		w.Spawn(world.ChildOf.With(p))
	}
	kid := world.ChildOf.Sources(w, p)[50]
	other := w.Create()
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		n += len(world.ChildOf.Sources(w, p))
		must(t, world.ChildOf.Set(w, kid, other))
		must(t, world.ChildOf.Set(w, kid, p))
	})
	if allocs != 0 {
		t.Errorf("Sources and a reparent allocate %v times, want 0", allocs)
	}
}

func TestInspectShowsRelationships(t *testing.T) {
	w := world.New()
	p := w.Create()
	w.Spawn(world.ChildOf.With(p))
	got := []string{world.Inspect(w, 0, 0)[0].String(), world.Inspect(w, 0, 0)[1].String()}
	want := []string{"0v1 Children=[1v1]", "1v1 ChildOf=0v1"}
	if !slices.Equal(got, want) {
		t.Errorf("Inspect = %q, want %q", got, want)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestLinksGrowWithTheWorld: links of slots far past the first ones (the
// per-slot link arrays grow beside each other).
func TestLinksGrowWithTheWorld(t *testing.T) {
	likes := world.DefineRelation("Admires", world.RelationOptions{})
	w := world.New()
	var parents []world.Entity
	for i := range 3000 {
		e := w.Create()
		if i%7 == 0 {
			parents = append(parents, e)
		}
		if i > 0 {
			must(t, world.ChildOf.Set(w, e, parents[0]))
		}
		must(t, likes.Set(w, e, parents[i%len(parents)]))
	}
	if n := len(world.ChildOf.Sources(w, parents[0])); n != 2999 {
		t.Errorf("%d children, want 2999", n)
	}
}

// TestOrderSources: OrderSources puts a target's sources in any order of
// them and refuses, changing nothing, a list that is not them; the order
// holds through later links and unlinks, which move the entries the
// order placed.
func TestOrderSources(t *testing.T) {
	likes := world.DefineRelation("Admires", world.RelationOptions{})
	w := world.New()
	p, other := w.Create(), w.Create()
	kids := make([]world.Entity, 4)
	for i := range kids {
		kids[i] = w.Spawn(world.ChildOf.With(p))
		must(t, likes.Set(w, kids[i], other))
		must(t, likes.Set(w, kids[i], p)) // each kid has two targets: the link to p is its second
	}
	dead := w.Create()
	w.Destroy(dead)
	stale := kids[3]
	reversed := []world.Entity{kids[3], kids[2], kids[1], kids[0]}
	tests := []struct {
		name  string
		rel   *world.Relation
		order []world.Entity
		want  error // nil: ordered
	}{
		{"children reversed", world.ChildOf, reversed, nil},
		{"children back in link order", world.ChildOf, kids, nil},
		{"second targets reversed", likes, reversed, nil},
		{"one missing", world.ChildOf, kids[1:], world.ErrBadOrder},
		{"one twice", world.ChildOf, []world.Entity{kids[0], kids[0], kids[2], kids[3]}, world.ErrBadOrder},
		{"a stranger", world.ChildOf, []world.Entity{kids[0], kids[1], kids[2], other}, world.ErrBadOrder},
		{"a dead entity", world.ChildOf, []world.Entity{kids[0], kids[1], kids[2], dead}, world.ErrBadOrder},
		{"one more", likes, append(slices.Clone(kids), other), world.ErrBadOrder},
		{"none", likes, nil, world.ErrBadOrder},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.rel.Sources(w, p))
			err := tt.rel.OrderSources(w, p, tt.order)
			got := tt.rel.Sources(w, p)
			if tt.want != nil {
				var we *world.Error
				if !errors.Is(err, tt.want) || !errors.As(err, &we) || we.Entity != p || !strings.Contains(err.Error(), tt.rel.Reverse().Name()) {
					t.Errorf("OrderSources(%v) = %v, want %v naming %v and %s", tt.order, err, tt.want, p, tt.rel.Reverse().Name())
				}
				if !slices.Equal(got, before) {
					t.Errorf("a refused order left %v, want %v", got, before)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.order) {
				t.Fatalf("OrderSources(%v) = %v, sources %v", tt.order, err, got)
			}
			// Every source still names its targets in its own order.
			for _, k := range kids {
				if ts := likes.Targets(w, k); !slices.Equal(ts, []world.Entity{other, p}) {
					t.Errorf("%v's targets %v, want [%v %v]", k, ts, other, p)
				}
			}
		})
	}

	// After the reversal, unlinking the first moves the last into its
	// place, as an unlink always does: each side knew where the other was.
	must(t, world.ChildOf.OrderSources(w, p, reversed))
	w.Remove(stale, world.ChildOf)
	if got, want := world.ChildOf.Sources(w, p), []world.Entity{kids[0], kids[2], kids[1]}; !slices.Equal(got, want) {
		t.Errorf("after unlinking %v, sources %v, want %v", stale, got, want)
	}
	w.Destroy(kids[2])
	if got, want := world.ChildOf.Sources(w, p), []world.Entity{kids[0], kids[1]}; !slices.Equal(got, want) {
		t.Errorf("after destroying %v, sources %v, want %v", kids[2], got, want)
	}
	if got := world.ChildOf.Sources(w, other); got != nil {
		t.Errorf("other has children %v", got)
	}
	if err := world.ChildOf.OrderSources(w, other, nil); err != nil {
		t.Errorf("ordering no sources as none = %v", err)
	}
	err := mustPanicErr(func() { world.ChildOf.OrderSources(w, dead, nil) })
	if !errors.Is(err, world.ErrDeadEntity) {
		t.Errorf("ordering a dead target's sources panicked with %v, want ErrDeadEntity", err)
	}
}

// TestOrderSourcesMarksChanged: trackers of the target side see an
// order that moved something, and not one that moved nothing.
func TestOrderSourcesMarksChanged(t *testing.T) {
	w := world.New()
	p := w.Create()
	a, b := w.Spawn(world.ChildOf.With(p)), w.Spawn(world.ChildOf.With(p))
	tr := w.Track(world.Children)
	drain(tr.Changed())
	must(t, world.ChildOf.OrderSources(w, p, []world.Entity{a, b}))
	if got := drain(tr.Changed()); got != nil {
		t.Errorf("Changed() after ordering as they were = %v, want none", got)
	}
	must(t, world.ChildOf.OrderSources(w, p, []world.Entity{b, a}))
	if got := drain(tr.Changed()); !slices.Equal(got, []world.Entity{p}) {
		t.Errorf("Changed() after a reorder = %v, want [%v]", got, p)
	}
}

// TestOrderSourcesOnLanes: in a batch of a parallel walk and in a
// system that declares its access, OrderSources is recorded as a link is
// and takes effect with the lane's other changes, in their order: the
// world ends as the same calls made at once leave it. An order that is
// not the target's sources then is the system's error.
func TestOrderSourcesOnLanes(t *testing.T) {
	// rotated returns es turned left by k.
	rotated := func(es []world.Entity, k int) []world.Entity {
		k %= len(es)
		return append(slices.Clone(es[k:]), es[:k]...)
	}
	family := func() (*world.World, []world.Entity, world.Entity) {
		w, es := bodies(8)
		p := w.Create()
		for _, e := range es {
			must(t, world.ChildOf.Set(w, e, p))
		}
		return w, es, p
	}

	// Each body orders its parent's children by a turn of its own: the
	// batches' records apply in slot order, as the sequential walk's calls
	// do, so the last body's order wins in both.
	par, es, p := family()
	seq, _, _ := family()
	index := func(e world.Entity) int { return slices.Index(es, e) }
	world.ParallelEach1(&world.Context{World: par}, 3, tPos, func(ctx *world.Context, e world.Entity, _ *position) {
		if err := world.ChildOf.OrderSources(ctx.World, p, rotated(es, index(e)+2)); err != nil {
			t.Error(err)
		}
	})
	world.Each1(seq, tPos, func(e world.Entity, _ *position) {
		must(t, world.ChildOf.OrderSources(seq, p, rotated(es, index(e)+2)))
	})
	if got, want := world.ChildOf.Sources(par, p), rotated(es, len(es)+1); !slices.Equal(got, want) {
		t.Errorf("after the parallel walk, Sources = %v, want %v", got, want)
	}
	if par.Hash() != seq.Hash() {
		t.Error("the parallel walk's world differs from the sequential walk's")
	}

	// A declared system links a new child and puts it first, beside
	// another system of its group; an exclusive twin does the same.
	run := func(declared bool) (*world.World, []world.Entity) {
		w, es, p := family()
		sorter := world.System{Name: "sorter", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			c := ctx.World.Create()
			if err := world.ChildOf.Set(ctx.World, c, p); err != nil {
				return err
			}
			return world.ChildOf.OrderSources(ctx.World, p, append([]world.Entity{c}, es...))
		}}
		other := world.System{Name: "mover", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tPos, func(_ world.Entity, q *position) { q.X++ })
			return nil
		}}
		if declared {
			sorter.Spawns, sorter.Adds = comps(world.ChildOf), comps(world.ChildOf)
			other.Writes = comps(tPos)
		}
		must(t, w.AddSystem(sorter))
		must(t, w.AddSystem(other))
		must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
		return w, world.ChildOf.Sources(w, p)
	}
	lanes, got := run(true)
	exclusive, want := run(false)
	if !slices.Equal(got, want) || len(got) != len(es)+1 || got[0] == es[0] || lanes.Hash() != exclusive.Hash() {
		t.Errorf("a declared system's order gives %v, an exclusive one's %v (hashes equal: %v)", got, want, lanes.Hash() == exclusive.Hash())
	}

	// A recorded order that leaves a child out fails where it takes
	// effect, named by its system, and orders nothing.
	w, es, p := family()
	must(t, w.AddSystem(world.System{Name: "sloppy", Phase: world.Fixed, Adds: comps(world.ChildOf), Reads: comps(tPos),
		Run: func(ctx *world.Context) error { return world.ChildOf.OrderSources(ctx.World, p, rotated(es, 1)[1:]) }}))
	err := w.Run(world.Context{Phase: world.Fixed}, nil)
	var se *world.SystemError
	if !errors.As(err, &se) || se.System != "sloppy" || !errors.Is(err, world.ErrBadOrder) {
		t.Errorf("a bad order recorded: Run = %v, want a SystemError of sloppy wrapping ErrBadOrder", err)
	}
	if got := world.ChildOf.Sources(w, p); !slices.Equal(got, es) {
		t.Errorf("after a bad order, Sources = %v, want them as they were, %v", got, es)
	}
}
