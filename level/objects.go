package level

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	tiled "github.com/lafriks/go-tiled"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
)

// Objects spawn prefabs by class. An object whose properties set fields
// of its prefab's components (Item.radius: 7) spawns a variant of the
// prefab made of those properties: they are written as the prefab data
// of a variant (extends: the class; components: the fields), which a
// library of the game's components decodes as it decodes the game's own
// prefab files, with the same merge rules, checks and messages, reported
// at the properties' positions in the map.

// isComponentProp reports whether a property's name is Component.field.
func isComponentProp(name string) bool { return strings.Contains(name, ".") }

// objectLayer builds an object layer and its objects.
func (ld *loading) objectLayer(e *elem, g *tiled.ObjectGroup, s layerStart) {
	l := s.l
	ld.m.layers = append(ld.m.layers, l)
	elems := e.each("object")
	for i, o := range g.Objects {
		var oe *elem
		if i < len(elems) {
			oe = elems[i]
		}
		if obj := ld.object(l, o, oe); obj != nil {
			l.Objects = append(l.Objects, obj)
			ld.m.objects = append(ld.m.objects, obj)
		}
	}
}

// object builds one object: where it is, its tile, its class's prefab
// and the properties that patch it.
func (ld *loading) object(l *Layer, g *tiled.Object, e *elem) *Object {
	o := &Object{
		ID: int(g.ID), Name: g.Name, Class: g.Class, Layer: l, File: ld.path,
		Size:     geom.Vec2{X: g.Width, Y: g.Height},
		Rotation: g.Rotation * math.Pi / 180,
		Visible:  g.Visible && l.Visible,
		xy:       geom.Vec2{X: g.X, Y: g.Y},
	}
	if e != nil {
		o.Line, o.Col = e.line, e.col
		if o.Class == "" {
			o.Class = attrOr(e, "type", "") // Tiled before 1.9
		}
	}
	o.Kind = shapeKind(g, e)
	fail := func(kind error, format string, args ...any) {
		ld.fail(ld.path, e, l.Name, o.String(), kind, nil, format, args...)
	}
	var inherited Properties
	if o.Kind == TileObject {
		if g.GID&flipD != 0 {
			fail(ErrUnsupported, "its tile is flipped diagonally: tile objects are flipped horizontally or vertically only")
			return nil
		}
		o.Tile = ld.tile(g.GID&^flipBits, ld.path, e, l.Name, o.String())
		if o.Tile == nil {
			return nil
		}
		o.Flip, _ = flipOf(g.GID)
		if o.Class == "" {
			o.Class = o.Tile.Class
		}
		inherited = o.Tile.Properties
	}
	// Tiled places a rectangle by its top-left corner and a tile by its
	// bottom-left one, and turns both about that corner.
	var centre geom.Vec2
	switch o.Kind {
	case RectObject, EllipseObject, TextObject:
		centre = geom.Vec2{X: g.Width / 2, Y: g.Height / 2}
	case TileObject:
		centre = geom.Vec2{X: g.Width / 2, Y: -g.Height / 2}
	}
	sin, cos := math.Sincos(o.Rotation)
	turn := func(p geom.Vec2) geom.Vec2 { return geom.Vec2{X: cos*p.X - sin*p.Y, Y: sin*p.X + cos*p.Y} }
	o.Position = o.xy.Add(turn(centre)).Add(l.Offset)
	for _, p := range polygonPoints(g, geom.Vec2{}) {
		o.Points = append(o.Points, turn(p))
	}
	for _, pl := range g.PolyLines {
		if pl.Points != nil {
			for _, q := range *pl.Points {
				o.Points = append(o.Points, turn(geom.Vec2{X: q.X, Y: q.Y}))
			}
		}
	}
	own := ld.properties(g.Properties, e, ld.path)
	o.Properties = overlay(inherited, own)
	var patch Properties
	for _, p := range o.Properties {
		switch {
		case slices.Contains(ld.opts.Properties, p.Name):
		case isComponentProp(p.Name):
			patch = append(patch, p)
		default:
			ld.unknownProp(p, l.Name, o.String(), nil)
		}
	}
	switch {
	case o.Class == "" && o.Kind == TileObject:
		if len(patch) > 0 {
			fail(ErrUnknownPrefab, "property %s patches a prefab, but the object has no class naming one", quote(patch[0].Name))
		}
		return o // draws its tile
	case o.Class == "":
		fail(ErrUnknownPrefab, "the object has no class: give it the name of the prefab it spawns (Class in Tiled's Properties)")
		return nil
	case ld.opts.Prefabs == nil:
		fail(ErrUnknownPrefab, "no prefab library (Options.Prefabs) to spawn %q from", o.Class)
		return nil
	}
	p, ok := ld.opts.Prefabs.Lookup(o.Class)
	if !ok {
		fail(ErrUnknownPrefab, "unknown prefab %q%s", o.Class, didYouMean(o.Class, ld.opts.Prefabs.Names()))
		return nil
	}
	o.prefab = p
	if len(patch) > 0 {
		ld.variants = append(ld.variants, &variant{o: o, base: p, props: patch})
	}
	return o
}

// overlay returns base with top laid over it: top's properties replace
// base's of the same name, in base's place; the others follow.
func overlay(base, top Properties) Properties {
	if len(base) == 0 {
		return top
	}
	out := slices.Clone(base)
	for _, p := range top {
		if i := slices.IndexFunc(out, func(q Property) bool { return q.Name == p.Name }); i >= 0 {
			out[i] = p
		} else {
			out = append(out, p)
		}
	}
	return out
}

