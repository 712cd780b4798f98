package engine_test

import (
	"context"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
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

// TestComponentsPoseRoot: a library of the engine's components sets a
// root's geom.WorldTransform from data, under its own name as every
// engine component is, and a save of the codec over that library loads
// the pose back: the prefab's where the game left it, the game's where
// it changed it.
func TestComponentsPoseRoot(t *testing.T) {
	lib := prefab.NewLibrary(engine.Components()...)
	src := []byte(`
gun:
  components:
    Position: {x: 5, y: 5}
    WorldTransform: {rotation: 0.5, scale: {x: 2, y: 3}}
`)
	if err := lib.LoadBytes("guns.yaml", src); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	still, err := lib.Spawn(w, "gun", nil)
	if err != nil {
		t.Fatal(err)
	}
	turned, err := lib.Spawn(w, "gun", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := geom.Pose{Rotation: 0.5, Scale: geom.Vec2{X: 2, Y: 3}}
	if got, ok := geom.WorldTransform.Get(w, still); !ok || *got != want {
		t.Fatalf("the spawned gun's WorldTransform = %v, %v; want %+v", got, ok, want)
	}
	moved := geom.Pose{Rotation: -1, Scale: geom.Vec2{X: 0.5}}
	if err := geom.WorldTransform.Set(w, turned, moved); err != nil {
		t.Fatal(err)
	}
	codec, err := save.New(lib, save.Component(geom.Position), save.Component(geom.WorldTransform))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []save.Format{save.YAML, save.Compact} {
		data, err := codec.Save(w, save.SaveOptions{Format: f})
		if err != nil {
			t.Fatalf("%v: save: %v", f, err)
		}
		got := world.New()
		if _, err := codec.Load(context.Background(), got, data, save.LoadOptions{}); err != nil {
			t.Fatalf("%v: load: %v\n%s", f, err, data)
		}
		for e, pose := range map[world.Entity]geom.Pose{still: want, turned: moved} {
			if p, ok := geom.WorldTransform.Get(got, e); !ok || *p != pose {
				t.Errorf("%v: loaded %v's WorldTransform = %v, %v; want %+v\n%s", f, e, p, ok, pose, data)
			}
		}
		if got.Hash() != w.Hash() {
			t.Errorf("%v: the loaded world differs: %v\n%s", f, got.Diff(w), data)
		}
	}
}
