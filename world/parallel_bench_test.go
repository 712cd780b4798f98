package world_test

import (
	"cmp"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// The parallel benchmarks of issue 16 measure the sequential and the
// parallel form of the same work interleaved in one loop (one step of
// each per iteration), so that the load of a shared machine falls on
// both alike, and report the median step of each and their ratio
// ("speedup"; the target is 1.7 on two cores). Beside them, the same work
// on plain slices, one half after the other and on two goroutines of its
// own (a sync.WaitGroup): "limit-speedup" is what the machine gives two
// goroutines at that moment, the most the world's pool can get. The
// limit's two goroutines are its allocations per op; the world's steps
// allocate nothing (TestScheduledRunAllocatesNothing,
// TestParallelWalkAllocatesNothing).

// spin is a heavy per-entity function: k dependent rounds of arithmetic
// on the pair, about 1 ns each.
func spin(x, y float64, k int) (float64, float64) {
	for range k {
		x, y = x*0.999+y*0.001+1, y*0.999-x*0.001
	}
	return x, y
}

// interleaved runs seq and par alternately b.N times, each time followed
// by the limit's halves (half(0), half(1)) one after the other and on two
// goroutines, and reports the median duration of seq and par (ms/step),
// seq's over par's ("speedup") and the limit's ("limit-speedup").
func interleaved(b *testing.B, seq, par func(), half func(int)) {
	b.Helper()
	seq()
	par() // the first runs grow what they use
	var ts, tp, ls, lp []time.Duration
	var wg sync.WaitGroup
	b.ReportAllocs()
	for b.Loop() {
		t0 := time.Now()
		seq()
		t1 := time.Now()
		par()
		t2 := time.Now()
		half(0)
		half(1)
		t3 := time.Now()
		wg.Add(2)
		for i := range 2 {
			go func() { half(i); wg.Done() }()
		}
		wg.Wait()
		t4 := time.Now()
		ts, tp = append(ts, t1.Sub(t0)), append(tp, t2.Sub(t1))
		ls, lp = append(ls, t3.Sub(t2)), append(lp, t4.Sub(t3))
	}
	ms, mp := median(ts), median(tp)
	b.ReportMetric(float64(ms)/1e6, "seq-ms/step")
	b.ReportMetric(float64(mp)/1e6, "par-ms/step")
	b.ReportMetric(float64(ms)/float64(mp), "speedup")
	b.ReportMetric(float64(median(ls))/float64(median(lp)), "limit-speedup")
}

// plainHalves returns the limit's work: spin over two plain slices of n
// pairs, k rounds each, one slice a half.
func plainHalves(n, k int) func(int) {
	var data [2][]benchPos
	for i := range data {
		data[i] = make([]benchPos, n)
	}
	return func(h int) {
		d := data[h]
		for i := range d {
			d[i].X, d[i].Y = spin(d[i].X, d[i].Y, k)
		}
	}
}

// median returns the median of xs (the upper middle one of an even
// number), or zero for none.
func median[T cmp.Ordered](xs []T) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkParallelSystems: two systems of about 1 ms each per step that
// do not conflict (each writes its own component of its own 1,000
// entities), run sequentially (SetParallelism(1)) and on the pool. Besides
// interleaved's figures, it reports where a parallel step's time goes:
// how long after Run began the later system started ("par-wake-µs", the
// pool's worker waking; see BenchmarkPoolWake), how long Run took after
// the later system ended ("par-tail-µs"), and how long one system ran, on
// the pool ("par-job-ms"; the one that started later and the one that
// started first apart, "par-later-job-ms" and "par-earlier-job-ms") and
// alone ("seq-job-ms"), medians.
func BenchmarkParallelSystems(b *testing.B) {
	const n = 1000
	k := calibrate(n, time.Millisecond)
	var (
		t0         time.Time
		start, end [2]time.Duration
	)
	heavy := func(j int, c *world.Fields[benchPos]) func(*world.Context) error {
		return func(ctx *world.Context) error {
			start[j] = time.Since(t0)
			col := c.Column(ctx.World)
			for _, r := range ctx.World.Slots(c).Runs() {
				for i := r.Start; i < r.End; i++ {
					col[i].X, col[i].Y = spin(col[i].X, col[i].Y, k)
				}
			}
			end[j] = time.Since(t0)
			return nil
		}
	}
	build := func(parallelism int) *world.World {
		w := world.New()
		w.SetParallelism(parallelism)
		for i, c := range []*world.Fields[benchPos]{bPos, bPosB} {
			for j := range n {
				world.Spawn1(w, c, benchPos{X: float64(j)})
			}
			s := world.System{Name: string(rune('a' + i)), Phase: world.Fixed, Run: heavy(i, c),
				Writes: []world.ComponentType{c}}
			if err := w.AddSystem(s); err != nil {
				b.Fatal(err)
			}
		}
		return w
	}
	seq, par := build(1), build(0)
	ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	var wake, tail, parJob, seqJob, later, earlier []time.Duration
	run := func(w *world.World, jobs *[]time.Duration) time.Duration {
		t0 = time.Now()
		must(b, w.Run(ctx, nil))
		d := time.Since(t0)
		*jobs = append(*jobs, end[0]-start[0], end[1]-start[1])
		return d
	}
	interleaved(b, func() { run(seq, &seqJob) }, func() {
		d := run(par, &parJob)
		wake = append(wake, max(start[0], start[1]))
		tail = append(tail, d-max(end[0], end[1]))
		later = append(later, max(end[0], end[1])-max(start[0], start[1]))
		earlier = append(earlier, min(end[0], end[1])-min(start[0], start[1]))
	}, plainHalves(n, k))
	b.ReportMetric(float64(median(wake))/1e3, "par-wake-µs")
	b.ReportMetric(float64(median(tail))/1e3, "par-tail-µs")
	b.ReportMetric(float64(median(later))/1e6, "par-later-job-ms")
	b.ReportMetric(float64(median(earlier))/1e6, "par-earlier-job-ms")
	b.ReportMetric(float64(median(parJob))/1e6, "par-job-ms")
	b.ReportMetric(float64(median(seqJob))/1e6, "seq-job-ms")
}

// bPosB is a second position component, for a second system's entities.
var bPosB = world.DefineFields[benchPos]("BenchPositionB")

// calibrate returns the rounds of spin that make n entities cost about d.
func calibrate(n int, d time.Duration) int {
	const probe = 256
	var x, y float64
	start := time.Now()
	for i := range n {
		x, y = spin(float64(i), y, probe)
	}
	benchSink += int(x)
	per := time.Since(start) / probe
	return max(1, int(d/max(per, 1)))
}

// BenchmarkParallelSlots: a heavy per-entity function (about 100 ns)
// over 100,000 bodies, walked by Slots runs and by Slots.Parallel in
// batches of 4,096.
func BenchmarkParallelSlots(b *testing.B) {
	const n, size, k = 100_000, 4096, 100
	w, _ := benchWorld(n)
	ctx := &world.Context{World: w, Phase: world.Fixed}
	move := func(ctx *world.Context, runs []world.Run) {
		p, v := bPos.Column(ctx.World), bVel.Column(ctx.World)
		for _, r := range runs {
			for i := r.Start; i < r.End; i++ {
				p[i].X, p[i].Y = spin(p[i].X+v[i].X, p[i].Y+v[i].Y, k)
			}
		}
	}
	interleaved(b,
		func() { move(ctx, w.Slots(bPos, bVel).Runs()) },
		func() { w.Slots(bPos, bVel).Parallel(ctx, size, move) },
		plainHalves(n/2, k))
}
