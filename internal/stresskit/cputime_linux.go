package stresskit

import (
	"syscall"
	"time"
	"unsafe"
)

// ThreadTime returns the CPU time the calling thread has used, for
// timings that must not count the time a thread waits for a core on a
// shared machine (lock the goroutine to its thread around them). It
// returns 0 where the system cannot say.
func ThreadTime() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
