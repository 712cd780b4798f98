package level

import (
	"bytes"
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"path"
	"slices"
	"strings"

	tiled "github.com/lafriks/go-tiled"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
)

// Options say what a map's objects spawn and which custom properties the
// game reads itself. The zero value loads maps of tiles only: an object
// with a class is then an error, as there is no library to spawn it from.
type Options struct {
	// Prefabs is the library objects spawn from: an object's class (or,
	// for a tile object without one, its tile's) names its prefab. nil
	// makes every object with a class an error.
	Prefabs *prefab.Library
	// Components are the registrations Prefabs was made with (what
	// prefab.NewLibrary was given: engine.Components() and the game's):
	// an object's property Component.field patches that field of the
	// prefab's component, decoded as prefab data decodes it. nil makes
	// every such property an error.
	Components []prefab.Registration
	// Properties are the names of the custom properties of objects,
	// layers and tiles that the game reads itself (an item's "scatter"
	// count, a layer's "music"): they are kept in the Properties of what
	// holds them. Any other property the map holds there, but for the
	// components' fields and those Tessera reads, is an error. Map and
	// tileset properties are all the game's.
	Properties []string
	// Limits bound the map's cost; the zero value means the defaults.
	Limits Limits
}

// Load loads the Tiled map at name (a .tmx file) from the files of l,
// the game's asset loader (engine.AssetsOf in a scene), with the tilesets
// it names (.tsx files, relative to the map) and checks it whole: every
// tile a layer shows against its tileset's atlas (which l loads, with its
// image), every object's class against opts.Prefabs and its properties
// against the prefab's components, every collision tag and draw layer a
// property names. It returns every problem, each a [*LoadError] naming
// the file, line and column, the layer and the object, joined; then
// nothing of the load is kept (the atlases and images it loaded stay in
// l's cache, as any asset checked).
//
// The cost is linear in the files' size, bounded by opts.Limits; the
// atlases and images are loaded through l once, for all maps using them.
func Load(l *assets.Loader, name string, opts Options) (*Map, error) {
	res := load(l, name, opts)
	return res.m, res.err
}

// loaded is what one load did: the map or its problems, and what a
// watcher looks at next.
type loaded struct {
	m    *Map
	err  error
	seen []seen
}

// load is Load, returning also what a watcher looks at next: the files it
// read, its tilesets as the loader holds them.
func load(l *assets.Loader, name string, opts Options) loaded {
	if l == nil {
		return loaded{err: &LoadError{File: name, Err: &problem{kind: ErrNotFound, msg: "no asset loader to read the map through"}}}
	}
	p := path.Clean(name)
	if !fs.ValidPath(p) {
		return loaded{err: &LoadError{File: name, Err: &problem{kind: ErrNotFound, msg: "invalid path: paths are slash-separated and relative, without .. or a leading /"}}}
	}
	lim := opts.Limits.withDefaults()
	ld := &loading{
		assets: l, opts: opts, lim: lim, path: p, r: &report{},
		files:   newFiles(l.FS(), lim.FileSize),
		atlases: make(map[string]atlasMark), atlasErrs: make(map[string]error),
		m: &Map{path: p, loader: l, opts: opts, tiles: make(map[uint32]*Tile)},
	}
	ld.load()
	seen := seenFiles(ld.files, ld.atlases)
	if err := ld.r.err(p); err != nil {
		return loaded{err: err, seen: seen}
	}
	for _, fp := range ld.files.order {
		ld.m.files = append(ld.m.files, ld.files.byPath[fp])
	}
	ld.m.seen = seen
	return loaded{m: ld.m, seen: seen}
}

// loading is one load of a map.
type loading struct {
	assets *assets.Loader
	opts   Options
	lim    Limits
	path   string
	files  *files
	r      *report
	m      *Map
	// atlases are the tilesets the loader holds as atlases, by path, as
	// the map was checked against them.
	atlases map[string]atlasMark
	// atlasErrs are why the loader could not load the others.
	atlasErrs map[string]error

	root     *elem
	tsElems  []*elem // the map's <tileset> elements
	tsRoots  []*elem // each tileset file's root, nil if it failed
	tilesets []*tilesetState
	badTiles map[uint32]bool // global ids reported already
	variants []*variant
}

