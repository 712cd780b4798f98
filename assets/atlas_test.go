package assets_test

import (
	"errors"
	"fmt"
	"image"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// frames lists an atlas's frames as "name rect", in order.
func frames(a *assets.Atlas) []string {
	var out []string
	for i := range a.Len() {
		out = append(out, fmt.Sprintf("%s %v", a.Name(i), a.Frame(i)))
	}
	return out
}

func TestAtlasFile(t *testing.T) {
	files := fstest.MapFS{
		"sprites/hero.png": {Data: pngFile(48, 16)},
		"sprites/hero.yaml": {Data: []byte(`
image: hero.png   # relative to this file
frames:
  idle: &cell {x: 0, y: 0, w: 16, h: 16}
  walk: {x: 16, w: 16, h: 16}   # y defaults to 0
  last: {x: 0x20, y: 0, w: 16, h: 16}
  again: *cell
`)},
		"sprites/tiles.yaml": {Data: []byte("image: hero.png\ngrid: {w: 16, h: 8, names: [a, ~, c]}\n")},
	}
	l := assets.New(files)
	a, err := l.Atlas("sprites/hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "frames", frames(a), []string{"idle (0,0)-(16,16)", "walk (16,0)-(32,16)", "last (32,0)-(48,16)", "again (0,0)-(16,16)"})
	if a.Path() != "sprites/hero.yaml" || a.Image().Path() != "sprites/hero.png" || a.Generation() != 1 {
		t.Errorf("atlas %s of %s, generation %d; want sprites/hero.yaml of sprites/hero.png, 1", a.Path(), a.Image().Path(), a.Generation())
	}
	if img, _ := l.Image("sprites/hero.png"); img != a.Image() {
		t.Error("the atlas's image is not the cached image")
	}
	if i, ok := a.Lookup("last"); !ok || i != 2 {
		t.Errorf("Lookup(last) = %d, %v; want 2, true", i, ok)
	}
	if i, ok := a.Lookup("run"); ok {
		t.Errorf("Lookup(run) = %d, true; want false", i)
	}

	g, err := l.Atlas("sprites/tiles.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "grid frames", frames(g), []string{"a (0,0)-(16,8)", " (16,0)-(32,8)", "c (32,0)-(48,8)", " (0,8)-(16,16)", " (16,8)-(32,16)", " (32,8)-(48,16)"})
	if _, ok := g.Lookup(""); ok {
		t.Error(`Lookup("") found a frame`)
	}
}

func TestFramePanics(t *testing.T) {
	a, err := assets.New(testdata).Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{-1, 3} {
		func() {
			defer func() {
				if err, ok := recover().(error); !ok || err.Error() != fmt.Sprintf("assets: frame %d of atlas hero.yaml, which has 3 frames", i) {
					t.Errorf("Frame(%d) panicked with %v", i, err)
				}
			}()
			a.Frame(i)
		}()
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Name(%d) did not panic", i)
				}
			}()
			a.Name(i)
		}()
	}
}

func TestAtlasErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"empty", "", []string{"a.yaml:1: the atlas file is empty: it needs image, and frames or grid"}},
		{"comments only", "# nothing\n", []string{"a.yaml:1: the atlas file is empty: it needs image, and frames or grid"}},
		{"not YAML", "image: [\n", []string{"a.yaml:1: invalid YAML: did not find expected node content"}},
		{"tab", "image: a.png\nframes:\n\tidle: {}\n", []string{"a.yaml:3: invalid YAML: found character that cannot start any token"}},
		{"control character", "image: a\x01.png\n", []string{"a.yaml:1:9: control character U+0001 is not allowed in YAML"}},
		{"not a mapping", "- a.png\n", []string{"a.yaml:1:1: an atlas file is a mapping with image, and frames or grid; got a list"}},
		{"two documents", "image: a.png\n---\nimage: b.png\n", []string{"a.yaml:2:1: a second YAML document: the file must hold one"}},
		{"no image", "frames: {a: {w: 1, h: 1}}\n", []string{"a.yaml:1:1: the atlas has no image"}},
		{"neither", "image: a.png\n", []string{"a.yaml:1:1: the atlas has neither frames nor grid"}},
		{"both", "image: a.png\nframes: {a: {w: 1, h: 1}}\ngrid: {w: 1, h: 1}\n", []string{"a.yaml:3:1: the atlas has both frames (line 2) and grid: give one"}},
		{"unknown key", "image: a.png\nfames: {}\n", []string{
			`a.yaml:1:1: the atlas has neither frames nor grid`,
			`a.yaml:2:1: unknown key "fames" (did you mean "frames"?)`}},
		{"unknown key far from any", "image: a.png\ngrid: {w: 1, h: 1}\npivot: 3\n", []string{`a.yaml:3:1: unknown key "pivot" (keys: image, frames, grid, clips)`}},
		{"key twice", "image: a.png\nimage: a.png\ngrid: {w: 1, h: 1}\n", []string{"a.yaml:2:1: image given twice (first at line 1)"}},
		{"image not a string", "image: [a.png]\ngrid: {w: 1, h: 1}\n", []string{"a.yaml:1:8: image takes the path of a PNG file, got a list"}},
		{"image a number", "image: 12\ngrid: {w: 1, h: 1}\n", []string{"a.yaml:1:8: image takes the path of a PNG file, got the number 12"}},
		{"image missing", "image: b.png\ngrid: {w: 1, h: 1}\n", []string{"a.yaml:1:8: b.png: file does not exist"}},
		{"image not PNG", "image: a.yaml\ngrid: {w: 1, h: 1}\n", []string{"a.yaml:1:8: a.yaml: not a PNG file (the loader decodes PNG only)"}},
		{"frames not a mapping", "image: a.png\nframes: [a, b]\n", []string{"a.yaml:2:9: frames takes a mapping of frame names to {x, y, w, h}, got a list"}},
		{"frames empty", "image: a.png\nframes: {}\n", []string{"a.yaml:2:9: frames is empty: list at least one frame"}},
		{"frame not a mapping", "image: a.png\nframes:\n  a: 12\n", []string{`a.yaml:3:6: frame "a" takes {x, y, w, h}, got the number 12`}},
		{"frame twice", "image: a.png\nframes:\n  a: {w: 1, h: 1}\n  a: {w: 2, h: 2}\n", []string{`a.yaml:4:3: frame "a" given twice (first at line 3)`}},
		{"frame key unknown", "image: a.png\nframes:\n  a: {x: 0, width: 4, w: 1, h: 1}\n", []string{`a.yaml:3:13: frame "a": unknown key "width" (keys: x, y, w, h)`}},
		{"frame key twice", "image: a.png\nframes:\n  a: {w: 1, w: 2, h: 1}\n", []string{`a.yaml:3:13: frame "a": w given twice`}},
		{"frame without size", "image: a.png\nframes:\n  a: {x: 1}\n", []string{`a.yaml:3:3: frame "a" has no w`, `a.yaml:3:3: frame "a" has no h`}},
		{"frame value not a number", "image: a.png\nframes:\n  a: {x: left, w: 1.5, h: 1}\n", []string{
			`a.yaml:3:10: frame "a": x takes a whole number, got the string "left"`,
			`a.yaml:3:19: frame "a": w takes a whole number, got the number 1.5`}},
		{"frame negative", "image: a.png\nframes:\n  a: {x: -1, w: 0, h: 99999999999999999999}\n", []string{
			`a.yaml:3:10: frame "a": x is -1; it must be in [0, 16384]`,
			`a.yaml:3:17: frame "a": w is 0; it must be in [1, 16384]`,
			`a.yaml:3:23: frame "a": h takes a whole number, got the number 99999999999999999999`}},
		{"frame outside", "image: a.png\nframes:\n  in: {x: 0, y: 0, w: 4, h: 4}\n  out: {x: 2, y: 2, w: 4, h: 4}\n", []string{
			`a.yaml:4:3: frame "out" (2,2)-(6,6) is outside the image a.png (0,0)-(4,4)`}},
		{"merge key", "image: a.png\nframes:\n  a: {<<: {w: 1}, h: 1}\n", []string{
			`a.yaml:3:3: frame "a" has no w`, `a.yaml:3:7: merge keys (<<) are not supported in atlas files`}},
		{"key not a string", "image: a.png\nframes:\n  [a]: {w: 1, h: 1}\n", []string{`a.yaml:3:3: expected a name, got a list`}},
		{"grid not a mapping", "image: a.png\ngrid: 16\n", []string{"a.yaml:2:7: grid takes a mapping {w, h, margin, spacing, count, names}, got the number 16"}},
		{"grid unknown key", "image: a.png\ngrid: {w: 1, h: 1, spaceing: 1}\n", []string{`a.yaml:2:20: grid: unknown key "spaceing" (did you mean "spacing"?)`}},
		{"grid key twice", "image: a.png\ngrid: {w: 1, h: 1, w: 2}\n", []string{`a.yaml:2:20: grid: w given twice`}},
		{"grid without size", "image: a.png\ngrid: {margin: 1}\n", []string{"a.yaml:2:7: grid has no w", "a.yaml:2:7: grid has no h"}},
		{"grid bad values", "image: a.png\ngrid: {w: 0, h: x, margin: -1, names: nope}\n", []string{
			`a.yaml:2:11: grid: w is 0; it must be in [1, 16384]`,
			`a.yaml:2:17: grid: h takes a whole number, got the string "x"`,
			`a.yaml:2:28: grid: margin is -1; it must be in [0, 16384]`,
			`a.yaml:2:39: grid: names takes a list of frame names, got the string "nope"`}},
		{"grid name not a string", "image: a.png\ngrid: {w: 1, h: 1, names: [a, [b]]}\n", []string{`a.yaml:2:31: grid: names takes frame names, got a list`}},
		{"grid too big", "image: a.png\ngrid: {w: 5, h: 1}\n", []string{`a.yaml:2:7: no cell of 5x1 (margin 0) fits in the image (0,0)-(4,4)`}},
		{"grid count", "image: a.png\ngrid: {w: 2, h: 2, count: 5}\n", []string{`a.yaml:2:27: count is 5, but the image (0,0)-(4,4) holds 4 cells of 2x2 (2 columns, 2 rows)`}},
		{"grid names", "image: a.png\ngrid: {w: 2, h: 2, count: 1, names: [a, b]}\n", []string{`a.yaml:2:37: 2 names for 1 frames`}},
		{"grid name twice", "image: a.png\ngrid: {w: 2, h: 2, names: [a, b, a]}\n", []string{`a.yaml:2:27: frame name "a" given twice (frames 0 and 2)`}},
		{"alias to itself", "image: a.png\nframes: &f {a: *f}\n", []string{
			`a.yaml:2:13: frame "a": unknown key "a" (keys: x, y, w, h)`,
			`a.yaml:2:13: frame "a" has no w`,
			`a.yaml:2:13: frame "a" has no h`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{"a.png": {Data: pngFile(4, 4)}, "a.yaml": {Data: []byte(tt.src)}}
			l := assets.New(files)
			a, err := l.Atlas("a.yaml")
			if a != nil || err == nil {
				t.Fatalf("Atlas() = %v, %v; want an error", a, err)
			}
			equal(t, "errors", messages(t, err), tt.want)
			for _, e := range assets.Errors(err) {
				if e.Path != "a.yaml" || e.Line < 1 {
					t.Errorf("error %q has path %q, line %d; want a.yaml and a line", e, e.Path, e.Line)
				}
			}
			if got := l.Loaded(); len(got) > 1 || len(got) == 1 && got[0].Kind != assets.KindImage {
				t.Errorf("after a failed load, Loaded() = %v; want the image at most", got)
			}
		})
	}
}

