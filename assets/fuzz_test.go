package assets_test

import (
	"errors"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
)

// seed adds the files of testdata matching glob to f's corpus.
func seed(f *testing.F, glob string) {
	f.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", glob))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds match testdata/%s (err = %v)", glob, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// checkLoadErrors fails unless err is made of *LoadErrors naming path and,
// if lines, a line.
func checkLoadErrors(t *testing.T, err error, path string, lines bool) {
	t.Helper()
	errs := assets.Errors(err)
	if len(errs) == 0 {
		t.Fatalf("error %v (%T) holds no *LoadError", err, err)
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok && len(j.Unwrap()) != len(errs) {
		t.Fatalf("%d errors, of which %d are *LoadError:\n%v", len(j.Unwrap()), len(errs), err)
	}
	for _, e := range errs {
		if e.Path != path || lines && e.Line < 1 {
			t.Fatalf("error without path and line: %q (%+v)", e.Error(), *e)
		}
		if !errors.Is(e, assets.ErrDecode) && !errors.Is(e, assets.ErrUnknownField) && !errors.Is(e, assets.ErrBounds) &&
			!errors.Is(e, assets.ErrFormat) && !errors.Is(e, assets.ErrNotFound) && !errors.Is(e, assets.ErrLimit) {
			t.Fatalf("error %q wraps no sentinel", e)
		}
	}
}

// FuzzAtlas feeds arbitrary bytes to the atlas file decoder, with the
// images of testdata beside it. Each input loads an atlas whose frames lie
// inside its image, or fails with *LoadErrors naming the file and a line;
// it never panics. Seeds are testdata/*.yaml.
func FuzzAtlas(f *testing.F) {
	seed(f, "*.yaml")
	f.Add([]byte("image: hero.png\ngrid: {w: 1, h: 1, count: 3, names: [a, ~, c]}\n"))
	f.Add([]byte("image: hero.png\nframes: &f {a: *f, b: {x: 1, y: 2, w: 3, h: 4}}\n"))
	f.Add([]byte("image: tiles.png\ngrid: {w: 4, h: 4, names: [a]}\nclips: {c: {frames: [a, 3, 40], fps: 1e-3, mode: once}, d: &d {frames: [0], fps: 60}, e: *d}\n"))
	hero, tiles := pngFile(48, 16), pngFile(37, 19)
	f.Fuzz(func(t *testing.T, data []byte) {
		files := fstest.MapFS{"hero.png": {Data: hero}, "tiles.png": {Data: tiles}, "a.yaml": {Data: data}}
		a, err := assets.New(files).Atlas("a.yaml")
		if err != nil {
			checkLoadErrors(t, err, "a.yaml", true)
			return
		}
		b := a.Image().Bounds()
		if a.Len() == 0 {
			t.Fatal("an atlas without frames")
		}
		for i := range a.Len() {
			if r := a.Frame(i); r.Empty() || !r.In(b) {
				t.Fatalf("frame %d %v is not inside the image %v", i, r, b)
			}
			if name := a.Name(i); name != "" {
				if j, ok := a.Lookup(name); !ok || j != i {
					t.Fatalf("Lookup(%q) = %d, %v", name, j, ok)
				}
			}
		}
		for _, name := range a.Clips() {
			c, ok := a.Clip(name)
			if !ok || c.Name != name || len(c.Frames) == 0 || !(c.FPS > 0) || math.IsInf(c.FPS, 0) || c.Mode > assets.ClipPingPong {
				t.Fatalf("Clip(%q) = %+v, %v", name, c, ok)
			}
			for _, i := range c.Frames {
				if i < 0 || i >= a.Len() {
					t.Fatalf("clip %q names frame %d of %d", name, i, a.Len())
				}
			}
		}
	})
}

// Fuzzed is what FuzzData decodes into: a field of every kind data has.
type Fuzzed struct {
	Name   string
	Count  int
	Small  uint8
	Ratio  float64
	On     bool
	Cool   time.Duration
	Tags   []string
	Grid   [2]int
	Loot   map[string]int
	Child  *Fuzzed
	Rect   image.Rectangle
	Inline struct {
		Extra string
	} `yaml:",inline"`
	Any any
}

// FuzzData feeds arbitrary bytes to the data decoder. Each input decodes
// or fails with *LoadErrors naming the file and a line; it never panics.
// Seeds are testdata/*.yaml.
func FuzzData(f *testing.F) {
	seed(f, "*.yaml")
	f.Add([]byte("name: x\ncount: 1.5\nsmall: 300\ncool: 1s\ntags: [a]\ngrid: [1, 2, 3]\nloot: {a: 1}\nchild: {name: y}\nrect: {min: {x: 1}}\nextra: e\nany: [1, {a: b}]\n"))
	f.Add([]byte("a: &a [x, x]\nb: &b [*a, *a]\nchild: &c {child: *c}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l := assets.New(fstest.MapFS{"d.yaml": {Data: data}})
		var v Fuzzed
		if err := l.Decode("d.yaml", &v); err != nil {
			checkLoadErrors(t, err, "d.yaml", true)
		}
		d, err := l.Data("d.yaml")
		if err != nil {
			return
		}
		var w Fuzzed
		if err := d.Bind(&w); err != nil {
			checkLoadErrors(t, err, "d.yaml", true)
		}
	})
}

// FuzzWAV feeds arbitrary bytes to the WAV header parser (and to the Ogg
// one, for inputs starting with OggS). Each input loads a sound whose
// header ebitengine can play, or fails with a *LoadError naming the file;
// it never panics. Seeds are testdata/*.wav.
func FuzzWAV(f *testing.F) {
	seed(f, "*.wav")
	f.Add(wavOf(wavHeader{encoding: 1, channels: 2, rate: 44100, bits: 8, dataSize: 10, have: -1, extra: []byte("LIST\x02\x00\x00\x00ab")}))
	f.Add(wavOf(wavHeader{encoding: 3, channels: 2, rate: 44100, bits: 32, dataSize: 8, have: 4}))
	f.Add(oggOf(0, vorbisHeader(2, 44100)))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := assets.New(fstest.MapFS{"s.wav": {Data: data}}).Sound("s.wav")
		if err != nil {
			checkLoadErrors(t, err, "s.wav", false)
			return
		}
		info := s.Info()
		if info.Channels < 1 || info.SampleRate < assets.MinSampleRate || info.SampleRate > assets.MaxSampleRate || info.Duration < 0 {
			t.Fatalf("a sound with %+v", info)
		}
		if info.Format == assets.SoundWAV && (info.Channels > 2 || info.BitsPerSample != 8 && info.BitsPerSample != 16) {
			t.Fatalf("a WAV sound ebitengine cannot play: %+v", info)
		}
	})
}

