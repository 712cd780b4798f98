package assets

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"go.yaml.in/yaml/v3"
)

// Atlas is a set of frames, rectangles of one [Image]: the sprites of a
// sprite sheet, or the tiles of a tile set. Frames are numbered from 0 in
// the order their file lists them (for a grid: left to right, then top to
// bottom), and may have names. An atlas file may also name clips, the
// animations made of its frames ([Atlas.Clip]).
//
// The handle stays the same for the loader's life; a reload swaps its
// frames and clips together, or its image (an atlas file that names
// another image), and increments its generation. An Atlas is safe for
// concurrent use.
type Atlas struct {
	path  string
	grid  *Grid // for a grid atlas; nil for an atlas file
	state atomic.Pointer[atlasState]
}

// atlasState is one version of an atlas; never modified once published.
type atlasState struct {
	img    *Image
	imgGen uint64 // the image's generation the frames were checked against
	src    *atlasFile
	frames []image.Rectangle
	names  []string // per frame; "" for a frame without a name
	index  map[string]int
	// The clips, in the file's order, and their numbers by name.
	clips     []Clip
	clipIndex map[string]int
	gen       uint64
}

// Grid cuts an image into cells of W by H pixels. The first cell's
// top-left corner is at (Margin, Margin) and cells are Spacing pixels
// apart, as in Tiled's tile sets; the grid holds as many whole cells as
// fit, numbered left to right, then top to bottom.
type Grid struct {
	W, H    int // a cell's size in pixels; both at least 1
	Margin  int // pixels before the first row and column; zero means none
	Spacing int // pixels between cells; zero means none
	// Count is how many cells are frames; zero means all of them. A sheet
	// whose last row is not full gives the count of its frames.
	Count int
	// Names are the names of the first frames, in order; an empty string
	// leaves a frame without a name. Nil means frames have numbers only.
	Names []string
}

func (g Grid) clone() Grid {
	g.Names = slices.Clone(g.Names)
	return g
}

// gridKey is g in a canonical form, for the cache's key.
func gridKey(g *Grid) string {
	if g == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d,%d,%d,%d,%d", g.W, g.H, g.Margin, g.Spacing, g.Count)
	for _, n := range g.Names {
		b.WriteByte(',')
		b.WriteString(strconv.Quote(n))
	}
	return b.String()
}

// Path returns the atlas file's path, or for a grid atlas its image's.
func (a *Atlas) Path() string { return a.path }

// Image returns the image the frames are rectangles of.
func (a *Atlas) Image() *Image { return a.state.Load().img }

// Len returns the number of frames. O(1), no allocation.
func (a *Atlas) Len() int { return len(a.state.Load().frames) }

// Frame returns frame i, in the image's coordinates. O(1), no
// allocation. Panics if i is not in [0, Len()).
func (a *Atlas) Frame(i int) image.Rectangle {
	frames := a.state.Load().frames
	if i < 0 || i >= len(frames) {
		panic(fmt.Errorf("assets: frame %d of atlas %s, which has %d frames", i, a.path, len(frames)))
	}
	return frames[i]
}

// Name returns the name of frame i, or "" if it has none. Panics if i is
// not in [0, Len()).
func (a *Atlas) Name(i int) string {
	s := a.state.Load()
	if i < 0 || i >= len(s.frames) {
		panic(fmt.Errorf("assets: frame %d of atlas %s, which has %d frames", i, a.path, len(s.frames)))
	}
	return s.names[i]
}

// Lookup returns the number of the frame named name, and whether there is
// one. O(1), no allocation.
func (a *Atlas) Lookup(name string) (int, bool) {
	i, ok := a.state.Load().index[name]
	return i, ok
}

// Generation returns 1 for the atlas as first loaded, and one more after
// each reload that changed its frames or its image.
func (a *Atlas) Generation() uint64 { return a.state.Load().gen }

