package level_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/world"
)

// seed adds testdata's files matching pattern to f's corpus.
func seed(f *testing.F, pattern string) {
	names, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil || len(names) == 0 {
		f.Fatalf("no seeds %s: %v", pattern, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// checkLoad checks what a load of file gave: a map that spawns, or
// errors that each name a file, the first with a line, every one a
// *LoadError wrapping a sentinel.
func checkLoad(t *testing.T, m *level.Map, err error) {
	t.Helper()
	if err != nil {
		if m != nil {
			t.Fatalf("Load returned a map and %v", err)
		}
		errs := level.Errors(err)
		if len(errs) == 0 || errs[0].Line < 1 {
			t.Fatalf("Load = %v; want *LoadErrors, the first with a line", err)
		}
		for _, e := range errs {
			if e.File == "" || !errors.Is(e, level.ErrSyntax) && !errors.Is(e, level.ErrUnsupported) && !errors.Is(e, level.ErrNotFound) &&
				!errors.Is(e, level.ErrUnknownPrefab) && !errors.Is(e, level.ErrUnknownProperty) && !errors.Is(e, level.ErrBadValue) &&
				!errors.Is(e, level.ErrTile) && !errors.Is(e, level.ErrLimit) {
				t.Fatalf("error %v names no file or wraps no sentinel", e)
			}
		}
		return
	}
	for _, o := range m.Objects() {
		if math.IsNaN(o.Position.X) || math.IsNaN(o.Position.Y) || math.IsInf(o.Position.X, 0) || math.IsInf(o.Position.Y, 0) {
			t.Fatalf("%v at %v", o, o.Position)
		}
	}
	w := world.New()
	m.Spawn(w)
	gw, gh := m.Grid()
	for _, l := range m.Layers() {
		if l.Kind != level.TileLayer {
			continue // its cells would be the map's whole grid, unbounded
		}
		for y := range gh {
			for x := range gw {
				if tile, ok := l.TileAt(x, y); ok && tile.Tileset == nil {
					t.Fatalf("layer %q: tile at (%d, %d) has no tileset", l.Name, x, y)
				}
			}
		}
	}
}

// FuzzLoad feeds arbitrary bytes to the map loader as a map beside
// testdata's tileset: each input loads a map that spawns, or fails with
// *LoadErrors naming the file and a line, in bounded time and memory; it
// never panics. Seeds are testdata/*.tmx.
func FuzzLoad(f *testing.F) {
	seed(f, "*.tmx")
	files := testFiles(f)
	opts := options(f)
	opts.Limits = level.Limits{Cells: 1 << 12, Objects: 1 << 10, Elements: 1 << 14}
	f.Fuzz(func(t *testing.T, data []byte) {
		fs := fstest.MapFS{"ground.tsx": files["ground.tsx"], "tiles.png": files["tiles.png"], "a.tmx": {Data: data}}
		m, err := level.Load(assets.New(fs), "a.tmx", opts)
		checkLoad(t, m, err)
	})
}

// FuzzTileset is FuzzLoad for the tileset testdata/room.tmx names.
// Seeds are testdata/*.tsx.
func FuzzTileset(f *testing.F) {
	seed(f, "*.tsx")
	files := testFiles(f)
	opts := options(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fs := fstest.MapFS{"room.tmx": files["room.tmx"], "tiles.png": files["tiles.png"], "ground.tsx": {Data: data}}
		m, err := level.Load(assets.New(fs), "room.tmx", opts)
		checkLoad(t, m, err)
	})
}
