package core

import (
	"math"
	"testing"
)

// TestFrameAtLongLoop: a looping clip whose time wraps at its period, as
// the renderer's animate system does, reaches a frame boundary that falls
// on a step on that step however long it plays. Summing the time without
// wrapping, the rounding grew with it: at 12 FPS and 60 Hz a boundary was
// missed after 27,190 steps (7.5 minutes).
func TestFrameAtLongLoop(t *testing.T) {
	for _, mode := range []Mode{Loop, PingPong} {
		var elapsed float64
		period := Period(12, 12, mode)
		for n := 1; n <= 60*60*10; n++ { // ten minutes of steps
			elapsed += 1.0 / 60
			got, _ := FrameAt(12, 12, mode, elapsed)
			if elapsed >= period {
				elapsed = math.Mod(elapsed, period)
				if again, _ := FrameAt(12, 12, mode, elapsed); again != got {
					t.Fatalf("%v: wrapping at step %d changed frame %d to %d", mode, n, got, again)
				}
			}
			if n%5 != 0 {
				continue
			}
			k := n / 5
			want := k % 12
			if mode == PingPong {
				if want = k % 22; want >= 12 {
					want = 22 - want
				}
			}
			if got != want {
				t.Fatalf("%v: after %d steps (%.0f s) at 12 FPS: frame %d, want %d", mode, n, float64(n)/60, got, want)
			}
		}
	}
}
