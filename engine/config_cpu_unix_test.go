//go:build unix

package engine_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time this process has used, which other
// processes on a loaded machine do not inflate as they do the wall clock.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
