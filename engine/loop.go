package engine

import (
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// Defaults of the loop, used where a [Config] or [NewFixedLoop] leaves
// them 0.
const (
	DefaultHz       = 60
	DefaultMaxSteps = 8
)

// unit is one fixed step in the accumulator's units: the accumulator counts
// nanoseconds times hz, so a step of 1/hz seconds is exactly 1e9 of them
// whatever hz is, and no rounding creeps in over time.
const unit = int64(time.Second)

// maxFrame bounds the frame length fed to the loop, so the accumulator
// cannot overflow; longer frames are stalls anyway.
const maxFrame = time.Hour

// maxScaled caps a frame's length after the time scale, in units: far more
// than maxSteps steps at any rate, and far from overflowing the
// accumulator.
const maxScaled = 1 << 60

// MaxHz is the highest step rate [FixedLoop.SetHz] takes: a step of a
// microsecond. It keeps a frame's length in units (nanoseconds × hz)
// inside int64 for frames of up to maxScaled/MaxHz, about 19 minutes;
// longer frames are stalls, dropped anyway. The configuration's loop.hz
// stops at 1000.
const MaxHz = 1_000_000

// FixedLoop turns frame lengths into fixed steps. Fed each frame's length
// by [FixedLoop.Tick], it owes floor(accumulated / step) steps, runs them,
// keeps the remainder for the next frame and then runs the frame itself,
// with alpha the remainder's share of a step. A frame runs at most MaxSteps
// steps; what a long stall owes beyond that is dropped, so the game slows
// down rather than freezing while it catches up.
//
// The loop has no clock of its own and never reads the wall clock: the
// same frame lengths give the same steps, contexts and times on every
// machine. Make one with [NewFixedLoop]; a FixedLoop is not safe for
// concurrent use.
type FixedLoop struct {
	hz       int
	maxSteps int
	scale    float64
	paused   bool
	ticking  bool // inside tick: SetHz waits for the next frame
	nextHz   int  // a rate SetHz asked for during a tick; 0 for none

	acc       int64  // time owed, in nanoseconds × hz; a step is unit
	steps     uint64 // steps run
	base      time.Duration
	baseSteps uint64 // Now = base + (steps-baseSteps) steps, reset by SetHz
	dropped   uint64

	fixed, frame world.Context // handed to the Stepper, reused
}

// Tick is what one [FixedLoop.Tick] did.
type Tick struct {
	Steps   int     // fixed steps run
	Dropped int     // steps owed beyond MaxSteps, dropped
	Alpha   float64 // the remainder's share of a step, 0 ≤ Alpha ≤ 1
	DT      float64 // the frame's length after the time scale, in seconds
	// Stopped is true when the Stepper stopped the frame's steps early; the
	// steps not run stay owed, to the next frame.
	Stopped bool
}

// Stepper is what a [FixedLoop] drives: the engine, or a test double. The
// context passed belongs to the loop and is reused: do not keep it.
type Stepper interface {
	// FixedStep runs one fixed step. Returning false ends the frame's
	// steps: the frame phase runs next, and the steps not run stay owed.
	FixedStep(ctx *world.Context) bool
	// Frame runs the frame phase, after the frame's steps.
	Frame(ctx *world.Context)
}

// NewFixedLoop returns a loop stepping hz times a simulated second, at most
// maxSteps steps a frame, with time scale 1. A 0 argument takes its
// default ([DefaultHz], [DefaultMaxSteps]). Panics if an argument is
// negative, or hz is over [MaxHz].
func NewFixedLoop(hz, maxSteps int) *FixedLoop {
	l := &FixedLoop{hz: DefaultHz, maxSteps: DefaultMaxSteps, scale: 1}
	if hz != 0 {
		l.SetHz(hz)
	}
	if maxSteps != 0 {
		l.SetMaxSteps(maxSteps)
	}
	return l
}

// Tick feeds the loop one frame of the given length and runs what it owes
// on s: each fixed step (s.FixedStep), then the frame (s.Frame). The
// Stepper may end the steps early; the frame phase runs all the same. The frame
// length is first multiplied by the time scale; while the loop is paused
// nothing accumulates and no step runs, but the frame phase still does,
// with alpha where it was. A negative length counts as 0.
//
// Each step's context has Phase [world.Fixed], DT one step in seconds,
// Alpha 0, Step the number of steps run before it and Now that many steps
// of simulated time. The frame's context has Phase [world.Frame], DT the
// scaled frame length, Alpha, Step the steps run so far and Now the
// simulated time fed so far, less what was dropped.
//
// Tick allocates nothing.
func (l *FixedLoop) Tick(frame time.Duration, s Stepper) Tick {
	l.applyHz()
	frame = min(max(frame, 0), maxFrame, time.Duration(maxScaled/int64(l.hz)))
	return l.tick(int64(frame)*int64(l.hz), s)
}

// TickSteps is [FixedLoop.Tick] for a frame exactly n steps long, n/hz
// seconds, which a Duration cannot always hold (1/60 s is not a whole
// number of nanoseconds). Panics if n is negative.
func (l *FixedLoop) TickSteps(n int, s Stepper) Tick {
	if n < 0 {
		panic(fmt.Errorf("engine: FixedLoop.TickSteps(%d): need n ≥ 0", n))
	}
	l.applyHz()
	// More than maxScaled/unit steps (a billion) is a stall like any other.
	return l.tick(min(int64(n), maxScaled/unit)*unit, s)
}

// applyHz applies a rate SetHz was asked for during the last frame.
func (l *FixedLoop) applyHz() {
	if hz := l.nextHz; hz != 0 {
		l.nextHz = 0
		l.SetHz(hz)
	}
}

// tick runs a frame of units (nanoseconds × hz) before the time scale.
func (l *FixedLoop) tick(units int64, s Stepper) Tick {
	l.ticking = true
	defer func() { l.ticking = false }()
	if l.scale != 1 {
		// A frame longer than maxScaled is only ever more steps to drop,
		// and the cap keeps a huge scale from overflowing int64.
		units = int64(min(float64(units)*l.scale, maxScaled))
	}
	t := Tick{DT: float64(units) / float64(unit) / float64(l.hz)}
	if !l.paused {
		l.acc += units
	}
	owed := l.acc / unit
	if owed > int64(l.maxSteps) {
		t.Dropped = int(owed - int64(l.maxSteps))
		l.acc -= int64(t.Dropped) * unit
		l.dropped += uint64(t.Dropped)
		owed = int64(l.maxSteps)
	}
	dt := 1 / float64(l.hz)
	for range owed {
		if l.paused { // paused by a step: the steps still owed wait for Resume
			break
		}
		l.fixed = world.Context{Phase: world.Fixed, DT: dt, Now: l.stepTime(l.steps), Step: l.steps}
		l.acc -= unit
		l.steps++
		t.Steps++
		if !s.FixedStep(&l.fixed) {
			t.Stopped = true
			break
		}
	}
	t.Alpha = l.Alpha()
	l.frame = world.Context{Phase: world.Frame, DT: t.DT, Alpha: t.Alpha, Now: l.Now(), Step: l.steps}
	s.Frame(&l.frame)
	return t
}

// stepTime returns the simulated time at the start of step n: whole
// seconds and the steps left over apart, so that the product cannot
// overflow on a run of billions of steps.
func (l *FixedLoop) stepTime(n uint64) time.Duration {
	k, hz := n-l.baseSteps, uint64(l.hz)
	return l.base + time.Duration(k/hz)*time.Second + time.Duration(k%hz*uint64(time.Second)/hz)
}

// Now returns the simulated time fed to the loop so far: the steps run
// plus the remainder owed, less what was dropped and what was fed while
// paused.
func (l *FixedLoop) Now() time.Duration {
	return l.stepTime(l.steps) + time.Duration(l.acc/int64(l.hz))
}

// Alpha returns the share of a step owed since the last step, 0 ≤ alpha < 1
// after a frame that ran every step it owed, and 1 after one whose steps
// were stopped early.
func (l *FixedLoop) Alpha() float64 { return min(float64(l.acc)/float64(unit), 1) }

// Steps returns how many fixed steps have run.
func (l *FixedLoop) Steps() uint64 { return l.steps }

// Dropped returns how many owed steps the loop has dropped in all.
func (l *FixedLoop) Dropped() uint64 { return l.dropped }

// Hz returns the steps per simulated second.
func (l *FixedLoop) Hz() int { return l.hz }

// Step returns the length of one fixed step, rounded to the nanosecond.
func (l *FixedLoop) Step() time.Duration { return time.Second / time.Duration(l.hz) }

// SetHz changes the step rate: at once between frames, and from the next
// frame on when called during one (by a system). The time owed is kept as
// time: 10 ms owed is half a 50 Hz step before and a whole 100 Hz step
// after. The last call wins. Panics if hz is not in [1, MaxHz].
func (l *FixedLoop) SetHz(hz int) {
	if hz <= 0 || hz > MaxHz {
		panic(fmt.Errorf("engine: FixedLoop.SetHz(%d): need 1 to %d", hz, MaxHz))
	}
	if l.ticking {
		l.nextHz = hz
		return
	}
	l.nextHz = 0 // a rate asked for during the last frame is overridden
	if l.hz != 0 {
		l.base, l.baseSteps = l.stepTime(l.steps), l.steps
		// acc × hz / old hz in 128 bits: acc may be many steps' worth
		// (a large MaxSteps) and hz up to MaxHz. More than maxScaled is
		// a stall, capped as a long frame is.
		hi, lo := bits.Mul64(uint64(l.acc), uint64(hz))
		if old := uint64(l.hz); hi >= old {
			l.acc = maxScaled
		} else {
			q, _ := bits.Div64(hi, lo, old)
			l.acc = int64(min(q, maxScaled))
		}
	}
	l.hz = hz
}

// MaxSteps returns the most steps one frame runs.
func (l *FixedLoop) MaxSteps() int { return l.maxSteps }

// SetMaxSteps sets the most steps one frame runs. Panics if n is not
// positive.
func (l *FixedLoop) SetMaxSteps(n int) {
	if n <= 0 {
		panic(fmt.Errorf("engine: FixedLoop.SetMaxSteps(%d): need at least 1", n))
	}
	l.maxSteps = n
}

// TimeScale returns the factor frame lengths are multiplied by.
func (l *FixedLoop) TimeScale() float64 { return l.scale }

// SetTimeScale sets the factor frame lengths are multiplied by: 0.5 is
// slow motion (a step every other frame at 60 FPS and 60 Hz), 2 fast
// forward (two steps a frame). Steps keep their length, so the simulation
// is the same at any scale; only how often steps come changes. Panics if
// scale is negative, infinite or NaN.
func (l *FixedLoop) SetTimeScale(scale float64) {
	if scale < 0 || math.IsInf(scale, 0) || math.IsNaN(scale) {
		panic(fmt.Errorf("engine: FixedLoop.SetTimeScale(%v): need a finite scale ≥ 0", scale))
	}
	l.scale = scale
}

// Pause stops the fixed steps: until [FixedLoop.Resume], frames add no
// time and run no step, but the frame phase still runs every frame. A
// system that pauses during a step stops the steps its frame still owed;
// that time stays owed and runs after Resume.
func (l *FixedLoop) Pause() { l.paused = true }

// Resume undoes [FixedLoop.Pause]. Time fed while paused is not owed.
func (l *FixedLoop) Resume() { l.paused = false }

// Owed reports whether at least one whole step is owed and not yet run:
// after a frame whose steps were stopped early, or paused mid-frame.
func (l *FixedLoop) Owed() bool { return l.acc >= unit }

// Paused reports whether the loop is paused.
func (l *FixedLoop) Paused() bool { return l.paused }