// tilesetState is what a load knows of one tileset.
type tilesetState struct {
	ts    *Tileset
	gt    *tiled.Tileset
	root  *elem          // the tileset file's <tileset>
	elem  *elem          // the map's <tileset>
	tiles map[uint32]int // index in gt.Tiles (and root's <tile>s) by tile id
	// atlas says the tiles are frames of the tileset's atlas; false for a
	// collection of separate images, each tile its own image.
	atlas bool
}

// fail reports a problem at e of file.
func (ld *loading) fail(file string, e *elem, layer, object string, kind error, cause error, format string, args ...any) {
	le := &LoadError{File: file, Layer: layer, Object: object, Err: &problem{kind: kind, msg: fmt.Sprintf(format, args...), cause: cause}}
	if e != nil {
		le.Line, le.Col = e.line, e.col
	}
	ld.r.add(le)
}

func (ld *loading) failed() bool { return len(ld.r.errs) > 0 }

func (ld *loading) load() {
	f := ld.files.read(ld.path)
	if f.err != nil {
		ld.r.add(&LoadError{File: ld.path, Err: f.err})
		return
	}
	sc := &scanner{file: ld.path, lim: ld.lim, r: ld.r}
	if ld.root = sc.scan(f.data); ld.root == nil {
		return
	}
	var paths []string
	ld.tsElems, paths = sc.checkMap(ld.root)
	ld.checkGIDs()
	ld.tsRoots = make([]*elem, len(paths))
	for i, tp := range paths {
		tf := ld.files.read(tp)
		if a, err := ld.assets.Atlas(tp); err == nil {
			ld.atlases[tp] = atlasMark{a, a.Generation()}
		} else {
			ld.atlasErrs[tp] = err
		}
		if tf.err != nil {
			ld.fail(ld.path, ld.tsElems[i], "", "", ErrNotFound, tf.err, "tileset %s: %v", tp, tf.err)
			continue
		}
		tsc := &scanner{file: tp, lim: ld.lim, r: ld.r}
		if root := tsc.scan(tf.data); root != nil {
			tsc.checkTileset(root)
			ld.tsRoots[i] = root
		}
	}
	if ld.failed() {
		return
	}
	gm, err := decode(ld.path, f.data, ld.files)
	if err != nil {
		ld.fail(ld.path, ld.root, "", "", ErrSyntax, err, "go-tiled: %v", err)
		return
	}
	ld.build(gm)
}

// checkGIDs checks that the map's tilesets' first ids rise, as go-tiled
// needs to find a tile's tileset.
func (ld *loading) checkGIDs() {
	prev := 0
	for _, ts := range ld.tsElems {
		g := intAttr(ts, "firstgid", 0)
		if g < 1 || g <= prev {
			ld.fail(ld.path, ts, "", "", ErrSyntax, nil, "tileset firstgid %d: each tileset's first id must be at least 1 and above the one before's (%d)", g, prev)
		}
		prev = g
	}
}

// decode decodes the map with go-tiled, through the files already read
// and checked. go-tiled is not ours: should it panic on some input, the
// map is reported as one it cannot read.
func decode(p string, data []byte, fsys *files) (m *tiled.Map, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("the Tiled reader panicked: %v", r)
		}
	}()
	return tiled.LoadReader(path.Dir(p), bytes.NewReader(data), tiled.WithFileSystem(fsys))
}

