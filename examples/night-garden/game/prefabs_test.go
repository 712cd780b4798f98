package game

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab/prefabtest"
	"github.com/tessera-engine/tessera/world"
)

var update = flag.Bool("update", false, "rewrite assets/prefabs/prefabs.schema.json")

// schemaFile is the schema the prefab files name in their first line.
var schemaFile = filepath.Join("assets", PrefabDir, "prefabs.schema.json")

// TestPrefabFiles checks every shipped prefab file against the garden's
// components, reporting each problem with its file, line and column.
func TestPrefabFiles(t *testing.T) {
	prefabtest.CheckFS(t, Prefabs(), Files(), PrefabDir)
}

// TestPrefabsSpawn: every shipped prefab spawns, with a Firefly or a
// Flower, and the garden spawns each kind its settings name.
func TestPrefabsSpawn(t *testing.T) {
	lib := Prefabs()
	if err := lib.LoadFS(Files(), PrefabDir); err != nil {
		t.Fatal(err)
	}
	if len(lib.Names()) < 2 {
		t.Fatalf("prefabs %v, want fireflies and flowers", lib.Names())
	}
	w := world.New()
	for _, name := range lib.Names() {
		e, err := lib.Spawn(w, name, nil)
		if err != nil {
			t.Errorf("Spawn(%q): %v", name, err)
			continue
		}
		if !w.Has(e, FireflyData) && !w.Has(e, FlowerData) {
			t.Errorf("prefab %q spawns %v, want a Firefly or a Flower", name, w.ComponentsOf(e))
		}
	}
	g, h := start(t, Options{})
	step(t, h)
	kinds := map[string]bool{}
	for _, f := range g.Snapshot().Fireflies {
		kinds[f.Kind] = true
	}
	for _, f := range g.Snapshot().Flowers {
		kinds[f.Kind] = true
	}
	s := g.Settings()
	for _, k := range append(append([]string(nil), s.Fireflies.Kinds...), s.Flowers.Kinds...) {
		if !kinds[k] {
			t.Errorf("settings name %q, but the garden has none", k)
		}
	}
}

// TestPrefabFilesNameTheSchema: every prefab file starts with the line
// that points the YAML language server at the schema.
func TestPrefabFilesNameTheSchema(t *testing.T) {
	const first = "# yaml-language-server: $schema=prefabs.schema.json\n"
	paths, err := fs.Glob(Files(), PrefabDir+"/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("prefab files %v, %v", paths, err)
	}
	for _, p := range paths {
		data, err := fs.ReadFile(Files(), p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), first) {
			t.Errorf("%s does not start with %q", p, first)
		}
	}
}

// TestSchemaIsCurrent: the shipped schema is what the library writes
// today, with the shipped prefabs loaded (so editors offer their names
// for extends). go test ./examples/night-garden/... -update rewrites it.
func TestSchemaIsCurrent(t *testing.T) {
	lib := Prefabs()
	if err := lib.LoadFS(Files(), PrefabDir); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := lib.WriteSchema(&want); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(schemaFile, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatalf("%v (go test ./examples/night-garden/... -update writes it)", err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s is stale: run go test ./examples/night-garden/... -update", schemaFile)
	}
}
