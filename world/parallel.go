package world

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime/debug"
)

// Parallel walks: the slots walk ([Slots.Parallel]) and the each walks
// ([ParallelEach1] … [ParallelEach4]) of one system, cut into batches of
// a fixed number of entities that run on the world's worker pool. Each
// batch runs on a lane of its own (see lane.go): it reads the world as it
// was when the walk began, writes values in place, and records its
// structural changes, which are applied to the world the walk was called
// on, batch after batch in walk order, once every batch has run. The
// batches are cut by count, never by time, so what a walk does does not
// depend on the machine, the number of goroutines or their timing.

// parWalk is a world's state for its parallel walks, reused from walk to
// walk: the batches' lanes and how the walk is cut.
type parWalk struct {
	lanes  []*World
	panics []any // each batch's panic, if it panicked
	stacks [][]byte
	task   task
	r      batchRunner
	busy   bool

	runs  []Run    // field-only walks: the batches' runs, one after another
	slots []uint32 // walks naming an object component: the slots of the walk, in order
	ends  []int    // where each batch's runs (or slots) end
	slotsRunner
	each [5]any // the runners of ParallelEach1 … ParallelEach4, by arity, reused
}

// batchRunner runs batch i of a parallel walk with the batch's context.
type batchRunner interface {
	runBatch(ctx *Context, i int)
}

// parWalks returns w's parallel walk state, making it on first use.
func (w *World) parWalks() *parWalk {
	if w.pw == nil {
		w.pw = &parWalk{}
		w.pw.slotsRunner.pw = w.pw
	}
	return w.pw
}

// cut cuts runs into batches of size slots.
func (pw *parWalk) cut(runs []Run, size int) {
	pw.runs, pw.ends = pw.runs[:0], pw.ends[:0]
	left := size
	for _, r := range runs {
		for s := r.Start; s < r.End; {
			e := min(r.End, s+left)
			pw.runs = append(pw.runs, Run{s, e})
			left -= e - s
			s = e
			if left == 0 {
				pw.ends = append(pw.ends, len(pw.runs))
				left = size
			}
		}
	}
	if left < size {
		pw.ends = append(pw.ends, len(pw.runs))
	}
}

// collect lists the slots holding every set, from the smallest one, in
// the order an Each walk visits them, and cuts them into batches of size.
func (pw *parWalk) collect(size int, sets ...*set) {
	pw.slots, pw.ends = pw.slots[:0], pw.ends[:0]
	drv := smallest(sets...)
	keep := func(slot uint32) {
		for _, s := range sets {
			if !s.has(slot) {
				return
			}
		}
		pw.slots = append(pw.slots, slot)
	}
	if !drv.field {
		for _, slot := range drv.dense {
			keep(slot)
		}
	} else {
		for wi, word := range drv.bits {
			for ; word != 0; word &= word - 1 {
				keep(uint32(wi*64 + bits.TrailingZeros64(word)))
			}
		}
	}
	for end := size; ; end += size {
		if end >= len(pw.slots) {
			if len(pw.slots) > 0 {
				pw.ends = append(pw.ends, len(pw.slots))
			}
			break
		}
		pw.ends = append(pw.ends, end)
	}
}

// batchRuns returns the runs of batch i; batchSlots its slots.
func (pw *parWalk) batchRuns(i int) []Run {
	lo := 0
	if i > 0 {
		lo = pw.ends[i-1]
	}
	return pw.runs[lo:pw.ends[i]]
}

func (pw *parWalk) batchSlots(i int) []uint32 {
	lo := 0
	if i > 0 {
		lo = pw.ends[i-1]
	}
	return pw.slots[lo:pw.ends[i]]
}

// runJob runs batch i on its lane, keeping its panic.
func (pw *parWalk) runJob(i int) {
	l := pw.lanes[i]
	returned := false
	defer func() {
		if !returned {
			pw.panics[i] = recover()
			if pw.panics[i] == nil {
				pw.panics[i] = "the batch called runtime.Goexit"
			}
			pw.stacks[i] = debug.Stack()
		}
		l.endRun()
	}()
	pw.r.runBatch(&l.rec.ctx, i)
	returned = true
}