// build makes the map's model of what go-tiled decoded, matching each
// value with its element for positions.
func (ld *loading) build(gm *tiled.Map) {
	m := ld.m
	m.width, m.height, m.tileW, m.tileH = gm.Width, gm.Height, gm.TileWidth, gm.TileHeight
	if gm.Properties != nil {
		m.props = ld.properties(*gm.Properties, ld.root, ld.path)
	}
	if len(gm.Tilesets) != len(ld.tsElems) {
		ld.fail(ld.path, ld.root, "", "", ErrSyntax, nil, "go-tiled read %d tilesets of the %d the map has", len(gm.Tilesets), len(ld.tsElems))
		return
	}
	for i, gt := range gm.Tilesets {
		ld.addTileset(gm, gt, ld.tsElems[i], ld.tsRoots[i])
	}
	ld.badTiles = make(map[uint32]bool)
	ctx := groupCtx{visible: true, tint: [4]float64{1, 1, 1, 1}}
	ld.layers(ld.root, gm.Layers, gm.ObjectGroups, gm.ImageLayers, gm.Groups, ctx)
	for i, l := range m.layers {
		l.Order.Z = float32(i)
	}
	ld.makeVariants()
}

func (ld *loading) addTileset(gm *tiled.Map, gt *tiled.Tileset, e, root *elem) {
	if !gt.SourceLoaded {
		// go-tiled reads a tileset when a tile of it is used; read the
		// others too, so that every tileset is checked the same.
		if _, err := gm.TileGIDToTile(gt.FirstGID); err != nil {
			ld.fail(ld.path, e, "", "", ErrSyntax, err, "tileset %s: go-tiled: %v", attrOr(e, "source", ""), err)
		}
	}
	p, _ := resolve(ld.path, gt.Source)
	ts := &Tileset{
		Path: p, Name: gt.Name, FirstGID: gt.FirstGID,
		TileSize: geom.Vec2{X: float64(gt.TileWidth), Y: float64(gt.TileHeight)},
	}
	if gt.TileOffset != nil {
		ts.Offset = geom.Vec2{X: float64(gt.TileOffset.X), Y: float64(gt.TileOffset.Y)}
	}
	st := &tilesetState{ts: ts, gt: gt, root: root, elem: e, tiles: make(map[uint32]int, len(gt.Tiles))}
	ts.Properties = ld.properties(gt.Properties, root, p)
	for i, t := range gt.Tiles {
		st.tiles[t.ID] = i
	}
	st.atlas = gt.Image != nil || sharedImage(gt)
	if err := ld.atlasErrs[p]; st.atlas && err != nil {
		ld.fail(ld.path, e, "", "", ErrTile, err, "tileset %s does not load as an atlas: %v", p, err)
	}
	ld.tilesets = append(ld.tilesets, st)
	ld.m.tilesets = append(ld.m.tilesets, ts)
}

// sharedImage reports whether every tile of a collection names one image,
// which makes it one atlas.
func sharedImage(gt *tiled.Tileset) bool {
	src := ""
	for _, t := range gt.Tiles {
		if t.Image == nil {
			continue
		}
		if src == "" {
			src = path.Clean(t.Image.Source)
		} else if path.Clean(t.Image.Source) != src {
			return false
		}
	}
	return src != ""
}

// properties matches go-tiled's properties of an element with the
// element's <property> children, in order, for their positions.
func (ld *loading) properties(gp tiled.Properties, e *elem, file string) Properties {
	var elems []*elem
	if e != nil {
		for _, ps := range e.each("properties") {
			elems = append(elems, ps.each("property")...)
		}
	}
	out := make(Properties, 0, len(gp))
	for i, g := range gp {
		p := Property{Name: g.Name, Type: g.Type, Value: g.Value, File: file}
		if p.Type == "" {
			p.Type = "string"
		}
		if i < len(elems) {
			p.Line, p.Col = elems[i].line, elems[i].col
			if _, has := elems[i].attr("value"); !has {
				p.Value = elems[i].text // a string of several lines
			}
		}
		if p.Type == "file" && p.Value != "" {
			fp, ok := resolve(file, p.Value)
			if !ok {
				ld.r.add(&LoadError{File: file, Line: p.Line, Col: p.Col, Err: &problem{kind: ErrBadValue, msg: fmt.Sprintf("file property %s names %s, outside the game's files", quote(p.Name), p.Value)}})
			}
			p.Value = fp
		}
		out = append(out, p)
	}
	return out
}

// The flip bits of a global tile id, as Tiled writes them.
const (
	flipH    = 0x80000000
	flipV    = 0x40000000
	flipD    = 0x20000000
	flipHex  = 0x10000000 // hexagonal maps' 120° rotation: never set on an orthogonal map
	flipBits = flipH | flipV | flipD | flipHex
)

