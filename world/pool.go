package world

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// pool is a world's worker goroutines: the goroutines besides the caller
// that run the systems of a group and the batches of parallel walks. A
// task is a number of jobs; the goroutine that runs a task takes jobs too,
// so a task finishes even when every worker is busy (a parallel walk
// inside a system of a group runs while its group's other systems hold
// the workers), and tasks nest without deadlock.
//
// Idle workers spin a little before they sleep, so that the groups of a
// step, microseconds apart, do not each pay for waking a thread. Which
// goroutine runs a job never changes a result: jobs write what only they
// write, and what they record is applied in job order afterwards.
type pool struct {
	mu       sync.Mutex
	wake     sync.Cond
	tasks    []*task // tasks with jobs not taken yet, oldest first
	size     int     // workers started and not stopped
	sleeping int     // workers waiting on wake
	open     atomic.Int32
	stopped  bool
}

// task is n jobs run by run.runJob(i), i from 0 to n-1.
type task struct {
	run  jobRunner
	n    int
	next int          // the next job to take, guarded by pool.mu
	left atomic.Int32 // jobs not finished
	done chan struct{}
}

// jobRunner runs the jobs of a task. It must not panic: jobs recover
// their own panics and report them as their task's results.
type jobRunner interface {
	runJob(i int)
}

// spinRounds is how many times an idle worker looks for work, yielding
// between looks, before it sleeps: some tens of microseconds.
const spinRounds = 256

// newPool starts workers goroutines. The pool stops them when stop is
// called; a world stops its pool when it is garbage collected.
func newPool(workers int) *pool {
	p := &pool{}
	p.wake.L = &p.mu
	for range workers {
		p.size++
		go p.work()
	}
	return p
}

// stop makes the workers exit once idle.
func (p *pool) stop() {
	p.mu.Lock()
	p.stopped = true
	p.wake.Broadcast()
	p.mu.Unlock()
}

// run runs the n jobs of r on the calling goroutine and the pool's idle
// workers, and returns when all have finished. t is the task to use,
// reused between runs (one per caller). No allocation.
func (p *pool) run(t *task, r jobRunner, n int) {
	if n == 0 {
		return
	}
	t.run, t.n, t.next = r, n, 0
	t.left.Store(int32(n))
	if t.done == nil {
		t.done = make(chan struct{}, 1)
	}
	shared := n > 1 && p != nil && p.size > 0
	woke := 0
	if shared {
		p.mu.Lock()
		p.tasks = append(p.tasks, t)
		p.open.Add(1)
		woke = min(p.sleeping, n-1)
		for range woke {
			p.wake.Signal()
		}
		p.mu.Unlock()
	}
	if woke > 0 {
		// A woken worker is queued on this goroutine's processor, next
		// to run, and another processor takes it only once it notices
		// (BenchmarkParallelSystems: the caller ran about 3/4 of two
		// 1 ms jobs, often both). Yielding once lets it start now.
		runtime.Gosched()
	}
	// A job that ends the caller's goroutine (runtime.Goexit) is
	// finished, and the jobs on workers waited for, so that none runs on
	// after the caller's Run.
	running := false
	defer func() {
		if running && shared {
			t.finish()
			<-t.done
			t.run = nil
		}
	}()
	for {
		i, ok := p.take(t, shared)
		if !ok {
			break
		}
		running = true
		r.runJob(i)
		running = false
		t.finish()
	}
	// The jobs left run on workers: wait, spinning first.
	for k := 0; k < spinRounds && t.left.Load() > 0; k++ {
		runtime.Gosched()
	}
	<-t.done
	t.run = nil
}

// take takes the next job of t, if any is left.
func (p *pool) take(t *task, shared bool) (int, bool) {
	if !shared {
		if t.next == t.n {
			return 0, false
		}
		t.next++
		return t.next - 1, true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.takeLocked(t)
}

// takeLocked takes the next job of t, dropping t from the open tasks once
// its last job is taken. p.mu is held.
func (p *pool) takeLocked(t *task) (int, bool) {
	if t.next == t.n {
		return 0, false
	}
	i := t.next
	t.next++
	if t.next == t.n {
		if k := slices.Index(p.tasks, t); k >= 0 {
			p.tasks = slices.Delete(p.tasks, k, k+1) // clears the last entry: the pool keeps no task
		}
		p.open.Add(-1)
	}
	return i, true
}

// finish marks one job of t finished; the last one tells the task's
// runner.
func (t *task) finish() {
	if t.left.Add(-1) == 0 {
		t.done <- struct{}{}
	}
}

// work is a worker's loop.
func (p *pool) work() {
	for {
		t, i, ok := p.next()
		if !ok {
			return
		}
		p.runJob(t, i)
	}
}

// runJob runs job i of t on a worker. A job that ends its goroutine
// (runtime.Goexit, as testing's FailNow does) still finishes, and a new
// worker takes this one's place.
func (p *pool) runJob(t *task, i int) {
	ended := false
	defer func() {
		if !ended {
			t.finish()
			go p.work()
		}
	}()
	t.run.runJob(i)
	ended = true
	t.finish()
}

// next waits for a job: it looks for one, yielding, spinRounds times, then
// sleeps until a task comes. It returns false once the pool is stopped.
func (p *pool) next() (*task, int, bool) {
	for k := 0; k < spinRounds; k++ {
		if p.open.Load() > 0 {
			p.mu.Lock()
			if t, i, ok := p.takeAny(); ok {
				p.mu.Unlock()
				return t, i, true
			}
			p.mu.Unlock()
		}
		runtime.Gosched()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if p.stopped {
			p.size--
			return nil, 0, false
		}
		if t, i, ok := p.takeAny(); ok {
			return t, i, true
		}
		p.sleeping++
		p.wake.Wait()
		p.sleeping--
	}
}

// takeAny takes a job of the oldest open task. p.mu is held.
func (p *pool) takeAny() (*task, int, bool) {
	if len(p.tasks) == 0 {
		return nil, 0, false
	}
	t := p.tasks[0]
	i, ok := p.takeLocked(t) // an open task has a job left
	return t, i, ok
}
