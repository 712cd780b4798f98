package world_test

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// heavy is a per-entity function with some work in it, the same
// arithmetic whichever walk calls it.
func heavy(p *position, v *velocity) {
	x := float64(p.X)
	for range 8 {
		x = math.Sin(x)*0.5 + float64(v.X)
	}
	p.X, p.Y = float32(x), p.Y+v.Y
}

func bodies(n int) (*world.World, []world.Entity) {
	w := world.New()
	es := make([]world.Entity, n)
	for i := range es {
		es[i] = world.Spawn2(w, tPos, position{X: float32(i % 97), Y: float32(i)}, tVel, velocity{X: float32(i%13) / 13, Y: 1})
	}
	return w, es
}

func positions(w *world.World, es []world.Entity) []position {
	out := make([]position, len(es))
	for i, e := range es {
		out[i] = *tPos.Require(w, e)
	}
	return out
}

// TestParallelWalksMatchTheSequentialWalk: the slots and each walks cut
// in batches, at any parallelism and batch size, leave every body where
// the plain walk leaves it.
func TestParallelWalksMatchTheSequentialWalk(t *testing.T) {
	const n = 5000
	ref, es := bodies(n)
	world.Each2(ref, tPos, tVel, func(_ world.Entity, p *position, v *velocity) { heavy(p, v) })
	want := positions(ref, es)
	walks := []struct {
		name string
		run  func(ctx *world.Context, size int)
	}{
		{"slots", func(ctx *world.Context, size int) {
			ctx.World.Slots(tPos, tVel).Parallel(ctx, size, func(ctx *world.Context, runs []world.Run) {
				pos, vel := tPos.Column(ctx.World), tVel.Column(ctx.World)
				for _, r := range runs {
					for s := r.Start; s < r.End; s++ {
						heavy(&pos[s], &vel[s])
					}
				}
			})
		}},
		{"each", func(ctx *world.Context, size int) {
			world.ParallelEach2(ctx, size, tPos, tVel, func(_ *world.Context, _ world.Entity, p *position, v *velocity) { heavy(p, v) })
		}},
	}
	for _, wk := range walks {
		for _, par := range []int{1, 0} {
			for _, size := range []int{1, 7, 1000, n, 10 * n} {
				w, es := bodies(n)
				w.SetParallelism(par)
				wk.run(&world.Context{World: w}, size) // outside systems too
				if got := positions(w, es); !slices.Equal(got, want) {
					t.Errorf("%s, parallelism %d, batches of %d: bodies differ from the sequential walk", wk.name, par, size)
				}
			}
		}
	}
}

// TestParallelEachBatches: batches are cut by count, in the order Each
// visits, whatever the parallelism; a walk naming an object component
// visits what Each visits.
func TestParallelEachBatches(t *testing.T) {
	w := world.New()
	var order []world.Entity
	for i := range 50 {
		e := world.Spawn2(w, tPos, position{}, tHealth, health{HP: i})
		if i%3 == 0 {
			w.Destroy(world.Spawn1(w, tHealth, health{})) // shuffle the packed order a little
		}
		_ = e
	}
	world.Each2(w, tHealth, tPos, func(e world.Entity, _ *health, _ *position) { order = append(order, e) })
	for _, par := range []int{1, 0} {
		w.SetParallelism(par)
		var mu sync.Mutex
		batches := map[int][]world.Entity{}
		world.ParallelEach2(&world.Context{World: w}, 8, tHealth, tPos, func(ctx *world.Context, e world.Entity, h *health, _ *position) {
			mu.Lock()
			defer mu.Unlock()
			i := slices.Index(order, e) / 8
			batches[i] = append(batches[i], e)
		})
		var got []world.Entity
		for i := range len(batches) {
			if n := len(batches[i]); n != 8 && i != len(batches)-1 {
				t.Errorf("parallelism %d: batch %d has %d entities, want 8", par, i, n)
			}
			got = append(got, batches[i]...)
		}
		if !slices.Equal(got, order) {
			t.Errorf("parallelism %d: visited %v, want Each's %v", par, got, order)
		}
	}
}

// TestParallelWalkChangesApplyInBatchOrder: the structural changes of
// the batches take effect once all have run, batch after batch, as one
// walk's: a removal waits for the end, an add after it in a later batch
// cancels it, as in a plain walk.
func TestParallelWalkChangesApplyInBatchOrder(t *testing.T) {
	run := func(parallel bool) string {
		w, es := bodies(100)
		walk := func(w *world.World, e world.Entity) {
			switch i := slices.Index(es, e); {
			case i%10 == 0:
				w.Destroy(e)
			case i%10 == 1:
				tName.Add(w, e, "one")
			case i%10 == 2:
				w.Remove(e, tVel)
			case i == 55: // in a later batch than 5: gives 5 a name after...
				tName.Add(w, es[5], "late")
			case i == 5: // ...this removal of it
				tName.Add(w, e, "early")
				w.Remove(e, tName)
			}
		}
		if parallel {
			world.ParallelEach1(&world.Context{World: w}, 10, tPos, func(ctx *world.Context, e world.Entity, _ *position) { walk(ctx.World, e) })
		} else {
			world.Each1(w, tPos, func(e world.Entity, _ *position) { walk(w, e) })
		}
		return state(w)
	}
	if got, want := run(true), run(false); got != want {
		t.Errorf("parallel walk:\n%s\nwant, as Each:\n%s", got, want)
	}
}

