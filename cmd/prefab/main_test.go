package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/prefab/prefabcmd"
)

func TestCommand(t *testing.T) {
	lib := library()
	var stdout, stderr bytes.Buffer
	if code := prefabcmd.Run(lib, []string{"schema"}, &stdout, &stderr); code != 0 || !json.Valid(stdout.Bytes()) {
		t.Errorf("prefab schema = %d, %s; want 0 and valid JSON", code, stderr.String())
	}

	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.yaml")
	if err := os.WriteFile(ok, []byte("marker: {}\nvariant:\n  extends: marker\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("x:\n  components:\n    Nothing: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := prefabcmd.Run(lib, []string{"check", ok}, &stdout, &stderr); code != 0 {
		t.Errorf("prefab check ok.yaml = %d, %s; want 0", code, stderr.String())
	}
	if code := prefabcmd.Run(lib, []string{"check", "-assets", dir, ok}, &stdout, &stderr); code != 0 {
		t.Errorf("prefab check -assets dir ok.yaml = %d, %s; want 0", code, stderr.String())
	}
	stderr.Reset()
	if code := prefabcmd.Run(lib, []string{"check", dir}, &stdout, &stderr); code != 1 || !bytes.Contains(stderr.Bytes(), []byte(`unknown component "Nothing"`)) {
		t.Errorf("prefab check dir = %d, %s; want 1 and an unknown component", code, stderr.String())
	}
}

// TestEnumsByName: prefab data writes the engine's enumerations by name
// (mode: wrap), and a number or an unknown name is an error listing the
// names.
func TestEnumsByName(t *testing.T) {
	lib := library()
	dir := t.TempDir()
	for _, tt := range []struct {
		mode string
		ok   bool
	}{{"wrap", true}, {"destroy-outside", true}, {"2", false}, {"wrapped", false}} {
		path := filepath.Join(dir, "star.yaml")
		data := "star:\n  components:\n    Bounds: {rect: {min: {x: -320, y: -180}, max: {x: 320, y: 180}}, mode: " + tt.mode + "}\n"
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := prefabcmd.Run(lib, []string{"check", path}, &stdout, &stderr)
		if tt.ok && code != 0 || !tt.ok && (code != 1 || !bytes.Contains(stderr.Bytes(), []byte("clamp, bounce, wrap, destroy-outside"))) {
			t.Errorf("mode: %s: prefab check = %d, %s; want ok %v (an error listing the names otherwise)", tt.mode, code, stderr.String(), tt.ok)
		}
	}
}

// TestEngineComponents: prefab data may use the components the engine
// ships, by name, and the schema lists them.
func TestEngineComponents(t *testing.T) {
	lib := library()
	dir := t.TempDir()
	path := filepath.Join(dir, "ball.yaml")
	data := "ball:\n  components:\n    Position: {x: 10, y: 20}\n    Velocity: {x: 60}\n    Lifetime: {seconds: 2}\n    Shape: {kind: circle, radius: 4}\n    Hidden: {}\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := prefabcmd.Run(lib, []string{"check", path}, &stdout, &stderr); code != 0 {
		t.Errorf("prefab check ball.yaml = %d, %s; want 0", code, stderr.String())
	}
	stdout.Reset()
	prefabcmd.Run(lib, []string{"schema"}, &stdout, &stderr)
	for _, name := range []string{`"Position"`, `"Velocity"`, `"Collider"`, `"Lifetime"`, `"Shape"`, `"Hidden"`} {
		if !bytes.Contains(stdout.Bytes(), []byte(name)) {
			t.Errorf("schema does not mention %s", name)
		}
	}
}

// TestShippedSchemaIsCurrent: docs/prefab.schema.json, the schema editors
// point at, is what the command writes today. Regenerate it with
// go run ./cmd/prefab schema > docs/prefab.schema.json.
func TestShippedSchemaIsCurrent(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", "prefab.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got, stderr bytes.Buffer
	if code := prefabcmd.Run(library(), []string{"schema"}, &got, &stderr); code != 0 {
		t.Fatalf("schema: %d %s", code, stderr.String())
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("docs/prefab.schema.json is stale; run: go run ./cmd/prefab schema > docs/prefab.schema.json")
	}
}
