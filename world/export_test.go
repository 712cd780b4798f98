package world

// Hooks into the storage for the tests of the tesseradebug checks, which
// must break what no public call can.

// ClearBitQuietly clears e's bit in c's membership without telling the
// views, as a bug in the store would.
func ClearBitQuietly(w *World, c ComponentType, e Entity) {
	s := w.set(c.ID())
	s.bits[uint32(e)>>6] &^= 1 << (uint32(e) & 63)
}

// DebugChecks reports whether this build checks the invariants.
const DebugChecks = debugChecks

// Compiles returns how many times the schedule of phase p was compiled.
func Compiles(w *World, p Phase) int { return w.systems[p].compiles }