// Atlas loads the atlas file at name (YAML), and the image it names, or
// returns them from the cache. An atlas file names its image, relative to
// the file's directory, and lists either named frames or a grid:
//
//	image: hero.png
//	frames:
//	  idle-0: {x: 0, y: 0, w: 16, h: 16}
//	  idle-1: {x: 16, y: 0, w: 16, h: 16}
//
//	image: tiles.png
//	grid: {w: 16, h: 16, margin: 1, spacing: 2, count: 30, names: [grass, water]}
//
// A frame's x and y default to 0; w and h are required. The grid's keys
// are the fields of [Grid], in lower case.
//
// A file named *.tsx is a tileset of the Tiled map editor instead: its
// tiles are the frames, numbered by tile id (a grid over the tileset's
// image, cut by its tile size, margin, spacing and tile count; or, for a
// collection of images that all name one image, a frame per tile, named
// by its id, cut by the tile's x, y, width and height), and each animated
// tile is a clip named by its id, looping, its frames repeated so that
// they play at one rate. The tiles' properties and collision shapes are
// not read here.
//
// Either kind may list clips, animations of its frames, each with its
// frames (by name, or by number for frames without one), how many a
// second it shows, and a [ClipMode] by name (loop, the default, once or
// pingpong):
//
//	clips:
//	  walk: {frames: [idle-0, idle-1], fps: 8}
//	  water: {frames: [water, 4, 5], fps: 2, mode: pingpong}
//
// The error joins every problem the file has, each a [*LoadError] naming
// the file, line and column and wrapping [ErrDecode] (not YAML, a value of
// the wrong type, a clip naming a frame the atlas does not have, a clip's
// fps that is not positive and finite, an unknown mode), [ErrUnknownField]
// (a key the format does not have) or [ErrBounds] (a frame outside the
// image, a clip's frame number beyond the atlas's); or one naming the
// image's line and wrapping the image's error. The file's first 100
// problems are reported, and a count of the others. The image is a load of
// its own: when it loads but the atlas fails (a frame outside it), the
// image stays cached, as if loaded with [Loader.Image], and the atlas is
// not.
func (l *Loader) Atlas(name string) (*Atlas, error) {
	l.reloadMu.RLock() // a reload waits, so the image does not change under the frames
	defer l.reloadMu.RUnlock()
	return loadFile(l, KindAtlas, name, func(p string, data []byte) (*Atlas, error) {
		src, errs := parseAtlas(p, data)
		s, more := l.buildAtlas(p, src, currentBounds)
		if errs = append(errs, more...); len(errs) > 0 {
			return nil, joinSorted(errs)
		}
		a := &Atlas{path: p}
		s.gen = 1
		a.state.Store(s)
		return a, nil
	})
}

// Grid loads the image at name, or takes it from the cache, and cuts it
// into g's cells: the frames of the atlas it returns. The atlas is cached
// too, by path and grid.
//
// The error is the image's, or a [*LoadError] naming the image's path and
// wrapping [ErrBounds] (no cell fits, or Count or Names ask for more cells
// than there are) or [ErrDecode] (a cell smaller than 1x1, a negative
// margin or spacing, a name given twice).
func (l *Loader) Grid(name string, g Grid) (*Atlas, error) {
	p, lerr := clean(name)
	if lerr != nil {
		return nil, lerr
	}
	g = g.clone()
	l.reloadMu.RLock() // as in Atlas
	defer l.reloadMu.RUnlock()
	a, err := l.get(key{kind: KindAtlas, path: p, grid: gridKey(&g)}, func(*entry) (any, error) {
		img, err := l.Image(p)
		if err != nil {
			return nil, err
		}
		s := &atlasState{img: img, imgGen: img.Generation(), gen: 1}
		if errs := s.cut(p, g, img.Bounds(), nil); len(errs) > 0 {
			return nil, joinSorted(errs)
		}
		a := &Atlas{path: p, grid: &g}
		a.state.Store(s)
		return a, nil
	})
	if err != nil {
		return nil, err
	}
	return a.(*Atlas), nil
}

// atlasFile is what an atlas file says, with the nodes errors point at.
type atlasFile struct {
	top       *yaml.Node
	image     string // relative to the file's directory
	imageNode *yaml.Node
	frames    []frameDef
	grid      *Grid
	gridNodes map[string]*yaml.Node // "" for the grid's mapping, else its keys' values
	clips     []clipDef
}

