package engine_test

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// TestComponentsPlaceChildren: a library of the engine's components
// places a YAML child's `at:` in systems.LocalTransform, as
// docs/PREFABS.md says, with no registration of the game's own.
func TestComponentsPlaceChildren(t *testing.T) {
	lib := prefab.NewLibrary(engine.Components()...)
	src := []byte(`
cap: {components: {Position: {x: 0, y: 0}}}
pipe:
  components: {Position: {x: 5, y: 5}}
  children: [{prefab: cap, at: {x: 0, y: -16}}]
`)
	if err := lib.LoadBytes("pipes.yaml", src); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	pipe, err := lib.Spawn(w, "pipe", nil)
	if err != nil {
		t.Fatal(err)
	}
	kids := world.ChildOf.Sources(w, pipe)
	if len(kids) != 1 {
		t.Fatalf("pipe has %d children; want its cap", len(kids))
	}
	at, ok := systems.LocalTransform.Get(w, kids[0])
	if want := (geom.Vec2{Y: -16}); !ok || at.Offset != want {
		t.Errorf("the cap's LocalTransform = %+v, %v; want offset %v", at, ok, want)
	}
}
