package world_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// The components of the snapshot tests: two field components, object
// components with and without a Copy, a tag, a relationship with many
// targets beside the built-in ChildOf, and resources in and out of
// snapshots.
type snapInventory struct{ Items []int }

type snapScore struct{ Points int }

var (
	snapPos   = world.DefineFields[position]("SnapPos")
	snapVel   = world.DefineFields[velocity]("SnapVel")
	snapHP    = world.DefineComponent[health]("SnapHP")
	snapLabel = world.DefineComponent[string]("SnapLabel")
	snapInv   = world.DefineComponent("SnapInventory", world.Options[snapInventory]{
		Copy: func(dst, src *snapInventory) { dst.Items = append(dst.Items[:0], src.Items...) },
		Hash: func(h *world.Hasher, v *snapInventory) {
			for _, it := range v.Items {
				h.Int64(int64(it))
			}
		},
	})
	snapFrozen = world.DefineTag("SnapFrozen")
	snapLikes  = world.DefineRelation("SnapLikes", world.RelationOptions{})
	snapScoreR = world.DefineResource("SnapScore", world.ResourceOptions[snapScore]{
		Copy: func(dst, src *snapScore) { *dst = *src },
	})
	snapInputR = world.DefineResource[snapScore]("SnapInput") // not state: never rolled back
)

// snapWorld builds a world using every kind of state.
func snapWorld() *world.World {
	w := world.New()
	w.Seed(42)
	var ids []world.Entity
	for i := range 40 {
		e := world.Spawn2(w, snapPos, position{X: float32(i), Y: 1}, snapVel, velocity{X: 1})
		ids = append(ids, e)
		switch i % 4 {
		case 0:
			snapHP.Add(w, e, health{HP: i, Max: 50})
		case 1:
			snapLabel.Add(w, e, fmt.Sprint("body", i))
			snapFrozen.Add(w, e)
		case 2:
			snapInv.Add(w, e, snapInventory{Items: []int{i, i + 1}})
		}
	}
	for i := 5; i < 40; i += 3 {
		w.Destroy(ids[i]) // free slots, in an order
	}
	for i := 1; i < 30; i += 4 {
		if w.IsAlive(ids[i]) && w.IsAlive(ids[i-1]) {
			if err := world.ChildOf.Set(w, ids[i], ids[i-1]); err != nil {
				panic(err)
			}
		}
	}
	for i := 0; i < 36; i += 2 {
		if w.IsAlive(ids[i]) && w.IsAlive(ids[i+3]) {
			snapLikes.Set(w, ids[i], ids[i+3])
			snapLikes.Set(w, ids[i+3], ids[i])
		}
	}
	snapScoreR.Set(w, &snapScore{Points: 7})
	snapInputR.Set(w, &snapScore{Points: 1})
	w.Rand().Uint64()
	return w
}

// mutate changes everything snapWorld set up.
func mutate(w *world.World) {
	live := w.Entities()
	for i, e := range live {
		if !w.IsAlive(e) { // died with its parent
			continue
		}
		switch i % 5 {
		case 0:
			w.Destroy(e)
		case 1:
			snapPos.Require(w, e).X += 100
			w.Remove(e, snapVel)
		case 2:
			snapHP.Add(w, e, health{HP: -1})
			if inv, ok := snapInv.Get(w, e); ok {
				inv.Items[0] = 999 // in place: the snapshot must not see it
				inv.Items = append(inv.Items, 5)
			}
		case 3:
			w.Remove(e, snapFrozen)
			w.Remove(e, snapLikes)
		}
	}
	for range 12 {
		e := world.Spawn1(w, snapLabel, "new")
		snapFrozen.Add(w, e)
	}
	live = w.Entities()
	world.ChildOf.Set(w, live[3], live[0])
	snapLikes.Set(w, live[1], live[2])
	s, _ := snapScoreR.Lookup(w)
	s.Points = 1000
	in, _ := snapInputR.Lookup(w)
	in.Points = 2
	w.Rand().IntN(10)
}