// tile returns the tile of global id gid (flip bits cleared), making it
// the first time; nil, after reporting why, if no tileset can draw it.
func (ld *loading) tile(gid uint32, file string, at *elem, layer, object string) *Tile {
	if t, ok := ld.m.tiles[gid]; ok {
		return t
	}
	if ld.badTiles[gid] {
		return nil
	}
	var st *tilesetState
	for _, s := range ld.tilesets {
		if s.ts.FirstGID <= gid {
			st = s
		}
	}
	if st == nil {
		ld.badTiles[gid] = true
		ld.fail(file, at, layer, object, ErrTile, nil, "tile %d is in no tileset (the first starts at %d)", gid, firstGID(ld.tilesets))
		return nil
	}
	t := ld.makeTile(st, gid-st.ts.FirstGID, file, at, layer, object)
	if t == nil {
		ld.badTiles[gid] = true
		return nil
	}
	ld.m.tiles[gid] = t
	return t
}

func firstGID(ts []*tilesetState) uint32 {
	if len(ts) == 0 {
		return 0
	}
	return ts[0].ts.FirstGID
}

// makeTile makes tile id of st, checking it against the tileset's atlas.
func (ld *loading) makeTile(st *tilesetState, id uint32, file string, at *elem, layer, object string) *Tile {
	gt := st.gt
	t := &Tile{Tileset: st.ts, ID: int(id)}
	i, has := st.tiles[id]
	var gtile *tiled.TilesetTile
	var te *elem // the tile's element in the tileset file
	if has {
		gtile = gt.Tiles[i]
		if tiles := st.root.each("tile"); i < len(tiles) {
			te = tiles[i]
		}
	}
	bad := func(kind error, cause error, format string, args ...any) *Tile {
		ld.fail(file, at, layer, object, kind, cause, "tile %d of %s: %s", id, st.ts.Path, fmt.Sprintf(format, args...))
		return nil
	}
	switch {
	case gt.Image != nil:
		if gt.TileCount > 0 && int(id) >= gt.TileCount {
			return bad(ErrTile, nil, "the tileset has %d tiles", gt.TileCount)
		}
		t.Size = st.ts.TileSize
	case gtile == nil || gtile.Image == nil:
		return bad(ErrTile, nil, "the tileset has no such tile")
	default:
		w, h := gtile.Width, gtile.Height
		if w == 0 || h == 0 {
			w, h = gtile.Image.Width, gtile.Image.Height
		}
		t.Size = geom.Vec2{X: float64(w), Y: float64(h)}
	}
	if gtile != nil {
		t.Class = gtile.Class
		if t.Class == "" && te != nil {
			t.Class = attrOr(te, "type", "") // Tiled before 1.9
		}
	}
	if st.atlas && ld.atlasErrs[st.ts.Path] != nil {
		return nil // reported once, for the tileset
	}
	name := assets.NameOf(itoa(int(id)))
	if st.atlas {
		t.Region = drawable.Region{Atlas: assets.PathOf(st.ts.Path), Frame: name}
	} else {
		src, ok := resolve(st.ts.Path, gtile.Image.Source)
		if !ok {
			return bad(ErrNotFound, nil, "its image %s is outside the game's files", gtile.Image.Source)
		}
		if gtile.X != 0 || gtile.Y != 0 || gtile.Width != 0 && gtile.Width != gtile.Image.Width || gtile.Height != 0 && gtile.Height != gtile.Image.Height {
			return bad(ErrUnsupported, nil, "it shows part of its image, in a collection of several images: cut the part out, or give every tile one image")
		}
		t.Region = drawable.Region{Image: assets.PathOf(src)}
	}
	if gtile != nil && len(gtile.Animation) > 0 {
		if !st.atlas {
			return bad(ErrUnsupported, nil, "it is animated, in a collection of several images: animated tiles must be frames of one image")
		}
		t.Animation = drawable.Playback{Atlas: assets.PathOf(st.ts.Path), Clip: name}
	}
	if err := t.Region.CheckAssets(ld.assets); err != nil {
		return bad(ErrTile, err, "%v", err)
	}
	if err := t.Animation.CheckAssets(ld.assets); err != nil {
		return bad(ErrTile, err, "%v", err)
	}
	if gtile != nil {
		props := ld.properties(gtile.Properties, te, st.ts.Path)
		t.Properties = ld.tileProperties(t, props)
		t.shapes = ld.tileShapes(st, gtile, te)
		if len(t.shapes) > 0 {
			t.collides = true
		}
	}
	return t
}

