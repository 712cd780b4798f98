package level

import (
	"fmt"
	"math"
	"slices"

	tiled "github.com/lafriks/go-tiled"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
)

// Tile layers: each cell that shows a tile is drawn as a sprite of its
// own (a frame of the tileset's atlas), and the tiles that collide make
// colliders, the full-cell ones merged into as few boxes as cover them.

// isCollision reports whether name is one of the collision properties
// Tessera reads on tiles and tile layers.
func isCollision(name string) bool { return name == "collides" || name == "tags" || name == "trigger" }

// collision is what collision properties say; the has fields say which
// were given.
type collision struct {
	collides, hasCollides bool
	tags                  systems.Tags
	hasTags               bool
	trigger, hasTrigger   bool
}

// collision reads the collision properties among ps.
func (ld *loading) collision(ps Properties, layer, object string) collision {
	var c collision
	for _, p := range ps {
		switch p.Name {
		case "collides", "trigger":
			b, err := p.Bool()
			if err != nil {
				ld.badProp(p, layer, object, nil, "property %s is true or false (a bool property), not %s %q", quote(p.Name), article(p.Type), p.Value)
				continue
			}
			if p.Name == "collides" {
				c.collides, c.hasCollides = b, true
			} else {
				c.trigger, c.hasTrigger = b, true
			}
		case "tags":
			if p.Type != "string" {
				ld.badProp(p, layer, object, nil, "property \"tags\" is a string of collision tag names (solid|door), not %s", article(p.Type))
				continue
			}
			if err := c.tags.UnmarshalText([]byte(p.Value)); err != nil {
				ld.badProp(p, layer, object, err, "property \"tags\": %v", err)
				continue
			}
			c.hasTags = true
		}
	}
	return c
}

// over returns c with what below gives where c gives nothing.
func (c collision) over(below collision) collision {
	if !c.hasCollides {
		c.collides, c.hasCollides = below.collides, below.hasCollides
	}
	if !c.hasTags {
		c.tags, c.hasTags = below.tags, below.hasTags
	}
	if !c.hasTrigger {
		c.trigger, c.hasTrigger = below.trigger, below.hasTrigger
	}
	return c
}

// tileProperties reads a tile's properties: the collision ones into t,
// the components' and the game's kept for the tile objects of it.
func (ld *loading) tileProperties(t *Tile, props Properties) Properties {
	c := ld.collision(props, "", "")
	t.collides, t.tags, t.trigger = c.collides, c.tags, c.trigger
	var kept Properties
	for _, p := range props {
		switch {
		case isCollision(p.Name):
		case slices.Contains(ld.opts.Properties, p.Name), isComponentProp(p.Name):
			kept = append(kept, p)
		default:
			ld.unknownProp(p, "", "", []string{"collides", "tags", "trigger"})
		}
	}
	return kept
}

// tileShapes returns a tile's collision shapes (Tiled's tile collision
// editor), relative to the tile's top-left corner: rectangles become
// boxes, circles circles, convex polygons polygons.
func (ld *loading) tileShapes(st *tilesetState, gt *tiled.TilesetTile, te *elem) []systems.Shape {
	var shapes []systems.Shape
	var groups []*elem
	if te != nil {
		groups = te.each("objectgroup")
	}
	for gi, g := range gt.ObjectGroups {
		var objs []*elem
		if gi < len(groups) {
			objs = groups[gi].each("object")
		}
		for oi, o := range g.Objects {
			var oe *elem
			if oi < len(objs) {
				oe = objs[oi]
			}
			bad := func(format string, args ...any) {
				ld.fail(st.ts.Path, oe, "", "", ErrUnsupported, nil, "tile %d: collision shape %d: %s", gt.ID, o.ID, fmt.Sprintf(format, args...))
			}
			if o.Rotation != 0 {
				bad("it is rotated: collision shapes are read unrotated")
				continue
			}
			at := geom.Vec2{X: o.X, Y: o.Y}
			switch kind := shapeKind(o, oe); kind {
			case RectObject:
				if o.Width <= 0 || o.Height <= 0 {
					bad("a rectangle of %gx%g has no area", o.Width, o.Height)
					continue
				}
				s := systems.Box(o.Width, o.Height)
				s.Offset = at.Add(geom.Vec2{X: o.Width / 2, Y: o.Height / 2})
				shapes = append(shapes, s)
			case EllipseObject:
				if o.Width != o.Height || o.Width <= 0 {
					bad("an ellipse of %gx%g: only circles collide", o.Width, o.Height)
					continue
				}
				s := systems.Circle(o.Width / 2)
				s.Offset = at.Add(geom.Vec2{X: o.Width / 2, Y: o.Height / 2})
				shapes = append(shapes, s)
			case PolygonObject:
				pts := polygonPoints(o, at)
				if !convex(pts) {
					bad("a polygon of %d points that is not convex: split it into convex ones", len(pts))
					continue
				}
				shapes = append(shapes, systems.Polygon(pts...))
			default:
				bad("a %v: collision shapes are rectangles, circles and convex polygons", kind)
			}
		}
	}
	return shapes
}

