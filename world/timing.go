package world

import "time"

// TimeStats summarizes durations measured over a window: their mean,
// least and greatest, and how many there were (0 when none was measured,
// and then the others are 0).
type TimeStats struct {
	Avg, Min, Max time.Duration
	Samples       int
}

// SystemTiming is what one system's runs cost over the timing window (see
// [World.SetTimingWindow]): Run, its run function, on whatever goroutine
// ran it; Apply, applying the structural changes it made, on the
// goroutine calling [World.Run] (for a system that declares its access,
// its command buffer, once its group has run; for an exclusive system,
// the removals and destroys it deferred, with their hooks).
type SystemTiming struct {
	System string
	Phase  Phase
	Run    TimeStats
	Apply  TimeStats
}

// timing is one system's samples: a ring each for runs and applies.
type timing struct {
	started    time.Time // when the run now in progress started (exclusive systems)
	run, apply ring
}

// ring keeps the last len(d) durations.
type ring struct {
	d    []time.Duration
	next int
	n    int
}

func (r *ring) add(d time.Duration) {
	if len(r.d) == 0 {
		return
	}
	r.d[r.next] = d
	r.next = (r.next + 1) % len(r.d)
	r.n = min(r.n+1, len(r.d))
}

// resize makes r keep n samples, dropping those it had.
func (r *ring) resize(n int) {
	if cap(r.d) >= n {
		r.d = r.d[:n]
	} else {
		r.d = make([]time.Duration, n)
	}
	r.next, r.n = 0, 0
}

func (r *ring) stats() TimeStats {
	if r.n == 0 {
		return TimeStats{}
	}
	s := TimeStats{Min: r.d[0], Max: r.d[0], Samples: r.n}
	var sum time.Duration
	for _, d := range r.d[:r.n] {
		sum += d
		s.Min, s.Max = min(s.Min, d), max(s.Max, d)
	}
	s.Avg = sum / time.Duration(r.n)
	return s
}

// SetTimingWindow turns on the timing of every system over its last n
// runs (n > 0), dropping what was measured before, or turns it off
// (n = 0). Timing reads the wall clock twice per system run and once more
// around applying its changes, about 50-100 ns per system; off, it costs
// nothing. The clock never reaches the systems: what they compute does
// not depend on it. Read the figures with [World.Timings].
//
// Panics with an [*Error] of code [CodeConcurrent] in a system that
// declares its access.
func (w *World) SetTimingWindow(n int) {
	if w.rec != nil {
		panic(&Error{Code: CodeConcurrent, Op: "SetTimingWindow", System: w.rec.sysName()})
	}
	n = max(n, 0)
	w.timingWindow = n
	w.timed = n > 0
	w.watching = w.timed || w.observer != nil
	for p := range w.systems {
		for i := range w.systems[p].all {
			if s := &w.systems[p].all[i]; s.rt != nil {
				s.rt.time.run.resize(n)
				s.rt.time.apply.resize(n)
			}
		}
	}
}

// TimingWindow returns the window [World.SetTimingWindow] set: 0 when
// timing is off.
func (w *World) TimingWindow() int { return w.timingWindow }

// Timings returns the timing of every system, phase by phase in the
// order of each phase's [Schedule], over the last runs of the window set
// by [World.SetTimingWindow]; nothing when timing is off. It allocates;
// it is meant for the debug overlay, tools and benchmarks.
func (w *World) Timings() []SystemTiming {
	if !w.timed {
		return nil
	}
	var out []SystemTiming
	for p := range w.systems {
		for _, name := range w.Schedule(Phase(p)).Order() {
			_, i, ok := w.lookupSystem(name)
			if !ok {
				continue
			}
			s := &w.systems[p].all[i]
			out = append(out, SystemTiming{System: s.Name, Phase: s.Phase, Run: s.rt.time.run.stats(), Apply: s.rt.time.apply.stats()})
		}
	}
	return out
}
