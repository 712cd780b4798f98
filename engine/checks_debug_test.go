//go:build tesseradebug

package engine_test

// debugChecks is whether this is the tesseradebug build, whose world
// checks systems' declared access.
const debugChecks = true
