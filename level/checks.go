package level

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The checks run over the element trees before go-tiled decodes a file:
// each number go-tiled parses is checked here first, with its position,
// and so is every feature the model cannot hold, so that what go-tiled
// is given decodes and what it decodes is what Tessera draws.

// attrKind is how go-tiled parses an attribute.
type attrKind uint8

const (
	attrInt   attrKind = iota + 1 // a whole number, maybe negative
	attrUint                      // a whole number, at least 0
	attrFloat                     // a finite number
	attrBool                      // 0, 1, true or false
	attrColor                     // #RRGGBB or #AARRGGBB (the # optional)
)

// numbers are the attributes go-tiled parses, by element.
var numbers = map[string]map[string]attrKind{
	"map": {"width": attrInt, "height": attrInt, "tilewidth": attrInt, "tileheight": attrInt, "hexsidelength": attrInt,
		"nextobjectid": attrUint, "backgroundcolor": attrColor},
	"tileset": {"firstgid": attrUint, "tilewidth": attrInt, "tileheight": attrInt, "spacing": attrInt, "margin": attrInt,
		"tilecount": attrInt, "columns": attrInt},
	"tileoffset":  {"x": attrInt, "y": attrInt},
	"layer":       layerNumbers,
	"group":       layerNumbers,
	"imagelayer":  merge(layerNumbers, map[string]attrKind{"x": attrInt, "y": attrInt, "repeatx": attrBool, "repeaty": attrBool}),
	"objectgroup": merge(layerNumbers, map[string]attrKind{"color": attrColor}),
	"object": {"id": attrUint, "x": attrFloat, "y": attrFloat, "width": attrFloat, "height": attrFloat, "rotation": attrFloat,
		"gid": attrUint, "visible": attrBool},
	"image":   {"width": attrInt, "height": attrInt, "trans": attrColor},
	"tile":    {"id": attrUint, "x": attrInt, "y": attrInt, "width": attrInt, "height": attrInt, "probability": attrFloat},
	"frame":   {"tileid": attrUint, "duration": attrUint},
	"terrain": {"tile": attrUint},
	"text": {"pixelsize": attrInt, "wrap": attrBool, "bold": attrBool, "italic": attrBool, "underline": attrBool,
		"strikeout": attrBool, "kerning": attrBool, "color": attrColor},
}

var layerNumbers = map[string]attrKind{"id": attrUint, "opacity": attrFloat, "visible": attrBool, "offsetx": attrInt, "offsety": attrInt,
	"parallaxx": attrFloat, "parallaxy": attrFloat}

func merge(a, b map[string]attrKind) map[string]attrKind {
	out := make(map[string]attrKind, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// checkNumbers reports every attribute of e and below that go-tiled
// could not parse. Inside a tileset's <tile>, objects are collision
// shapes, checked the same.
func (s *scanner) checkNumbers(e *elem) {
	if kinds := numbers[e.name]; kinds != nil {
		for _, a := range e.attrs {
			k, ok := kinds[a.Name.Local]
			if !ok || a.Name.Space != "" {
				continue
			}
			if msg := badNumber(k, a.Value); msg != "" {
				if (a.Name.Local == "offsetx" || a.Name.Local == "offsety") && badNumber(attrFloat, a.Value) == "" {
					s.fail(e, ErrUnsupported, "<%s> %s is %q: offsets are read in whole pixels; in Tiled, snap the layer's offset to a whole number", e.name, a.Name.Local, a.Value)
					continue
				}
				s.fail(e, ErrSyntax, "<%s> %s is %q; %s", e.name, a.Name.Local, a.Value, msg)
			}
		}
	}
	if e.name == "polygon" || e.name == "polyline" {
		if v, ok := e.attr("points"); ok && !validPoints(v) {
			s.fail(e, ErrSyntax, "<%s> points are %q; they must be pairs x,y of numbers, separated by spaces", e.name, v)
		}
	}
	for _, k := range e.kids {
		s.checkNumbers(k)
	}
}

// validPoints reports whether go-tiled reads v as a polygon's points.
func validPoints(v string) bool {
	if v == "" {
		return true
	}
	for _, p := range strings.Split(v, " ") {
		x, y, ok := strings.Cut(p, ",")
		if !ok || badNumber(attrFloat, x) != "" || badNumber(attrFloat, y) != "" {
			return false
		}
	}
	return true
}

// badNumber says why v is not an attribute of kind k, or "".
func badNumber(k attrKind, v string) string {
	switch k {
	case attrInt:
		if n, err := strconv.ParseInt(v, 10, 32); err != nil || n < -MaxSide*MaxSide || n > MaxSide*MaxSide {
			return "it must be a whole number"
		}
	case attrUint:
		if _, err := strconv.ParseUint(v, 10, 32); err != nil {
			return "it must be a whole number of at least 0"
		}
	case attrFloat:
		if f, err := strconv.ParseFloat(v, 32); err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "it must be a finite number"
		}
	case attrBool:
		if _, err := strconv.ParseBool(v); err != nil {
			return "it must be 0 or 1"
		}
	case attrColor:
		if _, ok := parseColor(v); !ok {
			return "it must be a colour #RRGGBB or #AARRGGBB"
		}
	}
	return ""
}

// intAttr returns e's attribute name as a whole number (checkNumbers
// has checked it), or def when e has none.
func intAttr(e *elem, name string, def int) int {
	v, ok := e.attr(name)
	if !ok {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return def
	}
	return int(n)
}

// floatAttr is intAttr for a number.
func floatAttr(e *elem, name string, def float64) float64 {
	v, ok := e.attr(name)
	if !ok {
		return def
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return def
	}
	return f
}

// boolAttr is intAttr for 0 or 1.
func boolAttr(e *elem, name string, def bool) bool {
	v, ok := e.attr(name)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def
	}
	return b
}

