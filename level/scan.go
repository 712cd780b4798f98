package level

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// go-tiled decodes a map into Go values but keeps no positions, and keeps
// the layers of each kind apart, losing their order. So every file is
// first read into a tree of its elements with their lines and columns
// (scan), which the checks walk and which the model is matched against,
// element by element, in order. The scan also bounds what go-tiled will
// be asked to do: elements counted, layer data decoded once with its size
// known, so that a compressed layer cannot inflate past the map.

// elem is one element of a map or tileset file, with where it starts.
type elem struct {
	name      string
	attrs     []xml.Attr
	line, col int
	kids      []*elem
	// text is the character data of a <property> (a multi-line string
	// value), and of a <data> while it is read.
	text  string
	buf   *strings.Builder
	cells int // for <data>: the tiles it holds
	// minGID is, for <data>, the least global tile id its cells show
	// (flip bits cleared), 0 if none shows a tile.
	minGID uint32
}

// see records that data shows the tile of global id gid.
func (e *elem) see(gid uint32) {
	if g := gid &^ flipBits; g != 0 && (e.minGID == 0 || g < e.minGID) {
		e.minGID = g
	}
}

// attr returns the value of the attribute called name and whether e has
// it.
func (e *elem) attr(name string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// first returns e's first child called name, or nil.
func (e *elem) first(name string) *elem {
	for _, k := range e.kids {
		if k.name == name {
			return k
		}
	}
	return nil
}

// each returns e's children called name, in order.
func (e *elem) each(name string) []*elem {
	var out []*elem
	for _, k := range e.kids {
		if k.name == name {
			out = append(out, k)
		}
	}
	return out
}

// props returns the <property> elements of e's <properties>.
func (e *elem) props() []*elem {
	if ps := e.first("properties"); ps != nil {
		return ps.each("property")
	}
	return nil
}

// scanner reads one file into its element tree.
type scanner struct {
	file  string
	lim   Limits
	r     *report
	cells int // the map's width × height, for its <data>; 0 in a tileset
	// firstGID is the map's first tileset's first global id (0: none).
	firstGID uint32
}

// fail reports a problem at e (nil: the file as a whole).
func (s *scanner) fail(e *elem, kind error, format string, args ...any) {
	le := &LoadError{File: s.file, Err: &problem{kind: kind, msg: fmt.Sprintf(format, args...)}}
	if e != nil {
		le.Line, le.Col = e.line, e.col
	}
	s.r.add(le)
}

// scan returns the root element of data, or nil after reporting why the
// file cannot be read.
func (s *scanner) scan(data []byte) *elem {
	d := xml.NewDecoder(bytes.NewReader(data))
	var root *elem
	var stack []*elem
	n := 0
	for {
		line, col := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			s.syntax(d, err)
			return nil
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := &elem{name: t.Name.Local, attrs: t.Attr, line: line, col: col}
			if enc, _ := e.attr("encoding"); e.name == "property" || e.name == "data" && enc != "" {
				e.buf = new(strings.Builder)
			}
			var parent *elem
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, e)
			switch {
			case parent == nil:
				if root != nil {
					s.fail(e, ErrSyntax, "a second root element <%s>", e.name)
					return nil
				}
				root = e
				if e.name == "map" {
					if w, h := intAttr(e, "width", 0), intAttr(e, "height", 0); w > 0 && h > 0 && w <= MaxSide && h <= MaxSide {
						s.cells = w * h // what each layer's data must hold
					}
				}
			case parent.name == "data" && e.name == "tile":
				parent.cells++ // a cell of XML-encoded data: counted, not kept
				if v, ok := e.attr("gid"); ok {
					gid, err := strconv.ParseUint(v, 10, 32)
					if err != nil {
						s.fail(e, ErrSyntax, "<tile> gid is %q; it must be a whole number of at least 0", v)
					}
					parent.see(uint32(gid))
				}
				continue
			default:
				parent.kids = append(parent.kids, e)
			}
			if n++; n > s.lim.Elements {
				s.fail(e, ErrLimit, "more than %d elements (Limits.Elements)", s.lim.Elements)
				return nil
			}
			if len(stack) > 4*MaxDepth {
				s.fail(e, ErrLimit, "elements nest more than %d deep", 4*MaxDepth)
				return nil
			}
		case xml.CharData:
			if len(stack) > 0 {
				if top := stack[len(stack)-1]; top.buf != nil {
					top.buf.Write(t)
				}
			}
		case xml.EndElement:
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if e.buf != nil {
				e.text, e.buf = e.buf.String(), nil
			}
			if e.name == "data" && len(stack) > 0 && stack[len(stack)-1].name == "layer" {
				s.data(e)
			}
		}
	}
	if root == nil {
		s.r.add(&LoadError{File: s.file, Line: 1, Err: &problem{kind: ErrSyntax, msg: "the file holds no XML element"}})
	}
	return root
}