type frameDef struct {
	name string
	r    image.Rectangle
	node *yaml.Node // the name's key
}

var (
	atlasKeys = []string{"image", "frames", "grid", "clips"}
	frameKeys = []string{"x", "y", "w", "h"}
	gridKeys  = []string{"w", "h", "margin", "spacing", "count", "names"}
)

// maxErrors is how many problems of one file (an atlas file, data
// decoded) are reported one by one; the rest are counted.
const maxErrors = 100

// parseAtlas reads an atlas file, reporting every problem of its shape
// (the first maxErrors, and how many more).
func parseAtlas(p string, data []byte) (af *atlasFile, errs []*LoadError) {
	if isTSX(p) {
		return parseTSX(p, data)
	}
	top, err := parseYAML(p, data)
	if err != nil {
		return nil, []*LoadError{err.(*LoadError)}
	}
	if top == nil || isNull(top) {
		return nil, []*LoadError{{Path: p, Line: 1, Err: &detail{kind: ErrDecode, msg: "the atlas file is empty: it needs image, and frames or grid"}}}
	}
	more := 0 // errors past maxErrors, counted
	fail := func(n *yaml.Node, kind error, format string, args ...any) {
		if len(errs) < maxErrors {
			errs = append(errs, at(p, n, kind, format, args...))
		} else {
			more++
		}
	}
	defer func() {
		if more > 0 {
			errs = append(errs, moreProblems(p, more))
		}
	}()
	top = resolve(top)
	if top.Kind != yaml.MappingNode {
		fail(top, ErrDecode, "an atlas file is a mapping with image, and frames or grid; got %s", describe(top))
		return nil, errs
	}
	af = &atlasFile{top: top}
	seen := make(map[string]*yaml.Node)
	var clips *yaml.Node // read once the frames' names are known
	names := frameNames{index: make(map[string]int)}
	for k, v := range mappingPairs(top, fail) {
		if prev, dup := seen[k.Value]; dup {
			fail(k, ErrDecode, "%s given twice (first at line %d)", k.Value, prev.Line)
			continue
		}
		seen[k.Value] = k
		switch k.Value {
		case "image":
			if v.Kind != yaml.ScalarNode || isNull(v) || v.ShortTag() != "!!str" || v.Value == "" {
				fail(v, ErrDecode, "image takes the path of a PNG file, got %s", describe(v))
				continue
			}
			af.image, af.imageNode = v.Value, v
		case "frames":
			af.frames = parseFrames(v, &names, fail)
		case "grid":
			af.grid, af.gridNodes = parseGrid(v, fail)
			if af.grid != nil {
				names.known = true
				for i, name := range af.grid.Names {
					if _, dup := names.index[name]; name != "" && !dup {
						names.index[name] = i
						names.names = append(names.names, name)
					}
				}
			}
		case "clips":
			clips = v
		default:
			fail(k, ErrUnknownField, "unknown key %q%s", k.Value, hint(k.Value, atlasKeys))
		}
	}
	switch {
	case seen["image"] == nil:
		fail(top, ErrDecode, "the atlas has no image")
	case seen["frames"] == nil && seen["grid"] == nil:
		fail(top, ErrDecode, "the atlas has neither frames nor grid")
	case seen["frames"] != nil && seen["grid"] != nil:
		fail(seen["grid"], ErrDecode, "the atlas has both frames (line %d) and grid: give one", seen["frames"].Line)
	}
	if clips != nil {
		af.clips = parseClips(clips, names, fail)
	}
	return af, errs
}

// mappingPairs yields the keys and values of mapping n, aliases resolved,
// reporting keys that are not plain strings and merge keys.
func mappingPairs(n *yaml.Node, fail func(*yaml.Node, error, string, ...any)) func(func(k, v *yaml.Node) bool) {
	return func(yield func(k, v *yaml.Node) bool) {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
			if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
				fail(k, ErrDecode, "merge keys (<<) are not supported in atlas files")
				continue
			}
			if k.Kind != yaml.ScalarNode || isNull(k) {
				fail(k, ErrDecode, "expected a name, got %s", describe(k))
				continue
			}
			if !yield(k, v) {
				return
			}
		}
	}
}

