//go:build !tesseradebug

package world

// debugChecks turns off the checks of checks.go, which the tesseradebug
// build makes on every access.
const debugChecks = false