// syntax reports encoding/xml's error, at its line if it gives one.
func (s *scanner) syntax(d *xml.Decoder, err error) {
	line, col := d.InputPos()
	msg := err.Error()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		if se.Line != line {
			col = 0
		}
		line, msg = se.Line, se.Msg
	}
	s.r.add(&LoadError{File: s.file, Line: line, Col: col, Err: &problem{kind: ErrSyntax, msg: "not well-formed XML: " + msg}})
}

// data decodes a tile layer's <data> to count its cells, reading at most
// what the map's size allows, and drops its text: go-tiled decodes it
// again, knowing then that it fits.
func (s *scanner) data(e *elem) {
	text := e.text
	e.text = ""
	if e.first("chunk") != nil {
		s.fail(e, ErrUnsupported, "layer data in chunks is an infinite map's: in Tiled, untick Map > Map Properties > Infinite")
		return
	}
	enc, _ := e.attr("encoding")
	comp, _ := e.attr("compression")
	switch enc {
	case "":
		if comp != "" {
			s.fail(e, ErrSyntax, "layer data compressed as %q needs an encoding", comp)
		}
	case "csv":
		if comp != "" {
			s.fail(e, ErrSyntax, "CSV layer data cannot be compressed")
			return
		}
		s.csvCells(e, text)
	case "base64":
		if err := base64Cells(e, text, comp, s.cells); err != nil {
			s.fail(e, ErrSyntax, "layer data: %v", err)
			e.cells = -1
		}
	default:
		s.fail(e, ErrSyntax, "layer data encoding %q is none of csv, base64 or XML", enc)
		e.cells = -1
	}
}

// csvCells reads CSV layer data as go-tiled does (everything but
// digits and commas is ignored), counting its cells and checking each is
// a tile id; it stops at the first that is not.
func (s *scanner) csvCells(e *elem, text string) {
	e.cells = 0
	if strings.TrimSpace(text) == "" {
		return
	}
	clean := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == ',' {
			return r
		}
		return -1
	}, text)
	e.cells = strings.Count(clean, ",") + 1
	if e.cells != s.cells {
		return // reported by checkTileLayer, with the count
	}
	for i, c := range strings.Split(clean, ",") {
		gid, err := strconv.ParseUint(c, 10, 32)
		if err != nil {
			s.fail(e, ErrSyntax, "layer data: cell %d is %q, not a tile id", i+1, c)
			e.cells = -1
			return
		}
		e.see(uint32(gid))
	}
}

// base64Cells counts the cells of base64 layer data into e, decoding at
// most want+1 of them, and the least tile id they show.
func base64Cells(e *elem, text, comp string, want int) error {
	var r io.Reader = base64.NewDecoder(base64.StdEncoding, strings.NewReader(strings.TrimSpace(text)))
	var err error
	switch comp {
	case "":
	case "gzip":
		r, err = gzip.NewReader(r)
	case "zlib":
		r, err = zlib.NewReader(r)
	case "zstd":
		return errors.New("zstd compression is not read: in Tiled, choose Base64 (zlib compressed) or CSV as the tile layer format")
	default:
		return fmt.Errorf("unknown compression %q", comp)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", comp, err)
	}
	r = bufio.NewReader(io.LimitReader(r, int64(want)*4+4))
	var cell [4]byte
	n := 0
	for {
		k, err := io.ReadFull(r, cell[:])
		if err == io.EOF {
			break
		}
		if err == io.ErrUnexpectedEOF {
			return fmt.Errorf("%d bytes, which is not a whole number of 4-byte tiles", 4*n+k)
		}
		if err != nil {
			return err
		}
		n++
		e.see(binary.LittleEndian.Uint32(cell[:]))
	}
	e.cells = n
	return nil
}
