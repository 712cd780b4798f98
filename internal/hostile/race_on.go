//go:build race

package hostile

const raceSlowdown = 10
