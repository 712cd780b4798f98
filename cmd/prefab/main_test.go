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
	stderr.Reset()
	if code := prefabcmd.Run(lib, []string{"check", dir}, &stdout, &stderr); code != 1 || !bytes.Contains(stderr.Bytes(), []byte(`unknown component "Nothing"`)) {
		t.Errorf("prefab check dir = %d, %s; want 1 and an unknown component", code, stderr.String())
	}
}