// shapeKind tells what an object is by its children.
func shapeKind(o *tiled.Object, e *elem) ObjectKind {
	if e != nil {
		for _, k := range e.kids {
			switch k.name {
			case "point":
				return PointObject
			case "ellipse":
				return EllipseObject
			case "polygon":
				return PolygonObject
			case "polyline":
				return PolylineObject
			case "text":
				return TextObject
			}
		}
	}
	switch {
	case o.GID != 0:
		return TileObject
	case len(o.Ellipses) > 0:
		return EllipseObject
	case len(o.Polygons) > 0:
		return PolygonObject
	case len(o.PolyLines) > 0:
		return PolylineObject
	case o.Text != nil:
		return TextObject
	}
	return RectObject
}

// polygonPoints returns the vertices of an object's polygon, plus at.
func polygonPoints(o *tiled.Object, at geom.Vec2) []geom.Vec2 {
	var pts []geom.Vec2
	for _, p := range o.Polygons {
		if p.Points == nil {
			continue
		}
		for _, q := range *p.Points {
			pts = append(pts, at.Add(geom.Vec2{X: q.X, Y: q.Y}))
		}
	}
	return pts
}

// convex reports whether pts, at least three, go round a convex polygon
// one way.
func convex(pts []geom.Vec2) bool {
	if len(pts) < 3 {
		return false
	}
	sign := 0.0
	for i := range pts {
		a, b, c := pts[i], pts[(i+1)%len(pts)], pts[(i+2)%len(pts)]
		cross := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		if cross == 0 {
			continue
		}
		if sign == 0 {
			sign = cross
		} else if sign*cross < 0 {
			return false
		}
	}
	return sign != 0
}

// tileLayer builds a tile layer: its cells, checked against their
// tilesets, and its colliders.
func (ld *loading) tileLayer(e *elem, g *tiled.Layer, s layerStart) {
	l := s.l
	ld.m.layers = append(ld.m.layers, l)
	n := ld.m.width * ld.m.height
	if len(g.Tiles) != n {
		ld.fail(ld.path, e, l.Name, "", ErrSyntax, nil, "go-tiled read %d tiles of the %d the map has", len(g.Tiles), n)
		return
	}
	l.cells = make([]uint32, n)
	for i, lt := range g.Tiles {
		if lt == nil || lt.Nil || lt.Tileset == nil {
			continue
		}
		gid := lt.Tileset.FirstGID + lt.ID
		if ld.tile(gid, ld.path, e, l.Name, "") == nil {
			continue
		}
		if lt.HorizontalFlip {
			gid |= flipH
		}
		if lt.VerticalFlip {
			gid |= flipV
		}
		if lt.DiagonalFlip {
			gid |= flipD
		}
		l.cells[i] = gid
	}
	ld.colliders(l, ld.collision(s.coll, l.Name, ""))
}

// colliders finds the colliders of a tile layer's cells: a full-cell box
// for each colliding tile of the grid's size without shapes of its own,
// merged with its neighbours of the same tags into rectangles (runs
// along rows, then runs of equal runs down columns); each shape of a tile
// that has some; a box of its size for a larger or offset tile.
func (ld *loading) colliders(l *Layer, layer collision) {
	m := ld.m
	tw, th := float64(m.tileW), float64(m.tileH)
	type key struct {
		tags    systems.Tags
		trigger bool
	}
	var keys []key
	grid := make([]int32, len(l.cells)) // 1 + index in keys; 0: no full-cell box
	for i, c := range l.cells {
		if c == 0 {
			continue
		}
		t := m.tiles[c&^flipBits]
		own := collision{collides: t.collides, hasCollides: t.collides, tags: t.tags, hasTags: t.tags != 0, trigger: t.trigger, hasTrigger: t.trigger}
		cc := own.over(layer)
		if !cc.collides {
			continue
		}
		x, y := i%m.width, i/m.width
		cellTop := geom.Vec2{X: float64(x) * tw, Y: float64(y+1)*th - t.Size.Y}.Add(t.Tileset.Offset).Add(l.Offset)
		switch {
		case len(t.shapes) > 0:
			for _, s := range t.shapes {
				s = transformShape(s, t.Size, c)
				s.Tags, s.Trigger = cc.tags, cc.trigger
				l.colliders = append(l.colliders, placed{at: cellTop, shape: s})
			}
		case t.Size.X == tw && t.Size.Y == th && t.Tileset.Offset == (geom.Vec2{}):
			k := key{cc.tags, cc.trigger}
			j := slices.Index(keys, k)
			if j < 0 {
				j = len(keys)
				keys = append(keys, k)
			}
			grid[i] = int32(j + 1)
		default:
			s := systems.Box(t.Size.X, t.Size.Y)
			s.Tags, s.Trigger = cc.tags, cc.trigger
			l.colliders = append(l.colliders, placed{at: cellTop.Add(t.Size.Scale(0.5)), shape: s})
		}
	}
	// Merge the full cells: runs along each row, then equal runs of
	// consecutive rows.
	type run struct{ x0, x1, y0, y1, k int32 }
	var done []run
	open := map[[3]int32]int{} // (x0, x1, k) of the runs ending on the row above -> index in done
	for y := 0; y < m.height; y++ {
		next := map[[3]int32]int{}
		row := grid[y*m.width : (y+1)*m.width]
		for x := 0; x < m.width; {
			k := row[x]
			if k == 0 {
				x++
				continue
			}
			x0 := x
			for x < m.width && row[x] == k {
				x++
			}
			id := [3]int32{int32(x0), int32(x), k}
			if j, ok := open[id]; ok {
				done[j].y1 = int32(y + 1)
				next[id] = j
			} else {
				next[id] = len(done)
				done = append(done, run{int32(x0), int32(x), int32(y), int32(y + 1), k})
			}
		}
		open = next
	}
	for _, r := range done {
		w, h := float64(r.x1-r.x0)*tw, float64(r.y1-r.y0)*th
		s := systems.Box(w, h)
		k := keys[r.k-1]
		s.Tags, s.Trigger = k.tags, k.trigger
		at := geom.Vec2{X: float64(r.x0)*tw + w/2, Y: float64(r.y0)*th + h/2}.Add(l.Offset)
		l.colliders = append(l.colliders, placed{at: at, shape: s})
	}
}

