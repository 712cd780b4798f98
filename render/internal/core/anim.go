package core

import (
	"math"
	"strconv"
)

// Mode is how an animation clip plays.
type Mode uint8

const (
	// Loop plays the frames in order, then again from the first.
	Loop Mode = iota
	// Once plays the frames in order and stays on the last; the clip ends
	// when the last frame has been shown for a frame's time.
	Once
	// PingPong plays the frames forwards, then backwards, then forwards
	// again, without repeating the frames at either end.
	PingPong
)

// String returns "loop", "once" or "ping-pong".
func (m Mode) String() string {
	switch m {
	case Loop:
		return "loop"
	case Once:
		return "once"
	case PingPong:
		return "ping-pong"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// epsilon absorbs the rounding of elapsed times summed step by step, so a
// frame boundary that falls on a step is reached on that step.
const epsilon = 1e-9

// Period returns how long a looping clip of n frames at fps frames a
// second takes to come back to its first frame (n/fps for Loop, (2n-2)/fps
// for PingPong), or 0 for a clip that does not loop or cannot play.
func Period(n int, fps float64, mode Mode) float64 {
	if n <= 0 || fps <= 0 {
		return 0
	}
	switch mode {
	case Loop:
		return float64(n) / fps
	case PingPong:
		if n == 1 {
			return 0
		}
		return float64(2*n-2) / fps
	}
	return 0
}

// FrameAt returns which of a clip's n frames shows elapsed seconds after
// it started at fps frames a second, and whether a [Once] clip has ended.
// A clip with no frames or no positive rate shows frame 0 and never ends.
// O(1).
func FrameAt(n int, fps float64, mode Mode, elapsed float64) (frame int, ended bool) {
	if n <= 0 || fps <= 0 || elapsed <= 0 {
		return 0, false
	}
	k := math.Floor(elapsed*fps + epsilon)
	switch mode {
	case Once:
		if k >= float64(n) {
			return n - 1, true
		}
		return int(k), false
	case PingPong:
		if n == 1 {
			return 0, false
		}
		period := float64(2*n - 2)
		i := int(math.Mod(k, period))
		if i >= n {
			i = 2*n - 2 - i
		}
		return i, false
	default:
		return int(math.Mod(k, float64(n))), false
	}
}
