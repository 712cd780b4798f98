// Package hostile measures what a load of hostile input costs, for the
// hostile-input suites of the packages that read files (assets, prefab,
// engine's configuration): every load must end within [Time] of
// processor time and [Bytes] of allocation, never panic, and leave what
// was loaded before as it was. The processor time is the process's (the
// wall clock on systems without it), since on a machine shared by many
// the wall clock measures the others; a load that hangs still fails at
// [Wall]. The bounds are longer under the race detector, which makes code
// about ten times slower.
package hostile

import (
	"fmt"
	"runtime"
	"time"
)

// The bounds of one load.
const (
	Time  = 2 * time.Second * raceSlowdown
	Wall  = 20 * time.Second * raceSlowdown
	Bytes = 256 << 20 // allocated by one load, garbage included
)

// Cost is what one load cost.
type Cost struct {
	Wall, CPU time.Duration
	Alloc     uint64 // bytes allocated
	Panicked  any    // the load's panic, recovered; nil if none
}

// Measure runs f and returns what it cost, recovering its panic.
func Measure(f func()) Cost {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start, cpu := time.Now(), cpuTime()
	var c Cost
	func() {
		defer func() { c.Panicked = recover() }()
		f()
	}()
	c.Wall, c.CPU = time.Since(start), cpuTime()-cpu
	runtime.ReadMemStats(&after)
	c.Alloc = after.TotalAlloc - before.TotalAlloc
	return c
}

// Within reports whether the load kept to the bounds and did not panic.
func (c Cost) Within() bool {
	return c.Panicked == nil && c.CPU <= Time && c.Wall <= Wall && c.Alloc <= Bytes
}

// String describes the cost, such as "3ms cpu (5ms wall), 12 KiB".
func (c Cost) String() string {
	s := fmt.Sprintf("%v cpu (%v wall), %d KiB", c.CPU.Round(time.Millisecond), c.Wall.Round(time.Millisecond), c.Alloc>>10)
	if c.Panicked != nil {
		s += fmt.Sprintf(", panicked: %v", c.Panicked)
	}
	return s
}
