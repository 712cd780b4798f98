package assets

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
)

// FontFormat is the format of a [Font] file.
type FontFormat uint8

// The font formats the loader takes: what ebitengine's text/v2 reads.
const (
	FontTrueType   FontFormat = iota + 1 // glyphs as TrueType outlines (.ttf)
	FontOpenType                         // glyphs as CFF outlines (.otf)
	FontCollection                       // several fonts in one file (.ttc, .otc)
)

// String returns "TrueType", "OpenType" or "collection".
func (f FontFormat) String() string {
	switch f {
	case FontTrueType:
		return "TrueType"
	case FontOpenType:
		return "OpenType"
	case FontCollection:
		return "collection"
	}
	return fmt.Sprintf("FontFormat(%d)", uint8(f))
}

// Font is a loaded font file: its bytes, checked to be a TrueType or
// OpenType font (or a collection of them) that the face parser reads.
// Package render makes text faces
// of them with ebitengine's text/v2. Fonts are not reloaded. A Font is
// immutable, so safe for concurrent use.
type Font struct {
	path   string
	data   []byte
	format FontFormat
	faces  int
}

// Path returns the font's path in the loader's file system.
func (f *Font) Path() string { return f.path }

// Bytes returns the font file's content. It must not be modified.
func (f *Font) Bytes() []byte { return f.data }

// Format returns the font's format.
func (f *Font) Format() FontFormat { return f.format }

// Faces returns the number of fonts in the file: 1, or more for a
// collection.
func (f *Font) Faces() int { return f.faces }

// Font loads the font at name, or returns it from the cache. The loader
// checks the file's header and table directory, which catches a file that
// is not a font or was cut short, then parses every font in it with the
// parser package render makes faces with (go-text's), so a font that loads
// makes faces: a broken glyph table fails here, not when text is first
// drawn. The parsed fonts are not kept (render parses the bytes again,
// once per renderer); parsing costs time linear in the file's size.
//
// The error is a [*LoadError] naming the path and wrapping [ErrNotFound],
// [ErrFormat] (not a TrueType or OpenType font; WOFF is not taken),
// [ErrLimit] (a file larger than [Limits.FileSize]) or [ErrDecode] (a
// table directory that does not fit the file, tables the parser cannot
// read, or one on which it panicked, which is recovered and said so), or
// the file system's error.
func (l *Loader) Font(name string) (*Font, error) {
	return loadFile(l, KindFont, name, func(p string, data []byte) (*Font, error) {
		format, faces, msg, kind := checkFont(data)
		if kind == nil {
			msg, kind = parseFont(data)
		}
		if kind != nil {
			return nil, newError(p, kind, msg)
		}
		return &Font{path: p, data: data, format: format, faces: faces}, nil
	})
}

// parseFont parses every font of a file that checkFont passed, as
// ebitengine's text/v2 does when it makes a face source (the font's
// tables, then its description), and returns what went wrong, if
// anything. The parser is not ours: a panic in it is recovered and
// reported as a font it cannot read.
func parseFont(data []byte) (msg string, kind error) {
	defer func() {
		if r := recover(); r != nil {
			msg, kind = fmt.Sprintf("the font parser (go-text) panicked on this font, so it cannot be used: %v", r), ErrDecode
		}
	}()
	loaders, err := opentype.NewLoaders(bytes.NewReader(data))
	if err != nil {
		return "the font parser (go-text) cannot read it: " + err.Error(), ErrDecode
	}
	for i, ld := range loaders {
		if _, err := font.NewFont(ld); err != nil {
			if len(loaders) > 1 {
				return fmt.Sprintf("font %d of the collection: the font parser (go-text) cannot read it: %v", i, err), ErrDecode
			}
			return "the font parser (go-text) cannot read it: " + err.Error(), ErrDecode
		}
		_, _ = font.Describe(ld, nil) // its name and style, which text/v2 reads too
	}
	return "", nil
}

// sfnt version tags.
const (
	tagTrueType   = "\x00\x01\x00\x00"
	tagApple      = "true"
	tagOpenType   = "OTTO"
	tagCollection = "ttcf"
)

// checkFont checks a font file's header and table directories. On failure
// it returns the message and the sentinel error.
func checkFont(data []byte) (FontFormat, int, string, error) {
	if len(data) < 12 {
		return 0, 0, fmt.Sprintf("too short to be a font (%d bytes)", len(data)), ErrFormat
	}
	switch tag := string(data[:4]); tag {
	case tagTrueType, tagApple, tagOpenType:
		if msg := checkSFNT(data, 0); msg != "" {
			return 0, 0, msg, ErrDecode
		}
		if tag == tagOpenType {
			return FontOpenType, 1, "", nil
		}
		return FontTrueType, 1, "", nil
	case tagCollection:
		n := binary.BigEndian.Uint32(data[8:])
		if n == 0 {
			return 0, 0, "font collection holds no fonts", ErrDecode
		}
		if uint64(n)*4 > uint64(len(data)-12) {
			return 0, 0, fmt.Sprintf("font collection of %d fonts is cut short", n), ErrDecode
		}
		// Each font has a table directory of its own, so together they
		// fit in the file: a collection whose directories add up to more
		// (one font listed thousands of times) would make checking them
		// take time the square of its size.
		var dirs uint64
		for i := range int(n) {
			off := binary.BigEndian.Uint32(data[12+4*i:])
			if uint64(off)+12 > uint64(len(data)) {
				return 0, 0, fmt.Sprintf("font %d of the collection lies outside the file", i), ErrDecode
			}
			switch string(data[off : off+4]) {
			case tagTrueType, tagApple, tagOpenType:
			default:
				return 0, 0, fmt.Sprintf("font %d of the collection is not a TrueType or OpenType font", i), ErrDecode
			}
			if dirs += 12 + 16*uint64(binary.BigEndian.Uint16(data[off+4:])); dirs > uint64(len(data)) {
				return 0, 0, fmt.Sprintf("font collection's table directories add up to more than the file holds (at font %d)", i), ErrDecode
			}
			if msg := checkSFNT(data, int(off)); msg != "" {
				return 0, 0, fmt.Sprintf("font %d of the collection: %s", i, msg), ErrDecode
			}
		}
		return FontCollection, int(n), "", nil
	case "wOFF", "wOF2":
		return 0, 0, "WOFF fonts are not supported: convert the font to TTF or OTF", ErrFormat
	}
	return 0, 0, "not a TrueType or OpenType font", ErrFormat
}

// checkSFNT checks the table directory of the font at off, which has 12
// bytes at least: every table must lie inside the file.
func checkSFNT(data []byte, off int) string {
	n := int(binary.BigEndian.Uint16(data[off+4:]))
	if n == 0 {
		return "the font has no tables"
	}
	dir := data[off+12:]
	if len(dir) < 16*n {
		return fmt.Sprintf("the font's directory of %d tables is cut short", n)
	}
	for i := range n {
		rec := dir[16*i : 16*i+16]
		start, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		if uint64(start)+uint64(length) > uint64(len(data)) {
			return fmt.Sprintf("font table %q lies outside the file", rec[:4])
		}
	}
	return ""
}
