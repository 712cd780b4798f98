package engine

import (
	"math"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

type nopStepper struct{}

func (nopStepper) FixedStep(*world.Context) bool { return true }
func (nopStepper) Frame(*world.Context)          {}

// TestNowOnLongRuns: Now does not wrap after 2^64/1e9 steps (213 days at
// 1000 Hz, 9.7 years at 60 Hz), as a product of steps and 1e9 would.
func TestNowOnLongRuns(t *testing.T) {
	for _, hz := range []int{60, 1000} {
		l := NewFixedLoop(hz, 8)
		l.steps = 18_446_744_074
		want := time.Duration(l.steps/uint64(hz))*time.Second + time.Duration(l.steps%uint64(hz))*time.Second/time.Duration(hz)
		if got := l.Now(); got != want {
			t.Errorf("after %d steps at %d Hz Now() = %v, want %v", l.steps, hz, got, want)
		}
	}
}

// TestHugeFramesDoNotOverflow: a TickSteps of billions of steps, or an
// hour-long frame at the highest rate, is a stall like any other: the
// loop runs its MaxSteps, drops the rest, and goes on with alpha in [0, 1).
func TestHugeFramesDoNotOverflow(t *testing.T) {
	l := NewFixedLoop(60, 8)
	tk := l.TickSteps(10_000_000_000, nopStepper{})
	tk2 := l.TickSteps(1, nopStepper{})
	if tk.Steps != 8 || tk.Alpha < 0 || tk.Alpha >= 1 || tk2.Steps != 1 || l.Now() < 0 {
		t.Errorf("TickSteps(1e10): %d steps, alpha %v; then TickSteps(1): %d steps, Now %v", tk.Steps, tk.Alpha, tk2.Steps, l.Now())
	}
	l = NewFixedLoop(MaxHz, 8)
	tk = l.Tick(time.Hour, nopStepper{})
	if tk.Steps != 8 || tk.Alpha < 0 || tk.Alpha >= 1 || tk.DT < 0 {
		t.Errorf("Tick(1h) at %d Hz: %d steps, alpha %v, DT %v", MaxHz, tk.Steps, tk.Alpha, tk.DT)
	}
	// A rate change keeps a huge debt as time, capped, not overflowed.
	l = NewFixedLoop(1, math.MaxInt32)
	l.acc = maxScaled
	l.SetHz(MaxHz)
	if l.acc < 0 || l.acc > maxScaled {
		t.Errorf("acc after SetHz(%d) = %d, want within [0, %d]", MaxHz, l.acc, int64(maxScaled))
	}
}

// TestSetHzRange: SetHz and NewFixedLoop refuse rates over MaxHz.
func TestSetHzRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("NewFixedLoop(MaxHz+1, 8) did not panic")
		}
	}()
	NewFixedLoop(MaxHz+1, 8)
}
