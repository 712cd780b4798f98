package game

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab/prefabtest"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

var update = flag.Bool("update", false, "rewrite assets/prefabs/prefabs.schema.json")

func TestPrefabFiles(t *testing.T) {
	prefabtest.CheckFS(t, Prefabs(), Assets(), PrefabsDir)
}

// TestPrefabsSpawn spawns every shipped prefab and checks that the bodies
// have what the game walks and draws.
func TestPrefabsSpawn(t *testing.T) {
	lib := library(t)
	if len(lib.Names()) < 2 {
		t.Fatalf("prefabs %v, want the field and bodies", lib.Names())
	}
	look := &Look{Region: 7, Side: 16}
	for _, name := range lib.Names() {
		t.Run(name, func(t *testing.T) {
			w := world.New()
			e, err := lib.Spawn(w, name, look)
			if err != nil {
				t.Fatal(err)
			}
			if name == FieldPrefab {
				if !w.Has(e, Field) {
					t.Error("the field has no Field component")
				}
				return
			}
			for _, c := range []world.ComponentType{geom.Position, geom.Velocity, Radius, Tint, Body, drawable.Sprite} {
				if !w.Has(e, c) {
					t.Errorf("body has no %s", c.Name())
				}
			}
			pic := drawable.Sprite.Require(w, e)
			r := Radius.Require(w, e).R
			if pic.Region != look.Region || pic.Scale.X != 2*r/look.Side || pic.Tint != *Tint.Require(w, e) {
				t.Errorf("sprite %+v, want region %v scaled to radius %g and tinted %v", pic, look.Region, r, *Tint.Require(w, e))
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

// TestConfigDefaults checks that the default bindings name real buttons
// and that the game's keys load.
func TestConfigDefaults(t *testing.T) {
	def := ConfigDefaults()
	if _, err := engine.NewInput(def.Input); err != nil {
		t.Error(err)
	}
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{}, Defaults: def, Keys: Keys(), File: ""})
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Game[OverlayKeyKey]; got != "F3" {
		t.Errorf("%s = %v, want F3", OverlayKeyKey, got)
	}
	if len(cfg.Input.Actions[ActionAdd]) == 0 || len(cfg.Input.Actions[ActionRemove]) == 0 {
		t.Errorf("actions %v, want add and remove bound", cfg.Input.Actions)
	}
}
