package systems

import (
	"math"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// TimersName is the name of the system [Timers.System] returns.
const TimersName = "systems.timers"

// Timer describes a timer for [Timers.Start]: when it fires, how often,
// and what it does then. The zero Timer fires once, at the next step.
type Timer struct {
	// Name is reported with every firing, so systems reading
	// [Timers.Fired] can tell timers apart.
	Name string
	// Delay is the time until the first firing, in seconds. 0 fires at
	// the next step, and a repeating timer's period then counts from that
	// step; one too long for a time.Duration (about 292 years) never
	// fires.
	Delay float64
	// Every, when positive, repeats the timer with this period, in
	// seconds, until it is stopped. 0 fires once. A period shorter than a
	// step fires several times in that step; one so long the next firing
	// would be past the largest time.Duration (+Inf) fires once.
	Every float64
	// Entity, when not zero, ties the timer to an entity: once it is dead
	// the timer stops without firing again.
	Entity world.Entity
	// Do, when not nil, is called at every firing, during the timers'
	// system run (so destroys it makes wait until the run ends).
	Do func(TimerEvent)
}

// TimerID identifies a started timer. The zero TimerID is never one; ids
// are never reused.
type TimerID uint64

// timerID makes the id of the seq-th timer started, which lives in slot:
// the sequence number in the high bits orders ids by start, the slot in
// the low ones finds the timer in O(1).
func timerID(seq uint64, slot int32) TimerID { return TimerID(seq<<32 | uint64(uint32(slot))) }

// TimerEvent is one firing of a timer.
type TimerEvent struct {
	ID     TimerID
	Name   string
	Entity world.Entity
	// Count is how often the timer has fired, this firing included.
	Count int
}

// Timers runs timers in simulated time: callbacks or events after a delay
// or repeatedly. Add its system ([Timers.System]) to a world; each run
// advances its clock by the step's DT, counted in whole nanoseconds so
// that every machine fires a timer on the same step.
//
// Timers due in a step fire in the order of their due times, ties in the
// order they were started. Starting is O(log n), stopping O(1); neither
// allocates once the Timers has held as many timers as it holds now. A
// step with nothing due costs O(1), and one firing O(log n).
//
// A Timers serves one world, on one goroutine. The zero value is not
// usable; call [NewTimers].
type Timers struct {
	clock clock
	slots []timer   // by slot; free slots have id 0
	free  []int32   // free slots
	heap  []dueSlot // min-heap of pending firings by (due, id)
	fired []TimerEvent
	seq   uint64 // timers started so far
	live  int
}

type timer struct {
	Timer
	id    TimerID
	every time.Duration
	count int
	// next is set for a timer started with no delay: it is due at the
	// next step, whenever that is, and its period counts from there.
	next bool
}

// dueSlot is one pending firing: the timer in slot fires at due, if it
// still has id.
type dueSlot struct {
	due  time.Duration
	id   TimerID
	slot int32
}

func (a dueSlot) before(b dueSlot) bool {
	return a.due < b.due || a.due == b.due && a.id < b.id
}

// NewTimers returns a Timers with no timers and its clock at zero.
func NewTimers() *Timers { return &Timers{} }

// System returns the [world.Fixed] system, named [TimersName], that
// advances the timers one step each run.
func (t *Timers) System() world.System {
	return world.System{Name: TimersName, Phase: world.Fixed, Run: t.run, Dispose: t.Reset}
}

// Start starts a timer and returns its id. A timer started during a run
// of the timers' system fires at the earliest in the next run.
func (t *Timers) Start(tm Timer) TimerID {
	var slot int32
	if n := len(t.free); n > 0 {
		slot = t.free[n-1]
		t.free = t.free[:n-1]
	} else {
		slot = int32(len(t.slots))
		t.slots = append(t.slots, timer{})
	}
	t.seq++
	id := timerID(t.seq, slot)
	delay := seconds(tm.Delay)
	t.slots[slot] = timer{Timer: tm, id: id, every: seconds(tm.Every), next: delay == 0}
	if tm.Every > 0 && t.slots[slot].every == 0 {
		t.slots[slot].every = 1 // at most one firing a nanosecond
	}
	t.live++
	// A delay d fires at the first step ending at or after now+d; the
	// current run's time is t.clock.now already, so a timer started
	// during it cannot fall due before the next.
	t.push(dueSlot{due: addSat(t.clock.now, max(delay, 1)), id: id, slot: slot})
	return id
}

// addSat returns a+b for non-negative times, or the largest Duration where
// that overflows: a timer that far away never falls due, instead of
// wrapping around into the past.
func addSat(a, b time.Duration) time.Duration {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// Stop stops the timer id and reports whether it was running. A stopped
// timer never fires again, even later in the same step. O(1).
func (t *Timers) Stop(id TimerID) bool {
	slot := int(uint32(id))
	if id == 0 || slot >= len(t.slots) || t.slots[slot].id != id {
		return false
	}
	t.release(int32(slot))
	return true
}

// Len returns how many timers are running.
func (t *Timers) Len() int { return t.live }

// Now returns the timers' clock: the sum of the DTs of their runs.
func (t *Timers) Now() time.Duration { return t.clock.now }

// Fired returns the firings of the last run, in the order they happened.
// The slice is reused by the next run: read it, do not keep it.
func (t *Timers) Fired() []TimerEvent { return t.fired }

// Reset stops every timer and sets the clock back to zero. The system's
// Dispose calls it, so a world's Clear leaves the Timers empty.
func (t *Timers) Reset() {
	clear(t.slots)
	t.slots, t.free, t.heap, t.fired = t.slots[:0], t.free[:0], t.heap[:0], t.fired[:0]
	t.clock, t.live = clock{}, 0
}

func (t *Timers) release(slot int32) {
	t.slots[slot] = timer{}
	t.free = append(t.free, slot)
	t.live--
}

func (t *Timers) run(ctx *world.Context) error {
	now := t.clock.advance(ctx.DT)
	t.fired = t.fired[:0]
	for len(t.heap) > 0 && t.heap[0].due <= now {
		d := t.pop()
		tm := &t.slots[d.slot]
		if tm.id != d.id {
			continue // stopped
		}
		if tm.Entity != 0 && !ctx.World.IsAlive(tm.Entity) {
			t.release(d.slot)
			continue
		}
		if tm.next {
			// Due "at the next step": this step's time is when it falls
			// due, among the others due now (by start), and its period
			// counts from here.
			tm.next = false
			t.push(dueSlot{due: now, id: d.id, slot: d.slot})
			continue
		}
		tm.count++
		ev := TimerEvent{ID: tm.id, Name: tm.Name, Entity: tm.Entity, Count: tm.count}
		do := tm.Do
		// An Every so long that the next firing would be past the end of
		// time (an infinite one) fires once, as a one-shot.
		if next := addSat(d.due, tm.every); tm.every > 0 && next < math.MaxInt64 {
			t.push(dueSlot{due: next, id: d.id, slot: d.slot})
		} else {
			t.release(d.slot)
		}
		t.fired = append(t.fired, ev)
		if do != nil {
			do(ev) // may start or stop timers, so tm is not used after this
		}
	}
	return nil
}

func (t *Timers) push(d dueSlot) {
	t.heap = append(t.heap, d)
	i := len(t.heap) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !t.heap[i].before(t.heap[p]) {
			break
		}
		t.heap[i], t.heap[p] = t.heap[p], t.heap[i]
		i = p
	}
}

func (t *Timers) pop() dueSlot {
	h := t.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && h[l].before(h[m]) {
			m = l
		}
		if r < n && h[r].before(h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	t.heap = h
	return top
}