// checkMap checks a map's root element and its layers for what the
// model holds, and returns the paths of the tilesets it names, resolved
// against the map's directory, with their elements.
func (s *scanner) checkMap(root *elem) (tilesets []*elem, paths []string) {
	if root.name != "map" {
		s.fail(root, ErrSyntax, "not a Tiled map: the root element is <%s>, not <map>", root.name)
		return nil, nil
	}
	s.checkNumbers(root)
	if o, _ := root.attr("orientation"); o != "orthogonal" {
		s.fail(root, ErrUnsupported, "the map's orientation is %q: only orthogonal maps are read", o)
	}
	if boolAttr(root, "infinite", false) {
		s.fail(root, ErrUnsupported, "the map is infinite: in Tiled, untick Map > Map Properties > Infinite")
	}
	w, h := intAttr(root, "width", 0), intAttr(root, "height", 0)
	tw, th := intAttr(root, "tilewidth", 0), intAttr(root, "tileheight", 0)
	for _, d := range []struct {
		name string
		v    int
	}{{"width", w}, {"height", h}, {"tilewidth", tw}, {"tileheight", th}} {
		if d.v < 1 || d.v > MaxSide {
			s.fail(root, ErrSyntax, "the map's %s is %d; it must be from 1 to %d", d.name, d.v, MaxSide)
		}
	}
	for _, ts := range root.each("tileset") {
		src, ok := ts.attr("source")
		if !ok {
			s.fail(ts, ErrUnsupported, "tileset %q is embedded in the map: in Tiled, export it to a .tsx file (the tileset's Export As button) and use that", attrOr(ts, "name", ""))
			continue
		}
		p, valid := resolve(s.file, src)
		if !valid {
			s.fail(ts, ErrNotFound, "tileset %s is outside the game's files", src)
			continue
		}
		tilesets, paths = append(tilesets, ts), append(paths, p)
	}
	if len(tilesets) > MaxTilesets {
		s.fail(tilesets[MaxTilesets], ErrLimit, "the map uses more than %d tilesets", MaxTilesets)
	}
	if len(tilesets) > 0 {
		s.firstGID = uint32(intAttr(tilesets[0], "firstgid", 0))
	}
	layers, objects := 0, 0
	s.checkLayers(root, 0, &layers, &objects)
	return tilesets, paths
}

// checkLayers checks the layers of a map or group.
func (s *scanner) checkLayers(parent *elem, depth int, cells, objects *int) {
	for _, e := range parent.kids {
		switch e.name {
		case "layer", "objectgroup", "imagelayer", "group":
		default:
			continue
		}
		for _, a := range []string{"parallaxx", "parallaxy"} {
			if f := floatAttr(e, a, 1); f != 1 {
				s.fail(e, ErrUnsupported, "layer %q has a parallax factor %s of %g: layers scroll with the camera", attrOr(e, "name", ""), a, f)
			}
		}
		s.checkProperties(e)
		switch e.name {
		case "group":
			if depth+1 > MaxDepth {
				s.fail(e, ErrLimit, "groups nest more than %d deep", MaxDepth)
				return
			}
			s.checkLayers(e, depth+1, cells, objects)
		case "layer":
			s.checkTileLayer(e, cells)
		case "objectgroup":
			for _, o := range e.each("object") {
				if *objects++; *objects > s.lim.Objects {
					s.fail(o, ErrLimit, "the map has more than %d objects (Limits.Objects)", s.lim.Objects)
					return
				}
				if _, ok := o.attr("template"); ok {
					s.fail(o, ErrUnsupported, "object %s uses a template: in Tiled, detach it (Detach Template in its context menu)", attrOr(o, "id", "?"))
				}
				s.checkProperties(o)
			}
		case "imagelayer":
			if boolAttr(e, "repeatx", false) || boolAttr(e, "repeaty", false) {
				s.fail(e, ErrUnsupported, "image layer %q repeats its image: draw it as tiles instead", attrOr(e, "name", ""))
			}
			img := e.first("image")
			if img == nil {
				continue
			}
			if src, ok := img.attr("source"); !ok || src == "" {
				s.fail(img, ErrUnsupported, "image layer %q embeds its image: save it as a PNG file", attrOr(e, "name", ""))
			} else if _, ok := resolve(s.file, src); !ok {
				s.fail(img, ErrNotFound, "image %s is outside the game's files", src)
			}
			if _, ok := img.attr("trans"); ok {
				s.fail(img, ErrUnsupported, "image layer %q has a transparent colour: save the image with an alpha channel instead", attrOr(e, "name", ""))
			}
		}
	}
}

