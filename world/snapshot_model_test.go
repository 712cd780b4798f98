package world_test

// Snapshots against replays: a world restored from a snapshot taken
// after k random operations must be indistinguishable from a world that
// only ran those k operations, in every answer of the public API, walk
// orders and link orders included, and the same operations must then
// take both through the same states, hash by hash.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// mtSameWorld fails h unless a and b answer alike for the components of
// the model harness: hash, Diff, Inspect, every walk's order and values,
// every First, every view of one and two components, the columns'
// lengths and the generator.
func mtSameWorld(t *testing.T, a, b *world.World) {
	t.Helper()
	if d := a.Diff(b); d != nil {
		t.Fatalf("Diff = %v, want none", d)
	}
	if a.Hash() != b.Hash() {
		t.Fatalf("Hash = %x and %x, want the same", a.Hash(), b.Hash())
	}
	answers := func(w *world.World) string {
		var sb strings.Builder
		fmt.Fprintln(&sb, world.Inspect(w, 0, 0), w.Len(), w.Rand().State())
		for _, wk := range mtWalks {
			fmt.Fprint(&sb, wk.name, ":")
			wk.run(w, func(e world.Entity, ptrs ...any) bool {
				fmt.Fprint(&sb, " ", e)
				for _, p := range ptrs {
					fmt.Fprintf(&sb, " %+v", mtDeref(p))
				}
				return true
			})
			fmt.Fprintln(&sb)
		}
		for _, f := range mtFirsts {
			e, _, ok := f.run(w)
			fmt.Fprintln(&sb, f.name, e, ok)
		}
		for x := range mtNumComps {
			if col := mtComps[x].column; col != nil {
				n := 0
				for ; ; n++ {
					if _, ok := col(w, n); !ok {
						break
					}
				}
				fmt.Fprintln(&sb, mtComps[x].name, "column length", n)
			}
			for y := x; y < mtNumComps; y++ {
				fmt.Fprintln(&sb, w.Slots(mtComps[x].ct, mtComps[y].ct).Indices())
			}
		}
		return sb.String()
	}
	if got, want := answers(a), answers(b); got != want {
		t.Fatalf("the restored world answers\n%s\nwant, as the replayed one does,\n%s", got, want)
	}
}

// TestSnapshotMatchesReplay snapshots a random world at a random point,
// runs more operations (snapshots and restores among them), restores, and
// compares with the model and with a world that replayed the operations
// up to the snapshot; then runs the same operations on both.
func TestSnapshotMatchesReplay(t *testing.T) {
	seeds, ops := 16, 600
	if testing.Short() {
		seeds, ops = 4, 300
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			src := func(s uint64) mtSource { return mtRandSource{rand.New(rand.NewPCG(s, 0x7e55e7a))} }
			k := 50 + int(seed*97)%ops
			a := newMTHarness(t, src(seed), fmt.Sprintf("seed %d, world a", seed))
			a.run(k)
			var s world.Snapshot
			a.w.Snapshot(&s)
			model := a.m.clone()
			a.run(ops)
			if err := a.w.Restore(&s); err != nil {
				t.Fatal(err)
			}
			a.m = model
			a.fullCheck()

			b := newMTHarness(t, src(seed), fmt.Sprintf("seed %d, world b", seed))
			b.run(k)
			mtSameWorld(t, a.w, b.w)

			// The same operations from here on: the snapshots each harness
			// took are its own, so they start again empty.
			a.snaps, b.snaps = [2]mtSnap{}, [2]mtSnap{}
			a.src, b.src = src(seed+1000), src(seed+1000)
			for i := range ops {
				a.step, b.step = i, i
				a.safeOp()
				b.safeOp()
				if ha, hb := a.w.Hash(), b.w.Hash(); ha != hb {
					t.Fatalf("after %d more operations: Hash = %x and %x, want the same\n%v\n%s", i+1, ha, hb, a.w.Diff(b.w), a.tail())
				}
			}
			a.fullCheck()
			mtSameWorld(t, a.w, b.w)
		})
	}
}

// TestSnapshotMatchesReplayWithLinks is TestSnapshotMatchesReplay for the
// structure model: relationships (both sides, in order), hooks (which a
// restore does not run), requirements and batches.
func TestSnapshotMatchesReplayWithLinks(t *testing.T) {
	seeds, ops := 8, 1500
	if testing.Short() {
		seeds, ops = 3, 400
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			src := func(s uint64) smSource { return smRand{rand.New(rand.NewPCG(s, 0x5eed))} }
			k := 100 + int(seed*131)%ops
			a := newSMHarness(t, src(seed))
			a.run(k)
			var s world.Snapshot
			a.w.Snapshot(&s)
			model := a.m.clone()
			a.run(ops)
			if err := a.w.Restore(&s); err != nil {
				t.Fatal(err)
			}
			model.counts = a.m.counts // hooks ran meanwhile, and a restore runs none
			a.m = model
			a.check()

			b := newSMHarness(t, src(seed))
			b.run(k)
			smSameWorld(t, a.w, b.w)

			a.snaps, b.snaps = [2]smSnap{}, [2]smSnap{}
			a.src, b.src = src(seed+1000), src(seed+1000)
			for i := range ops {
				a.op(false)
				b.op(false)
				if ha, hb := a.w.Hash(), b.w.Hash(); ha != hb {
					t.Fatalf("after %d more operations: Hash = %x and %x, want the same\n%v", i+1, ha, hb, a.w.Diff(b.w))
				}
			}
			a.check()
			smSameWorld(t, a.w, b.w)
		})
	}
}

// smSameWorld fails t unless a and b agree, links in order included.
func smSameWorld(t *testing.T, a, b *world.World) {
	t.Helper()
	if d := a.Diff(b); d != nil {
		t.Fatalf("Diff = %v, want none", d)
	}
	answers := func(w *world.World) string {
		var sb strings.Builder
		fmt.Fprintln(&sb, world.Inspect(w, 0, 0))
		for _, e := range w.Entities() {
			fmt.Fprintln(&sb, e, world.ChildOf.Sources(w, e), smLikes.Targets(w, e), smLikes.Sources(w, e))
		}
		world.Each1(w, smA, func(e world.Entity, v *int) { fmt.Fprint(&sb, e, *v, " ") })
		return sb.String()
	}
	if got, want := answers(a), answers(b); got != want {
		t.Fatalf("the restored world answers\n%s\nwant\n%s", got, want)
	}
	if !slices.Equal(a.Entities(), b.Entities()) {
		t.Fatalf("Entities differ")
	}
}