// groupCtx is what the groups above a layer give it.
type groupCtx struct {
	offset  geom.Vec2
	tint    [4]float64 // r, g, b, a multipliers
	visible bool
	layer   drawable.Layer
	hasLay  bool
}

// layers builds the layers under parent (the map or a group), in the
// file's order, matching go-tiled's lists of each kind with the elements.
func (ld *loading) layers(parent *elem, tl []*tiled.Layer, ol []*tiled.ObjectGroup, il []*tiled.ImageLayer, gl []*tiled.Group, ctx groupCtx) {
	var nt, no, ni, ng int
	for _, e := range parent.kids {
		switch e.name {
		case "layer":
			if nt < len(tl) {
				g := tl[nt]
				ld.tileLayer(e, g, ld.within(ctx, e, g.Name, g.Visible, g.Opacity, g.OffsetX, g.OffsetY, g.Properties, TileLayer))
			}
			nt++
		case "objectgroup":
			if no < len(ol) {
				g := ol[no]
				ld.objectLayer(e, g, ld.within(ctx, e, g.Name, g.Visible, g.Opacity, g.OffsetX, g.OffsetY, g.Properties, ObjectLayer))
			}
			no++
		case "imagelayer":
			if ni < len(il) {
				g := il[ni]
				ld.imageLayer(e, g, ld.within(ctx, e, g.Name, g.Visible, g.Opacity, g.OffsetX+g.X, g.OffsetY+g.Y, g.Properties, ImageLayer))
			}
			ni++
		case "group":
			if ng < len(gl) {
				g := gl[ng]
				inner := ld.within(ctx, e, g.Name, g.Visible, g.Opacity, g.OffsetX, g.OffsetY, g.Properties, 0)
				ld.layers(e, g.Layers, g.ObjectGroups, g.ImageLayers, g.Groups, inner.ctx)
			}
			ng++
		}
	}
	if nt != len(tl) || no != len(ol) || ni != len(il) || ng != len(gl) {
		ld.fail(ld.path, parent, "", "", ErrSyntax, nil, "go-tiled read %d, %d, %d and %d tile, object, image and group layers of the %d, %d, %d and %d here",
			len(tl), len(ol), len(il), len(gl), nt, no, ni, ng)
	}
}

// layerStart is a layer (or group) with what it and its groups give.
type layerStart struct {
	l    *Layer
	ctx  groupCtx
	coll Properties // a tile layer's collision properties, for its tiles
}

// within returns the layer e begins, with its groups' settings folded in
// and its properties read: those Tessera reads out, the game's kept.
func (ld *loading) within(ctx groupCtx, e *elem, name string, visible bool, opacity float32, ox, oy int, gp tiled.Properties, kind LayerKind) layerStart {
	ctx.visible = ctx.visible && visible
	ctx.offset = ctx.offset.Add(geom.Vec2{X: float64(ox), Y: float64(oy)})
	ctx.tint[3] *= float64(opacity)
	if s, ok := e.attr("tintcolor"); ok {
		c, good := parseColor(s)
		if !good {
			ld.fail(ld.path, e, name, "", ErrSyntax, nil, "tintcolor %q is not a colour #RRGGBB or #AARRGGBB", s)
		}
		for i := range 4 {
			ctx.tint[i] *= float64(c[i]) / 255
		}
	}
	l := &Layer{Name: name, Kind: kind, Visible: ctx.visible, Offset: ctx.offset, m: ld.m, line: e.line, col: e.col}
	l.Class, _ = e.attr("class")
	props := ld.properties(gp, e, ld.path)
	var coll Properties
	for _, p := range props {
		switch {
		case p.Name == "layer":
			var dl drawable.Layer
			if err := dl.UnmarshalText([]byte(p.Value)); err != nil || p.Type != "string" && p.Type != "int" {
				ld.badProp(p, name, "", err, "property \"layer\" names a draw layer by name or number: %v", orType(err, p))
				continue
			}
			ctx.layer, ctx.hasLay = dl, true
		case kind == TileLayer && isCollision(p.Name):
			coll = append(coll, p)
		case slices.Contains(ld.opts.Properties, p.Name):
			l.Properties = append(l.Properties, p)
		default:
			ld.unknownProp(p, name, "", reservedFor(kind))
		}
	}
	l.Order.Layer = ctx.layer
	l.Tint = tintOf(ctx.tint)
	return layerStart{l: l, ctx: ctx, coll: coll}
}