// checkTileLayer checks a tile layer's size and data.
func (s *scanner) checkTileLayer(e *elem, cells *int) {
	name := attrOr(e, "name", "")
	if *cells += s.cells; *cells > s.lim.Cells {
		s.fail(e, ErrLimit, "the map's tile layers hold more than %d cells (Limits.Cells)", s.lim.Cells)
		return
	}
	d := e.first("data")
	if d == nil {
		s.fail(e, ErrSyntax, "tile layer %q has no <data>", name)
		return
	}
	if d.cells >= 0 && d.cells != s.cells {
		s.fail(d, ErrSyntax, "tile layer %q holds %d tiles; the map is %d", name, d.cells, s.cells)
	}
	if d.minGID != 0 && (s.firstGID == 0 || d.minGID < s.firstGID) {
		msg := fmt.Sprintf("tile %d is in no tileset (the first starts at %d)", d.minGID, s.firstGID)
		if s.firstGID == 0 {
			msg = fmt.Sprintf("tile %d is in no tileset: the map has none", d.minGID)
		}
		s.r.add(&LoadError{File: s.file, Line: e.line, Col: e.col, Layer: name, Err: &problem{kind: ErrTile, msg: msg}})
	}
}

// checkProperties checks the custom properties of e: types Tessera reads.
func (s *scanner) checkProperties(e *elem) {
	for _, p := range e.props() {
		name, _ := p.attr("name")
		switch t, _ := p.attr("type"); t {
		case "", "string", "int", "float", "bool", "color", "file", "object":
		case "class":
			s.fail(p, ErrUnsupported, "property %q is of a custom class: write its members as properties of their own, such as %s.member", name, name)
		default:
			s.fail(p, ErrSyntax, "property %q has the unknown type %q", name, t)
		}
		if name == "" {
			s.fail(p, ErrSyntax, "a property without a name")
		}
	}
}

// checkTileset checks a tileset file's root element.
func (s *scanner) checkTileset(root *elem) {
	if root.name != "tileset" {
		s.fail(root, ErrSyntax, "not a Tiled tileset: the root element is <%s>, not <tileset>", root.name)
		return
	}
	s.checkNumbers(root)
	s.checkProperties(root)
	if a, _ := root.attr("objectalignment"); a != "" && a != "unspecified" && a != "bottomleft" {
		s.fail(root, ErrUnsupported, "the tileset aligns tile objects by their %s: in Tiled, set its Object Alignment to Unspecified or Bottom Left", a)
	}
	if r, _ := root.attr("tilerendersize"); r == "grid" {
		s.fail(root, ErrUnsupported, "the tileset's tiles are drawn at the map's grid size: in Tiled, set its Tile Render Size to Tile Size")
	}
	for _, t := range root.each("tile") {
		s.checkProperties(t)
		for _, g := range t.each("objectgroup") {
			for _, o := range g.each("object") {
				if _, ok := o.attr("template"); ok {
					s.fail(o, ErrUnsupported, "a collision shape uses a template: in Tiled, detach it")
				}
			}
		}
	}
}

// attrOr returns e's attribute name, or def.
func attrOr(e *elem, name, def string) string {
	if v, ok := e.attr(name); ok {
		return v
	}
	return def
}

// parseColor reads Tiled's colour forms: #AARRGGBB or #RRGGBB, the #
// optional.
func parseColor(s string) ([4]uint8, bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) != 6 && len(s) != 8 {
		return [4]uint8{}, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return [4]uint8{}, false
	}
	if len(s) == 6 {
		v |= 0xff000000
	}
	return [4]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v), uint8(v >> 24)}, true // r, g, b, a
}
