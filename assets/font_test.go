package assets_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
)

// sfnt returns a font file of tag whose directory lists one table of
// length bytes at offset 28, followed by size-28 bytes; numTables
// overrides the count the header gives when not negative.
func sfnt(tag string, numTables int, tableLen uint32, size int) []byte {
	data := make([]byte, max(size, 12))
	copy(data, tag)
	n := 1
	if numTables >= 0 {
		n = numTables
	}
	binary.BigEndian.PutUint16(data[4:], uint16(n))
	if len(data) >= 28 {
		copy(data[12:], "glyf")
		binary.BigEndian.PutUint32(data[20:], 28)
		binary.BigEndian.PutUint32(data[24:], tableLen)
	}
	return data
}

// fontFile returns a real, minimal font of sfnt version tag (TrueType,
// "true" or "OTTO"): a cmap mapping U+0020 to U+007E to one glyph, a box,
// with the head, hhea, maxp and hmtx tables the face parser needs, and
// for TrueType tags the box's outline in glyf and loca (an "OTTO" font has
// no outlines, which the parser allows). testdata/ui.ttf is
// fontFile(tagTrueType); TestFontFixture keeps it so.
func fontFile(tag string) []byte {
	be := func(vs ...any) []byte {
		var b bytes.Buffer
		for _, v := range vs {
			binary.Write(&b, binary.BigEndian, v)
		}
		return b.Bytes()
	}
	box := be(int16(1), int16(100), int16(0), int16(500), int16(700), // one contour, and its bounds
		uint16(3), uint16(0), // its last point, no instructions
		[]uint8{1, 1, 1, 1}, []int16{100, 0, 400, 0}, []int16{0, 700, 0, -700}) // on-curve points, as deltas
	tables := map[string][]byte{
		"head": be(uint16(1), uint16(0), uint32(0x10000), uint32(0), uint32(0x5F0F3CF5), uint16(0xB), uint16(1000), // 1000 units per em
			int64(0), int64(0), int16(0), int16(0), int16(500), int16(700), uint16(0), uint16(8), int16(2), int16(0), int16(0)),
		"hhea": be(uint32(0x10000), int16(800), int16(-200), int16(0), uint16(600), int16(0), int16(0), int16(500),
			int16(1), int16(0), int16(0), [4]int16{}, int16(0), uint16(2)),
		"maxp": be(uint32(0x10000), uint16(2), [13]uint16{}),
		"hmtx": be(uint16(600), int16(0), uint16(600), int16(100)),
		// One subtable (Windows, full Unicode) of format 13: a range of
		// characters to one glyph.
		"cmap": be(uint16(0), uint16(1), uint16(3), uint16(10), uint32(12),
			uint16(13), uint16(0), uint32(28), uint32(0), uint32(1), uint32(0x20), uint32(0x7e), uint32(1)),
	}
	if tag != "OTTO" {
		tables["glyf"] = box
		tables["loca"] = be(uint16(0), uint16(0), uint16(len(box)/2)) // short offsets, in halves
	}
	tags := slices.Sorted(maps.Keys(tables))
	out := be([]byte(tag), uint16(len(tags)), uint16(0), uint16(0), uint16(0))
	var body []byte
	for _, t := range tags {
		out = append(out, be([]byte(t), uint32(0), uint32(12+16*len(tags)+len(body)), uint32(len(tables[t])))...)
		body = append(body, tables[t]...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(out, body...)
}

var updateFont = flag.Bool("update-font", false, "rewrite testdata/ui.ttf")

// TestFontFixture: testdata/ui.ttf is the font fontFile makes, so that
// what it holds is written down in code.
func TestFontFixture(t *testing.T) {
	want := fontFile("\x00\x01\x00\x00")
	if *updateFont {
		if err := os.WriteFile(filepath.Join("testdata", "ui.ttf"), want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := fs.ReadFile(testdata, "ui.ttf")
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("testdata/ui.ttf is not fontFile(TrueType) (err %v): run go test -run TestFontFixture -update-font", err)
	}
}

// collection returns a TrueType collection of fonts at the offsets given
// (each pointing at a copy of font appended to the file, or past it).
func collection(fonts ...[]byte) []byte {
	head := make([]byte, 12+4*len(fonts))
	copy(head, "ttcf")
	binary.BigEndian.PutUint32(head[4:], 0x00010000)
	binary.BigEndian.PutUint32(head[8:], uint32(len(fonts)))
	data := head
	for i, f := range fonts {
		binary.BigEndian.PutUint32(data[12+4*i:], uint32(len(data)))
		// Tables are found from the file's start, so shift this font's.
		f = append([]byte(nil), f...)
		if len(f) >= 12 {
			n := int(binary.BigEndian.Uint16(f[4:]))
			for r := 12; r+16 <= len(f) && r < 12+16*n; r += 16 {
				binary.BigEndian.PutUint32(f[r+8:], binary.BigEndian.Uint32(f[r+8:])+uint32(len(data)))
			}
		}
		data = append(data, f...)
	}
	return data
}

// brokenLoca returns Go Regular with the second entry of its glyph
// location table (loca) set to 0xffff: two bytes that go-text's parser
// (v0.2.0) reads as a glyph beyond the glyf table, and panics on.
func brokenLoca() []byte {
	data := bytes.Clone(goregular.TTF)
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := range n {
		rec := data[12+16*i:]
		if string(rec[:4]) == "loca" {
			binary.BigEndian.PutUint16(data[binary.BigEndian.Uint32(rec[8:]):], 0xffff)
			return data
		}
	}
	panic("Go Regular has no loca table")
}

func TestFont(t *testing.T) {
	ttf, err := fs.ReadFile(testdata, "ui.ttf")
	if err != nil {
		t.Fatal(err)
	}
	good := fontFile("OTTO")
	tests := []struct {
		name   string
		data   []byte
		format assets.FontFormat
		faces  int
		want   string
		kind   error
	}{
		{name: "TrueType", data: ttf, format: assets.FontTrueType, faces: 1},
		{name: "Go Regular", data: goregular.TTF, format: assets.FontTrueType, faces: 1},
		{name: "Apple TrueType", data: fontFile("true"), format: assets.FontTrueType, faces: 1},
		{name: "OpenType", data: good, format: assets.FontOpenType, faces: 1},
		{name: "collection", data: collection(ttf, good), format: assets.FontCollection, faces: 2},
		{name: "empty", data: nil, want: "f: too short to be a font (0 bytes)", kind: assets.ErrFormat},
		{name: "not a font", data: []byte("<svg>hello, font</svg>"), want: "f: not a TrueType or OpenType font", kind: assets.ErrFormat},
		{name: "WOFF", data: sfnt("wOFF", -1, 10, 38), want: "f: WOFF fonts are not supported: convert the font to TTF or OTF", kind: assets.ErrFormat},
		{name: "WOFF2", data: sfnt("wOF2", -1, 10, 38), want: "f: WOFF fonts are not supported: convert the font to TTF or OTF", kind: assets.ErrFormat},
		{name: "no tables", data: sfnt("OTTO", 0, 10, 38), want: "f: the font has no tables", kind: assets.ErrDecode},
		{name: "directory cut short", data: sfnt("OTTO", 3, 10, 38), want: "f: the font's directory of 3 tables is cut short", kind: assets.ErrDecode},
		{name: "table outside the file", data: sfnt("OTTO", -1, 11, 38), want: `f: font table "glyf" lies outside the file`, kind: assets.ErrDecode},
		{name: "truncated TrueType", data: ttf[:len(ttf)/2], want: `f: font table "glyf" lies outside the file`, kind: assets.ErrDecode},
		{name: "tables the parser cannot read", data: sfnt("OTTO", -1, 10, 38), want: `f: the font parser (go-text) cannot read it: missing table cmap`, kind: assets.ErrDecode},
		{name: "a panic in the parser", data: brokenLoca(), want: `f: the font parser (go-text) panicked on this font, so it cannot be used: runtime error: slice bounds out of range [131070:84]`, kind: assets.ErrDecode},
		{name: "empty collection", data: collection(), want: "f: font collection holds no fonts", kind: assets.ErrDecode},
		{name: "collection cut short", data: collection(good)[:14], want: "f: font collection of 1 fonts is cut short", kind: assets.ErrDecode},
		{name: "collection of a non-font", data: collection([]byte("hello, world, not a font")), want: "f: font 0 of the collection is not a TrueType or OpenType font", kind: assets.ErrDecode},
		{name: "collection offset outside", data: collection([]byte("OTTO")), want: "f: font 0 of the collection lies outside the file", kind: assets.ErrDecode},
		{name: "collection of a bad font", data: collection(good, sfnt("OTTO", 0, 10, 38)), want: "f: font 1 of the collection: the font has no tables", kind: assets.ErrDecode},
		{name: "collection of an unreadable font", data: collection(good, sfnt("OTTO", -1, 10, 38)), want: "f: font 1 of the collection: the font parser (go-text) cannot read it: missing table cmap", kind: assets.ErrDecode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := assets.New(fstest.MapFS{"f": {Data: tt.data}}).Font("f")
			if tt.want != "" {
				checkError(t, "Font", err, tt.want, tt.kind)
				return
			}
			if err != nil {
				t.Fatalf("Font() = %v", err)
			}
			if f.Format() != tt.format || f.Faces() != tt.faces || len(f.Bytes()) != len(tt.data) || f.Path() != "f" {
				t.Errorf("Font() = %v, %d faces, %d bytes, path %q; want %v, %d, %d, \"f\"", f.Format(), f.Faces(), len(f.Bytes()), f.Path(), tt.format, tt.faces, len(tt.data))
			}
		})
	}
}

// fontBomb returns a font collection of n fonts that all point at one
// sfnt whose directory lists 65535 tables: about 1 MiB + 4n bytes, and
// n*65535 table records for checkFont to walk.
func fontBomb(n int) []byte {
	const tables = 65535
	head := 12 + 4*n
	data := make([]byte, head+12+16*tables)
	copy(data, "ttcf")
	binary.BigEndian.PutUint32(data[4:], 0x00010000)
	binary.BigEndian.PutUint32(data[8:], uint32(n))
	for i := range n {
		binary.BigEndian.PutUint32(data[12+4*i:], uint32(head))
	}
	copy(data[head:], "\x00\x01\x00\x00")
	binary.BigEndian.PutUint16(data[head+4:], tables) // every record: offset 0, length 0
	return data
}

// TestFontCollectionDirectories: a collection whose table directories add
// up to more than the file (one font listed thousands of times) is refused
// at once; checking it used to take time the square of its size.
func TestFontCollectionDirectories(t *testing.T) {
	for _, n := range []int{1000, 16000, 64000} {
		data := fontBomb(n)
		l := assets.New(fstest.MapFS{"f.ttc": {Data: data}})
		start := time.Now()
		f, err := l.Font("f.ttc")
		took := time.Since(start)
		t.Logf("%7d fonts, %5d KiB: err = %v, faces %d, took %v", n, len(data)>>10, err, func() int {
			if f == nil {
				return 0
			}
			return f.Faces()
		}(), took)
		if took > time.Second || !errors.Is(err, assets.ErrDecode) {
			t.Errorf("a %d KiB font took %v to check, err %v; want ErrDecode at once", len(data)>>10, took, err)
		}
	}
}
