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
	acc   *access
	lane  *World // made on its first run in a group
	ready bool   // the storages and resource slots its declarations name exist
	err   error  // its last run's failure, for the group's report
	time  timing
	snap  [][]byte // the tesseradebug build: what it declares only reading, before its run
}

// parallel is a world's state for running systems on lanes: the worker
// pool and what a group run needs, made by the first run of a declared
// system.
type parallel struct {
	pool    *pool
	workers int  // the most goroutines that run systems and batches at once (SetParallelism); 0: GOMAXPROCS
	size    int  // the pool's workers, plus one for the caller
	sized   bool // size is what workers and GOMAXPROCS say
	busy    bool // a group's systems are running on lanes
	fresh   int  // slots past len(gens) the group's lanes reserved
	task    task
	group   groupJobs
	obs     sync.Mutex // serializes the run observer's calls from a group's goroutines
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
	if w.lane != nil {
		panic(&Error{Code: CodeConcurrent, Op: "SetParallelism", System: w.lane.sysName()})
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
		if err := w.runGroup(l, g, ctx, onError); err != nil {
			return err
		}
	}
	return nil
}

// runGroup runs the systems of group g on their lanes, then applies what
// each recorded, in the order they were added, and reports their
// failures in that order: to onError, or the first as Run's error once
// every change is applied.
func (w *World) runGroup(l *systemList, g *group, ctx *Context, onError func(error)) error {
	p := w.par
	jobs := p.group.jobs[:0]
	for _, i := range g.members {
		s := &l.all[i]
		if s.Run == nil { // removed during this run
			continue
		}
		rt := s.rt
		if !rt.ready {
			w.prepare(s)
		}
		if rt.lane == nil {
			rt.lane = newLane(w, s, rt.acc, false)
		}
		ln := rt.lane
		ln.lane.sys = s // the list may have moved since the last run
		ln.sync()
		lc := &ln.lane.ctx
		lc.World, lc.Phase, lc.DT, lc.Alpha, lc.Now, lc.Step = ln, ctx.Phase, ctx.DT, ctx.Alpha, ctx.Now, ctx.Step
		jobs = append(jobs, s)
	}
	p.group.w, p.group.jobs = w, jobs
	p.busy = true
	if len(jobs) > 1 && p.pool != nil && !debugChecks {
		p.pool.run(&p.task, &p.group, len(jobs))
	} else {
		// One goroutine: the same lanes, one after another. The checked
		// build always runs them so, to tell which system wrote what
		// it declared only reading (see checkReadOnly).
		for _, s := range jobs {
			w.runLane(s)
		}
	}
	p.busy = false
	w.materialize()
	var first error
	for _, s := range jobs {
		rt := s.rt
		err := rt.err
		rt.err = nil
		var start time.Time
		if w.timed {
			start = time.Now()
		}
		if aerr := w.replay(rt.lane.lane); aerr != nil {
			err = errors.Join(err, w.systemError(s, aerr))
		}
		if w.timed {
			rt.time.apply.add(time.Since(start))
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
	clear(jobs) // keep no pointer into the list
	p.group.jobs = jobs[:0]
	return first
}

// prepare makes the storages of every component s declares, and room for
// every resource it declares, before its first run on a lane: a lane
// never makes storage (others read the tables it would grow).
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
	s.rt.ready = true
}

// runLane runs system s on its lane, recording its failure (an error it
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
	if err := s.Run(&ln.lane.ctx); err != nil {
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
	if w.lane != nil || p >= phaseCount {
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
