package systems

import (
	"math"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// TweensName is the name of the system [Tweens.System] returns.
const TweensName = "systems.tweens"

// Tween describes how a value changes over time, for [TweenField] and
// [Tweens.Start].
type Tween struct {
	// To is the value at the end.
	To float64
	// Seconds is how long one run from start to end lasts. 0 or less sets
	// the value to To at the first step.
	Seconds float64
	// Delay is the time before the tween starts, in seconds. A field
	// tween reads its start value when the delay is over.
	Delay float64
	// Ease shapes the change; nil is [Linear].
	Ease Ease
	// Name is reported when the tween completes.
	Name string
	// Repeat is how many more runs follow the first: 0 runs once, -1
	// repeats until the tween is stopped (and so never completes).
	Repeat int
	// Yoyo makes every other run go back from To to the start value.
	Yoyo bool
}

// TweenID identifies a started tween. The zero TweenID is never one.
type TweenID uint64

// TweenEvent reports a tween that completed: it ran to its end, the
// value is To (or, after an odd number of yoyo runs, the start value).
type TweenEvent struct {
	ID     TweenID
	Name   string
	Entity world.Entity // the entity of a field tween; zero otherwise
}

// Number is the set of types a tween can drive: every integer and float
// type. Integers get the eased value rounded to the nearest, and unsigned
// ones never below zero.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64
}

// Tweens runs tweens: values that change from a start to an end over a
// time, shaped by an [Ease]. Add its system ([Tweens.System]) to a world;
// each run advances every tween by the step's DT, in whole nanoseconds,
// in the order they were started.
//
// A step costs one call through a function value per running tween (it
// reads the entity's component and writes the field) and allocates
// nothing; starting a tween allocates its closures. Tweens are for
// dozens or hundreds of values at once: to move thousands of bodies every
// step, write a system that loops over their columns.
//
// A Tweens serves one world, on one goroutine. The zero value is not
// usable; call [NewTweens].
type Tweens struct {
	list    []tween
	pending []tween // started during a run: they join the list when it ends
	running bool    // a run is advancing list (a setter may start and stop tweens)
	done    []TweenEvent
	onDone  []func(TweenEvent)
	seq     uint64
}

type tween struct {
	id                  TweenID
	spec                Tween
	entity              world.Entity
	delay, dur, elapsed time.Duration
	from, to            float64
	started, stopped    bool
	read                func(*world.World) (float64, bool) // nil: from is given
	write               func(*world.World, float64) bool   // false: target gone
	ease                Ease
}

// NewTweens returns a Tweens with no tweens.
func NewTweens() *Tweens { return &Tweens{} }

// System returns the [world.Fixed] system, named [TweensName], that
// advances the tweens one step each run.
func (tw *Tweens) System() world.System {
	return world.System{Name: TweensName, Phase: world.Fixed, Run: tw.run, Dispose: tw.Reset}
}

// TweenField starts a tween of one numeric field of entity e's component
// c: field returns a pointer to that field in the component's value, such
// as func(p *Vec2) *float64 { return &p.X }. The start value is the
// field's value when the tween starts (after its Delay). Each step looks
// the component up again, so the tween follows the entity through
// structural changes; once e is dead or no longer holds c, the tween
// stops without completing.
//
// The tween writes the field every step until it ends, over whatever
// else wrote it: do not also move a field a tween drives.
func TweenField[T any, N Number](tw *Tweens, e world.Entity, c world.Key[T], field func(*T) *N, spec Tween) TweenID {
	read := func(w *world.World) (float64, bool) {
		p, ok := world.Get(w, e, c)
		if !ok {
			return 0, false
		}
		return float64(*field(p)), true
	}
	round := N(1)/N(2) == 0 // integer types divide to 0
	unsigned := N(0)-N(1) > 0
	write := func(w *world.World, v float64) bool {
		p, ok := world.Get(w, e, c)
		if !ok {
			return false
		}
		if round {
			v = math.Round(v)
		}
		if unsigned && v < 0 {
			v = 0
		}
		*field(p) = N(v)
		return true
	}
	return tw.add(tween{entity: e, read: read, write: write}, spec)
}

// Start starts a tween of any value: set is called with the eased value
// every step, from the value from toward spec.To. It returns the tween's
// id.
func (tw *Tweens) Start(from float64, set func(float64), spec Tween) TweenID {
	write := func(_ *world.World, v float64) bool {
		set(v)
		return true
	}
	return tw.add(tween{from: from, write: write}, spec)
}

