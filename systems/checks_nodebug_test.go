//go:build !tesseradebug

package systems_test

// debugChecks is whether this is the tesseradebug build, whose world
// checks every walk's values for NaNs.
const debugChecks = false
