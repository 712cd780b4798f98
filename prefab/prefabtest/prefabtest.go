// Package prefabtest checks a game's prefab files from the game's own
// go test, so that a designer's mistake fails CI with the file, line and
// column of every problem:
//
//	func TestPrefabs(t *testing.T) {
//		prefabtest.Check(t, game.Prefabs(), "assets/prefabs")
//	}
//
// where game.Prefabs returns the game's [prefab.Library] with its
// components registered, its code prefabs added and its factories
// attached, as the game builds it at start-up.
package prefabtest

import (
	"io/fs"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
)

// Check loads paths (prefab files, or directories of them) against lib, as
// [prefab.Library.Check] does, and reports each problem it finds as an
// error of t: every one, not only the first. lib is unchanged. A game
// calls it from a test with the library it builds at start-up.
func Check(t testing.TB, lib *prefab.Library, paths ...string) {
	t.Helper()
	if len(paths) == 0 {
		t.Fatal("prefabtest.Check: no paths to check")
	}
	report(t, lib.Check(paths...))
}

// CheckFS is [Check] for the files of fsys, such as the embed.FS a game
// ships its prefabs in. No path means the whole of fsys.
func CheckFS(t testing.TB, lib *prefab.Library, fsys fs.FS, paths ...string) {
	t.Helper()
	report(t, lib.CheckFS(fsys, paths...))
}

func report(t testing.TB, err error) {
	t.Helper()
	if err == nil {
		return
	}
	errs := prefab.Errors(err)
	if len(errs) == 0 {
		t.Error(err)
		return
	}
	for _, e := range errs {
		t.Error(e)
	}
}