func TestAtlasErrorKinds(t *testing.T) {
	files := fstest.MapFS{"a.png": {Data: pngFile(4, 4)}}
	for src, kind := range map[string]error{
		"image: a.png\nfames: {}\n":                           assets.ErrUnknownField,
		"image: a.png\nframes: {a: {x: 3, w: 3, h: 1}}\n":     assets.ErrBounds,
		"image: a.png\ngrid: {w: 5, h: 5}\n":                  assets.ErrBounds,
		"image: a.png\nframes: [\n":                           assets.ErrDecode,
		"image: b.png\nframes: {a: {x: 3, w: 3, h: 1}}\n":     assets.ErrNotFound,
		"image: a.png\nframes: {a: {x: 3.5, w: 3, h: 1}}\n":   assets.ErrDecode,
		"image: a.png\ngrid: {w: 1, h: 1, names: [a, a]}\n":   assets.ErrDecode,
		"image: a.png\ngrid: {w: 1, h: 1, count: 1000000}\n":  assets.ErrBounds,
		"image: a.png\ngrid: {w: 1, h: 1, margin: 1000000}\n": assets.ErrBounds,
	} {
		files["a.yaml"] = &fstest.MapFile{Data: []byte(src)}
		_, err := assets.New(files).Atlas("a.yaml")
		if !errors.Is(err, kind) {
			t.Errorf("Atlas(%q) = %v, want %v", src, err, kind)
		}
	}
}

