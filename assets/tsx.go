package assets

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"io"
	"path"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A Tiled tileset file (.tsx) is read as an atlas file: the tiles are its
// frames, numbered by tile id, and each animated tile is a clip named by
// its id. Only what an atlas is (the image, the cells, the animations) is
// read here; the tiles' properties and collision shapes are the business
// of the package that reads Tiled maps. The reader is encoding/xml's, so
// that every problem has the line and column of its element (errors point
// at synthetic yaml.Nodes carrying them, the positions atlas errors use).

// isTSX reports whether the atlas file at p is a Tiled tileset.
func isTSX(p string) bool { return strings.EqualFold(path.Ext(p), ".tsx") }

// maxClipFrames bounds the frames of a clip made of a Tiled animation:
// frames of uneven durations are repeated to play at one rate, which
// durations such as 1000 ms and 1 ms would make a thousand times longer.
const maxClipFrames = 4096

// tsxElem is an element of a tileset file, with where it starts.
type tsxElem struct {
	name  string
	attrs []xml.Attr
	pos   *yaml.Node // Line and Column only
}

// attr returns the value of the attribute called name, and whether it
// is there.
func (e tsxElem) attr(name string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// tsxTile is a <tile> element: its id, its own image (a collection's),
// its sub-rectangle and its animation.
type tsxTile struct {
	elem   tsxElem
	id     int
	image  *tsxElem
	frames []tsxFrame
}

type tsxFrame struct {
	elem     tsxElem
	tile     int
	duration int // milliseconds
}

// parseTSX reads a Tiled tileset file as an atlas file: a grid over the
// tileset's image, or, for a collection of images, one frame per tile cut
// from the one image they share. Every problem is reported with its
// element's position.
func parseTSX(p string, data []byte) (*atlasFile, []*LoadError) {
	var errs []*LoadError
	more := 0
	fail := func(n *yaml.Node, kind error, format string, args ...any) {
		if len(errs) < maxErrors {
			errs = append(errs, at(p, n, kind, format, args...))
		} else {
			more++
		}
	}
	root, img, tiles, err := scanTSX(data)
	if err != nil {
		return nil, []*LoadError{err.at(p)}
	}
	af := readTileset(root, img, tiles, fail)
	if more > 0 {
		errs = append(errs, moreProblems(p, more))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return af, nil
}

// tsxSyntax is a tileset file that is not well-formed XML, or not a
// tileset.
type tsxSyntax struct {
	line, col int
	msg       string
}

func (e *tsxSyntax) at(p string) *LoadError {
	return &LoadError{Path: p, Line: e.line, Col: e.col, Err: &detail{kind: ErrDecode, msg: e.msg}}
}

// scanTSX reads the elements of a tileset file an atlas needs: the root,
// the tileset's image and its tiles with their images and animation
// frames.
func scanTSX(data []byte) (root tsxElem, img *tsxElem, tiles []*tsxTile, serr *tsxSyntax) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var stack []string
	var tile *tsxTile
	for {
		line, col := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return root, nil, nil, xmlSyntax(d, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := tsxElem{name: t.Name.Local, attrs: t.Attr, pos: &yaml.Node{Line: line, Column: col}}
			parent := ""
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			depth := len(stack)
			stack = append(stack, e.name)
			switch {
			case depth == 0:
				if e.name != "tileset" {
					return root, nil, nil, &tsxSyntax{line, col, fmt.Sprintf("not a Tiled tileset: the root element is <%s>, not <tileset>", e.name)}
				}
				root = e
			case depth == 1 && e.name == "image":
				img = &e
			case depth == 1 && e.name == "tile":
				tile = &tsxTile{elem: e}
				tiles = append(tiles, tile)
			case depth == 2 && parent == "tile" && e.name == "image":
				tile.image = &e
			case depth == 3 && parent == "animation" && e.name == "frame" && tile != nil:
				tile.frames = append(tile.frames, tsxFrame{elem: e})
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if len(stack) == 1 {
				tile = nil
			}
		}
	}
	if root.pos == nil {
		return root, nil, nil, &tsxSyntax{1, 0, "not a Tiled tileset: the file has no <tileset> element"}
	}
	return root, img, tiles, nil
}

// xmlSyntax turns encoding/xml's error into a positioned one: its line
// if it gives one, else where the decoder stopped.
func xmlSyntax(d *xml.Decoder, err error) *tsxSyntax {
	line, col := d.InputPos()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		if se.Line != line {
			col = 0
		}
		return &tsxSyntax{se.Line, col, "not well-formed XML: " + se.Msg}
	}
	return &tsxSyntax{line, col, "not well-formed XML: " + err.Error()}
}

// readTileset makes the atlas file of a scanned tileset.
func readTileset(root tsxElem, img *tsxElem, tiles []*tsxTile, fail func(*yaml.Node, error, string, ...any)) *atlasFile {
	num := func(e tsxElem, name string, min int, required bool) (int, bool) {
		s, ok := e.attr(name)
		if !ok {
			if required {
				fail(e.pos, ErrDecode, "<%s> has no %s", e.name, name)
				return 0, false
			}
			return 0, true
		}
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < min || v > MaxImageSide*MaxImageSide {
			fail(e.pos, ErrDecode, "<%s> %s is %q; it must be a whole number of at least %d", e.name, name, s, min)
			return 0, false
		}
		return v, true
	}
	w, okW := num(root, "tilewidth", 1, true)
	h, okH := num(root, "tileheight", 1, true)
	margin, okM := num(root, "margin", 0, false)
	spacing, okS := num(root, "spacing", 0, false)
	count, okC := num(root, "tilecount", 0, false)
	af := &atlasFile{}
	byID := make(map[int]*tsxTile, len(tiles))
	for _, t := range tiles {
		id, ok := num(t.elem, "id", 0, true)
		if !ok {
			continue
		}
		if prev, dup := byID[id]; dup {
			fail(t.elem.pos, ErrDecode, "tile %d given twice (first at line %d)", id, prev.elem.pos.Line)
			continue
		}
		t.id = id
		byID[id] = t
	}
	if img != nil {
		for _, t := range tiles {
			if t.image != nil {
				fail(t.image.pos, ErrDecode, "tile %d has an image of its own, but the tileset has one image for all its tiles", t.id)
			}
		}
		af.image, af.imageNode = tsxImage(*img, fail)
		if okW && okH && okM && okS && okC {
			af.grid = &Grid{W: w, H: h, Margin: margin, Spacing: spacing, Count: count}
			af.gridNodes = map[string]*yaml.Node{"": root.pos, "count": root.pos}
		}
	} else {
		af.frames = collectionFrames(af, root, tiles, fail)
	}
	af.clips = tsxClips(af, tiles, byID, fail)
	return af
}

// tsxImage returns the path of an <image> element's file, relative to the
// tileset, and the node errors about it point at.
func tsxImage(e tsxElem, fail func(*yaml.Node, error, string, ...any)) (string, *yaml.Node) {
	if _, ok := e.attr("trans"); ok {
		fail(e.pos, ErrFormat, "<image> has a transparent colour (trans), which the loader does not key out: save the image with an alpha channel instead")
		return "", nil
	}
	src, ok := e.attr("source")
	if !ok || src == "" {
		fail(e.pos, ErrFormat, "<image> has no source: images embedded in the tileset are not read; save the image as a PNG file beside it")
		return "", nil
	}
	return src, e.pos
}

// collectionFrames returns the frames of a collection of images: one per
// tile, named by its id, cut from the one image every tile names (the
// tile's x, y, width and height, or else the whole image as the <image>
// element sizes it).
func collectionFrames(af *atlasFile, root tsxElem, tiles []*tsxTile, fail func(*yaml.Node, error, string, ...any)) []frameDef {
	if len(tiles) == 0 {
		fail(root.pos, ErrDecode, "the tileset has no image and no tiles: it needs an <image>, or tiles with images")
		return nil
	}
	var frames []frameDef
	for _, t := range tiles {
		if t.image == nil {
			fail(t.elem.pos, ErrDecode, "tile %d has no image, in a tileset of tiles with images of their own", t.id)
			continue
		}
		src, node := tsxImage(*t.image, fail)
		if node == nil {
			continue
		}
		switch {
		case af.imageNode == nil:
			af.image, af.imageNode = src, node
		case path.Clean(src) != path.Clean(af.image):
			fail(node, ErrFormat, "tile %d's image %s is not %s, which the first tile names (line %d): an atlas is cut from one image, so the tiles of a collection must share it",
				t.id, src, af.image, af.imageNode.Line)
			continue
		}
		r, ok := tileRect(t, fail)
		if ok {
			frames = append(frames, frameDef{name: strconv.Itoa(t.id), r: r, node: t.elem.pos})
		}
	}
	return frames
}

// tileRect returns the part of its image a collection's tile shows.
func tileRect(t *tsxTile, fail func(*yaml.Node, error, string, ...any)) (image.Rectangle, bool) {
	get := func(e tsxElem, name string, min int) (int, bool, bool) {
		s, ok := e.attr(name)
		if !ok {
			return 0, false, true
		}
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < min || v > MaxImageSide {
			fail(e.pos, ErrDecode, "tile %d: %s is %q; it must be a whole number from %d to %d", t.id, name, s, min, MaxImageSide)
			return 0, true, false
		}
		return v, true, true
	}
	x, _, okX := get(t.elem, "x", 0)
	y, _, okY := get(t.elem, "y", 0)
	w, hasW, okW := get(t.elem, "width", 1)
	h, hasH, okH := get(t.elem, "height", 1)
	if !hasW || !hasH {
		w, hasW, okW = get(*t.image, "width", 1)
		h, hasH, okH = get(*t.image, "height", 1)
	}
	if !(okX && okY && okW && okH) {
		return image.Rectangle{}, false
	}
	if !hasW || !hasH {
		fail(t.elem.pos, ErrDecode, "tile %d has no size: give the tile or its image a width and a height (Tiled writes them)", t.id)
		return image.Rectangle{}, false
	}
	return image.Rect(x, y, x+w, y+h), true
}

// tsxClips returns the clips of the animated tiles: each named by its
// tile's id, its frames the animation's tiles, at one rate. Tiled gives
// every frame a duration of its own; a clip shows frames at a steady
// rate, so each frame is repeated as many times as the greatest common
// divisor of the durations goes into its own, which plays the same.
func tsxClips(af *atlasFile, tiles []*tsxTile, byID map[int]*tsxTile, fail func(*yaml.Node, error, string, ...any)) []clipDef {
	index := func(id int) (int, bool) { return id, true } // a grid's frames are its tile ids
	if af.grid == nil {
		pos := make(map[int]int, len(af.frames))
		for i, f := range af.frames {
			id, _ := strconv.Atoi(f.name)
			pos[id] = i
		}
		index = func(id int) (int, bool) { i, ok := pos[id]; return i, ok }
	}
	var clips []clipDef
	for _, t := range tiles {
		if len(t.frames) == 0 || byID[t.id] != t {
			continue
		}
		g, ok := 0, true
		for i := range t.frames {
			f := &t.frames[i]
			id, okID := attrInt(f.elem, "tileid", 0)
			d, okD := attrInt(f.elem, "duration", 1)
			if !okID || !okD {
				fail(f.elem.pos, ErrDecode, "tile %d: an animation <frame> needs a tileid of at least 0 and a duration of at least 1 (milliseconds)", t.id)
				ok = false
				continue
			}
			f.tile, f.duration = id, d
			g = gcd(g, d)
		}
		if !ok {
			continue
		}
		c := clipDef{Clip: Clip{Name: strconv.Itoa(t.id), FPS: 1000 / float64(g)}, node: t.elem.pos}
		n := 0
		for _, f := range t.frames {
			n += f.duration / g
		}
		if n > maxClipFrames {
			fail(t.elem.pos, ErrLimit, "tile %d: the animation's durations make %d frames at %d ms each (their greatest common divisor); a clip holds at most %d: round the durations",
				t.id, n, g, maxClipFrames)
			continue
		}
		for _, f := range t.frames {
			i, found := index(f.tile)
			if !found {
				fail(f.elem.pos, ErrBounds, "tile %d: the animation shows tile %d, which the tileset does not have", t.id, f.tile)
				ok = false
				break
			}
			for range f.duration / g {
				c.Frames = append(c.Frames, i)
				c.refs = append(c.refs, f.elem.pos)
			}
		}
		if ok {
			clips = append(clips, c)
		}
	}
	return clips
}

// attrInt reads an attribute of e as a whole number of at least min.
func attrInt(e tsxElem, name string, min int) (int, bool) {
	s, ok := e.attr(name)
	if !ok {
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < min || v > 1<<30 {
		return 0, false
	}
	return v, true
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
