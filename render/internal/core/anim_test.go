package core

import (
	"fmt"
	"math"
	"testing"
)

func TestFrameAt(t *testing.T) {
	// Four frames at 10 FPS: a frame every 0.1 s.
	tests := []struct {
		mode      Mode
		elapsed   float64
		want      int
		wantEnded bool
	}{
		{Loop, 0, 0, false},
		{Loop, 0.05, 0, false},
		{Loop, 0.1, 1, false},
		{Loop, 0.399, 3, false},
		{Loop, 0.4, 0, false},
		{Loop, 1.25, 0, false},
		{Once, 0.3, 3, false},
		{Once, 0.399, 3, false},
		{Once, 0.4, 3, true},
		{Once, 100, 3, true},
		{PingPong, 0.0, 0, false},
		{PingPong, 0.3, 3, false},
		{PingPong, 0.4, 2, false},
		{PingPong, 0.5, 1, false},
		{PingPong, 0.6, 0, false},
		{PingPong, 0.7, 1, false},
	}
	for _, tt := range tests {
		got, ended := FrameAt(4, 10, tt.mode, tt.elapsed)
		if got != tt.want || ended != tt.wantEnded {
			t.Errorf("FrameAt(4, 10, %v, %v) = %d, %v; want %d, %v", tt.mode, tt.elapsed, got, ended, tt.want, tt.wantEnded)
		}
	}
}

func TestFrameAtSummedSteps(t *testing.T) {
	// 60 steps of 1/60 s sum to slightly less than 1 in floating point;
	// the frame due at 1 s must still show at step 60.
	var elapsed float64
	for range 60 {
		elapsed += 1.0 / 60
	}
	if got, _ := FrameAt(12, 12, Loop, elapsed); got != 0 {
		t.Errorf("after 60 steps at 12 FPS: frame %d, want 0 (a whole loop)", got)
	}
	if got, ended := FrameAt(12, 12, Once, elapsed); got != 11 || !ended {
		t.Errorf("once, after 60 steps at 12 FPS: frame %d, ended %v; want 11, true", got, ended)
	}
}

func TestFrameAtDegenerate(t *testing.T) {
	for _, tt := range []struct {
		n   int
		fps float64
		m   Mode
	}{{0, 10, Loop}, {3, 0, Once}, {1, 10, PingPong}, {5, -1, Loop}} {
		if got, ended := FrameAt(tt.n, tt.fps, tt.m, 10); got != 0 || ended {
			t.Errorf("FrameAt(%d, %v, %v, 10) = %d, %v; want 0, false", tt.n, tt.fps, tt.m, got, ended)
		}
	}
}

func ExampleFrameAt() {
	for _, m := range []Mode{Loop, Once, PingPong} {
		fmt.Printf("%-9v", m)
		for step := range 8 { // 3 frames at 10 FPS, sampled every 0.1 s
			f, ended := FrameAt(3, 10, m, float64(step)/10)
			fmt.Print(" ", f)
			if ended {
				fmt.Print("!")
			}
		}
		fmt.Println()
	}
	// Output:
	// loop      0 1 2 0 1 2 0 1
	// once      0 1 2 2! 2! 2! 2! 2!
	// ping-pong 0 1 2 1 0 1 2 1
}

// TestFrameAtLongLoop: a looping clip whose time wraps at its period, as
// drawable.Animator does, reaches a frame boundary that falls
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
