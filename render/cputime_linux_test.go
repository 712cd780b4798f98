package render_test

import (
	"syscall"
	"time"
	"unsafe"
)

// threadTime returns the CPU time the calling thread has used: what the
// benchmarks time, so that the time the thread spends waiting for a core
// on a shared machine does not count. The draw benchmarks run on the game
// loop's thread, which ebitengine locks.
func threadTime() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
