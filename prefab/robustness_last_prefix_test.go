package prefab_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/prefab"
)

func TestLastSiblingPrefixSound(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a/x.yaml", "x: {}\n")
	write(t, dir, "ab/y.yaml", "y: {}\n")
	lib := prefab.NewLibrary()
	for _, p := range []string{"a", "ab", "a", filepath.Join("a") + string(filepath.Separator)} {
		if err := lib.Load(filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := lib.Lookup("y"); !ok {
		t.Errorf("sibling ab dropped: %v", lib.Names())
	}
	fsys := fstest.MapFS{"a/x.yaml": {Data: []byte("x: {}\n")}, "ab/y.yaml": {Data: []byte("y: {}\n")}}
	lib2 := prefab.NewLibrary()
	for _, p := range [][]string{{"a"}, {"ab"}, {"a"}, {"."}, {"."}} {
		if err := lib2.LoadFS(fsys, p...); err != nil {
			t.Fatal(err)
		}
	}
	if len(lib2.Names()) != 2 {
		t.Errorf("fs: %v", lib2.Names())
	}
}
