package game

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab/prefabtest"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

var update = flag.Bool("update", false, "rewrite assets/prefabs/prefabs.schema.json")

func TestPrefabFiles(t *testing.T) {
	prefabtest.CheckFS(t, Prefabs(), Files(), PrefabsDir)
}

// TestPrefabsSpawn spawns every shipped prefab and checks that the bodies
// have what the game walks and draws: a sprite whose picture the files
// have.
func TestPrefabsSpawn(t *testing.T) {
	lib := library(t)
	if len(lib.Names()) < 2 {
		t.Fatalf("prefabs %v, want the field and bodies", lib.Names())
	}
	files := assets.New(Files())
	for _, name := range lib.Names() {
		t.Run(name, func(t *testing.T) {
			w := world.New()
			e, err := lib.Spawn(w, name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if name == FieldPrefab {
				if !w.Has(e, Field) {
					t.Error("the field has no Field component")
				}
				return
			}
			for _, c := range []world.ComponentType{geom.Position, geom.Velocity, Radius, Body, drawable.Sprite} {
				if !w.Has(e, c) {
					t.Errorf("body has no %s", c.Name())
				}
			}
			if pic := drawable.Sprite.Require(w, e); pic.Region.IsZero() {
				t.Error("body's sprite shows nothing")
			} else if err := pic.Region.CheckAssets(files); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSchemaIsCurrent: assets/prefabs/prefabs.schema.json, which the
// prefab files name for editors, is what the library writes. Run
// go test ./examples/ecs-stress/... -update to rewrite it.
func TestSchemaIsCurrent(t *testing.T) {
	var got bytes.Buffer
	if err := library(t).WriteSchema(&got); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("assets", filepath.FromSlash(SchemaPath))
	if *update {
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("%s is stale; run: go test ./examples/ecs-stress/... -update", path)
	}
}

// TestConfig checks that the default bindings name real buttons, that
// the game's keys load, and that OptionsOf reads them.
func TestConfig(t *testing.T) {
	def := Config()
	if _, err := engine.NewInput(def.Input); err != nil {
		t.Error(err)
	}
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-bodies", "300", "-walk", "each", "-collide", "-seed", "5"}, Defaults: def, Keys: Keys()})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Input.Actions[ActionAdd]) == 0 || len(cfg.Input.Actions[ActionRemove]) == 0 {
		t.Errorf("actions %v, want add and remove bound", cfg.Input.Actions)
	}
	want := Options{Bodies: 300, Walk: "each", Collide: true, Seed: 5, HUD: true, View: geom.Vec2{X: 1280, Y: 720}}
	if got := OptionsOf(cfg); got != want {
		t.Errorf("OptionsOf = %+v, want %+v", got, want)
	}
	if got := OptionsOf(engine.Config{}); got.Walk != "slots" || got.Seed != 1 || got.Bodies != 0 {
		t.Errorf("OptionsOf(no keys) = %+v, want the defaults", got)
	}
}

// TestFromConfig: a scene made by FromConfig takes its options from the
// configuration of the engine running it, its game keys and window size,
// when it is entered.
func TestFromConfig(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-bodies", "300", "-walk", "each", "-seed", "5", "-window.width", "640", "-window.height", "360"},
		Defaults: Config(), Keys: Keys()})
	if err != nil {
		t.Fatal(err)
	}
	s := FromConfig()
	h, err := engine.NewHeadless(cfg, engine.Game{First: s, Assets: Files()}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	want := Options{Bodies: 300, Walk: "each", Seed: 5, HUD: true, View: geom.Vec2{X: 640, Y: 360}}
	if got := s.Options(); got != want || s.Bodies() != 300 {
		t.Errorf("Options() = %+v with %d bodies, want %+v", got, s.Bodies(), want)
	}
}