// sameWorld fails t unless a and b answer alike: ids, components, values,
// walk orders, links in order, the generator, the resources, the ids
// Create hands out next. It creates entities in both.
func sameWorld(t *testing.T, a, b *world.World) {
	t.Helper()
	if d := a.Diff(b); d != nil {
		t.Errorf("Diff = %v, want none", d)
	}
	if ha, hb := a.Hash(), b.Hash(); ha != hb {
		t.Errorf("Hash = %x and %x, want the same", ha, hb)
	}
	if got, want := fmt.Sprint(world.Inspect(a, 0, 0)), fmt.Sprint(world.Inspect(b, 0, 0)); got != want {
		t.Errorf("Inspect =\n%s\nwant\n%s", got, want)
	}
	walk := func(w *world.World) string {
		var sb strings.Builder
		world.Each1(w, snapHP, func(e world.Entity, v *health) { fmt.Fprint(&sb, e, *v, " ") })
		world.Each2(w, snapLabel, snapFrozen, func(e world.Entity, v *string, _ *struct{}) { fmt.Fprint(&sb, e, *v, " ") })
		world.Each1(w, snapInv, func(e world.Entity, v *snapInventory) { fmt.Fprint(&sb, e, *v, " ") })
		for e, r := range world.Query2(w, snapPos, snapVel) {
			fmt.Fprint(&sb, e, *r.A, *r.B, " ")
		}
		for _, e := range w.Entities() {
			fmt.Fprint(&sb, world.ChildOf.Sources(w, e), snapLikes.Targets(w, e), snapLikes.Sources(w, e))
		}
		fmt.Fprint(&sb, len(snapPos.Column(w)), w.Slots(snapPos, snapFrozen).Indices())
		if s, ok := snapScoreR.Lookup(w); ok {
			fmt.Fprint(&sb, " score ", *s)
		}
		fmt.Fprint(&sb, " rand ", w.Rand().State())
		return sb.String()
	}
	if got, want := walk(a), walk(b); got != want {
		t.Errorf("walks =\n%s\nwant\n%s", got, want)
	}
	if ra, rb := a.Rand().Uint64(), b.Rand().Uint64(); ra != rb {
		t.Errorf("next draws %d and %d, want the same", ra, rb)
	}
	for range 3 {
		if ea, eb := a.Create(), b.Create(); ea != eb {
			t.Errorf("Create() = %v and %v, want the same", ea, eb)
		}
	}
}

// TestRestoreIsTheSnapshottedWorld: after a restore the world answers as
// the snapshotted one did, and as a fresh world restored from the same
// snapshot does, however much changed in between; restoring again works
// too.
func TestRestoreIsTheSnapshottedWorld(t *testing.T) {
	w := snapWorld()
	var s world.Snapshot
	w.Snapshot(&s)
	want := w.Hash()
	for round := range 3 {
		mutate(w)
		if w.Hash() == want {
			t.Fatalf("round %d: mutate changed nothing the hash sees", round)
		}
		if err := w.Restore(&s); err != nil {
			t.Fatalf("Restore = %v", err)
		}
		if got := w.Hash(); got != want {
			t.Fatalf("round %d: Hash after Restore = %x, want %x", round, got, want)
		}
		in, _ := snapInputR.Lookup(w)
		if in.Points != 2 {
			t.Errorf("SnapInput after Restore = %d, want 2: a resource without Copy is left as it is", in.Points)
		}
		clone := world.New()
		snapInputR.Set(clone, in)
		if err := clone.Restore(&s); err != nil {
			t.Fatalf("Restore into a new world = %v", err)
		}
		sameWorld(t, w, clone)
		w.Restore(&s)
	}
}