// flipOf returns the flip and rotation that draw a tile as the flip bits
// of its global id c say. Tiled flips a tile diagonally first (swapping
// its axes), then horizontally, then vertically; a sprite is mirrored,
// then turned about its middle, so a diagonal flip is a quarter turn of a
// sprite mirrored top to bottom, and so on for the eight combinations.
func flipOf(c uint32) (drawable.Flip, float64) {
	return flips[c>>29&7].flip, flips[c>>29&7].rot
}

// flips holds flipOf's answers by the bits h, v, d (bit 2, 1, 0 of the
// index).
var flips = func() (out [8]struct {
	flip drawable.Flip
	rot  float64
}) {
	type mat [4]int // a b; c d: (x, y) -> (a x + b y, c x + d y)
	mul := func(p, q mat) mat {
		return mat{p[0]*q[0] + p[1]*q[2], p[0]*q[1] + p[1]*q[3], p[2]*q[0] + p[3]*q[2], p[2]*q[1] + p[3]*q[3]}
	}
	id, h, v, d := mat{1, 0, 0, 1}, mat{-1, 0, 0, 1}, mat{1, 0, 0, -1}, mat{0, 1, 1, 0}
	quarter := mat{0, -1, 1, 0} // a quarter turn clockwise, y down
	for i := range 8 {
		want := id
		if i&1 != 0 {
			want = mul(d, want)
		}
		if i&4 != 0 {
			want = mul(h, want)
		}
		if i&2 != 0 {
			want = mul(v, want)
		}
		for _, f := range []drawable.Flip{0, drawable.FlipX, drawable.FlipY, drawable.FlipX | drawable.FlipY} {
			m := id
			if f&drawable.FlipX != 0 {
				m = mul(h, m)
			}
			if f&drawable.FlipY != 0 {
				m = mul(v, m)
			}
			if m == want {
				out[i].flip = f
			} else if mul(quarter, m) == want {
				out[i].flip, out[i].rot = f, math.Pi/2
			} else {
				continue
			}
			break
		}
	}
	return out
}()

// transformShape mirrors a collision shape inside a tile of size size as
// the flip bits of c flip the tile.
func transformShape(s systems.Shape, size geom.Vec2, c uint32) systems.Shape {
	if c&(flipH|flipV|flipD) == 0 {
		return s
	}
	pt := func(p geom.Vec2) geom.Vec2 {
		if c&flipD != 0 {
			p = geom.Vec2{X: p.Y * size.X / size.Y, Y: p.X * size.Y / size.X}
		}
		if c&flipH != 0 {
			p.X = size.X - p.X
		}
		if c&flipV != 0 {
			p.Y = size.Y - p.Y
		}
		return p
	}
	if s.Kind != systems.ShapePolygon {
		s.Offset = pt(s.Offset)
	}
	if c&flipD != 0 && s.Kind == systems.ShapeBox {
		s.Size = geom.Vec2{X: s.Size.Y * size.X / size.Y, Y: s.Size.X * size.Y / size.X}
	}
	if len(s.Points) > 0 {
		pts := make([]geom.Vec2, len(s.Points))
		for i, p := range s.Points {
			pts[i] = pt(p)
		}
		s.Points = pts
	}
	return s
}
