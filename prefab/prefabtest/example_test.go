package prefabtest_test

import (
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/prefab/prefabtest"
	"github.com/tessera-engine/tessera/world"
)

type Life struct{ HP, Max int }

var (
	Health = world.DefineComponent[Life]("Health")
	Name   = world.DefineComponent[string]("Name")
)

// Prefabs stands for the function a game has that builds its prefab
// library at start-up.
func Prefabs() *prefab.Library {
	return prefab.NewLibrary(prefab.Component(Health), prefab.Component(Name))
}

// TestGamePrefabs is the test a game writes: docs/PREFABS.md shows its
// body.
func TestGamePrefabs(t *testing.T) {
	prefabtest.Check(t, Prefabs(), "testdata/prefabs")
}
