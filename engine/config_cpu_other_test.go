//go:build !unix

package engine_test

import "time"

// cpuTime is not known here: timed falls back to the wall clock.
func cpuTime() (time.Duration, bool) { return 0, false }
