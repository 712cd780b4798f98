package level_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/level"
)

// dev is a directory of a map's files, as a designer saves them.
type dev struct {
	t   *testing.T
	dir string
	l   *assets.Loader
	now time.Time
}

// newDev copies testdata's map into a temporary directory, with a loader
// of it.
func newDev(t *testing.T) *dev {
	d := &dev{t: t, dir: t.TempDir(), now: time.Now().Add(-time.Hour)}
	for name, f := range testFiles(t) {
		d.write(name, string(f.Data))
	}
	d.l = assets.New(os.DirFS(d.dir))
	return d
}

// write saves a file, a second later than the last save, so that its
// modification time changes whatever the file system's resolution.
func (d *dev) write(name, data string) {
	d.t.Helper()
	p := filepath.Join(d.dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		d.t.Fatal(err)
	}
	d.now = d.now.Add(time.Second)
	if err := os.Chtimes(p, d.now, d.now); err != nil {
		d.t.Fatal(err)
	}
}

// edit saves name with old replaced by new.
func (d *dev) edit(name, old, new string) {
	d.t.Helper()
	data, err := os.ReadFile(filepath.Join(d.dir, name))
	if err != nil {
		d.t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		d.t.Fatalf("%s has no %q", name, old)
	}
	d.write(name, strings.Replace(string(data), old, new, 1))
}

// load loads room.tmx and watches it, looking at every poll.
func (d *dev) load() *level.Watcher {
	d.t.Helper()
	m, err := level.Load(d.l, "room.tmx", options(d.t))
	if err != nil {
		d.t.Fatal(err)
	}
	return m.Watch(0)
}

// poll polls w, wanting nothing to tell.
func quiet(t *testing.T, w *level.Watcher, why string) {
	t.Helper()
	if r, ok := w.Poll(); ok {
		t.Fatalf("%s: Poll = %+v; want nothing to tell", why, r)
	}
}

// reloaded polls w, wanting a new map, and returns it.
func reloaded(t *testing.T, w *level.Watcher, why string) *level.Map {
	t.Helper()
	r, ok := w.Poll()
	if !ok || r.Err != nil || r.Map == nil || w.Map() != r.Map {
		t.Fatalf("%s: Poll = %+v, %v; want a new map", why, r, ok)
	}
	return r.Map
}

func title(m *level.Map) string {
	p, _ := m.Properties().Lookup("title")
	return p.Value
}

// TestWatchMap: a saved map loads again, whole; a file touched but not
// changed does not; a broken save keeps the map and is told once, until
// the next save.
func TestWatchMap(t *testing.T) {
	d := newDev(t)
	w := d.load()
	first := w.Map()
	quiet(t, w, "nothing saved")
	d.edit("room.tmx", "The room", "The hall")
	m := reloaded(t, w, "the title changed")
	if title(m) != "The hall" || title(first) != "The room" {
		t.Errorf("titles %q and %q; want the new map's changed, the old one's kept", title(m), title(first))
	}
	quiet(t, w, "nothing saved since")
	data, _ := os.ReadFile(filepath.Join(d.dir, "room.tmx"))
	d.write("room.tmx", string(data))
	quiet(t, w, "saved unchanged")

	d.edit("room.tmx", `class="crate"`, `class="crat"`)
	r, ok := w.Poll()
	if !ok || r.Map != nil || !errors.Is(r.Err, level.ErrUnknownPrefab) || !strings.Contains(r.Err.Error(), `room.tmx:`) {
		t.Fatalf("broken save: Poll = %+v, %v; want the unknown prefab", r, ok)
	}
	if w.Map() != m {
		t.Errorf("a broken save replaced the map")
	}
	quiet(t, w, "the broken save, told already")
	d.edit("room.tmx", `class="crat"`, `class="crate"`)
	reloaded(t, w, "the save fixed")
}