// FuzzFont feeds arbitrary bytes to the font loader, which checks the
// file and parses it with go-text. Each input loads a font of a known
// format with at least one face, or fails with a *LoadError naming the
// file; it never panics. Seeds are testdata/*.ttf and Go Regular.
func FuzzFont(f *testing.F) {
	seed(f, "*.ttf")
	f.Add(goregular.TTF)
	f.Add(collection(fontFile("OTTO"), fontFile("true")))
	f.Fuzz(func(t *testing.T, data []byte) {
		font, err := assets.New(fstest.MapFS{"f.ttf": {Data: data}}).Font("f.ttf")
		if err != nil {
			checkLoadErrors(t, err, "f.ttf", false)
			return
		}
		if font.Faces() < 1 || font.Format() < assets.FontTrueType || font.Format() > assets.FontCollection {
			t.Fatalf("a font of %d faces, format %v", font.Faces(), font.Format())
		}
	})
}

// FuzzImage feeds arbitrary bytes to the PNG decoder, under a budget of
// 16 MiB a decoded image (so that each input is bounded). Each input loads
// an image within MaxImageSide whose pixels fit the budget, or fails with
// a *LoadError naming the file; it never panics. Seeds are testdata/*.png
// and small PNGs of every colour type, depth and interlacing.
func FuzzImage(f *testing.F) {
	seed(f, "*.png")
	for _, ct := range []byte{0, 2, 3, 4, 6} {
		for _, depth := range []byte{8, 16} {
			if ct == 3 && depth == 16 {
				continue
			}
			f.Add(zeroPNG(5, 3, depth, ct, ct%2 == 0))
		}
	}
	f.Add(zeroPNG(3, 2, 1, 0, false))
	f.Add(pngHeaderOnly(4096, 4096))
	const budget = 16 << 20
	f.Fuzz(func(t *testing.T, data []byte) {
		l := assets.NewWithOptions(fstest.MapFS{"a.png": {Data: data}}, assets.Options{Limits: assets.Limits{ImageBytes: budget}})
		img, err := l.Image("a.png")
		if err != nil {
			checkLoadErrors(t, err, "a.png", false)
			return
		}
		b := img.Bounds()
		if b.Min != (image.Point{}) || b.Dx() > assets.MaxImageSide || b.Dy() > assets.MaxImageSide || int64(b.Dx())*int64(b.Dy()) > budget {
			t.Fatalf("an image of bounds %v", b)
		}
	})
}

// FuzzGrid cuts images of arbitrary sizes into arbitrary grids. Each grid
// is an atlas whose frames are its cells, inside the image, as many as the
// count asks or as fit, with the names given; or a *LoadError naming the
// image. Seeds are the grids of testdata/tiles.yaml and the examples.
func FuzzGrid(f *testing.F) {
	f.Add(uint16(37), uint16(19), 8, 8, 1, 1, 6, "grass,water,sand")
	f.Add(uint16(48), uint16(16), 16, 16, 0, 0, 0, "")
	f.Add(uint16(64), uint16(64), 1, 1, 0, 0, 0, "a,,a")
	f.Add(uint16(1), uint16(1), 1<<20, -1, 1<<40, 0, -3, ",")
	images := map[[2]uint16][]byte{}
	f.Fuzz(func(t *testing.T, iw, ih uint16, w, h, margin, spacing, count int, names string) {
		iw, ih = 1+iw%512, 1+ih%512 // images to 512x512, so inputs stay quick
		png := images[[2]uint16{iw, ih}]
		if png == nil {
			png = zeroPNG(int(iw), int(ih), 8, 0, false)
			if len(images) < 64 {
				images[[2]uint16{iw, ih}] = png
			}
		}
		g := assets.Grid{W: w, H: h, Margin: margin, Spacing: spacing, Count: count}
		if names != "" {
			g.Names = strings.Split(names, ",")
		}
		a, err := assets.New(fstest.MapFS{"t.png": {Data: png}}).Grid("t.png", g)
		if err != nil {
			checkLoadErrors(t, err, "t.png", false)
			return
		}
		b := a.Image().Bounds()
		if a.Len() == 0 || count > 0 && a.Len() != count {
			t.Fatalf("%+v of a %v image: %d frames", g, b, a.Len())
		}
		for i := range a.Len() {
			if r := a.Frame(i); r.Dx() != w || r.Dy() != h || !r.In(b) {
				t.Fatalf("%+v: frame %d %v of an image %v", g, i, r, b)
			}
			if name := a.Name(i); name != "" {
				if j, ok := a.Lookup(name); !ok || j != i {
					t.Fatalf("Lookup(%q) = %d, %v; want %d", name, j, ok, i)
				}
			}
		}
	})
}