func TestGrid(t *testing.T) {
	files := fstest.MapFS{"t.png": {Data: pngFile(37, 19)}}
	tests := []struct {
		name string
		g    assets.Grid
		want []string // frames, or the error
		err  error
	}{
		{"cells", assets.Grid{W: 16, H: 16}, []string{" (0,0)-(16,16)", " (16,0)-(32,16)"}, nil},
		{"margin and spacing", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1, Count: 5, Names: []string{"a", "", "c"}},
			[]string{"a (1,1)-(9,9)", " (10,1)-(18,9)", "c (19,1)-(27,9)", " (28,1)-(36,9)", " (1,10)-(9,18)"}, nil},
		{"one cell", assets.Grid{W: 37, H: 19}, []string{" (0,0)-(37,19)"}, nil},
		{"zero cell", assets.Grid{W: 0, H: 8}, []string{"t.png: grid cells of 0x8: each side must be at least 1"}, assets.ErrDecode},
		{"negative", assets.Grid{W: 8, H: 8, Spacing: -1}, []string{"t.png: grid margin 0, spacing -1, count 0: none may be negative"}, assets.ErrDecode},
		{"huge cell", assets.Grid{W: 1 << 20, H: 8}, []string{"t.png: grid of 1048576x8 cells, margin 0, spacing 0: none may exceed 16384"}, assets.ErrBounds},
		{"no fit", assets.Grid{W: 8, H: 8, Margin: 12}, []string{"t.png: no cell of 8x8 (margin 12) fits in the image (0,0)-(37,19)"}, assets.ErrBounds},
		{"count", assets.Grid{W: 8, H: 8, Count: 9}, []string{"t.png: count is 9, but the image (0,0)-(37,19) holds 8 cells of 8x8 (4 columns, 2 rows)"}, assets.ErrBounds},
		{"names", assets.Grid{W: 16, H: 16, Names: []string{"a", "b", "c"}}, []string{"t.png: 3 names for 2 frames"}, assets.ErrBounds},
		{"name twice", assets.Grid{W: 16, H: 16, Names: []string{"a", "a"}}, []string{`t.png: frame name "a" given twice (frames 0 and 1)`}, assets.ErrDecode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := assets.New(files).Grid("t.png", tt.g)
			if tt.err != nil {
				equal(t, "errors", messages(t, err), tt.want)
				if !errors.Is(err, tt.err) {
					t.Errorf("Grid() = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "frames", frames(a), tt.want)
		})
	}
}

func TestGridCache(t *testing.T) {
	l := assets.New(testdata)
	names := []string{"grass"}
	g := assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1, Names: names}
	a, err := l.Grid("tiles.png", g)
	if err != nil {
		t.Fatal(err)
	}
	names[0] = "lava" // the loader keeps its own copy
	if b, _ := l.Grid("./tiles.png", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1, Names: []string{"grass"}}); b != a {
		t.Error("the same grid of the same image loaded twice")
	}
	if c, _ := l.Grid("tiles.png", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1}); c == a {
		t.Error("another grid of the same image came from the cache")
	}
	if _, ok := a.Lookup("grass"); !ok {
		t.Error("the grid lost its name when the caller's slice changed")
	}
	img, _ := l.Image("tiles.png")
	if a.Image() != img || a.Frame(0) != image.Rect(1, 1, 9, 9) {
		t.Errorf("grid of %v, frame 0 %v", a.Image(), a.Frame(0))
	}
	if _, err := l.Grid("../tiles.png", g); !errors.Is(err, assets.ErrNotFound) {
		t.Errorf("Grid(../tiles.png) = %v, want ErrNotFound", err)
	}
	if _, err := l.Grid("none.png", g); !errors.Is(err, assets.ErrNotFound) {
		t.Errorf("Grid(none.png) = %v, want ErrNotFound", err)
	}
}

