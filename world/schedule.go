package world

import (
	"errors"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// schedule is a phase's compiled schedule: its systems in groups that run
// one after another. The systems of a group do not conflict (see
// access.conflicts), so they may run at once; each system goes into the
// first group after those of the systems added before it that it
// conflicts with, so conflicting systems keep the order they were added
// in. An exclusive system conflicts with every other: it is a group of
// its own, run as systems always were.
type schedule struct {
	groups []group
	lanes  bool // a system declares its access: run group by group
}

type group struct {
	members   []int // indexes into systemList.all, in the order the systems were added
	exclusive bool
}

// sysState is what the world keeps of a system besides its System value:
// its compiled access, its lane, its timing.
type sysState struct {
	acc  *access
	lane *World // its lane world, made on its first run at once with others
	err  error  // its last run's failure, for the group's report
	time timing
	snap [][]byte // the tesseradebug build: what it declares only reading, before its run
}

// parallel is a world's state for running systems on lanes: the worker
// pool and what a group run needs, made by the first run of a declared
// system.
type parallel struct {
	pool    *pool
	workers int      // the most goroutines that run systems and batches at once (SetParallelism); 0: GOMAXPROCS
	size    int      // the pool's workers, plus one for the caller
	sized   bool     // size is what workers and GOMAXPROCS say
	busy    bool     // a group's systems are running on lanes
	fresh   int      // slots past len(gens) the group's systems reserved
	free    []Entity // the world's free list while a group runs, for reserve
	task    task
	group   groupJobs
	touched []int // the members of the group run on the world that recorded a change or failed
	// The group running (nil when none is), and the world's writing
	// before it when it records on the world itself: what Run's deferred
	// end needs to close a group a runtime.Goexit left (endRecording).
	recGroup   *group
	recList    *systemList
	recWriting []*set
	onWorld    bool       // the group records on the world itself
	obs        sync.Mutex // serializes the run observer's calls from a group's goroutines
}

// groupJobs runs the systems of a group as the jobs of a task.
type groupJobs struct {
	w    *World
	jobs []*System
}

func (g *groupJobs) runJob(i int) { g.w.runLane(g.jobs[i]) }

// parState returns the world's parallel state, making it on first use,
// with a pool sized as SetParallelism or GOMAXPROCS say.
func (w *World) parState() *parallel {
	if w.par == nil {
		w.par = &parallel{}
	}
	if !w.par.sized {
		w.sizePool()
	}
	return w.par
}

// sizePool starts or resizes the world's pool: one goroutine fewer than
// SetParallelism or GOMAXPROCS (read now) say, since the caller works too.
func (w *World) sizePool() {
	p := w.par
	want := p.workers
	if want <= 0 {
		want = runtime.GOMAXPROCS(0)
	}
	p.sized = true
	if p.size == want {
		return
	}
	if p.pool != nil {
		p.pool.stop()
	}
	p.pool, p.size = nil, want
	if want > 1 {
		p.pool = newPool(want - 1)
		runtime.AddCleanup(w, func(p *pool) { p.stop() }, p.pool)
	}
}

// SetParallelism sets the most goroutines that run the systems of a group
// and the batches of a parallel walk at once, the caller's included: 1
// runs everything on the goroutine that calls [World.Run], in the same
// order of groups and with the same results; 0, the default, means
// GOMAXPROCS (read when a phase's schedule is compiled). It takes effect
// at the next Run. The results never depend on it: see [System].
func (w *World) SetParallelism(n int) {
	if w.rec != nil {
		panic(&Error{Code: CodeConcurrent, Op: "SetParallelism", System: w.rec.sysName()})
	}
	if w.par == nil {
		w.par = &parallel{}
	}
	w.par.workers = max(n, 0)
	w.par.sized = false
}

// compile compiles l's schedule if its systems changed since the last.
func (w *World) compile(l *systemList) {
	if !l.dirty {
		return
	}
	l.dirty = false
	l.compiles++
	s := &l.sched
	s.groups, s.lanes = s.groups[:0], false
	var level []int
	for i := range l.all {
		a := &l.all[i]
		lv := -1
		if a.Run != nil {
			if !a.rt.acc.exclusive {
				s.lanes = true
				w.prepare(a)
			}
			lv = 0
			for j := range i {
				if level[j] >= 0 && l.all[j].rt.acc.conflicts(a.rt.acc) {
					lv = max(lv, level[j]+1)
				}
			}
		}
		level = append(level, lv)
	}
	for i, lv := range level {
		if lv < 0 {
			continue
		}
		for len(s.groups) <= lv {
			s.groups = append(s.groups, group{})
		}
		g := &s.groups[lv]
		g.members = append(g.members, i)
		g.exclusive = l.all[i].rt.acc.exclusive
	}
	if s.lanes {
		w.parState()
		w.sizePool() // GOMAXPROCS may have changed
	}
}

// runGroups runs the systems of l, compiled with some declared ones,
// group by group: an exclusive system as Run always ran systems, the
// systems of another group on lanes, at once when the world has several
// goroutines for them, their changes applied in the order they were
// added once all have run.
func (w *World) runGroups(l *systemList, ctx, c *Context, onError func(error)) error {
	for gi := range l.sched.groups {
		g := &l.sched.groups[gi]
		if g.exclusive {
			i := g.members[0]
			if _, err := w.runFrom(l, i, i+1, ctx, c, onError); err != nil {
				return err
			}
			continue
		}
		if err := w.runGroup(l, g, ctx, c, onError); err != nil {
			return err
		}
	}
	return nil
}

// runGroup runs the systems of group g, each recording its structural
// changes (see lane.go): at once on the pool, each on its lane world, when
// the world has workers and the group several systems; otherwise one
// after another on w itself. Then it applies each system's record, in
// the order the systems were added, and reports their failures in that
// order: to onError, or the first as Run's error once every change is
// applied. The checked build runs a group's systems on their lane worlds
// one after another, to tell which system wrote what it declared only
// reading (see checkReadOnly) and to catch a system using w instead of
// its ctx.World (checkNotBusy); the results are the same.
func (w *World) runGroup(l *systemList, g *group, ctx, c *Context, onError func(error)) error {
	p := w.par
	// The free list is the group's to reserve from (reserve), and Create
	// on w, recording, finds it empty and takes the reserving way.
	p.free, w.free = w.free, nil
	applied := g.members
	p.recGroup, p.recList = g, l
	if debugChecks || len(g.members) > 1 && p.pool != nil {
		w.runOnLanes(l, g, ctx)
	} else {
		// Recording on w: one mark, one deferral and the writes saved for
		// the whole group; per system, only what changes.
		p.recWriting, p.onWorld = w.writing, true
		w.deferring++
		w.open = append(w.open, 0)
		p.touched = p.touched[:0]
		for k := 0; k < len(g.members); {
			k = w.recordFrom(l, g.members, k, ctx, c)
		}
		w.stopRecording()
		applied = p.touched
	}
	w.free, p.free = p.free, nil
	p.recGroup, p.recList = nil, nil
	return w.applyGroup(l, applied, onError)
}

// stopRecording ends the recording on w that runGroup began.
func (w *World) stopRecording() {
	p := w.par
	w.open = w.open[:len(w.open)-1]
	w.rec, w.writing = nil, p.recWriting
	p.recWriting, p.onWorld = nil, false
	if w.deferring == 1 && len(w.held) == 0 {
		w.deferring = 0 // nothing waited: what the systems changed is recorded
	} else {
		_ = w.leave() // view buffers to release; nothing deferred, no hook ran
	}
}

// endRecording closes, from Run's deferred end, a group that a system's
// runtime.Goexit on the goroutine calling Run left (the pool has waited
// for the group's other systems: see pool.run): as a group whose system
// failed, the records made are applied, in order, their failures dropped
// (Goexit goes on up, out of Run), so the world is whole again.
func (w *World) endRecording() {
	p := w.par
	if p == nil || p.recGroup == nil {
		return
	}
	g, l := p.recGroup, p.recList
	p.recGroup, p.recList = nil, nil
	if p.onWorld {
		w.stopRecording()
	}
	if p.busy {
		p.busy = false
		clear(p.group.jobs)
		p.group.jobs = p.group.jobs[:0]
	}
	w.free, p.free = p.free, nil
	_ = w.applyGroup(l, g.members, func(error) {})
}

// recordFrom runs the systems members[k:] of l one after another on w
// itself, recording, and notes in par.touched those that recorded a
// change or failed. It returns the index of the next one to run:
// len(members), or the one after a system that panicked (runGroup calls
// it again for the rest). As in runFrom, one deferred function per call,
// and the loop's state in locals.
func (w *World) recordFrom(l *systemList, members []int, k int, ctx, c *Context) (next int) {
	var (
		cur      *System
		walks    uint64 // World.seq when it began
		recorded int    // World.recorded when it began
		inSystem bool   // its Run function (and the checks after it) is running
	)
	defer func() {
		if inSystem {
			w.recordPanicked(cur, members[k], walks, recover())
			next = k + 1
		}
	}()
	for ; k < len(members); k++ {
		s := &l.all[members[k]]
		if s.Run == nil { // removed during this run
			continue
		}
		c.Phase, c.DT, c.Alpha, c.Now, c.Step = ctx.Phase, ctx.DT, ctx.Alpha, ctx.Now, ctx.Step
		if w.watching {
			w.systemStarted(s)
		}
		cur, walks, recorded = s, w.seq, w.recorded
		w.rec, w.writing = s.rec, s.writes
		inSystem = true
		err := s.Run(c)
		inSystem = false
		if err != nil || w.recorded != recorded {
			if err != nil {
				s.rt.err = w.systemError(s, err)
			}
			w.par.touched = append(w.par.touched, members[k])
		}
		if w.watching {
			w.systemRecorded(s)
		}
	}
	return k
}

// systemRecorded tells the observer that s, run recording, ended, and
// notes its run time.
func (w *World) systemRecorded(s *System) {
	if w.timed {
		s.rt.time.run.add(time.Since(s.rt.time.started))
	}
	if w.observer != nil {
		w.observer.SystemEnded(s.Name, s.Phase)
	}
}

// recordPanicked ends the run of system s (the member i of its list) on
// w, which panicked with p (nil for a runtime.Goexit, which goes on):
// it ends the walks the panic left open and keeps the failure for the
// group's report.
func (w *World) recordPanicked(s *System, i int, walks uint64, p any) {
	werr := w.endWalksErr(walks)
	if p != nil {
		err := error(&SystemError{System: s.Name, Phase: s.Phase, Err: panicError(p), Stack: debug.Stack()})
		if werr != nil {
			err = errors.Join(err, w.systemError(s, werr))
		}
		s.rt.err = err
		w.par.touched = append(w.par.touched, i)
	}
	if w.watching {
		w.systemRecorded(s)
	}
}

// runOnLanes runs the systems of group g at once on the pool (in the
// checked build, one after another), each on its lane world, synced with
// w first.
func (w *World) runOnLanes(l *systemList, g *group, ctx *Context) {
	p := w.par
	jobs := p.group.jobs[:0]
	for _, i := range g.members {
		s := &l.all[i]
		if s.Run == nil { // removed during this run
			continue
		}
		rt := s.rt
		if rt.lane == nil {
			rt.lane = newLane(s.rec)
		}
		ln := rt.lane
		ln.sync()
		lc := &s.rec.ctx
		lc.World, lc.Phase, lc.DT, lc.Alpha, lc.Now, lc.Step = ln, ctx.Phase, ctx.DT, ctx.Alpha, ctx.Now, ctx.Step
		jobs = append(jobs, s)
	}
	p.group.w, p.group.jobs = w, jobs
	p.busy = true
	if debugChecks {
		for _, s := range jobs {
			w.runLane(s)
		}
	} else {
		p.pool.run(&p.task, &p.group, len(jobs))
	}
	p.busy = false
	clear(jobs) // keep no pointer into the list
	p.group.jobs = jobs[:0]
}

// applyGroup applies the records of the systems members of l to w, in
// order, and reports their failures (see runGroup).
func (w *World) applyGroup(l *systemList, members []int, onError func(error)) error {
	w.materialize()
	var first error
	for _, i := range members {
		s := &l.all[i]
		if s.Run == nil {
			continue
		}
		rt := s.rt
		err := rt.err
		rt.err = nil
		if len(s.rec.cmds) > 0 {
			var start time.Time
			if w.timed {
				start = time.Now()
			}
			if aerr := w.replay(s.rec); aerr != nil {
				err = errors.Join(err, w.systemError(s, aerr))
			}
			if w.timed {
				rt.time.apply.add(time.Since(start))
			}
		}
		if err == nil {
			continue
		}
		if onError == nil {
			if first == nil {
				first = err
			}
			continue
		}
		onError(err)
	}
	return first
}

// prepare makes the storages of every component s declares, and room for
// every resource it declares, when a schedule with s is compiled: a
// recording world never makes storage (lanes read the tables it would
// grow). Storages and resource slots, once made, stay.
func (w *World) prepare(s *System) {
	for _, cs := range [][]ComponentType{s.Reads, s.Writes, s.Adds, s.Removes, s.Spawns, s.Destroys} {
		for _, c := range cs {
			w.storeFor(c)
			for _, r := range c.base().requires {
				w.storeFor(r)
			}
		}
	}
	top := 0
	for _, r := range s.WritesResources {
		top = max(top, r.resourceID())
	}
	for _, r := range s.ReadsResources {
		top = max(top, r.resourceID())
	}
	if top > 0 {
		w.resources = grow(w.resources, top+1)
	}
}

// runLane runs system s on its lane world, recording its failure (an error it
// returned, a panic, a runtime.Goexit) in its state. It runs on any
// goroutine: it touches only the lane, s's state and what s declares.
func (w *World) runLane(s *System) {
	rt := s.rt
	ln := rt.lane
	if w.observer != nil {
		w.par.obs.Lock()
		w.observer.SystemStarted(s.Name, s.Phase)
		w.par.obs.Unlock()
	}
	var start time.Time
	if w.timed {
		start = time.Now()
	}
	returned := false
	defer func() {
		if !returned {
			r := recover()
			var err error = &PanicError{Op: "Goexit", Value: "the system called runtime.Goexit"}
			if r != nil {
				err = panicError(r)
			}
			rt.err = &SystemError{System: s.Name, Phase: s.Phase, Err: err, Stack: debug.Stack()}
		}
		ln.endRun()
		if w.timed {
			rt.time.run.add(time.Since(start))
		}
		if w.observer != nil {
			w.par.obs.Lock()
			w.observer.SystemEnded(s.Name, s.Phase)
			w.par.obs.Unlock()
		}
	}()
	if debugChecks {
		w.snapshotReadOnly(s)
	}
	if err := s.Run(&s.rec.ctx); err != nil {
		rt.err = w.systemError(s, err)
	}
	if debugChecks {
		w.checkReadOnly(s)
	}
	returned = true
}

// Schedule is the compiled schedule of a phase, for inspection: the groups
// its systems run in, one group after another. The systems of a group do
// not conflict, so they may run at once (see [System]); their structural
// changes take effect when the group ends.
type Schedule struct {
	Phase  Phase
	Groups []ScheduleGroup
}

// ScheduleGroup is one group of a [Schedule]: its systems' names in the
// order they were added, and whether it is one exclusive system (which
// runs alone, on the goroutine calling [World.Run], its changes taking
// effect as it makes them, as a system declaring nothing always has).
type ScheduleGroup struct {
	Systems   []string
	Exclusive bool
}

// Order returns the names of the schedule's systems in the order the
// groups list them: the order they start in when run one at a time.
func (s Schedule) Order() []string {
	var out []string
	for _, g := range s.Groups {
		out = append(out, g.Systems...)
	}
	return out
}

// String returns the schedule on one line, groups in brackets and
// exclusive systems marked with a !, such as "fixed: [input!] [move ai]
// [collide!]".
func (s Schedule) String() string {
	var b strings.Builder
	b.WriteString(s.Phase.String() + ":")
	for _, g := range s.Groups {
		b.WriteString(" [")
		for i, n := range g.Systems {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(n)
			if g.Exclusive {
				b.WriteByte('!')
			}
		}
		b.WriteByte(']')
	}
	return b.String()
}

// Schedule returns the compiled schedule of phase p, compiling it if its
// systems changed since it was last compiled (a schedule is compiled at
// the first Run after an AddSystem or RemoveSystem, and reused until the
// next). It allocates; it is meant for tools and tests.
func (w *World) Schedule(p Phase) Schedule {
	out := Schedule{Phase: p}
	if w.rec != nil || p >= phaseCount {
		return out
	}
	l := &w.systems[p]
	if !l.running {
		w.compile(l)
	}
	for _, g := range l.sched.groups {
		sg := ScheduleGroup{Exclusive: g.exclusive}
		for _, i := range g.members {
			if s := l.all[i]; s.Run != nil {
				sg.Systems = append(sg.Systems, s.Name)
			}
		}
		if len(sg.Systems) > 0 {
			out.Groups = append(out.Groups, sg)
		}
	}
	return out
}
