package systems

import (
	"math"
	"time"
)

// clock is simulated time counted in whole nanoseconds, so that timers and
// tweens fire on the same step on every machine and after any number of
// steps: 60 steps of 1/60 s reach a one-second delay on the 60th step
// exactly, which summing float64 seconds does not promise.
type clock struct{ now time.Duration }

// advance moves the clock on by dt seconds and returns the new time.
func (c *clock) advance(dt float64) time.Duration {
	c.now += seconds(dt)
	return c.now
}

// seconds converts s seconds into a Duration, rounded to the nanosecond;
// negative values become 0 and values too large for a Duration the
// largest one.
func seconds(s float64) time.Duration {
	switch {
	case !(s > 0):
		return 0
	case s >= math.MaxInt64/1e9:
		return math.MaxInt64
	}
	return time.Duration(math.Round(s * 1e9))
}
