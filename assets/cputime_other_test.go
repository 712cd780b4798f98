//go:build !unix

package assets_test

import "time"

var start = time.Now()

// cpuTime returns the time since the tests started, where the process's
// processor time is not at hand.
func cpuTime() time.Duration { return time.Since(start) }
