//go:build !race

package engine_test

// underRace is whether the race detector is on: it slows code about
// tenfold, so time limits are logged rather than checked.
const underRace = false