// TestRestoreFailsWholly: a restore that fails returns a coded error and
// leaves the world exactly as it was.
func TestRestoreFailsWholly(t *testing.T) {
	boom := errors.New("boom")
	fail := false
	fragile := world.DefineComponent("SnapFragile", world.Options[[]int]{Copy: func(dst, src *[]int) {
		if fail && len(*src) == 3 {
			panic(boom)
		}
		*dst = append((*dst)[:0], *src...)
	}})
	fragileRes := world.DefineResource("SnapFragileRes", world.ResourceOptions[int]{Copy: func(dst, src *int) {
		if fail && *src == 13 {
			panic("unlucky")
		}
		*dst = *src
	}})

	tests := []struct {
		name    string
		prepare func(w *world.World, s *world.Snapshot)
		restore func(w *world.World, s *world.Snapshot) error
		code    world.Code
		says    string
	}{
		{"an empty snapshot", nil, func(w *world.World, _ *world.Snapshot) error {
			return w.Restore(new(world.Snapshot))
		}, world.CodeEmptySnapshot, "Restore"},
		{"in a walk", nil, func(w *world.World, s *world.Snapshot) error {
			var err error
			world.Each1(w, snapPos, func(world.Entity, *position) {
				if err == nil {
					err = w.Restore(s)
				}
			})
			return err
		}, world.CodeDuringWalk, "Restore"},
		{"in a system", nil, func(w *world.World, s *world.Snapshot) error {
			var err error
			w.AddSystem(world.System{Name: "rollback", Run: func(ctx *world.Context) error {
				err = ctx.World.Restore(s)
				return nil
			}})
			w.Run(world.Context{Phase: world.Fixed}, nil)
			w.RemoveSystem("rollback")
			return err
		}, world.CodeDuringWalk, "Restore"},
		{"a component's Copy panics", func(w *world.World, _ *world.Snapshot) {
			for i, e := range w.Entities()[:6] {
				fragile.Add(w, e, make([]int, i))
			}
		}, func(w *world.World, s *world.Snapshot) error {
			fail = true
			defer func() { fail = false }()
			return w.Restore(s)
		}, world.CodeHookPanic, "Copy[SnapFragile]"},
		{"a resource's Copy panics", func(w *world.World, _ *world.Snapshot) {
			v := 13
			fragileRes.Set(w, &v)
		}, func(w *world.World, s *world.Snapshot) error {
			fail = true
			defer func() { fail = false }()
			return w.Restore(s)
		}, world.CodeHookPanic, "Copy[SnapFragileRes]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := snapWorld()
			var s world.Snapshot
			if tt.prepare != nil {
				tt.prepare(w, &s)
			}
			w.Snapshot(&s)
			mutate(w)
			before := world.New()
			var keep world.Snapshot
			w.Snapshot(&keep)
			before.Restore(&keep)
			err := tt.restore(w, &s)
			if got := world.CodeOf(err); got != tt.code {
				t.Fatalf("Restore = %v (code %q), want code %q", err, got, tt.code)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("Restore = %q, want it to say %q", err, tt.says)
			}
			sameWorld(t, w, before)
			if err := w.Restore(&s); err != nil {
				t.Errorf("Restore after the failure = %v, want nil", err)
			}
		})
	}
}

// TestSnapshotPanics: a snapshot during a walk, or whose Copy panics,
// panics with a coded error and leaves the snapshot empty.
func TestSnapshotPanics(t *testing.T) {
	bad := world.DefineComponent("SnapBad", world.Options[int]{Copy: func(*int, *int) { panic("no copies") }})
	w := snapWorld()
	var s world.Snapshot
	err := mustPanicWith(t, func() {
		world.Each1(w, snapHP, func(world.Entity, *health) { w.Snapshot(&s) })
	})
	if !errors.Is(err, world.ErrDuringWalk) || !strings.Contains(err.Error(), "Snapshot") {
		t.Errorf("Snapshot in a walk panicked with %v, want ErrDuringWalk naming Snapshot", err)
	}
	w.Recover(func() error { return nil })
	bad.Add(w, w.Entities()[0], 1)
	err = mustPanicWith(t, func() { w.Snapshot(&s) })
	if !errors.Is(err, world.ErrHookPanic) || !strings.Contains(err.Error(), "Copy[SnapBad]") || !strings.Contains(err.Error(), "no copies") {
		t.Errorf("Snapshot with a panicking Copy panicked with %v, want ErrHookPanic naming Copy[SnapBad]", err)
	}
	if err := w.Restore(&s); !errors.Is(err, world.ErrEmptySnapshot) {
		t.Errorf("Restore of the failed snapshot = %v, want ErrEmptySnapshot", err)
	}
}

