package assets_test

import (
	"errors"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// TestTSXGrid: a Tiled tileset over one image is a grid atlas cut by its
// tile size, margin, spacing and tile count, its tiles numbered by id; an
// animated tile is a clip named by its id whose frames of uneven
// durations repeat to play at one rate.
func TestTSXGrid(t *testing.T) {
	l := assets.New(os.DirFS("testdata"))
	a, err := l.Atlas("tiles.tsx")
	if err != nil {
		t.Fatal(err)
	}
	img, err := l.Image("tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	if a.Image() != img {
		t.Errorf("the tileset's image is not the cached tiles.png")
	}
	if a.Len() != 6 || a.Frame(0) != image.Rect(1, 1, 9, 9) || a.Frame(5) != image.Rect(10, 10, 18, 18) {
		t.Errorf("Len() = %d, Frame(0) = %v, Frame(5) = %v; want 6, (1,1)-(9,9), (10,10)-(18,18)", a.Len(), a.Frame(0), a.Frame(5))
	}
	if a.Name(3) != "" {
		t.Errorf("Name(3) = %q; a grid's tiles have numbers only", a.Name(3))
	}
	c, ok := a.Clip("1") // 200, 100 and 100 ms: tile 1 twice at 10 a second
	if !ok || !slices.Equal(c.Frames, []int{1, 1, 4, 5}) || c.FPS != 10 || c.Mode != assets.ClipLoop {
		t.Errorf("Clip(1) = %+v, %v; want frames [1 1 4 5] at 10 fps, looping", c, ok)
	}
	if got := a.Clips(); !slices.Equal(got, []string{"1"}) {
		t.Errorf("Clips() = %v, want [1]", got)
	}
}

// TestTSXCollection: a collection of images cut from one picture is an
// atlas of one frame per tile, named by its id (ids may skip numbers),
// cut by each tile's rectangle.
func TestTSXCollection(t *testing.T) {
	a, err := assets.New(os.DirFS("testdata")).Atlas("hero.tsx")
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() != 3 {
		t.Fatalf("Len() = %d, want 3", a.Len())
	}
	for _, tc := range []struct {
		id   string
		rect image.Rectangle
	}{{"0", image.Rect(0, 0, 16, 16)}, {"2", image.Rect(16, 0, 32, 16)}, {"5", image.Rect(32, 0, 48, 16)}} {
		i, ok := a.Lookup(tc.id)
		if !ok || a.Frame(i) != tc.rect {
			t.Errorf("tile %s: Lookup = %d, %v, frame %v; want %v", tc.id, i, ok, a.Frame(i), tc.rect)
		}
	}
	five, _ := a.Lookup("5")
	zero, _ := a.Lookup("0")
	if c, ok := a.Clip("5"); !ok || !slices.Equal(c.Frames, []int{five, zero}) || c.FPS != 4 {
		t.Errorf("Clip(5) = %+v, %v; want frames [%d %d] at 4 fps", c, ok, five, zero)
	}
}

// tsx returns a tileset file with the given attributes and body.
func tsx(attrs, body string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="t" ` + attrs + `>
` + body + `</tileset>
`)
}

// TestTSXErrors: every problem of a tileset is an error at its element's
// line and column, wrapping the kind of problem it is.
func TestTSXErrors(t *testing.T) {
	grid := `tilewidth="8" tileheight="8" margin="1" spacing="1"`
	img := ` <image source="tiles.png" width="37" height="19"/>` + "\n"
	for _, tc := range []struct {
		name string
		data []byte
		kind error
		want string
	}{
		{"not XML", []byte("<tileset tilewidth=8>"), assets.ErrDecode, "a.tsx:1:"},
		{"not closed", tsx(grid, img+" <tile id=\"1\">\n"), assets.ErrDecode, "a.tsx:5:11: not well-formed XML: element <tile> closed by </tileset>"},
		{"a map", []byte("<map version=\"1.10\"/>"), assets.ErrDecode, "a.tsx:1:1: not a Tiled tileset: the root element is <map>"},
		{"empty", nil, assets.ErrDecode, "a.tsx:1: not a Tiled tileset"},
		{"no tile width", tsx(`tileheight="8"`, img), assets.ErrDecode, "a.tsx:2:1: <tileset> has no tilewidth"},
		{"bad spacing", tsx(`tilewidth="8" tileheight="8" spacing="-1"`, img), assets.ErrDecode, `a.tsx:2:1: <tileset> spacing is "-1"`},
		{"transparent colour", tsx(grid, ` <image source="tiles.png" trans="ff00ff"/>`+"\n"), assets.ErrFormat, "a.tsx:3:2: <image> has a transparent colour"},
		{"embedded image", tsx(grid, " <image format=\"png\"><data>AAAA</data></image>\n"), assets.ErrFormat, "a.tsx:3:2: <image> has no source"},
		{"missing image", tsx(grid, ` <image source="nope.png"/>`+"\n"), assets.ErrNotFound, "a.tsx:3:2: nope.png: file does not exist"},
		{"too many tiles", tsx(grid+` tilecount="9"`, img), assets.ErrBounds, "a.tsx:2:1: count is 9, but the image (0,0)-(37,19) holds 8 cells"},
		{"tile twice", tsx(grid, img+" <tile id=\"2\"/>\n <tile id=\"2\"/>\n"), assets.ErrDecode, "a.tsx:5:2: tile 2 given twice (first at line 4)"},
		{"tile image in a grid", tsx(grid, img+" <tile id=\"2\">\n  <image source=\"tiles.png\"/>\n </tile>\n"), assets.ErrDecode, "a.tsx:5:3: tile 2 has an image of its own"},
		{"frame beyond the grid", tsx(grid, img+" <tile id=\"0\"><animation><frame tileid=\"8\" duration=\"100\"/></animation></tile>\n"), assets.ErrBounds, "a.tsx:4:26: clip \"0\": frame 8 is not in the atlas"},
		{"frame without duration", tsx(grid, img+" <tile id=\"0\"><animation><frame tileid=\"1\"/></animation></tile>\n"), assets.ErrDecode, "a.tsx:4:26: tile 0: an animation <frame> needs"},
		{"uneven durations", tsx(grid, img+" <tile id=\"0\"><animation><frame tileid=\"1\" duration=\"10000\"/><frame tileid=\"2\" duration=\"1\"/></animation></tile>\n"), assets.ErrLimit, "a.tsx:4:2: tile 0: the animation's durations make 10001 frames"},
		{"two images", tsx(`tilewidth="16" tileheight="16"`,
			" <tile id=\"0\"><image source=\"hero.png\" width=\"48\" height=\"16\"/></tile>\n <tile id=\"1\"><image source=\"tiles.png\" width=\"37\" height=\"19\"/></tile>\n"),
			assets.ErrFormat, "a.tsx:4:15: tile 1's image tiles.png is not hero.png"},
		{"no size", tsx(`tilewidth="16" tileheight="16"`, " <tile id=\"0\"><image source=\"hero.png\"/></tile>\n"), assets.ErrDecode, "a.tsx:3:2: tile 0 has no size"},
		{"tile outside", tsx(`tilewidth="16" tileheight="16"`, " <tile id=\"0\" x=\"40\" width=\"16\" height=\"16\"><image source=\"hero.png\"/></tile>\n"),
			assets.ErrBounds, `a.tsx:3:2: frame "0" (40,0)-(56,16) is outside the image hero.png`},
		{"missing animation tile", tsx(`tilewidth="16" tileheight="16"`,
			" <tile id=\"0\"><image source=\"hero.png\" width=\"16\" height=\"16\"/><animation><frame tileid=\"3\" duration=\"1\"/></animation></tile>\n"),
			assets.ErrBounds, "a.tsx:3:75: tile 0: the animation shows tile 3, which the tileset does not have"},
		{"no tiles", tsx(`tilewidth="16" tileheight="16"`, ""), assets.ErrDecode, "a.tsx:2:1: the tileset has no image and no tiles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := fstest.MapFS{"hero.png": {Data: pngFile(48, 16)}, "tiles.png": {Data: pngFile(37, 19)}, "a.tsx": {Data: tc.data}}
			_, err := assets.New(files).Atlas("a.tsx")
			if err == nil {
				t.Fatalf("Atlas loaded %s", tc.data)
			}
			if !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.kind) {
				t.Errorf("Atlas = %v; want an error containing %q wrapping %v", err, tc.want, tc.kind)
			}
			checkLoadErrors(t, err, "a.tsx", true)
		})
	}
}

// TestTSXReload: a tileset saved again reloads in place, as any atlas
// file: the same handle gets the new animation; a broken save keeps it.
func TestTSXReload(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	grid := `tilewidth="8" tileheight="8" margin="1" spacing="1"`
	img := ` <image source="tiles.png"/>` + "\n"
	write("tiles.png", pngFile(37, 19))
	write("t.tsx", tsx(grid, img))
	l := assets.New(os.DirFS(dir))
	a, err := l.Atlas("t.tsx")
	if err != nil {
		t.Fatal(err)
	}
	write("t.tsx", tsx(grid, img+` <tile id="2"><animation><frame tileid="3" duration="50"/><frame tileid="2" duration="50"/></animation></tile>`+"\n"))
	if r := l.Reload(); r.Err != nil || !slices.Equal(r.Paths, []string{"t.tsx"}) {
		t.Fatalf("Reload = %+v, want t.tsx reloaded", r)
	}
	if c, ok := a.Clip("2"); !ok || !slices.Equal(c.Frames, []int{3, 2}) || c.FPS != 20 || a.Generation() != 2 {
		t.Errorf("after the save: Clip(2) = %+v, %v, generation %d; want [3 2] at 20 fps, generation 2", c, ok, a.Generation())
	}
	write("t.tsx", []byte("<tileset"))
	if r := l.Reload(); r.Err == nil || !strings.Contains(r.Err.Error(), "t.tsx:1") {
		t.Errorf("Reload of a broken save = %+v; want an error at t.tsx:1", r)
	}
	if _, ok := a.Clip("2"); !ok || a.Len() != 8 {
		t.Errorf("after a broken save the tileset has %d frames, clip 2 %v; want it kept", a.Len(), ok)
	}
}

// FuzzTSX feeds arbitrary bytes to the tileset reader, with testdata's
// images beside it: each input loads an atlas whose frames lie inside its
// image and whose clips name its frames, or fails with *LoadErrors naming
// the file and a line; it never panics. Seeds are testdata/*.tsx.
func FuzzTSX(f *testing.F) {
	seed(f, "*.tsx")
	hero, tiles := pngFile(48, 16), pngFile(37, 19)
	f.Fuzz(func(t *testing.T, data []byte) {
		files := fstest.MapFS{"hero.png": {Data: hero}, "tiles.png": {Data: tiles}, "a.tsx": {Data: data}}
		a, err := assets.New(files).Atlas("a.tsx")
		if err != nil {
			checkLoadErrors(t, err, "a.tsx", true)
			return
		}
		b := a.Image().Bounds()
		for i := range a.Len() {
			if r := a.Frame(i); r.Empty() || !r.In(b) {
				t.Fatalf("frame %d %v is not inside the image %v", i, r, b)
			}
		}
		for _, name := range a.Clips() {
			c, _ := a.Clip(name)
			if len(c.Frames) == 0 || !(c.FPS > 0) || math.IsInf(c.FPS, 0) {
				t.Fatalf("Clip(%q) = %+v", name, c)
			}
			for _, i := range c.Frames {
				if i < 0 || i >= a.Len() {
					t.Fatalf("clip %q names frame %d of %d", name, i, a.Len())
				}
			}
		}
	})
}
