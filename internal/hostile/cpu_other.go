//go:build !unix

package hostile

import "time"

var start = time.Now()

// cpuTime is the wall clock where the process's processor time is not
// known.
func cpuTime() time.Duration { return time.Since(start) }