// orType returns err, or says the property is not a string.
func orType(err error, p Property) error {
	if err != nil {
		return err
	}
	return fmt.Errorf("it is %s", article(p.Type))
}

// reservedFor lists the properties Tessera reads on a layer of kind.
func reservedFor(kind LayerKind) []string {
	if kind == TileLayer {
		return []string{"layer", "collides", "tags", "trigger"}
	}
	return []string{"layer"}
}

// tintOf returns the tint the multipliers make; the zero value for none.
func tintOf(m [4]float64) (c color.NRGBA) {
	if m == [4]float64{1, 1, 1, 1} {
		return c
	}
	b := func(f float64) uint8 { return uint8(math.Round(255 * math.Max(0, math.Min(1, f)))) }
	return color.NRGBA{R: b(m[0]), G: b(m[1]), B: b(m[2]), A: b(m[3])}
}

// badProp reports a property whose value does not fit.
func (ld *loading) badProp(p Property, layer, object string, cause error, format string, args ...any) {
	ld.r.add(&LoadError{File: p.File, Line: p.Line, Col: p.Col, Layer: layer, Object: object,
		Err: &problem{kind: ErrBadValue, msg: fmt.Sprintf(format, args...), cause: cause}})
}

// unknownProp reports a property nothing reads, suggesting the names
// that would be read there.
func (ld *loading) unknownProp(p Property, layer, object string, known []string) {
	names := append(slices.Clone(known), ld.opts.Properties...)
	msg := fmt.Sprintf("unknown property %s%s: ", quote(p.Name), didYouMean(p.Name, names))
	switch {
	case len(known) == 0:
		msg += "an object's properties set its prefab's components' fields (Component.field)"
	default:
		msg += "Tessera reads " + strings.Join(known, ", ") + " here"
	}
	if len(ld.opts.Properties) > 0 {
		msg += "; the game reads " + strings.Join(ld.opts.Properties, ", ")
	} else {
		msg += "; the game reads none (Options.Properties)"
	}
	ld.r.add(&LoadError{File: p.File, Line: p.Line, Col: p.Col, Layer: layer, Object: object, Err: &problem{kind: ErrUnknownProperty, msg: msg}})
}

// didYouMean suggests the name in names closest to got, or "".
func didYouMean(got string, names []string) string {
	if len(got) > 64 {
		return ""
	}
	best, bestD := "", max(2, len(got)/3)+1
	for _, n := range names {
		if len(n) > 64 {
			continue
		}
		if d := yamltext.Distance(got, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + quote(best) + "?)"
}

// imageLayer builds an image layer.
func (ld *loading) imageLayer(e *elem, g *tiled.ImageLayer, s layerStart) {
	l := s.l
	ld.m.layers = append(ld.m.layers, l)
	if g.Image == nil || g.Image.Source == "" {
		return
	}
	img := e.first("image")
	src, _ := resolve(ld.path, g.Image.Source)
	l.Image = drawable.Region{Image: assets.PathOf(src)}
	if err := l.Image.CheckAssets(ld.assets); err != nil {
		ld.fail(ld.path, img, l.Name, "", ErrNotFound, err, "%v", err)
	}
}