func (tw *Tweens) add(t tween, spec Tween) TweenID {
	tw.seq++
	t.id = TweenID(tw.seq)
	t.spec = spec
	t.to = spec.To
	t.delay, t.dur = seconds(spec.Delay), seconds(spec.Seconds)
	t.ease = spec.Ease
	if t.ease == nil {
		t.ease = Linear
	}
	if tw.running {
		tw.pending = append(tw.pending, t) // first advances in the next run
	} else {
		tw.list = append(tw.list, t)
	}
	return t.id
}

// Stop stops the tween id where it is, without completing it, and reports
// whether it was running. O(number of tweens).
func (tw *Tweens) Stop(id TweenID) bool {
	for _, list := range [2][]tween{tw.list, tw.pending} {
		for i := range list {
			if t := &list[i]; t.id == id && !t.stopped {
				t.stopped = true
				return true
			}
		}
	}
	return false
}

// Len returns how many tweens are running.
func (tw *Tweens) Len() int {
	n := 0
	for _, list := range [2][]tween{tw.list, tw.pending} {
		for i := range list {
			if !list[i].stopped {
				n++
			}
		}
	}
	return n
}

// Completed returns the tweens that completed in the last run, in the
// order they were started. The slice is reused by the next run: read it,
// do not keep it.
func (tw *Tweens) Completed() []TweenEvent { return tw.done }

// OnComplete calls fn for every tween that completes from now on, at the
// end of the run it completed in, after every tween has been advanced.
// fn may start and stop tweens; those it starts first advance in the next
// run.
func (tw *Tweens) OnComplete(fn func(TweenEvent)) { tw.onDone = append(tw.onDone, fn) }

// Reset stops every tween and forgets the completions; callbacks stay.
// The system's Dispose calls it, so a world's Clear leaves the Tweens
// empty.
func (tw *Tweens) Reset() {
	clear(tw.list)
	clear(tw.pending)
	tw.list, tw.pending, tw.done = tw.list[:0], tw.pending[:0], tw.done[:0]
}

// run advances every tween in place, so that a setter may stop one (its
// entry is marked) or start one (it waits in pending), then calls the
// OnComplete callbacks. A setter that panics ends the advancing; the list
// is compacted and the completions so far called back all the same, and
// then the panic goes on to the world, which reports it.
func (tw *Tweens) run(ctx *world.Context) error {
	w, step := ctx.World, seconds(ctx.DT)
	tw.done = tw.done[:0]
	tw.running = true
	var panicked any
	func() {
		defer func() { panicked = recover() }()
		// By index, with the length read each time: a Reset in a setter
		// empties the list.
		for i := 0; i < len(tw.list); i++ {
			if t := &tw.list[i]; !t.stopped && !tw.advance(w, t, step) {
				t.stopped = true // completed, or its target is gone
			}
		}
	}()
	tw.end()
	for _, ev := range tw.done {
		for _, fn := range tw.onDone {
			fn(ev)
		}
	}
	if panicked != nil {
		panic(panicked) // a setter's, for the world to report, once the run is whole
	}
	return nil
}

// end ends a run: it drops the stopped tweens and adds those started
// during it.
func (tw *Tweens) end() {
	tw.running = false
	keep := tw.list[:0]
	for _, t := range tw.list {
		if !t.stopped {
			keep = append(keep, t)
		}
	}
	clear(tw.list[len(keep):])
	tw.list = append(keep, tw.pending...)
	clear(tw.pending)
	tw.pending = tw.pending[:0]
}

// advance moves t on by step and reports whether it is still running; a
// tween that completed is added to tw.done.
func (tw *Tweens) advance(w *world.World, t *tween, step time.Duration) bool {
	if t.delay > 0 {
		d := min(step, t.delay)
		t.delay -= d
		step -= d
		if t.delay > 0 {
			return true
		}
	}
	if !t.started {
		t.started = true
		if t.read != nil {
			v, ok := t.read(w)
			if !ok {
				return false
			}
			t.from = v
		}
	}
	t.elapsed += step
	p := 1.0
	if t.dur > 0 && t.elapsed < t.dur {
		p = float64(t.elapsed) / float64(t.dur)
	}
	v := t.to
	if p < 1 {
		v = t.from + (t.to-t.from)*t.ease(p)
	}
	if !t.write(w, v) {
		return false
	}
	if p < 1 {
		return true
	}
	if t.spec.Repeat != 0 {
		if t.spec.Repeat > 0 {
			t.spec.Repeat--
		}
		// The step showed the end value; the next run starts with what
		// the step had left past the end, so that runs do not drift (at
		// most a run's worth: a run shorter than a step completes once a
		// step).
		t.elapsed = min(t.elapsed-t.dur, t.dur)
		if t.spec.Yoyo {
			t.from, t.to = t.to, t.from
		}
		return true
	}
	tw.done = append(tw.done, TweenEvent{ID: t.id, Name: t.spec.Name, Entity: t.entity})
	return false
}
