//go:build !linux

package stresskit

import "time"

var start = time.Now()

// ThreadTime returns the time since the program started: elsewhere than
// on Linux, timings use the wall clock.
func ThreadTime() time.Duration { return time.Since(start) }