// variant is an object's prefab to be: its class's, patched by its
// properties.
type variant struct {
	o     *Object
	base  *prefab.Prefab
	props Properties
	name  string // the variant's prefab name
	first int    // the variant's first line in the data
	lines map[int]Property
}

// makeVariants makes the variants of every object whose properties patch
// its prefab, in one prefab file decoded by a library of the game's
// components, and reports its problems at the properties' positions.
func (ld *loading) makeVariants() {
	if len(ld.variants) == 0 {
		return
	}
	if ld.opts.Components == nil {
		for _, v := range ld.variants {
			p := v.props[0]
			ld.r.add(&LoadError{File: p.File, Line: p.Line, Col: p.Col, Layer: v.o.Layer.Name, Object: v.o.String(),
				Err: &problem{kind: ErrUnknownProperty, msg: "property " + quote(p.Name) + " patches a component, but the game gives no components (Options.Components) to decode it with"}})
		}
		return
	}
	lib := prefab.NewLibrary(ld.opts.Components...)
	lib.SetLimits(prefab.Limits{FileSize: -1, Nodes: -1, AliasNodes: -1}) // the map's own limits bound it
	var bases []*prefab.Prefab
	var b strings.Builder
	line := 1
	for _, v := range ld.variants {
		if !slices.Contains(bases, v.base) {
			bases = append(bases, v.base)
		}
		v.name = ld.path + "#" + itoa(v.o.ID)
		v.first = line
		b.WriteString(quoteYAML(v.name) + ":\n  extends: " + quoteYAML(v.base.Name()) + "\n  components:\n")
		line += 3
		comps, lines, errs := propertyYAML(v.props, 4)
		for _, err := range errs {
			le := err.(*LoadError)
			le.Layer, le.Object = v.o.Layer.Name, v.o.String()
			ld.r.add(le)
		}
		v.lines = make(map[int]Property, len(lines))
		for n, p := range lines {
			v.lines[line+n-1] = p
		}
		b.WriteString(comps)
		line += strings.Count(comps, "\n")
	}
	if ld.failed() {
		return
	}
	if err := lib.Add(bases...); err != nil {
		ld.r.add(&LoadError{File: ld.path, Err: &problem{kind: ErrUnknownPrefab, msg: err.Error(), cause: err}})
		return
	}
	if err := lib.UseAssets(ld.assets); err != nil {
		ld.r.add(&LoadError{File: ld.path, Err: &problem{kind: ErrBadValue, msg: err.Error(), cause: err}})
		return
	}
	if err := lib.LoadBytes(ld.path+"#objects", []byte(b.String())); err != nil {
		ld.variantErrors(err)
		return
	}
	for _, v := range ld.variants {
		p, ok := lib.Lookup(v.name)
		if !ok {
			ld.r.add(&LoadError{File: ld.path, Layer: v.o.Layer.Name, Object: v.o.String(), Err: &problem{kind: ErrBadValue, msg: "its prefab variant did not build"}})
			continue
		}
		v.o.prefab = p
	}
}

// variantErrors reports the prefab library's problems with the variants
// at the properties they come from.
func (ld *loading) variantErrors(err error) {
	for _, pe := range prefab.Errors(err) {
		var v *variant
		for _, c := range ld.variants {
			if c.first <= pe.Line {
				v = c
			}
		}
		le := &LoadError{File: ld.path, Err: &problem{kind: ErrBadValue, msg: reasonOf(pe), cause: pe.Err}}
		if errors.Is(pe, prefab.ErrUnknownField) || errors.Is(pe, prefab.ErrUnknownComponent) {
			le.Err.(*problem).kind = ErrUnknownProperty
		}
		if v != nil {
			le.Layer, le.Object = v.o.Layer.Name, v.o.String()
			le.Line, le.Col = v.o.Line, v.o.Col
			if p, ok := v.lines[pe.Line]; ok {
				le.File, le.Line, le.Col = p.File, p.Line, p.Col
				le.Err.(*problem).msg = "property " + quote(p.Name) + ": " + le.Err.(*problem).msg
			}
		}
		ld.r.add(le)
	}
}

// reasonOf returns what a prefab problem says, without the position and
// the variant's name (the object's error names those its own way).
func reasonOf(pe *prefab.LoadError) string {
	msg := pe.Err.Error()
	msg = strings.TrimPrefix(msg, "prefab: ")
	if pe.Component != "" && !strings.Contains(msg, quote(pe.Component)) {
		msg = "component " + quote(pe.Component) + ": " + msg
	}
	return msg
}

// quoteYAML quotes s as a YAML double-quoted scalar (Go's escapes are
// YAML's).
func quoteYAML(s string) string { return strconv.Quote(s) }

// spawnSprite is the picture of a tile object that spawns no prefab.
func (o *Object) spawnSprite() drawable.Picture {
	t := o.Tile
	pic := drawable.Picture{Region: t.Region, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Flip: o.Flip, Rotation: o.Rotation, Tint: o.Layer.Tint, Order: o.Layer.Order}
	if o.Size != t.Size && t.Size.X > 0 && t.Size.Y > 0 {
		pic.Scale = geom.Vec2{X: o.Size.X / t.Size.X, Y: o.Size.Y / t.Size.Y}
	}
	return pic
}
