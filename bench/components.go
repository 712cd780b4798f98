package main

// Position is where a body is. Every implementation stores the same Go
// type; Tessera keeps it as a field component.
type Position struct {
	X, Y float64
}

// Velocity is how far a body moves per step. Tessera keeps it as a field
// component.
type Velocity struct {
	X, Y float64
}

// Mass is the component the add+remove workload gives to bodies and takes
// away again. Tessera keeps it as a field component.
type Mass struct {
	M float64
}

// startPos and startVel are the values body i is created with, the same for
// every implementation.
func startPos(i int) Position { return Position{X: float64(i), Y: float64(i & 1023)} }

func startVel(i int) Velocity { return Velocity{X: 1, Y: float64(i&7) - 3.5} }

// churnPos and churnVel are the values of the bodies a churn frame spawns.
var (
	churnPos = Position{X: 640, Y: 360}
	churnVel = Velocity{X: 1, Y: -1}
)

// sink keeps the results of read-only loops alive so the compiler cannot
// drop them.
var sink float64

// hashSink keeps the hash workloads' results alive. It is not sink:
// TestSameWork compares what each implementation added to sink, and the
// limit's hash and the world's are different functions.
var hashSink uint64
