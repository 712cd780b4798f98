//go:build race

package assets_test

// raceSlowdown is how much slower code runs under the race detector: the
// hostile suite's time bound is multiplied by it.
const raceSlowdown = 10
