package render_test

import (
	"image/color"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
)

// TestShapes draws every kind of figure, filled and stroked.
func TestShapes(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	k.shape(8, 8, drawable.Rect(24, 16, red))
	k.shape(40, 8, drawable.Rect(24, 16, green).Outline(2))
	k.shape(88, 16, drawable.Figure{Kind: drawable.RectFigure, Size: geom.Vec2{X: 24, Y: 8}, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Rotation: math.Pi / 6, Color: blue})
	k.shape(128, 16, drawable.Circle(10, yellow))
	k.shape(24, 56, drawable.Circle(14, white).Outline(1.5))
	k.shape(48, 44, drawable.Line(geom.Vec2{X: 30, Y: 24}, 3, red))
	k.shape(88, 44, drawable.Polygon(green, geom.Vec2{}, geom.Vec2{X: 24, Y: 4}, geom.Vec2{X: 12, Y: 24}))
	// A concave arrow, which needs the non-zero fill rule.
	arrow := []geom.Vec2{{X: 0, Y: 8}, {X: 14, Y: 8}, {X: 14, Y: 0}, {X: 28, Y: 14}, {X: 14, Y: 28}, {X: 14, Y: 20}, {X: 0, Y: 20}}
	k.shape(120, 44, drawable.Polygon(blue, arrow...))
	k.shape(8, 84, drawable.Polygon(yellow, arrow...).Outline(2))
	k.shape(48, 84, drawable.Figure{Kind: drawable.LineFigure, Points: []geom.Vec2{{}, {X: 10, Y: 20}, {X: 20, Y: 0}, {X: 30, Y: 20}}, Color: white}) // 1 unit wide
	k.shape(96, 90, drawable.Rect(20, 20, color.NRGBA{0xe0, 0x30, 0x30, 0x80}))                                                                       // translucent over
	k.shape(106, 100, drawable.Rect(20, 20, color.NRGBA{0x30, 0x60, 0xf0, 0x80}))
	got := grab(160, 120, bg, k.draw)
	golden(t, "shapes", got)
	checkPixels(t, got, []check{
		{"filled rect", 20, 16, red},
		{"stroked rect's edge", 40, 16, green},
		{"stroked rect's inside", 52, 16, bg},
		{"circle's middle", 128, 16, yellow},
		{"concave arrow's notch stays empty", 120 + 20, 44 + 3, bg},
		{"concave arrow's shaft", 120 + 4, 44 + 14, blue},
	})
}

// TestShapeChanges checks that a figure changed in place is drawn as it
// is now, not as it was cached.
func TestShapeChanges(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(40, 40)
	e := k.shape(20, 20, drawable.Circle(4, red))
	grab(40, 40, bg, k.draw)
	f := drawable.Shape.Require(k.w, e)
	f.Radius = 15
	f.Color = green
	got := grab(40, 40, bg, k.draw)
	if c := pixel(got, 20, 8); c != green {
		t.Errorf("after growing the circle: pixel (20, 8) = %v, want %v", c, green)
	}
	f.Kind, f.Points = drawable.PolygonFigure, []geom.Vec2{{X: -20, Y: -20}, {X: 20, Y: -20}, {X: -20, Y: 20}}
	got = grab(40, 40, bg, k.draw)
	if c := pixel(got, 4, 4); c != green {
		t.Errorf("after making it a triangle: pixel (4, 4) = %v, want %v", c, green)
	}
}

// TestPentagramFill: a five-pointed star drawn as a {5/2} polygon (five
// points, every turn the same way, twice around) is filled with the
// non-zero rule, not as a convex fan that would fill the notches between
// its points.
func TestPentagramFill(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(200, 200)
	var pts []geom.Vec2
	for i := range 5 {
		a := -math.Pi/2 + float64(2*i)*2*math.Pi/5 // every second corner of a pentagon
		pts = append(pts, geom.Vec2{X: 80 * math.Cos(a), Y: 80 * math.Sin(a)})
	}
	k.shape(100, 100, drawable.Polygon(red, pts...))
	img := grab(200, 200, bg, k.draw)
	// The middle of the pentagon's top-right edge, a little towards the
	// centre, lies outside the star: in the notch between the top and the
	// right points.
	p0 := geom.Vec2{X: 100, Y: 20}
	a1 := -math.Pi/2 + 2*math.Pi/5
	p1 := geom.Vec2{X: 100 + 80*math.Cos(a1), Y: 100 + 80*math.Sin(a1)}
	mx, my := (p0.X+p1.X)/2, (p0.Y+p1.Y)/2
	x, y := int(mx+(100-mx)*0.1), int(my+(100-my)*0.1)
	checkPixels(t, img, []check{
		{"in a notch outside the star", x, y, bg},
		{"the star's centre", 100, 100, red},
	})
}
