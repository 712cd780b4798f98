package prefab_test

// Roots are what Load and LoadFS were given: loading one again makes it
// hold what it holds now, without dropping files other roots loaded.

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/prefab"
)

// TestOverlappingRoots: a folder and a folder inside it, loaded in every
// order, keep all their files; a prefab moved from the inner folder to
// the outer one is not defined twice.
func TestOverlappingRoots(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "a: {}\n")
	write(t, dir, "sub/b.yaml", "b: {}\n")
	lib := prefab.NewLibrary()
	steps := []func() error{
		func() error { return lib.Load(filepath.Join(dir, "sub")) },
		func() error { return lib.Load(dir) },
		func() error { return lib.Load(filepath.Join(dir, "sub")) },
		func() error { return lib.Load(dir, filepath.Join(dir, "sub")) },
		func() error { return lib.Load(filepath.Join(dir, "sub", "b.yaml")) },
		func() error { return lib.Load(dir) },
	}
	for i, f := range steps {
		err := f()
		if len(lib.Names()) < 1 || err != nil {
			t.Errorf("step %d lost files", i)
		}
	}
	// moved prefab: b moves from sub/b.yaml into a.yaml, reload sub only
	os.Remove(filepath.Join(dir, "sub", "b.yaml"))
	write(t, dir, "a.yaml", "a: {}\nb: {}\n")
	err := lib.Load(dir)
	if err != nil {
		t.Errorf("prefab moved between files under overlapping roots: %v", err)
	}
}

// TestOverlapMovedPrefab: a file last listed by an inner root and deleted
// since is dropped when the outer root is loaded again.
func TestOverlapMovedPrefab(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "a: {}\n")
	write(t, dir, "sub/b.yaml", "b: {}\n")
	lib := prefab.NewLibrary()
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	if err := lib.Load(filepath.Join(dir, "sub")); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "sub", "b.yaml"))
	write(t, dir, "a.yaml", "a: {}\nb: {}\n") // b moved into a.yaml
	err := lib.Load(dir)
	if err != nil {
		t.Errorf("Load(dir) again: %v", err)
	}
}

// TestDotRootKeepsOtherRoots: Load(".") loaded again does not drop a
// file another root loaded by an absolute path, which is not under ".".
func TestDotRootKeepsOtherRoots(t *testing.T) {
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
	if _, ok := lib.Lookup("b"); !ok {
		t.Errorf("Load(%q) then Load(\".\") again: prefab b of %s, still there, was dropped", other, filepath.Join(other, "b.yaml"))
	}
}

// TestExplicitFileUnderReloadedDir: a file given to Load by name (a
// dotfile, or any extension: a file root is read whatever its name) that
// lies under a folder whose walk skips it stays when the folder is loaded
// again, since its own root still lists it.
func TestExplicitFileUnderReloadedDir(t *testing.T) {
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
	if !slices.Equal(before, after) {
		t.Errorf("Load(dir) again dropped files loaded by their own roots: names %v, were %v", after, before)
	}
	if r := lib.Reload(); r.Err != nil || len(r.Changed) > 0 {
		t.Errorf("Reload() after = %+v, want nothing changed", r)
	}
}

// TestSiblingPrefixRoots: loading folder "a" again does not drop the
// files of its sibling "ab", whose path it is a prefix of.
func TestSiblingPrefixRoots(t *testing.T) {
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

// TestLoadNestedRootsForgetDeletedFiles: a file deleted since a nested
// root loaded it goes when either root is loaded again, on an fs.FS and
// on the operating system's files.
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
	if slices.Contains(lib.Files(), "a/b.yaml") || !slices.Contains(lib.Files(), "a/.h.yaml") {
		t.Errorf("fs: %q", lib.Files())
	}
	// "." fs root again
	must(lib.LoadFS(m))
	must(lib.LoadFS(m))

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
	if len(lib2.Files()) != 1 {
		t.Errorf("os: %q", lib2.Files())
	}
}

// TestLoadAgainDropsDeletedFiles: loading a folder again forgets the
// files deleted since, as a reload does, so a prefab moved from a deleted
// file to a new one is not defined twice.
func TestLoadAgainDropsDeletedFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "imp: {extends: monster}\n")
	lib := newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "a.yaml"))
	write(t, dir, "b.yaml", "imp: {extends: monster}\n")
	if err := lib.Load(dir); err != nil {
		t.Fatalf("Load(dir) again: %v", err)
	}
	if got := lib.Files(); len(got) != 1 || filepath.Base(got[0]) != "b.yaml" {
		t.Errorf("Files() = %v, want only b.yaml", got)
	}
}

// TestSymlinks: a root that is a link to a folder loads that folder under
// the root's name, and a linked file reloads when the file it points to
// changes.
func TestSymlinks(t *testing.T) {
	real, top := t.TempDir(), t.TempDir()
	write(t, real, "imp.yaml", "imp: {components: {Health: {hp: 1}}}\n")
	link := filepath.Join(top, "prefabs")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	lib := newLibrary(t)
	if err := lib.Load(link); err != nil {
		t.Fatal(err)
	}
	if got := lib.Files(); len(got) != 1 || got[0] != filepath.Join(link, "imp.yaml") {
		t.Errorf("Load(link to a folder): Files() = %v, want [%s]", got, filepath.Join(link, "imp.yaml"))
	}

	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real, "imp.yaml"), filepath.Join(dir, "imp.yaml")); err != nil {
		t.Fatal(err)
	}
	lib = newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	write(t, real, "imp.yaml", "imp: {components: {Health: {hp: 222}}}\n")
	touch(t, filepath.Join(real, "imp.yaml"), 1)
	r := lib.Reload()
	if hp, _ := spawnGet(t, lib, "imp", tHealth); hp.HP != 222 {
		t.Errorf("after editing the linked file, Reload() = %+v and imp has hp %d, want 222", r, hp.HP)
	}
}
