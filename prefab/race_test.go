//go:build race

package prefab_test

const raceEnabled = true
