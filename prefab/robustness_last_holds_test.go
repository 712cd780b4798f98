package prefab_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
)

// Load(".") loaded again holds, by root.holds, every file of the OS file
// system: a file another root loaded by an absolute path (or "../x") is
// not under "." but is dropped, as "deleted", and its prefabs vanish.
func TestLastDotRootDropsOtherRoots(t *testing.T) {
	work, other := t.TempDir(), t.TempDir()
	write(t, work, "a.yaml", "a: {}\n")
	write(t, other, "b.yaml", "b: {}\n")
	t.Chdir(work)
	lib := prefab.NewLibrary()
	for _, p := range []string{".", other, "."} {
		if err := lib.Load(p); err != nil {
			t.Fatalf("Load(%q): %v", p, err)
		}
	}
	t.Logf("names %v, files %v", lib.Names(), lib.Files())
	if _, ok := lib.Lookup("b"); !ok {
		t.Errorf("Load(%q) then Load(\".\") again: prefab b of %s, still there, was dropped", other, filepath.Join(other, "b.yaml"))
	}
}

// A file given to Load by name (a dotfile, or any extension: a file root
// is read whatever its name) lies under a folder loaded again, whose walk
// skips it: it is dropped though it exists and its own root still lists
// it (the next Reload brings it back).
func TestLastExplicitFileUnderReloadedDir(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "a: {}\n")
	write(t, dir, ".wip.yaml", "wip: {}\n")
	write(t, dir, "extra.prefab", "extra: {}\n")
	write(t, dir, ".drafts/d.yaml", "draft: {}\n")
	lib := prefab.NewLibrary()
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	if err := lib.Load(filepath.Join(dir, ".wip.yaml"), filepath.Join(dir, "extra.prefab"), filepath.Join(dir, ".drafts")); err != nil {
		t.Fatal(err)
	}
	before := lib.Names()
	if err := lib.Load(dir); err != nil { // e.g. the editor's "reload folder"
		t.Fatal(err)
	}
	after := lib.Names()
	r := lib.Reload()
	t.Logf("names before %v, after Load(dir) again %v, after Reload %v (%+v)", before, after, lib.Names(), r)
	if !slices.Equal(before, after) {
		t.Errorf("Load(dir) again dropped files loaded by their own roots: names %v, were %v", after, before)
	}
}