// parseFrames reads the frames of an atlas file, and records their names
// and numbers in names, for clips. A frame that fails keeps its number, so
// that the numbers are those of the file's order, as in an atlas that
// loads.
func parseFrames(n *yaml.Node, names *frameNames, fail func(*yaml.Node, error, string, ...any)) []frameDef {
	if n.Kind != yaml.MappingNode {
		fail(n, ErrDecode, "frames takes a mapping of frame names to {x, y, w, h}, got %s", describe(n))
		return nil
	}
	if len(n.Content) == 0 {
		fail(n, ErrDecode, "frames is empty: list at least one frame")
		return nil
	}
	var out []frameDef
	seen := make(map[string]*yaml.Node)
	// A frame's value may be an alias (*cell) of one used before: it is
	// parsed, and its problems reported, once, not once per use (a few KB
	// of aliases would otherwise make millions of errors).
	parsed := make(map[*yaml.Node]frameParse)
	for k, v := range mappingPairs(n, fail) {
		if prev, dup := seen[k.Value]; dup {
			fail(k, ErrDecode, "frame %q given twice (first at line %d)", k.Value, prev.Line)
			continue
		}
		seen[k.Value] = k
		names.index[k.Value] = len(names.names)
		names.names = append(names.names, k.Value)
		names.known = true
		if v.Kind != yaml.MappingNode {
			fail(v, ErrDecode, "frame %q takes {x, y, w, h}, got %s", k.Value, describe(v))
			continue
		}
		if p, again := parsed[v]; again {
			if p.ok {
				out = append(out, frameDef{name: k.Value, node: k, r: p.r})
			}
			continue
		}
		var vals [4]int
		var have [4]bool
		ok := true
		for fk, fv := range mappingPairs(v, fail) {
			i := slices.Index(frameKeys, fk.Value)
			if i < 0 {
				fail(fk, ErrUnknownField, "frame %q: unknown key %q%s", k.Value, fk.Value, hint(fk.Value, frameKeys))
				ok = false
				continue
			}
			if have[i] {
				fail(fk, ErrDecode, "frame %q: %s given twice", k.Value, fk.Value)
				ok = false
				continue
			}
			have[i] = true
			min := 0
			if i >= 2 {
				min = 1
			}
			x, good := intValue(fv, min, fmt.Sprintf("frame %q: %s", k.Value, fk.Value), fail)
			vals[i], ok = x, ok && good
		}
		for i := 2; i < 4; i++ {
			if !have[i] {
				fail(k, ErrDecode, "frame %q has no %s", k.Value, frameKeys[i])
				ok = false
			}
		}
		r := image.Rect(vals[0], vals[1], vals[0]+vals[2], vals[1]+vals[3])
		parsed[v] = frameParse{r: r, ok: ok}
		if ok {
			out = append(out, frameDef{name: k.Value, node: k, r: r})
		}
	}
	return out
}

// frameParse is what parseFrames made of a frame's value.
type frameParse struct {
	r  image.Rectangle
	ok bool
}

func parseGrid(n *yaml.Node, fail func(*yaml.Node, error, string, ...any)) (*Grid, map[string]*yaml.Node) {
	if n.Kind != yaml.MappingNode {
		fail(n, ErrDecode, "grid takes a mapping {w, h, margin, spacing, count, names}, got %s", describe(n))
		return nil, nil
	}
	g := &Grid{}
	nodes := map[string]*yaml.Node{"": n}
	ok := true
	for k, v := range mappingPairs(n, fail) {
		if slices.Index(gridKeys, k.Value) < 0 {
			fail(k, ErrUnknownField, "grid: unknown key %q%s", k.Value, hint(k.Value, gridKeys))
			ok = false
			continue
		}
		if _, dup := nodes[k.Value]; dup {
			fail(k, ErrDecode, "grid: %s given twice", k.Value)
			ok = false
			continue
		}
		nodes[k.Value] = v
		var good bool
		what := "grid: " + k.Value
		switch k.Value {
		case "w":
			g.W, good = intValue(v, 1, what, fail)
		case "h":
			g.H, good = intValue(v, 1, what, fail)
		case "margin":
			g.Margin, good = intValue(v, 0, what, fail)
		case "spacing":
			g.Spacing, good = intValue(v, 0, what, fail)
		case "count":
			g.Count, good = intValue(v, 0, what, fail)
		case "names":
			g.Names, good = nameList(v, fail)
		}
		ok = ok && good
	}
	for _, req := range []string{"w", "h"} {
		if nodes[req] == nil {
			fail(n, ErrDecode, "grid has no %s", req)
			ok = false
		}
	}
	if !ok {
		return nil, nil
	}
	return g, nodes
}

