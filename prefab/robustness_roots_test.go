package prefab_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/prefab"
)

func TestLoadNestedRootsForgetDeletedFiles(t *testing.T) {
	pf := func(name string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(name + ": {}\n")} }
	// fs.FS: dir root, then a file root inside it; file deleted; dir again.
	m := fstest.MapFS{"a/b.yaml": pf("b"), "a/c.yaml": pf("c"), "a/.h.yaml": pf("h")}
	lib := prefab.NewLibrary()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(lib.LoadFS(m, "a"))
	must(lib.LoadFS(m, "a/b.yaml", "a/.h.yaml"))
	delete(m, "a/b.yaml")
	must(lib.LoadFS(m, "a"))
	t.Logf("fs: %q", lib.Files())
	if slices.Contains(lib.Files(), "a/b.yaml") || !slices.Contains(lib.Files(), "a/.h.yaml") {
		t.Errorf("fs: %q", lib.Files())
	}
	// "." fs root again
	must(lib.LoadFS(m))
	must(lib.LoadFS(m))
	t.Logf("fs .: %q", lib.Files())

	// OS nested roots.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "x.yaml"), []byte("x: {}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "y.yaml"), []byte("y: {}\n"), 0o644)
	lib2 := prefab.NewLibrary()
	must(lib2.Load(dir))
	must(lib2.Load(filepath.Join(dir, "sub")))
	must(lib2.Load(dir)) // live: kept
	os.Remove(filepath.Join(dir, "sub", "x.yaml"))
	must(lib2.Load(filepath.Join(dir, "sub")))
	t.Logf("os: %q", lib2.Files())
	if len(lib2.Files()) != 1 {
		t.Errorf("os: %q", lib2.Files())
	}
}
