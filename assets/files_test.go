package assets_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

func TestWithFiles(t *testing.T) {
	base := fstest.MapFS{
		"prefabs/a.yaml":  {Data: []byte("a")},
		"sprites/old.png": {Data: []byte("base")},
		"sprites/x.png":   {Data: []byte("x")},
	}
	fsys := assets.WithFiles(base, map[string][]byte{
		"sprites/old.png": []byte("top"),
		"sprites/new.png": []byte("new"),
		"sounds/a.wav":    []byte("wav"),
	})
	for name, want := range map[string]string{
		"prefabs/a.yaml": "a", "sprites/old.png": "top", "sprites/new.png": "new", "sprites/x.png": "x", "sounds/a.wav": "wav",
	} {
		got, err := fs.ReadFile(fsys, name)
		if err != nil || string(got) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	if _, err := fs.ReadFile(fsys, "nope.png"); !errorsIsNotExist(err) {
		t.Errorf("ReadFile(nope.png) = %v, want fs.ErrNotExist", err)
	}
	var walked []string
	if err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			walked = append(walked, p)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"prefabs/a.yaml", "sounds/a.wav", "sprites/new.png", "sprites/old.png", "sprites/x.png"}
	if !slices.Equal(walked, want) {
		t.Errorf("WalkDir found %q, want %q", walked, want)
	}
	if err := fstest.TestFS(fsys, want...); err != nil {
		t.Error(err)
	}
	// Loaded through a loader, the top file wins.
	if _, err := assets.New(assets.WithFiles(nil, map[string][]byte{"d.yaml": []byte("x: 1")})).Data("d.yaml"); err != nil {
		t.Errorf("a loader over WithFiles(nil, ...): %v", err)
	}
}

func errorsIsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// TestOver: a directory's files over a game's: the directory's win, the
// game's others stay, and fstest.TestFS finds a valid file system.
func TestOver(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "prefabs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "prefabs", "a.yaml"), []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	shipped := assets.WithFiles(fstest.MapFS{"prefabs/a.yaml": {Data: []byte("shipped")}, "prefabs/b.yaml": {Data: []byte("b")}},
		map[string][]byte{"fonts/made.ttf": []byte("in code")})
	fsys := assets.Over(os.DirFS(dir), shipped)
	for name, want := range map[string]string{"prefabs/a.yaml": "edited", "prefabs/b.yaml": "b", "fonts/made.ttf": "in code"} {
		if got, err := fs.ReadFile(fsys, name); err != nil || string(got) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	if err := fstest.TestFS(fsys, "prefabs/a.yaml", "prefabs/b.yaml", "fonts/made.ttf"); err != nil {
		t.Error(err)
	}
	if assets.Over(shipped, nil) != shipped {
		t.Error("Over(top, nil) is not top")
	}
}