// TestParallelWalkPanic: a batch that panics does not stop the others;
// the walk panics with the first panicking batch's panic, named.
func TestParallelWalkPanic(t *testing.T) {
	w, es := bodies(100)
	err := w.Recover(func() error {
		world.ParallelEach1(&world.Context{World: w}, 10, tPos, func(ctx *world.Context, e world.Entity, p *position) {
			i := slices.Index(es, e)
			if i == 35 || i == 72 {
				panic(errors.New("bad body"))
			}
			tPlayer.Add(ctx.World, e)
		})
		return nil
	})
	if !errors.Is(err, world.ErrPanic) || !strings.Contains(err.Error(), "batch 3") || !strings.Contains(err.Error(), "bad body") {
		t.Errorf("walk = %v, want batch 3's panic", err)
	}
	// Every batch ran: all of their changes are applied, and those the
	// panicking batches made before they panicked (30-34 and 70-71).
	if n := w.Count(tPlayer); n != 100-10-10+5+2 {
		t.Errorf("%d bodies tagged, want 87", n)
	}
	if w.Walks() != 0 {
		t.Errorf("Walks() = %d after the panic", w.Walks())
	}
}

func TestParallelWalkRefusals(t *testing.T) {
	w, _ := bodies(10)
	tests := []struct {
		name string
		do   func()
		want error
	}{
		{"batch size 0", func() {
			world.ParallelEach1(&world.Context{World: w}, 0, tPos, func(*world.Context, world.Entity, *position) {})
		}, world.ErrBadBatchSize},
		{"a view of another world", func() {
			w.Slots(tPos).Parallel(&world.Context{World: world.New()}, 4, func(*world.Context, []world.Run) {})
		}, world.ErrConcurrent},
		{"a spawn in a batch", func() {
			world.ParallelEach1(&world.Context{World: w}, 4, tPos, func(ctx *world.Context, _ world.Entity, _ *position) { ctx.World.Create() })
		}, world.ErrConcurrent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := w.Recover(func() error { tt.do(); return nil })
			if !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
}

// TestParallelWalkInParallelSystems: systems of a group, each with a
// parallel walk, share the pool; nested tasks finish.
func TestParallelWalkInParallelSystems(t *testing.T) {
	w, es := bodies(3000)
	for _, e := range es[:1000] {
		tHealth.Add(w, e, health{HP: 1})
	}
	must(t, w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Reads: comps(tVel), Writes: comps(tPos), Run: func(ctx *world.Context) error {
		world.ParallelEach2(ctx, 256, tPos, tVel, func(_ *world.Context, _ world.Entity, p *position, v *velocity) { heavy(p, v) })
		return nil
	}}))
	must(t, w.AddSystem(world.System{Name: "heal", Phase: world.Fixed, Writes: comps(tHealth), Adds: comps(tPlayer), Run: func(ctx *world.Context) error {
		world.ParallelEach1(ctx, 100, tHealth, func(ctx *world.Context, e world.Entity, h *health) {
			h.HP++
			if h.HP == 3 {
				tPlayer.Add(ctx.World, e)
			}
		})
		return nil
	}}))
	for range 2 {
		must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	}
	if n := w.Count(tPlayer); n != 1000 {
		t.Errorf("tagged %d, want 1000", n)
	}
	ref, _ := bodies(3000)
	for range 2 {
		world.Each2(ref, tPos, tVel, func(_ world.Entity, p *position, v *velocity) { heavy(p, v) })
	}
	if !slices.Equal(positions(w, es), positions(ref, es)) {
		t.Error("bodies differ from two sequential walks")
	}
}

func TestParallelWalkAllocatesNothing(t *testing.T) {
	w, _ := bodies(4000)
	ctx := &world.Context{World: w}
	walk := func() {
		world.ParallelEach2(ctx, 512, tPos, tVel, func(_ *world.Context, _ world.Entity, p *position, v *velocity) { p.X += v.X })
		w.Slots(tPos, tVel).Parallel(ctx, 512, func(ctx *world.Context, runs []world.Run) {
			pos := tPos.Column(ctx.World)
			for _, r := range runs {
				for s := r.Start; s < r.End; s++ {
					pos[s].Y++
				}
			}
		})
	}
	walk()
	if n := testing.AllocsPerRun(50, walk); n != 0 {
		t.Errorf("parallel walks allocate %v a run, want 0", n)
	}
}

// TestParallelWalkRunsAtOnce: two batches of one walk run at the same
// time: each waits until the other has started.
func TestParallelWalkRunsAtOnce(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs two goroutines running at once")
	}
	w, _ := bodies(2)
	var started [2]atomic.Bool
	err := w.Recover(func() error {
		world.ParallelEach1(&world.Context{World: w}, 1, tPos, func(_ *world.Context, e world.Entity, _ *position) {
			me := int(e.Slot())
			started[me].Store(true)
			for deadline := time.Now().Add(time.Minute); !started[1-me].Load(); {
				if time.Now().After(deadline) {
					panic("the other batch never started while this one ran")
				}
				runtime.Gosched()
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
