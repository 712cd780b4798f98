package assets_test

import (
	"encoding/binary"
	"io/fs"
	"testing"
	"testing/fstest"

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
		if len(f) >= 28 {
			binary.BigEndian.PutUint32(f[20:], binary.BigEndian.Uint32(f[20:])+uint32(len(data)))
		}
		data = append(data, f...)
	}
	return data
}

func TestFont(t *testing.T) {
	ttf, err := fs.ReadFile(testdata, "ui.ttf")
	if err != nil {
		t.Fatal(err)
	}
	good := sfnt("OTTO", -1, 10, 38)
	tests := []struct {
		name   string
		data   []byte
		format assets.FontFormat
		faces  int
		want   string
		kind   error
	}{
		{name: "TrueType", data: ttf, format: assets.FontTrueType, faces: 1},
		{name: "Apple TrueType", data: sfnt("true", -1, 10, 38), format: assets.FontTrueType, faces: 1},
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
		{name: "empty collection", data: collection(), want: "f: font collection holds no fonts", kind: assets.ErrDecode},
		{name: "collection cut short", data: collection(good)[:14], want: "f: font collection of 1 fonts is cut short", kind: assets.ErrDecode},
		{name: "collection of a non-font", data: collection([]byte("hello, world, not a font")), want: "f: font 0 of the collection is not a TrueType or OpenType font", kind: assets.ErrDecode},
		{name: "collection offset outside", data: collection([]byte("OTTO")), want: "f: font 0 of the collection lies outside the file", kind: assets.ErrDecode},
		{name: "collection of a bad font", data: collection(good, sfnt("OTTO", 0, 10, 38)), want: "f: font 1 of the collection: the font has no tables", kind: assets.ErrDecode},
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
