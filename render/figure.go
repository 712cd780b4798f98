package render

import (
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// figureCache holds an entity's figure as triangles, with the figure they
// were made of, so they are made again only when it changes.
type figureCache struct {
	used   uint64 // the Draw that last used it
	made   bool
	kind   drawable.FigureKind
	size   geom.Vec2
	radius float64
	origin geom.Vec2
	stroke float64
	points []geom.Vec2
	mesh   core.Mesh
	vs     []ebiten.Vertex
}

// figureMesh returns e's figure f as triangles in its own coordinates, or
// nil if it has none. O(points) to check that f did not change; making the
// triangles allocates.
func (r *Renderer) figureMesh(e world.Entity, f *drawable.Figure) *core.Mesh {
	fc := r.figures[e]
	if fc == nil {
		fc = &figureCache{}
		r.figures[e] = fc
	}
	fc.used = r.draws
	if !fc.made || fc.kind != f.Kind || fc.size != f.Size || fc.radius != f.Radius ||
		fc.origin != f.Origin || fc.stroke != f.Stroke || !slices.Equal(fc.points, f.Points) {
		fc.make(f)
	}
	return &fc.mesh
}

// make turns f into triangles through ebitengine's vector package.
func (fc *figureCache) make(f *drawable.Figure) {
	fc.made, fc.kind, fc.size, fc.radius, fc.origin, fc.stroke = true, f.Kind, f.Size, f.Radius, f.Origin, f.Stroke
	fc.points = append(fc.points[:0], f.Points...)
	var path vector.Path
	stroke := f.Stroke
	switch f.Kind {
	case drawable.RectFigure:
		x0, y0 := -f.Origin.X*f.Size.X, -f.Origin.Y*f.Size.Y
		x1, y1 := x0+f.Size.X, y0+f.Size.Y
		path.MoveTo(float32(x0), float32(y0))
		path.LineTo(float32(x1), float32(y0))
		path.LineTo(float32(x1), float32(y1))
		path.LineTo(float32(x0), float32(y1))
		path.Close()
	case drawable.CircleFigure:
		path.Arc(0, 0, float32(f.Radius), 0, 2*math.Pi, vector.Clockwise)
		path.Close()
	case drawable.LineFigure, drawable.PolygonFigure:
		for i, p := range f.Points {
			if i == 0 {
				path.MoveTo(float32(p.X), float32(p.Y))
			} else {
				path.LineTo(float32(p.X), float32(p.Y))
			}
		}
		if f.Kind == drawable.PolygonFigure {
			path.Close()
		} else if stroke <= 0 {
			stroke = 1
		}
	}
	m := &fc.mesh
	m.Indices = m.Indices[:0]
	if stroke > 0 {
		fc.vs, m.Indices = path.AppendVerticesAndIndicesForStroke(fc.vs[:0], m.Indices, &vector.StrokeOptions{
			Width:      float32(stroke),
			LineJoin:   vector.LineJoinMiter,
			MiterLimit: 4,
		})
	} else {
		fc.vs, m.Indices = path.AppendVerticesAndIndicesForFilling(fc.vs[:0], m.Indices)
	}
	// A fill is a fan from its first point, right for convex outlines
	// only; a concave one needs the non-zero fill rule.
	m.NonZero = stroke <= 0 && f.Kind == drawable.PolygonFigure && !convex(f.Points)
	m.XY = m.XY[:0]
	for _, v := range fc.vs {
		m.XY = append(m.XY, v.DstX, v.DstY)
	}
	m.SetBox()
}

// convex reports whether the closed outline through ps turns one way
// only, and once around: a five-pointed star drawn through 5 points turns
// one way too, but twice around, and a fan would fill its notches.
func convex(ps []geom.Vec2) bool {
	n := len(ps)
	sign, turned := 0.0, 0.0
	for i := range n {
		a, b, c := ps[i], ps[(i+1)%n], ps[(i+2)%n]
		u, v := b.Sub(a), c.Sub(b)
		cross := u.X*v.Y - u.Y*v.X
		switch {
		case cross == 0:
		case sign == 0:
			sign = cross
		case (cross > 0) != (sign > 0):
			return false
		}
		turned += math.Atan2(cross, u.X*v.X+u.Y*v.Y)
	}
	return math.Abs(turned) < 3*math.Pi // 2π for a simple outline, 4π or more for a star
}
