//go:build tesseradebug

package world

// debugChecks turns on the checks of checks.go: this is the tesseradebug
// build.
const debugChecks = true