// TestWatchTileset: a map follows its tileset as the asset loader holds
// it: a saved tileset reloads the map once the loader has reloaded it,
// and holds the map back until then (even if the map was saved too), so
// that the map is never checked against, or drawn with, a tileset the
// renderer does not have yet.
func TestWatchTileset(t *testing.T) {
	d := newDev(t)
	w := d.load()
	walls, _ := w.Map().Layer("walls")
	if walls.Colliders() != 5 {
		t.Fatalf("walls make %d colliders, want 5", walls.Colliders())
	}
	// Tile 4 becomes animated, and the map shows it: the map checks its
	// clip against the tileset's atlas.
	d.edit("ground.tsx", ` <tile id="5">`, ` <tile id="4"><animation><frame tileid="4" duration="100"/><frame tileid="0" duration="100"/></animation></tile>
 <tile id="5">`)
	d.edit("room.tmx", "1,1,1,1,1,1,\n1,1,1,1,1,1,", "5,1,1,1,1,1,\n1,1,1,1,1,1,")
	quiet(t, w, "the tileset is saved, the loader has not reloaded it")
	if r := d.l.Reload(); r.Err != nil || len(r.Paths) != 1 {
		t.Fatalf("the loader's Reload = %+v", r)
	}
	m := reloaded(t, w, "the loader reloaded the tileset")
	floor, _ := m.Layer("floor")
	if tile, ok := floor.TileAt(0, 0); !ok || tile.ID != 4 || tile.Animation.Clip == 0 {
		t.Errorf("the new map's first floor tile = %+v, %v; want tile 4, animated", tile, ok)
	}

	// Tile 1 no longer collides: the walls lose their colliders.
	d.edit("ground.tsx", `<property name="collides" type="bool" value="true"/>
   <property name="tags" value="solid"/>`, `<property name="tags" value="solid"/>`)
	quiet(t, w, "saved, not reloaded")
	d.l.Reload()
	m = reloaded(t, w, "reloaded")
	if walls, _ := m.Layer("walls"); walls.Colliders() != 2 {
		t.Errorf("walls make %d colliders, want 2: the door and the half tile", walls.Colliders())
	}

	// A broken tileset: the loader keeps the old one, and so does the map.
	d.edit("ground.tsx", `tilewidth="8"`, `tilewidth="eight"`)
	d.edit("room.tmx", "The room", "The hall")
	if r := d.l.Reload(); r.Err == nil {
		t.Fatalf("the loader reloaded a broken tileset")
	}
	quiet(t, w, "the tileset broken")
	d.edit("ground.tsx", `tilewidth="eight"`, `tilewidth="8"`)
	d.l.Reload()
	if m := reloaded(t, w, "the tileset fixed"); title(m) != "The hall" {
		t.Errorf("title %q, want the map's save to show with the tileset's", title(m))
	}
}

// TestWatchMissingTileset: a map saved naming a tileset not yet written
// fails, and loads once the tileset is saved.
func TestWatchMissingTileset(t *testing.T) {
	d := newDev(t)
	w := d.load()
	d.edit("room.tmx", `<tileset firstgid="1" source="ground.tsx"/>`, `<tileset firstgid="1" source="ground.tsx"/>
 <tileset firstgid="9" source="more.tsx"/>`)
	if r, ok := w.Poll(); !ok || !errors.Is(r.Err, level.ErrNotFound) {
		t.Fatalf("Poll = %+v, %v; want the missing tileset", r, ok)
	}
	quiet(t, w, "told already")
	data, _ := os.ReadFile(filepath.Join(d.dir, "ground.tsx"))
	d.write("more.tsx", string(data))
	if m := reloaded(t, w, "the tileset saved"); len(m.Tilesets()) != 2 {
		t.Errorf("%d tilesets, want 2", len(m.Tilesets()))
	}
}

// TestWatchInterval: a watcher looks at most once per interval.
func TestWatchInterval(t *testing.T) {
	d := newDev(t)
	m, err := level.Load(d.l, "room.tmx", options(t))
	if err != nil {
		t.Fatal(err)
	}
	w := m.Watch(time.Hour)
	quiet(t, w, "the first look")
	d.edit("room.tmx", "The room", "The hall")
	quiet(t, w, "within the hour")
}
