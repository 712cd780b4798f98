//go:build !linux

package render_test

import "time"

var start = time.Now()

// threadTime returns the wall-clock time: elsewhere than on Linux, the
// benchmarks time the wall clock.
func threadTime() time.Duration { return time.Since(start) }