// intValue reads a whole number of at least min and at most MaxImageSide.
func intValue(n *yaml.Node, min int, what string, fail func(*yaml.Node, error, string, ...any)) (int, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		fail(n, ErrDecode, "%s takes a whole number, got %s", what, describe(n))
		return 0, false
	}
	var v int64
	if err := n.Decode(&v); err != nil || v < int64(min) || v > MaxImageSide {
		fail(n, ErrBounds, "%s is %s; it must be in [%d, %d]", what, n.Value, min, MaxImageSide)
		return 0, false
	}
	return int(v), true
}

func nameList(n *yaml.Node, fail func(*yaml.Node, error, string, ...any)) ([]string, bool) {
	if n.Kind != yaml.SequenceNode {
		fail(n, ErrDecode, "grid: names takes a list of frame names, got %s", describe(n))
		return nil, false
	}
	out := make([]string, 0, len(n.Content))
	ok := true
	for _, c := range n.Content {
		c = resolve(c)
		if isNull(c) {
			out = append(out, "")
			continue
		}
		if c.Kind != yaml.ScalarNode {
			fail(c, ErrDecode, "grid: names takes frame names, got %s", describe(c))
			ok = false
			continue
		}
		out = append(out, c.Value)
	}
	return out, ok
}

// buildAtlas loads the image src names and checks src's frames against
// it, returning the problems if there are any. bounds gives an image's
// bounds and generation: as they are, or as a reload will make them.
func (l *Loader) buildAtlas(p string, src *atlasFile, bounds func(*Image) (image.Rectangle, uint64)) (*atlasState, []*LoadError) {
	if src == nil || src.imageNode == nil {
		return nil, nil
	}
	imgPath := path.Join(path.Dir(p), src.image)
	img, err := l.Image(imgPath)
	if err != nil {
		le := &LoadError{Path: p, Line: src.imageNode.Line, Col: src.imageNode.Column, Err: err}
		return nil, []*LoadError{le}
	}
	b, gen := bounds(img)
	s := &atlasState{img: img, imgGen: gen, src: src}
	return s, s.check(p, b)
}

// currentBounds returns img's bounds and generation as they are.
func currentBounds(img *Image) (image.Rectangle, uint64) {
	s := img.state.Load()
	return s.img.Bounds(), s.gen
}

// check fills s's frames and clips from its source, checked against the
// image's bounds b.
func (s *atlasState) check(p string, b image.Rectangle) []*LoadError {
	src := s.src
	var errs []*LoadError
	if src.grid != nil {
		errs = s.cut(p, *src.grid, b, src.gridNodes)
	} else {
		errs = s.place(p, b)
	}
	if len(errs) > 0 {
		return errs // the clips' frame numbers would be checked against frames that are not there
	}
	return s.setClips(p, src.clips)
}

// place fills s's frames from its source's named frames, checked against
// the image's bounds b.
func (s *atlasState) place(p string, b image.Rectangle) []*LoadError {
	src := s.src
	var errs []*LoadError
	s.frames = make([]image.Rectangle, 0, len(src.frames))
	s.names = make([]string, 0, len(src.frames))
	s.index = make(map[string]int, len(src.frames))
	for _, f := range src.frames {
		if !f.r.In(b) {
			errs = append(errs, at(p, f.node, ErrBounds, "frame %q %v is outside the image %s %v", f.name, f.r, src.image, b))
			continue
		}
		s.index[f.name] = len(s.frames)
		s.frames = append(s.frames, f.r)
		s.names = append(s.names, f.name)
	}
	return errs
}