// aliasAtlas returns an atlas file whose first frame is a mapping of m
// unknown keys, anchored, and n more frames that alias it: about 10(n+m)
// bytes, and n*m problems for parseFrames to report.
func aliasAtlas(n, m int) []byte {
	var b strings.Builder
	b.WriteString("image: hero.png\nframes:\n  f0: &x {")
	for j := range m {
		fmt.Fprintf(&b, "k%d: 1, ", j)
	}
	b.WriteString("w: 1, h: 1}\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  f%d: *x\n", i)
	}
	return []byte(b.String())
}

// TestAtlasAliases: a frame value aliased many times is parsed, and its
// problems reported, once, and a file's problems are capped at 100 and a
// count: aliases used to make the work and the error list grow with the
// product of the file's parts (62 KiB: 9 million errors, 14 s, 3 GiB).
func TestAtlasAliases(t *testing.T) {
	for _, nm := range [][2]int{{100, 100}, {1000, 1000}, {3000, 3000}} {
		data := aliasAtlas(nm[0], nm[1])
		l := assets.New(fstest.MapFS{"hero.png": {Data: pngFile(48, 16)}, "a.yaml": {Data: data}})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		_, err := l.Atlas("a.yaml")
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("%4d KiB file: %d errors, %v, %d MiB allocated", len(data)>>10, len(assets.Errors(err)), took, (after.TotalAlloc-before.TotalAlloc)>>20)
		if took > time.Second || len(assets.Errors(err)) > 101 {
			t.Errorf("a %d KiB atlas file took %v and made %d errors", len(data)>>10, took, len(assets.Errors(err)))
		}
	}
}

// TestFailedAtlasKeepsImage: an atlas that fails (here a frame outside
// its image) is not cached, and its image, which loaded, is: the image is
// a load of its own, as Loader.Atlas says.
func TestFailedAtlasKeepsImage(t *testing.T) {
	l := assets.New(fstest.MapFS{
		"hero.png":  {Data: pngFile(16, 16)},
		"hero.yaml": {Data: []byte("image: hero.png\nframes: {a: {x: 16, w: 16, h: 16}}\n")},
	})
	if _, err := l.Atlas("hero.yaml"); err == nil {
		t.Fatal("loaded")
	}
	if got := fmt.Sprint(l.Loaded()); got != "[image hero.png]" {
		t.Errorf("after a failed atlas load, Loaded() = %s, want [image hero.png]", got)
	}
}
