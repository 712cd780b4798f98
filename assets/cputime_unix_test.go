//go:build unix

package assets_test

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time the process has used, in user and
// system mode: what a load costs, whatever else the machine runs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