// parallelWalk runs the len(pw.ends) batches of r on lanes of w, then
// applies what they recorded to w in batch order, in one deferral (as the
// changes of one walk), and panics with the first batch's panic, if any.
func (w *World) parallelWalk(ctx *Context, r batchRunner) {
	pw := w.pw
	if pw.busy {
		panic(&Error{Code: CodeConcurrent, Op: "parallel walk", System: w.laneSystem(),
			Hint: "a batch must walk its own ctx.World, not the world of the walk it belongs to"})
	}
	n := len(pw.ends)
	if n == 0 {
		return
	}
	var name string
	var acc *access
	if w.rec != nil {
		name, acc = w.rec.name, w.rec.acc
	}
	for len(pw.lanes) < n {
		pw.lanes = append(pw.lanes, newLane(newRecord(w, name, nil, acc, true)))
		pw.panics = append(pw.panics, nil)
		pw.stacks = append(pw.stacks, nil)
	}
	for i := range n {
		l := pw.lanes[i]
		l.rec.name, l.rec.acc = name, acc
		l.sync()
		l.rec.ctx = *ctx
		l.rec.ctx.World = l
		pw.panics[i], pw.stacks[i] = nil, nil
	}
	root := w
	if w.rec != nil {
		root = w.rec.root
	}
	p := root.parState()
	// The root is marked busy for the batches, so that a captured root
	// used by a batch is caught (checkNotBusy). A lane world's root is
	// marked already, by the group it runs in; and its other systems' walks
	// run at once with this one, so only the root's own walk may touch it.
	marked := w == root && !p.busy
	if marked {
		p.busy = true
	}
	pw.busy, pw.r = true, r
	p.pool.run(&pw.task, pw, n)
	pw.busy, pw.r = false, nil
	if marked {
		p.busy = false
	}
	w.deferring++
	first := -1
	var errs []error
	for i := range n {
		if pw.panics[i] != nil && first < 0 {
			first = i
		}
		if err := w.replay(pw.lanes[i].rec); err != nil {
			errs = append(errs, err)
		}
	}
	if first >= 0 {
		err := &PanicError{Op: fmt.Sprintf("parallel walk, batch %d", first), Value: pw.panics[first]}
		pw.panics[first] = nil
		if herr := w.leave(); herr != nil {
			errs = append(errs, herr)
		}
		panic(errors.Join(append([]error{err}, errs...)...))
	}
	if err := w.leave(); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		panic(errors.Join(errs...))
	}
}

// laneSystem names the system lane w runs for, if any.
func (w *World) laneSystem() string {
	if w.rec != nil {
		return w.rec.sysName()
	}
	return ""
}

// Parallel is the parallel form of a loop over the view's [Slots.Runs]:
// it cuts the view's slots, in slot order, into batches of size slots
// (the last may be shorter) and calls fn once per batch with the batch's
// runs, on the world's worker pool (see [World.SetParallelism]), several
// batches at once. ctx is the context of the system calling it; each
// batch gets a context of its own whose World is the batch's lane: read
// the columns from it (Column(ctx.World)).
//
// A batch may write the values of the slots it is given, and read
// anything the system may; writing other slots' values races with the
// other batches. Its structural changes (adds, removals, destroys, links,
// events) are recorded, and applied to ctx.World batch after batch in
// slot order once every batch has run, as the changes of one walk: so the
// result depends on size, never on the machine or on timing. A batch
// cannot spawn (the ids it would get would depend on timing): spawn after
// the walk.
//
// Parallel returns when every batch has run and their changes are
// applied. If a batch panics, the others still run, their changes are
// applied, and Parallel panics with the first (in batch order) panicking
// batch's panic, in a [*PanicError] naming the batch.
//
// Panics with an [*Error] of code [CodeBadBatchSize] if size < 1, and of
// code [CodeConcurrent] if ctx.World is not the world of the view.
// Allocates nothing in steady state, unless fn is a closure that captures
// variables (pass what it needs through ctx).
func (v *Slots) Parallel(ctx *Context, size int, fn func(ctx *Context, runs []Run)) {
	w := ctx.World
	switch {
	case size < 1:
		panic(&Error{Code: CodeBadBatchSize, Op: "Parallel", System: w.laneSystem(), Value: size})
	case v.w != w:
		panic(&Error{Code: CodeConcurrent, Op: "Parallel", System: w.laneSystem(),
			Hint: "ask ctx.World for the view: ctx.World.Slots(...).Parallel(ctx, ...)"})
	}
	pw := w.parWalks()
	pw.cut(v.Runs(), size)
	pw.slotsRunner.fn = fn
	w.parallelWalk(ctx, &pw.slotsRunner)
	pw.slotsRunner.fn = nil
}

// slotsRunner runs the batches of Slots.Parallel.
type slotsRunner struct {
	pw *parWalk
	fn func(ctx *Context, runs []Run)
}

func (s *slotsRunner) runBatch(ctx *Context, i int) { s.fn(ctx, s.pw.batchRuns(i)) }

// parallelEach readies pw for a ParallelEach over sets: cut by the view's
// runs when all are field components, else by the slots an Each walk
// visits.
func (w *World) parallelEach(size int, field bool, sets ...*set) {
	if size < 1 {
		panic(&Error{Code: CodeBadBatchSize, Op: "ParallelEach", System: w.laneSystem(), Value: size})
	}
	pw := w.pw
	if field {
		pw.cut(w.viewOf(sets...).Runs(), size)
	} else {
		pw.collect(size, sets...)
	}
}
