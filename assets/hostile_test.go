package assets_test

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"image"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
)

// The hostile-input suite: files a modder, a corrupted download or an
// attacker could give a game, each loaded through the public API. Every
// load must return (a clear error, for most), never panic, within
// hostileTime of processor time and hostileBytes of allocation, and leave
// what the loader held before as it was; every reload of a good file
// replaced by a hostile one must report it and keep the old value. Large
// inputs are made by the test, never kept in the repository.
//
// Time is the process's processor time (wall time on systems without
// it), since on a machine shared by many the wall clock measures the
// others; a load that hangs still fails, at hostileWall. Both are longer
// under the race detector, which makes code about ten times slower.
const (
	hostileTime  = 2 * time.Second * raceSlowdown
	hostileWall  = 20 * time.Second * raceSlowdown
	hostileBytes = 256 << 20 // allocated by one operation, garbage included
)

// hostile is one hostile file.
type hostile struct {
	name string
	kind assets.Kind
	data func() []byte
	// loads is true for the few files that are valid (however large or
	// strange): they must load within the bounds, not fail.
	loads bool
	fsys  func(fstest.MapFS) fs.FS // nil: the MapFS itself
}

// hostileFiles is the corpus.
func hostileFiles() []hostile {
	img := func(name string, data func() []byte) hostile {
		return hostile{name: name, kind: assets.KindImage, data: data}
	}
	atlas := func(name string, src func() string) hostile {
		return hostile{name: name, kind: assets.KindAtlas, data: func() []byte { return []byte(src()) }}
	}
	font := func(name string, data func() []byte) hostile {
		return hostile{name: name, kind: assets.KindFont, data: data}
	}
	sound := func(name string, data func() []byte) hostile {
		return hostile{name: name, kind: assets.KindSound, data: data}
	}
	data := func(name string, src func() string) hostile {
		return hostile{name: name, kind: assets.KindData, data: func() []byte { return []byte(src()) }}
	}
	fixed := func(b []byte) func() []byte { return func() []byte { return b } }
	str := func(s string) func() string { return func() string { return s } }
	loads := func(h hostile) hostile { h.loads = true; return h }
	return []hostile{
		img("a JPEG named .png", fixed([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"))),
		img("an empty file", fixed(nil)),
		img("the signature alone", fixed([]byte("\x89PNG\r\n\x1a\n"))),
		img("a header claiming 16384² at 16 bits, no pixels", func() []byte { return pngHeaderOnly(16384, 16384) }),
		img("a header claiming 2³¹-1 pixels wide", func() []byte { return pngHeaderOnly(1<<31-1, 1) }),
		img("a header claiming 0 pixels wide", func() []byte { return pngHeaderOnly(0, 16) }),
		img("16384² RGBA: 6.5 MB decoding to 1 GiB", func() []byte { return zeroPNG(16384, 16384, 8, 6, false) }),
		img("16384² RGBA at 16 bits: 2 GiB", func() []byte { return zeroPNG(16384, 16384, 16, 6, false) }),
		img("8192² RGBA interlaced: 256 MiB and its passes", func() []byte { return zeroPNG(8192, 8192, 8, 6, true) }),
		img("a chunk of 4 GiB", func() []byte { return withChunk(pngFile(4, 4), "tEXt", 0xffffffff) }),
		img("cut in the middle of its pixels", func() []byte { d := zeroPNG(256, 256, 8, 6, false); return d[:len(d)/2] }),
		img("paletted without a palette", func() []byte { return withoutChunk(zeroPNG(8, 8, 8, 3, false), "PLTE") }),
		img("as large as the file system says: 1 TiB", fixed(pngFile(4, 4))).withFS(func(m fstest.MapFS) fs.FS { return sizeFS{m, 1 << 40, "bad.png"} }),

		atlas("aliases that expand to millions of frames", func() string {
			return strings.Replace(string(aliasAtlas(3000, 3000)), "hero.png", "x.png", 1)
		}),
		atlas("a billion laughs", func() string { return "image: x.png\n" + laughs() }),
		atlas("nested 100 000 deep", func() string { return "image: x.png\nframes: " + strings.Repeat("[", 100000) }),
		atlas("nested mappings 20 000 deep", func() string { return "image: x.png\nframes: " + strings.Repeat("{a: ", 20000) }),
		atlas("a byte over the YAML limit", func() string { return "image: x.png\n#" + strings.Repeat("x", assets.DefaultYAMLSize) }),
		loads(atlas("20 000 frames and 5 000 clips, near the limit", func() string { return bigAtlas(20000) })),
		atlas("numbers beyond any integer", str("image: x.png\nframes: {a: {x: 99999999999999999999999, y: -1e300, w: .inf, h: .nan}}\n")),
		atlas("a grid of more frames than an atlas holds", str("image: big.png\ngrid: {w: 1, h: 1}\n")),
		atlas("a grid of huge cells", str("image: x.png\ngrid: {w: 16384, h: 16384, margin: 16384, spacing: 16384}\n")),
		atlas("100 000 clips of unknown frames", func() string { return clipTypos(100000) }),
		loads(atlas("a clip of 300 000 frames, near the limit", func() string {
			return "image: x.png\nframes: {a: {w: 1, h: 1}}\nclips: {c: {frames: [" + strings.Repeat("a, ", 300000) + "a], fps: 1}}\n"
		})),
		atlas("an image path out of the file system", str("image: ../../../etc/passwd\nframes: {a: {w: 1, h: 1}}\n")),
		atlas("itself as its image", str("image: bad.yaml\nframes: {a: {w: 1, h: 1}}\n")),
		atlas("a 1 MB misspelt key", func() string {
			return "image: x.png\nframes: {a: {w: 1, h: 1}}\n" + strings.Repeat("f", 1<<20) + "rames: 1\n"
		}),
		atlas("not UTF-8", str("image: x.png\nframes: {\xff\xfe: 1}\n")),
		atlas("a byte order mark inside", str("image: x.png\n\ufeffframes: {}\n")),

		font("a glyph table go-text's parser panics on", brokenLoca),
		font("64 000 fonts sharing a 65 535-table directory", func() []byte { return fontBomb(64000) }),
		font("a collection claiming 2³²-1 fonts", func() []byte {
			c := collection(fontFile("OTTO"))
			binary.BigEndian.PutUint32(c[8:], 0xffffffff)
			return c
		}),
		font("65 535 tables of nothing", func() []byte { return sfnt("\x00\x01\x00\x00", 65535, 0, 12+16*65535) }),
		font("Go Regular cut to a third", func() []byte { return goregular.TTF[:len(goregular.TTF)/3] }),
		loads(font("Go Regular with its table lengths running to the end of the file", func() []byte { return maxedTables(goregular.TTF) })),

		sound("a WAV at 1 Hz", func() []byte { h := pcm16; h.rate = 1; return wavOf(h) }),
		sound("a WAV at 2³¹ Hz", func() []byte { h := pcm16; h.rate = 1 << 31; return wavOf(h) }),
		sound("a WAV whose data claims 4 GiB", func() []byte { h := pcm16; h.dataSize, h.have = 0xffffffff, 100; return wavOf(h) }),
		sound("a WAV of 0 channels", func() []byte { h := pcm16; h.channels = 0; return wavOf(h) }),
		loads(sound("a WAV of 100 000 empty chunks", func() []byte {
			h := pcm16
			h.extra = bytes.Repeat([]byte("JUNK\x00\x00\x00\x00"), 100000)
			h.dataSize = 3 // not whole frames
			return wavOf(h)
		})),
		sound("an Ogg page of 255 empty segments", func() []byte { return oggOf(0, nil)[:26] }),
		sound("an Ogg Vorbis stream at 1 Hz", func() []byte { return oggOf(0, vorbisHeader(2, 1)) }),

		data("a billion laughs", laughs),
		data("nested 100 000 deep", func() string { return "child: " + strings.Repeat("[", 100000) }),
		data("a byte over the YAML limit", func() string { return "name: x\n#" + strings.Repeat("x", assets.DefaultYAMLSize) }),
		data("4000 values of the wrong type", func() string {
			var b strings.Builder
			b.WriteString("loot:\n")
			for i := range 4000 {
				fmt.Fprintf(&b, "  k%d: many\n", i)
			}
			return b.String()
		}),
		data("a mapping of 100 000 keys", func() string {
			var b strings.Builder
			for i := range 100000 {
				fmt.Fprintf(&b, "k%d: 1\n", i)
			}
			return b.String()
		}),
		data("one key 4000 times", func() string { return strings.Repeat("name: x\n", 4000) }),
		data("one key 4000 times in each of 40 mappings", func() string {
			return "any: [" + strings.Repeat("{"+strings.Repeat("a: 1, ", 3999)+"a: 1}, ", 40) + "]\n"
		}),
		loads(data("4 mappings of 4096 keys, at both limits", func() string { return keyMappings(4, 4096, 0) })),
		data("5 mappings of 4096 keys", func() string { return keyMappings(5, 4096, 0) }),
		data("25 mappings of 4096 keys", func() string { return keyMappings(25, 4096, 0) }),
		data("a mapping of 4096 keys aliased 40 times", func() string { return keyMappings(1, 4096, 40) }),
		loads(data("a mapping of 4096 keys aliased 3 times", func() string { return keyMappings(1, 4096, 3) })),
		loads(data("a list of 500 000 numbers, near the limit", func() string { return "tags: [" + strings.Repeat("1,", 500000) + "1]\n" })),
		data("integers that are not", str("count: .nan\nsmall: 1e300\ngrid: [-.inf, 1.5]\nloot: {a: 0x1p70}\n")),
		data("a merge of a number", str("<<: 5\nname: x\n")),
		data("a key of 1 MB", func() string { return strings.Repeat("k", 1<<20) + ": 1\n" }),
		data("two documents", str("name: a\n---\nname: b\n")),
		data("control characters", str("name: \x00\x07\n")),
	}
}

func (h hostile) withFS(f func(fstest.MapFS) fs.FS) hostile { h.fsys = f; return h }

// path is where the hostile file lies.
func (h hostile) path() string {
	switch h.kind {
	case assets.KindImage:
		return "bad.png"
	case assets.KindFont:
		return "bad.ttf"
	case assets.KindSound:
		return "bad.wav"
	}
	return "bad.yaml"
}

// load loads the hostile file with l.
func (h hostile) load(l *assets.Loader) (err error) {
	switch h.kind {
	case assets.KindImage:
		_, err = l.Image(h.path())
	case assets.KindAtlas:
		_, err = l.Atlas(h.path())
	case assets.KindFont:
		_, err = l.Font(h.path())
	case assets.KindSound:
		_, err = l.Sound(h.path())
	case assets.KindData:
		_, err = l.Data(h.path())
	}
	return err
}

// hostileBase are the good files beside the hostile one.
func hostileBase() fstest.MapFS {
	return fstest.MapFS{
		"x.png":   {Data: pngFile(48, 16)},
		"big.png": {Data: zeroPNG(2049, 2048, 8, 0, false)}, // more pixels than an atlas holds frames
		"x.yaml":  {Data: []byte("image: x.png\nframes: {a: {w: 16, h: 16}}\n")},
	}
}

// cost is what running an operation took.
type cost struct {
	alloc     uint64        // bytes allocated, garbage included
	cpu, wall time.Duration // processor time, and time
	panicked  any
}

func (c cost) String() string {
	return fmt.Sprintf("%v of processor time (%v in all), %d MiB allocated", c.cpu.Round(time.Millisecond), c.wall.Round(time.Millisecond), c.alloc>>20)
}

// within reports whether c is inside the suite's bounds.
func (c cost) within() bool {
	return c.cpu <= hostileTime && c.wall <= hostileWall && c.alloc <= hostileBytes
}

// measure runs f and returns what it cost, and the panic if it panicked.
func measure(f func()) cost {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start, cpu := time.Now(), cpuTime()
	var c cost
	func() {
		defer func() { c.panicked = recover() }()
		f()
	}()
	c.wall, c.cpu = time.Since(start), cpuTime()-cpu
	runtime.ReadMemStats(&after)
	c.alloc = after.TotalAlloc - before.TotalAlloc
	return c
}

// TestHostileLoads loads each hostile file into a loader that holds good
// assets already.
func TestHostileLoads(t *testing.T) {
	for _, h := range hostileFiles() {
		t.Run(h.name, func(t *testing.T) {
			files := hostileBase()
			files[h.path()] = &fstest.MapFile{Data: h.data()}
			var fsys fs.FS = files
			if h.fsys != nil {
				fsys = h.fsys(files)
			}
			l := assets.New(fsys)
			good, err := l.Atlas("x.yaml")
			if err != nil {
				t.Fatal(err)
			}
			before := l.Loaded()
			var lerr, derr error
			c := measure(func() { lerr = h.load(l) })
			var dc, ac cost // decoding data into a struct, and into any: operations of their own
			if lerr == nil && h.kind == assets.KindData {
				d, _ := l.Data(h.path())
				dc = measure(func() { var v Fuzzed; derr = d.Decode(&v) })
				ac = measure(func() { var v any; _ = d.Decode(&v) })
				t.Logf("decoding: %v into a struct, %v into any", dc, ac)
			}
			err = cmp.Or(lerr, derr)
			msg := fmt.Sprint(err)
			if len(msg) > 200 {
				msg = msg[:200] + "..."
			}
			t.Logf("%d KiB: %v: %s", len(files[h.path()].Data)>>10, c, msg)
			switch {
			case c.panicked != nil || dc.panicked != nil || ac.panicked != nil:
				t.Fatalf("panicked: %v", cmp.Or(c.panicked, dc.panicked, ac.panicked))
			case h.loads && err != nil:
				t.Errorf("a valid file failed: %v", err)
			case !h.loads && err == nil:
				t.Errorf("loaded")
			}
			if err != nil && len(assets.Errors(err)) == 0 {
				t.Errorf("the error %v holds no *LoadError", err)
			}
			if !c.within() || !dc.within() || !ac.within() {
				t.Errorf("took %v (decoding: %v and %v); the bounds are %v of processor time and %d MiB", c, dc, ac, hostileTime, hostileBytes>>20)
			}
			// A load that fails leaves the cache as it was, but for the
			// images an atlas named, which are loads of their own.
			after := slices.DeleteFunc(l.Loaded(), func(r assets.Request) bool {
				return r.Kind == assets.KindImage && !slices.Contains(before, r)
			})
			if lerr != nil && !slices.Equal(before, after) {
				t.Errorf("a failed load changed the cache: %v, then %v", before, after)
			}
			if good.Len() != 1 || good.Image().Bounds() != image48x16 {
				t.Errorf("a good atlas changed: %d frames of an image %v", good.Len(), good.Image().Bounds())
			}
		})
	}
}

var image48x16 = image.Rect(0, 0, 48, 16)

// TestHostileReloads loads a good file, replaces it with each hostile
// file the loader reloads (images, atlas files, data), and reloads: the
// reload reports it, within the bounds, and the asset keeps its value.
func TestHostileReloads(t *testing.T) {
	for _, h := range hostileFiles() {
		if h.loads || h.fsys != nil || h.kind == assets.KindFont || h.kind == assets.KindSound {
			continue // fonts and sounds are not reloaded
		}
		t.Run(h.name, func(t *testing.T) {
			d := newDirFiles(t)
			for name, f := range hostileBase() {
				d.write(name, f.Data)
			}
			good := map[assets.Kind][]byte{
				assets.KindImage: pngFile(48, 16),
				assets.KindAtlas: []byte("image: x.png\nframes: {a: {w: 16, h: 16}}\nclips: {c: {frames: [a], fps: 1}}\n"),
				assets.KindData:  []byte("name: good\ncount: 3\n"),
			}[h.kind]
			d.write(h.path(), good)
			l := assets.New(os.DirFS(d.dir))
			var bound Fuzzed // data is bound, so a reload decodes it
			if h.kind == assets.KindData {
				data, err := l.Data(h.path())
				if err != nil {
					t.Fatal(err)
				}
				if err := data.Bind(&bound); err != nil {
					t.Fatal(err)
				}
			}
			snapshot := func() string { return hostileState(t, l, h) + fmt.Sprintf(", bound %+v", bound) }
			was := snapshot()
			d.write(h.path(), h.data())
			var r assets.Reload
			c := measure(func() { r = l.Reload() })
			t.Logf("%v: %.200v", c, r.Err)
			switch {
			case c.panicked != nil:
				t.Fatalf("panicked: %v", c.panicked)
			case r.Err == nil || len(r.Paths) > 0:
				t.Errorf("Reload() = %+v; want an error and nothing reloaded", r)
			case !c.within():
				t.Errorf("took %v; the bounds are %v of processor time and %d MiB", c, hostileTime, hostileBytes>>20)
			}
			if now := snapshot(); now != was {
				t.Errorf("after a failed reload the asset is\n\t%s\nwas\n\t%s", now, was)
			}
			if again := l.Reload(); again.Err != nil || len(again.Paths) > 0 {
				t.Errorf("a second reload = %+v; want nothing: the failure was reported", again)
			}
		})
	}
}

// hostileState loads h's path as h's kind (a good file, at first) and
// describes it, with everything that depends on it.
func hostileState(t *testing.T, l *assets.Loader, h hostile) string {
	t.Helper()
	switch h.kind {
	case assets.KindImage:
		img, err := l.Image(h.path())
		if err != nil {
			t.Fatal(err)
		}
		grid, err := l.Grid(h.path(), assets.Grid{W: 16, H: 16})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("image %v generation %d, grid %v", img.Bounds(), img.Generation(), frames(grid))
	case assets.KindAtlas:
		a, err := l.Atlas(h.path())
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("atlas of %s %v generation %d, frames %v, clips %v", a.Image().Path(), a.Image().Bounds(), a.Generation(), frames(a), clips(a))
	}
	d, err := l.Data(h.path())
	if err != nil {
		t.Fatal(err)
	}
	var v Fuzzed
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("data generation %d: %q, %+v", d.Generation(), d.Bytes(), v)
}

// keyMappings returns a data file of a list of n mappings of keys keys
// each, the first anchored and repeated aliases times after them.
func keyMappings(n, keys, aliases int) string {
	var b strings.Builder
	b.WriteString("any:\n")
	for i := range n {
		b.WriteString("  - ")
		if i == 0 {
			b.WriteString("&m ")
		}
		b.WriteString("{")
		for k := range keys {
			fmt.Fprintf(&b, "k%d: 1, ", k)
		}
		b.WriteString("}\n")
	}
	b.WriteString(strings.Repeat("  - *m\n", aliases))
	return b.String()
}

// laughs is the billion laughs: ten aliases of ten aliases, nine deep.
func laughs() string {
	var b strings.Builder
	b.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	return b.String()
}

// bigAtlas is an atlas file of n frames of 1×1 in x.png, each with a clip
// of its own.
func bigAtlas(n int) string {
	var b strings.Builder
	b.WriteString("image: x.png\nframes:\n")
	for i := range n {
		fmt.Fprintf(&b, "  f%d: {x: %d, y: %d, w: 1, h: 1}\n", i, i%48, i/48%16)
	}
	b.WriteString("clips:\n")
	for i := range n / 4 {
		fmt.Fprintf(&b, "  c%d: {frames: [f%d, %d], fps: 8}\n", i, i, i+1)
	}
	return b.String()
}

// clipTypos is an atlas of n frames named by a grid, and n clips naming
// frames it does not have.
func clipTypos(n int) string {
	var b strings.Builder
	b.WriteString("image: big.png\ngrid: {w: 1, h: 1, count: 100000, names: [")
	for i := range min(n, 100000) {
		fmt.Fprintf(&b, "t%d,", i)
	}
	b.WriteString("]}\nclips:\n")
	for i := range n {
		fmt.Fprintf(&b, "  c%d: {frames: [u%d], fps: 1}\n", i, i)
	}
	return b.String()
}

// withChunk returns png with a chunk of type typ claiming n bytes inserted
// after its header.
func withChunk(png []byte, typ string, n uint32) []byte {
	out := append([]byte(nil), png[:33]...)
	out = binary.BigEndian.AppendUint32(out, n)
	out = append(out, typ...)
	out = append(out, "short"...)
	return append(out, png[33:]...)
}

// withoutChunk returns png without its chunks of type typ.
func withoutChunk(png []byte, typ string) []byte {
	out := append([]byte(nil), png[:8]...)
	for i := 8; i+12 <= len(png); {
		n := int(binary.BigEndian.Uint32(png[i:]))
		if string(png[i+4:i+8]) != typ {
			out = append(out, png[i:i+12+n]...)
		}
		i += 12 + n
	}
	return out
}

// maxedTables returns a copy of font whose table records all claim to
// run to the end of the file.
func maxedTables(font []byte) []byte {
	font = append([]byte(nil), font...)
	n := int(binary.BigEndian.Uint16(font[4:]))
	for i := range n {
		rec := font[12+16*i:]
		off := binary.BigEndian.Uint32(rec[8:])
		binary.BigEndian.PutUint32(rec[12:], uint32(len(font))-off)
	}
	return font
}
