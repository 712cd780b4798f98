package render_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/world"
)

// TestShapes draws every kind of figure, filled and stroked.
func TestShapes(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	k.shape(8, 8, render.Rect(24, 16, red))
	k.shape(40, 8, render.Rect(24, 16, green).Outline(2))
	k.shape(88, 16, render.Figure{Kind: render.RectFigure, Size: geom.Vec2{X: 24, Y: 8}, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Rotation: math.Pi / 6, Color: blue})
	k.shape(128, 16, render.Circle(10, yellow))
	k.shape(24, 56, render.Circle(14, white).Outline(1.5))
	k.shape(48, 44, render.Line(geom.Vec2{X: 30, Y: 24}, 3, red))
	k.shape(88, 44, render.Polygon(green, geom.Vec2{}, geom.Vec2{X: 24, Y: 4}, geom.Vec2{X: 12, Y: 24}))
	// A concave arrow, which needs the non-zero fill rule.
	arrow := []geom.Vec2{{X: 0, Y: 8}, {X: 14, Y: 8}, {X: 14, Y: 0}, {X: 28, Y: 14}, {X: 14, Y: 28}, {X: 14, Y: 20}, {X: 0, Y: 20}}
	k.shape(120, 44, render.Polygon(blue, arrow...))
	k.shape(8, 84, render.Polygon(yellow, arrow...).Outline(2))
	k.shape(48, 84, render.Figure{Kind: render.LineFigure, Points: []geom.Vec2{{}, {X: 10, Y: 20}, {X: 20, Y: 0}, {X: 30, Y: 20}}, Color: white}) // 1 unit wide
	k.shape(96, 90, render.Rect(20, 20, color.NRGBA{0xe0, 0x30, 0x30, 0x80}))                                                                     // translucent over
	k.shape(106, 100, render.Rect(20, 20, color.NRGBA{0x30, 0x60, 0xf0, 0x80}))
	got := grab(160, 120, bg, k.r.Draw)
	golden(t, "shapes", got)
	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"filled rect", 20, 16, red},
		{"stroked rect's edge", 40, 16, green},
		{"stroked rect's inside", 52, 16, bg},
		{"circle's middle", 128, 16, yellow},
		{"concave arrow's notch stays empty", 120 + 20, 44 + 3, bg},
		{"concave arrow's shaft", 120 + 4, 44 + 14, blue},
	} {
		if got := pixel(got, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
}

// TestShapeChanges checks that a figure changed in place is drawn as it
// is now, not as it was cached.
func TestShapeChanges(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(40, 40)
	e := k.shape(20, 20, render.Circle(4, red))
	grab(40, 40, bg, k.r.Draw)
	f := render.Shape.Require(k.w, e)
	f.Radius = 15
	f.Color = green
	got := grab(40, 40, bg, k.r.Draw)
	if c := pixel(got, 20, 8); c != green {
		t.Errorf("after growing the circle: pixel (20, 8) = %v, want %v", c, green)
	}
	f.Kind, f.Points = render.PolygonFigure, []geom.Vec2{{X: -20, Y: -20}, {X: 20, Y: -20}, {X: -20, Y: 20}}
	got = grab(40, 40, bg, k.r.Draw)
	if c := pixel(got, 4, 4); c != green {
		t.Errorf("after making it a triangle: pixel (4, 4) = %v, want %v", c, green)
	}
}

// TestTexts draws labels aligned every way, wrapped, coloured and turned.
func TestTexts(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(200, 120)
	face := k.face(t, 12)
	guide := func(x float64) { k.shape(x, 0, render.Rect(1, 120, color.NRGBA{0x60, 0x60, 0x60, 0xff})) }
	guide(100)
	label := func(x, y float64, l render.Label) world.Entity {
		return world.Spawn2(k.w, geom.Position, geom.Vec2{X: x, Y: y}, render.Text, l)
	}
	label(100, 4, render.Label{Text: "start", Face: face})
	label(100, 20, render.Label{Text: "center", Face: face, Align: text.AlignCenter, Color: yellow})
	label(100, 36, render.Label{Text: "end", Face: face, Align: text.AlignEnd, Color: green})
	label(8, 60, render.Label{Text: "A label that wraps onto several lines.", Face: face, Width: 80})
	label(150, 80, render.Label{Text: "middle", Face: face, Align: text.AlignCenter, VAlign: text.AlignCenter, Color: red, Rotation: -math.Pi / 8})
	k.shape(150, 80, render.Circle(1.5, blue).Outline(0)) // the anchor, under the text's middle
	got := grab(200, 120, bg, k.r.Draw)
	golden(t, "texts", got)
}

// TestTextDefaultFace: a label without a face draws in the renderer's
// Options.Face, and with none in Options in the built-in Go Regular at
// DefaultFaceSize: the same pixels as DefaultFace(DefaultFaceSize) given
// explicitly, other pixels than a smaller face.
func TestTextDefaultFace(t *testing.T) {
	draw := func(opts render.Options) *image.RGBA {
		r, err := render.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		w := world.New()
		if err := r.Install(w); err != nil {
			t.Fatal(err)
		}
		r.Camera().Position = geom.Vec2{X: 20, Y: 10}
		world.Spawn2(w, geom.Position, geom.Vec2{}, render.Text, render.Label{Text: "■■■", Color: white})
		return grab(40, 20, black, r.Draw)
	}
	lit := func(img *image.RGBA) int {
		n := 0
		for i := 0; i < len(img.Pix); i += 4 {
			if img.Pix[i] > 0x80 {
				n++
			}
		}
		return n
	}
	builtIn := draw(render.Options{})
	explicit := draw(render.Options{Face: render.DefaultFace(render.DefaultFaceSize)})
	small := draw(render.Options{Face: render.DefaultFace(8)})
	if lit(builtIn) == 0 || !bytes.Equal(builtIn.Pix, explicit.Pix) {
		t.Errorf("no face anywhere: %d pixels lit, same as DefaultFace(%d): %v; want some, the same", lit(builtIn), render.DefaultFaceSize, bytes.Equal(builtIn.Pix, explicit.Pix))
	}
	if lit(small) == 0 || lit(small) >= lit(builtIn) {
		t.Errorf("Options.Face at 8 px lit %d pixels, the built-in face at %d px %d; want fewer but some", lit(small), render.DefaultFaceSize, lit(builtIn))
	}
}
