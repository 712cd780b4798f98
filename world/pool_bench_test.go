package world

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// busy keeps the calling goroutine on its processor for d.
func busy(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
	}
}

// wakeJobs is two jobs of 1 ms each that note when they started.
type wakeJobs struct {
	t0    time.Time
	start [2]time.Duration
}

func (j *wakeJobs) runJob(i int) {
	j.start[i] = time.Since(j.t0)
	busy(time.Millisecond)
}

// BenchmarkPoolWake measures what starting a group of two 1 ms jobs costs
// the pool when its worker has been asleep (2 ms of work on the caller
// alone before each group, as between the steps of a game): how long
// after the group began the later of its two jobs started ("pool-wake-µs",
// median), and the group's whole duration ("pool-ms"); and the same for
// two goroutines started with go and waited for with a sync.WaitGroup
// ("goroutines-wake-µs", "goroutines-ms"), run in turns with it. The wake
// is an idle processor's: the operating system's and the Go runtime's
// time to run a second thread, which the pool cannot do without and the
// goroutines pay too. BenchmarkParallelSystems's speed-up is bounded by
// it: 2 ms over 1 ms plus the wake.
func BenchmarkPoolWake(b *testing.B) {
	p := newPool(1)
	defer p.stop()
	var t task
	j := &wakeJobs{}
	var pw, pt, gw, gt []time.Duration
	for b.Loop() {
		busy(2 * time.Millisecond)
		j.t0 = time.Now()
		p.run(&t, j, 2)
		pt = append(pt, time.Since(j.t0))
		pw = append(pw, max(j.start[0], j.start[1]))

		busy(2 * time.Millisecond)
		var wg sync.WaitGroup
		var start [2]time.Duration
		t0 := time.Now()
		wg.Add(2)
		for i := range 2 {
			go func() {
				start[i] = time.Since(t0)
				busy(time.Millisecond)
				wg.Done()
			}()
		}
		wg.Wait()
		gt = append(gt, time.Since(t0))
		gw = append(gw, max(start[0], start[1]))
	}
	med := func(d []time.Duration) float64 {
		s := slices.Clone(d)
		slices.Sort(s)
		return float64(s[len(s)/2])
	}
	b.ReportMetric(med(pw)/1e3, "pool-wake-µs")
	b.ReportMetric(med(pt)/1e6, "pool-ms")
	b.ReportMetric(med(gw)/1e3, "goroutines-wake-µs")
	b.ReportMetric(med(gt)/1e6, "goroutines-ms")
}