// TestSnapshotSharesNothing: values changed in place after a snapshot,
// or after a restore, do not reach the snapshot, with a Copy; without
// one a slice is shared, as Options.Copy says.
func TestSnapshotSharesNothing(t *testing.T) {
	shared := world.DefineComponent[snapInventory]("SnapShared")
	w := world.New()
	e := world.Spawn2(w, snapInv, snapInventory{Items: []int{1, 2}}, shared, snapInventory{Items: []int{1, 2}})
	var s world.Snapshot
	w.Snapshot(&s)
	snapInv.Require(w, e).Items[0] = 100
	shared.Require(w, e).Items[0] = 100
	for round := range 3 {
		if err := w.Restore(&s); err != nil {
			t.Fatal(err)
		}
		if got := snapInv.Require(w, e).Items; !slices.Equal(got, []int{1, 2}) {
			t.Fatalf("round %d: SnapInventory after Restore = %v, want [1 2]", round, got)
		}
		if got := shared.Require(w, e).Items; !slices.Equal(got, []int{100, 2}) {
			t.Errorf("round %d: SnapShared (no Copy) after Restore = %v, want [100 2]: the slice is shared", round, got)
		}
		snapInv.Require(w, e).Items[1] = 200 // the restored value is the world's own
	}
}

// TestRestoreRunsNoHooks: values leave and come back without hooks or
// events.
func TestRestoreRunsNoHooks(t *testing.T) {
	var calls []string
	hook := func(name string) func(*world.World, world.Entity, *int) {
		return func(_ *world.World, e world.Entity, _ *int) { calls = append(calls, name+" "+e.String()) }
	}
	hooked := world.DefineComponent("SnapHooked", world.Options[int]{
		Added: hook("Added"), Removed: hook("Removed"), Died: hook("Died"), Teardown: hook("Teardown"),
	})
	hit := world.DefineEvent("SnapHit")
	w := world.New()
	hit.Subscribe(w, func(_ *world.World, ids []world.Entity) { calls = append(calls, fmt.Sprint("hit ", ids)) })
	a := world.Spawn1(w, hooked, 1)
	var s world.Snapshot
	w.Snapshot(&s)
	w.Destroy(a)
	world.Spawn1(w, hooked, 2)
	calls = nil
	if err := w.Restore(&s); err != nil {
		t.Fatal(err)
	}
	if calls != nil {
		t.Errorf("Restore ran %q, want no hooks nor events", calls)
	}
	if !w.IsAlive(a) || *hooked.Require(w, a) != 1 || w.Len() != 1 {
		t.Errorf("after Restore: alive %v, Len %d, want only %v", w.IsAlive(a), w.Len(), a)
	}
	hit.Emit(w, a)
	if want := []string{"hit [" + a.String() + "]"}; !slices.Equal(calls, want) {
		t.Errorf("after Restore, Emit delivered %q, want %q: subscriptions are kept", calls, want)
	}
}

// TestRestoreTellsTrackersAndViews: a restore is a change of everything
// for trackers, views and the structure epoch.
func TestRestoreTellsTrackersAndViews(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for i := range 70 {
		ids = append(ids, world.Spawn2(w, snapPos, position{X: float32(i)}, snapVel, velocity{}))
	}
	w.AddSystem(world.System{Name: "move", Writes: []world.ComponentType{snapPos}, Run: func(ctx *world.Context) error {
		pos := snapPos.Column(ctx.World)
		for _, r := range ctx.World.Slots(snapPos, snapVel).Runs() {
			for i := r.Start; i < r.End; i++ {
				pos[i].X++
			}
		}
		return nil
	}})
	tr := w.Track(snapPos)
	collect(tr.Added())
	collect(tr.Changed())
	view := w.Slots(snapPos, snapVel)
	view.Runs()
	var s world.Snapshot
	w.Snapshot(&s)
	for _, e := range ids[:10] {
		w.Destroy(e)
	}
	w.Run(world.Context{Phase: world.Fixed}, nil) // leaves a live mark on the view
	collect(tr.Changed())
	epoch := w.StructureEpoch()
	if err := w.Restore(&s); err != nil {
		t.Fatal(err)
	}
	if w.StructureEpoch() == epoch {
		t.Errorf("StructureEpoch() did not move on at Restore")
	}
	if got := len(view.Indices()); got != 70 {
		t.Errorf("the view held since before counts %d slots after Restore, want 70", got)
	}
	if got := len(collect(tr.Added())); got != 70 {
		t.Errorf("tracker finds %d added after Restore, want all 70", got)
	}
	if got := len(collect(tr.Changed())); got != 70 {
		t.Errorf("tracker finds %d changed after Restore, want all 70", got)
	}
	if got := len(collect(tr.Changed())); got != 0 {
		t.Errorf("tracker finds %d changed on the next look, want 0", got)
	}
	w.Run(world.Context{Phase: world.Fixed}, nil)
	if got := len(collect(tr.Changed())); got != 70 {
		t.Errorf("tracker finds %d changed after a step, want 70", got)
	}
}

