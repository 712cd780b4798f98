package assets_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// dirFiles is a temporary directory of asset files whose writes get
// distinct modification times, so that reloads see every change however
// coarse the file system's clock.
type dirFiles struct {
	t     *testing.T
	dir   string
	clock time.Time
}

func newDirFiles(t *testing.T) *dirFiles {
	return &dirFiles{t: t, dir: t.TempDir(), clock: time.Now().Add(-time.Hour).Truncate(time.Second)}
}

func (d *dirFiles) write(name string, data []byte) {
	d.t.Helper()
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		d.t.Fatal(err)
	}
	d.clock = d.clock.Add(time.Second)
	if err := os.Chtimes(p, d.clock, d.clock); err != nil {
		d.t.Fatal(err)
	}
}

// reload runs a reload and checks what it reports.
func reload(t *testing.T, l *assets.Loader, wantPaths []string, wantErrs ...string) {
	t.Helper()
	r := l.Reload()
	equal(t, "Reload().Paths", r.Paths, wantPaths)
	equal(t, "Reload().Err", messages(t, r.Err), wantErrs)
}

func TestReload(t *testing.T) {
	d := newDirFiles(t)
	d.write("hero.png", pngFile(48, 16))
	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {x: 0, w: 16, h: 16}\n  b: {x: 32, w: 16, h: 16}\n"))
	d.write("tuning.yaml", []byte("speed: 1\n"))
	d.write("ui.ttf", fontFile("OTTO"))
	l := assets.New(os.DirFS(d.dir))
	img, err := l.Image("hero.png")
	if err != nil {
		t.Fatal(err)
	}
	atlas, err := l.Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	grid, err := l.Grid("hero.png", assets.Grid{W: 16, H: 16})
	if err != nil {
		t.Fatal(err)
	}
	data, err := l.Data("tuning.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tuning Stats
	if err := data.Bind(&tuning); err != nil {
		t.Fatal(err)
	}
	font, err := l.Font("ui.ttf")
	if err != nil {
		t.Fatal(err)
	}
	// Loader.Reloads must change exactly when a generation does: a cache
	// that trusts it to skip its look at the assets would otherwise draw
	// a stale picture (or look for nothing).
	gens := func() uint64 { return img.Generation() + atlas.Generation() + grid.Generation() + data.Generation() }
	lastGens, lastReloads := gens(), l.Reloads()
	check := func(what string, imgGen, atlasGen, gridLen, dataGen uint64, speed float64) {
		t.Helper()
		if g, n := gens(), l.Reloads(); (g != lastGens) != (n != lastReloads) {
			t.Errorf("%s: generations summed %d -> %d, Reloads %d -> %d: want both to change or neither", what, lastGens, g, lastReloads, n)
		}
		lastGens, lastReloads = gens(), l.Reloads()
		if img.Generation() != imgGen || atlas.Generation() != atlasGen || uint64(grid.Len()) != gridLen || data.Generation() != dataGen || tuning.Speed != speed {
			t.Errorf("%s: image generation %d, atlas generation %d, grid of %d frames, data generation %d, speed %v; want %d, %d, %d, %d, %v",
				what, img.Generation(), atlas.Generation(), grid.Len(), data.Generation(), tuning.Speed, imgGen, atlasGen, gridLen, dataGen, speed)
		}
	}

	reload(t, l, nil)
	check("unchanged", 1, 1, 3, 1, 1)

	d.write("hero.png", pngFile(48, 16)) // touched: a new time, the same bytes
	reload(t, l, nil)
	check("touched", 1, 1, 3, 1, 1)

	d.write("hero.png", pngFile(64, 32))
	d.write("tuning.yaml", []byte("speed: 2\n"))
	reload(t, l, []string{"hero.png", "tuning.yaml"})
	check("changed", 2, 1, 8, 2, 2)
	if img.Bounds() != image.Rect(0, 0, 64, 32) {
		t.Errorf("image bounds after a reload: %v", img.Bounds())
	}

	d.write("hero.png", []byte("oops"))
	d.write("tuning.yaml", []byte("speed: [\n"))
	reload(t, l, nil, "hero.png: not a PNG file (the loader decodes PNG only)", "tuning.yaml:1: invalid YAML: did not find expected node content")
	reload(t, l, nil) // reported once
	check("broken", 2, 1, 8, 2, 2)

	d.write("tuning.yaml", []byte("speed: 3\nhp: lots\n")) // YAML, but not a Stats
	reload(t, l, nil, `tuning.yaml:2:5: cannot decode the string "lots" into int`)
	check("bad value", 2, 1, 8, 2, 2)

	d.write("hero.png", pngFile(40, 16)) // frame b would no longer fit: the image and its atlases stay as they were
	reload(t, l, nil, `hero.yaml:4:3: frame "b" (32,0)-(48,16) is outside the image hero.png (0,0)-(40,16): kept hero.png and its atlases as they were`)
	reload(t, l, nil)
	check("frame outside", 2, 1, 8, 2, 2)
	if atlas.Frame(1) != image.Rect(32, 0, 48, 16) || !atlas.Frame(1).In(atlas.Image().Bounds()) {
		t.Errorf("after a failed reload, frame %v of an image %v", atlas.Frame(1), atlas.Image().Bounds())
	}

	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {x: 0, w: 16, h: 16}\n  b: {x: 16, w: 16, h: 16}\n"))
	reload(t, l, []string{"hero.png", "hero.yaml"}) // the new frames fit the new image: both load
	check("atlas fixed", 3, 2, 2, 2, 2)

	d.write("hero.png", pngFile(32, 16)) // the frames fit: only the grid changes
	reload(t, l, []string{"hero.png"})
	check("image shrunk", 4, 2, 2, 2, 2)

	d.write("other.png", pngFile(16, 16))
	d.write("hero.yaml", []byte("image: other.png\nframes: {a: {w: 16, h: 16}}\n"))
	reload(t, l, []string{"hero.yaml"})
	if atlas.Image().Path() != "other.png" || atlas.Len() != 1 || atlas.Generation() != 3 {
		t.Errorf("atlas after naming another image: %s, %d frames, generation %d", atlas.Image().Path(), atlas.Len(), atlas.Generation())
	}

	if err := os.Remove(filepath.Join(d.dir, "tuning.yaml")); err != nil {
		t.Fatal(err)
	}
	r := l.Reload()
	if !errors.Is(r.Err, assets.ErrNotFound) || r.Err.Error() != "tuning.yaml: file does not exist" {
		t.Errorf("Reload() after a removal = %v", r.Err)
	}
	reload(t, l, nil)
	d.write("tuning.yaml", []byte("speed: 5\n"))
	reload(t, l, []string{"tuning.yaml"})
	check("restored", 4, 3, 2, 3, 5)

	d.write("ui.ttf", fontFile("true")) // fonts are not reloaded
	reload(t, l, nil)
	if font.Format() != assets.FontOpenType {
		t.Error("the font was reloaded")
	}
}

func TestReloadMapFS(t *testing.T) {
	files := fstest.MapFS{"a.yaml": {Data: []byte("speed: 1\n")}}
	l := assets.New(files)
	var s Stats
	if err := l.Decode("a.yaml", &s); err != nil {
		t.Fatal(err)
	}
	d, _ := l.Data("a.yaml")
	// A MapFS file's stamp is its size and ModTime: a change of the same
	// size and time is not seen, as with a file system whose clock is
	// coarser than the edits.
	files["a.yaml"] = &fstest.MapFile{Data: []byte("speed: 2\n")}
	reload(t, l, nil)
	files["a.yaml"] = &fstest.MapFile{Data: []byte("speed: 2\n"), ModTime: time.Unix(1, 0)}
	reload(t, l, []string{"a.yaml"})
	if err := d.Decode(&s); err != nil || s.Speed != 2 || d.Generation() != 2 {
		t.Errorf("after a reload: %v, speed %v, generation %d", err, s.Speed, d.Generation())
	}
}

// TestReloadEmbed: files in an embed.FS never change; a reload looks and
// finds nothing.
func TestReloadEmbed(t *testing.T) {
	l := assets.New(testdata)
	for _, name := range []string{"hero.yaml", "tiles.yaml"} {
		if _, err := l.Atlas(name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Data("tuning.yaml"); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		reload(t, l, nil)
	}
}

func TestWatcher(t *testing.T) {
	files := fstest.MapFS{"a.png": {Data: pngFile(1, 1)}}
	l := assets.New(files)
	img, _ := l.Image("a.png")
	w := l.Watch(time.Hour)
	if r, ok := w.Poll(); ok { // the first poll looks
		t.Errorf("Poll() = %+v, true with nothing changed", r)
	}
	files["a.png"] = &fstest.MapFile{Data: pngFile(2, 2)}
	if _, ok := w.Poll(); ok || img.Generation() != 1 {
		t.Error("Poll() looked again before the interval passed")
	}
	if n := testing.AllocsPerRun(100, func() { w.Poll() }); n != 0 {
		t.Errorf("Poll() between looks allocates %v times, want 0", n)
	}
	every := l.Watch(0)
	if r, ok := every.Poll(); !ok || len(r.Paths) != 1 || img.Generation() != 2 {
		t.Errorf("Watch(0).Poll() = %+v, %v; want a reload of a.png", r, ok)
	}
	files["a.png"] = &fstest.MapFile{Data: []byte("broken")}
	if r, ok := every.Poll(); !ok || r.Err == nil {
		t.Errorf("Poll() of a broken file = %+v, %v; want an error", r, ok)
	}
}

// TestRaceReloadWhileLoading: batches, Decode, Bind and Loaded on several
// goroutines while files are rewritten and Reload runs, for -race.
func TestRaceReloadWhileLoading(t *testing.T) {
	d := newDirFiles(t)
	for i := range 8 {
		d.write(fmt.Sprintf("i%d.png", i), pngFile(32, 16))
		d.write(fmt.Sprintf("a%d.yaml", i), []byte(fmt.Sprintf("image: i%d.png\nframes: {a: {w: 16, h: 16}}\n", i)))
		d.write(fmt.Sprintf("d%d.yaml", i), []byte("speed: 1\n"))
	}
	l := assets.New(os.DirFS(d.dir))
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				b := l.Batch()
				for i := range 8 {
					b.Add(assets.KindAtlas, fmt.Sprintf("a%d.yaml", (i+w)%8))
					b.AddGrid(fmt.Sprintf("i%d.png", i), assets.Grid{W: 8, H: 8})
					b.Add(assets.KindData, fmt.Sprintf("d%d.yaml", i))
				}
				rs, _ := b.Load(context.Background(), nil)
				for _, r := range rs {
					switch a := r.Asset.(type) {
					case *assets.Atlas:
						_ = a.Frame(0)
						_ = a.Image().Bounds()
					case *assets.Data:
						var s Stats
						_ = a.Decode(&s)
						_ = a.Bind(&s)
					}
				}
				_ = l.Loaded()
			}
		}()
	}
	for k := range 30 {
		i := k % 8
		d.write(fmt.Sprintf("i%d.png", i), pngFile(32+k%2*16, 16))
		d.write(fmt.Sprintf("d%d.yaml", i), []byte(fmt.Sprintf("speed: %d\n", k)))
		l.Reload()
	}
	close(stop)
	wg.Wait()
}