// cut fills s's frames with g's cells of an image of bounds b. nodes, when
// not nil, are the grid's nodes in an atlas file, for positions.
func (s *atlasState) cut(p string, g Grid, b image.Rectangle, nodes map[string]*yaml.Node) []*LoadError {
	fail := func(k string, kind error, format string, args ...any) []*LoadError {
		if nodes == nil {
			return []*LoadError{newError(p, kind, fmt.Sprintf(format, args...))}
		}
		n := nodes[k]
		if n == nil {
			n = nodes[""]
		}
		return []*LoadError{at(p, n, kind, format, args...)}
	}
	switch {
	case g.W < 1 || g.H < 1:
		return fail("", ErrDecode, "grid cells of %dx%d: each side must be at least 1", g.W, g.H)
	case g.Margin < 0 || g.Spacing < 0 || g.Count < 0:
		return fail("", ErrDecode, "grid margin %d, spacing %d, count %d: none may be negative", g.Margin, g.Spacing, g.Count)
	case g.W > MaxImageSide || g.H > MaxImageSide || g.Margin > MaxImageSide || g.Spacing > MaxImageSide:
		return fail("", ErrBounds, "grid of %dx%d cells, margin %d, spacing %d: none may exceed %d", g.W, g.H, g.Margin, g.Spacing, MaxImageSide)
	}
	cols := max(0, (b.Dx()-g.Margin+g.Spacing)/(g.W+g.Spacing))
	rows := max(0, (b.Dy()-g.Margin+g.Spacing)/(g.H+g.Spacing))
	n := cols * rows
	if n == 0 {
		return fail("", ErrBounds, "no cell of %dx%d (margin %d) fits in the image %v", g.W, g.H, g.Margin, b)
	}
	count := cmp.Or(g.Count, n)
	if count > maxFrames {
		return fail("", ErrBounds, "the grid makes %d frames; an atlas holds at most %d", count, maxFrames)
	}
	if count > n {
		return fail("count", ErrBounds, "count is %d, but the image %v holds %d cells of %dx%d (%d columns, %d rows)", count, b, n, g.W, g.H, cols, rows)
	}
	if len(g.Names) > count {
		return fail("names", ErrBounds, "%d names for %d frames", len(g.Names), count)
	}
	index := make(map[string]int, len(g.Names))
	for i, name := range g.Names {
		if name == "" {
			continue
		}
		if j, dup := index[name]; dup {
			return fail("names", ErrDecode, "frame name %q given twice (frames %d and %d)", name, j, i)
		}
		index[name] = i
	}
	s.frames = make([]image.Rectangle, count)
	s.names = make([]string, count)
	copy(s.names, g.Names)
	s.index = index
	for i := range count {
		x := b.Min.X + g.Margin + (i%cols)*(g.W+g.Spacing)
		y := b.Min.Y + g.Margin + (i/cols)*(g.H+g.Spacing)
		s.frames[i] = image.Rect(x, y, x+g.W, y+g.H)
	}
	return nil
}

// byPosition orders errors by file, line and column, and a count of more
// problems after every other error of its file.
func byPosition(a, b *LoadError) int {
	isCount := func(e *LoadError) bool { d, ok := e.Err.(*detail); return ok && d.count }
	return cmp.Or(strings.Compare(a.Path, b.Path), cmpBool(isCount(a), isCount(b)), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// maxFrames bounds the frames of a grid, which a tiny cell over a large
// image would make by the hundred million.
const maxFrames = 1 << 22

// joinSorted joins errs in the order of their positions, so a file's
// problems read from top to bottom whatever found them.
func joinSorted(errs []*LoadError) error {
	slices.SortStableFunc(errs, byPosition)
	out := make([]error, len(errs))
	for i, e := range errs {
		out[i] = e
	}
	if len(out) == 1 {
		return out[0]
	}
	return errors.Join(out...)
}