// TestRestoreResources: a resource with a Copy goes back into the value
// the world holds (a pointer kept to it sees the restored state), is set
// anew when the world holds none, and is removed when the snapshot's
// world held none; one without a Copy stays.
func TestRestoreResources(t *testing.T) {
	w := world.New()
	score := &snapScore{Points: 3}
	snapScoreR.Set(w, score)
	var s world.Snapshot
	w.Snapshot(&s)

	score.Points = 9
	w.Restore(&s)
	if got, _ := snapScoreR.Lookup(w); got != score || score.Points != 3 {
		t.Errorf("after Restore: Lookup = %p %+v, want the same pointer %p with 3 points", got, got, score)
	}
	snapScoreR.Set(w, nil)
	w.Restore(&s)
	if got, ok := snapScoreR.Lookup(w); !ok || got.Points != 3 {
		t.Errorf("after Restore into a world without it: %+v, %v, want 3 points", got, ok)
	}

	empty := world.New()
	var none world.Snapshot
	empty.Snapshot(&none)
	snapScoreR.Set(empty, &snapScore{Points: 4})
	snapInputR.Set(empty, &snapScore{Points: 5})
	empty.Restore(&none)
	if _, ok := snapScoreR.Lookup(empty); ok {
		t.Errorf("SnapScore after restoring a world without it: still set, want removed")
	}
	if in, ok := snapInputR.Lookup(empty); !ok || in.Points != 5 {
		t.Errorf("SnapInput after Restore = %+v, %v, want kept (it has no Copy)", in, ok)
	}
}

// TestSnapshotAllocatesNothing: a snapshot and a restore of a world
// whose size does not change allocate nothing once the buffer is grown,
// relationships and a Copy that reuses memory included.
func TestSnapshotAllocatesNothing(t *testing.T) {
	w := snapWorld()
	var s world.Snapshot
	w.Snapshot(&s)
	w.Restore(&s)
	first := w.Entities()[0]
	step := func() {
		w.Snapshot(&s)
		snapPos.Require(w, first).X++
		if err := w.Restore(&s); err != nil {
			t.Fatal(err)
		}
	}
	step()
	if n := testing.AllocsPerRun(50, step); n != 0 {
		t.Errorf("Snapshot + Restore allocs = %v, want 0", n)
	}
	if n := testing.AllocsPerRun(50, func() { w.Hash() }); n != 0 {
		t.Errorf("Hash allocs = %v, want 0", n)
	}
}

// TestDefineRefusesValueFuncs: field components and tags are copied and
// hashed as bytes; a Copy or Hash for one is refused.
func TestDefineRefusesValueFuncs(t *testing.T) {
	err := mustPanicWith(t, func() {
		world.DefineFields("SnapBadFields", world.Options[position]{Copy: func(dst, src *position) { *dst = *src }})
	})
	if !errors.Is(err, world.ErrInvalidDefinition) || !strings.Contains(err.Error(), "Copy") {
		t.Errorf("DefineFields with a Copy panicked with %v, want ErrInvalidDefinition naming Copy", err)
	}
	err = mustPanicWith(t, func() {
		world.DefineTag("SnapBadTag", world.Options[struct{}]{Hash: func(*world.Hasher, *struct{}) {}})
	})
	if !errors.Is(err, world.ErrInvalidDefinition) || !strings.Contains(err.Error(), "Hash") {
		t.Errorf("DefineTag with a Hash panicked with %v, want ErrInvalidDefinition naming Hash", err)
	}
}
