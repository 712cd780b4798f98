package core

import (
	"math"
	"time"
)

// Window accounts for something over whole seconds of wall time: the
// current second accumulates, and once it is over it becomes the last,
// which the debug overlay shows. So the overlay shows numbers over the
// last full second that change once a second, readable while they change.
// Its zero value is ready to use.
type Window struct {
	start     time.Duration // when the current second began; valid if begun
	begun     bool
	cur, last Sample
}

// Sample is what a [Window] accounted for in one second.
type Sample struct {
	N    int           // events: runs, frames, steps
	Sum  time.Duration // their total duration, for timed events
	Max  time.Duration // the longest of them
	Span time.Duration // how long the second really lasted
}

// Avg returns the mean duration, or 0 for no events.
func (s Sample) Avg() time.Duration {
	if s.N == 0 {
		return 0
	}
	return s.Sum / time.Duration(s.N)
}

// Rate returns the events per second.
func (s Sample) Rate() float64 {
	if s.Span <= 0 {
		return 0
	}
	return float64(s.N) / s.Span.Seconds()
}

// Tick moves the window to now: if the current second is over, it
// becomes the last. now is any monotonic clock reading (time since a
// fixed instant).
func (w *Window) Tick(now time.Duration) {
	if !w.begun {
		w.start, w.begun = now, true
		return
	}
	if span := now - w.start; span >= time.Second {
		w.cur.Span = span
		w.last, w.cur = w.cur, Sample{}
		w.start = now
	}
}

// Add accounts for one event of duration d, ending at now. O(1).
func (w *Window) Add(now, d time.Duration) {
	w.Tick(now)
	w.cur.N++
	w.cur.Sum += d
	w.cur.Max = max(w.cur.Max, d)
}

// Count accounts for n events at now. O(1).
func (w *Window) Count(now time.Duration, n int) {
	w.Tick(now)
	w.cur.N += n
}

// Last returns the last full second, or the zero Sample before one has
// passed.
func (w *Window) Last() Sample { return w.last }

// Reset forgets everything.
func (w *Window) Reset() { *w = Window{} }

// Dropped works out how many fixed steps the loop dropped in a frame from
// what the frame phase sees: the frame's length dt (seconds, after the
// time scale), how far the loop's clock advanced since the last frame,
// the steps the frame ran and the length of one step. The loop's clock
// leaves out what it drops, so the difference is whole steps. A frame
// that ran no step dropped none: the loop drops only beyond its maximum
// steps a frame, at least one, and a paused loop (whose clock stands
// still) runs none.
func Dropped(dt float64, advanced time.Duration, steps int, step time.Duration) int {
	if steps <= 0 || step <= 0 {
		return 0
	}
	lost := dt*float64(time.Second) - float64(advanced)
	n := int(math.Round(lost / float64(step)))
	return max(n, 0)
}
