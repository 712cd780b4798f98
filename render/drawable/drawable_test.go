package drawable_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os/exec"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestNoEbitengine keeps drawable usable in binaries without a display.
func TestNoEbitengine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "hajimehoshi/ebiten") {
			t.Errorf("drawable depends on %s", p)
		}
	}
}

func TestFigures(t *testing.T) {
	red := color.RGBA{R: 255, A: 255}
	tests := []struct {
		name string
		f    drawable.Figure
		kind drawable.FigureKind
	}{
		{"rect", drawable.Rect(4, 2, red), drawable.RectFigure},
		{"circle", drawable.Circle(3, red), drawable.CircleFigure},
		{"line", drawable.Line(geom.Vec2{X: 5}, 1, red), drawable.LineFigure},
		{"polygon", drawable.Polygon(red, geom.Vec2{}, geom.Vec2{X: 1}, geom.Vec2{Y: 1}), drawable.PolygonFigure},
	}
	for _, tt := range tests {
		if tt.f.Kind != tt.kind || tt.f.Color != (color.NRGBA{R: 255, A: 255}) {
			t.Errorf("%s: kind %v colour %v", tt.name, tt.f.Kind, tt.f.Color)
		}
		before := tt.f.Stroke
		if o := tt.f.Outline(2); o.Stroke != 2 || tt.f.Stroke != before {
			t.Errorf("%s: Outline changed the original or not the copy", tt.name)
		}
	}
	p := drawable.Play("hero.yaml", "walk")
	p.Elapsed = 1
	p.Play("walk") // the same clip keeps playing
	if p.Clip.String() != "walk" || p.Elapsed != 1 {
		t.Errorf("Play of the playing clip restarted it: %+v", p)
	}
	p.Restart()
	if p.Elapsed != 0 {
		t.Errorf("Restart left Elapsed %v", p.Elapsed)
	}
}

// ExampleShape gives an entity a shape in a program that never links
// ebitengine: render draws it when the program has a window.
func ExampleShape() {
	w := world.New()
	e := world.Spawn2(w, geom.Position, geom.Vec2{X: 10, Y: 20},
		drawable.Shape, drawable.Circle(4, color.White))
	fmt.Println(drawable.Shape.Require(w, e).Radius, w.Has(e, drawable.Hidden))
	// Output: 4 false
}

func TestFigureKindText(t *testing.T) {
	for k, name := range map[drawable.FigureKind]string{drawable.RectFigure: "rect", drawable.CircleFigure: "circle", drawable.LineFigure: "line", drawable.PolygonFigure: "polygon"} {
		b, err := k.MarshalText()
		if err != nil || string(b) != name || k.String() != name {
			t.Errorf("%d: MarshalText() = %q, %v and String() %q; want %q", k, b, err, k.String(), name)
		}
		var back drawable.FigureKind
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", name, back, err, k)
		}
	}
	var k drawable.FigureKind
	if err := k.UnmarshalText([]byte("2")); err == nil || !strings.Contains(err.Error(), "rect, circle, line, polygon") {
		t.Errorf(`UnmarshalText("2") = %v; want an error listing the names`, err)
	}
	if _, err := drawable.FigureKind(0).MarshalText(); err == nil || drawable.FigureKind(0).String() != "FigureKind(0)" {
		t.Errorf("the zero kind: MarshalText error %v, String %q; want an error and FigureKind(0)", err, drawable.FigureKind(0).String())
	}
}

func TestRegionSize(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 20, 10))
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	l := assets.New(fstest.MapFS{
		"a.png":  {Data: b.Bytes()},
		"a.yaml": {Data: []byte("image: a.png\nframes: {left: {w: 8, h: 10}}\n")},
	})
	for _, tt := range []struct {
		r    drawable.Region
		want geom.Vec2
		ok   bool
	}{
		{drawable.Image("a.png"), geom.Vec2{X: 20, Y: 10}, true},
		{drawable.Frame("a.yaml", "left"), geom.Vec2{X: 8, Y: 10}, true},
		{drawable.Frame("a.yaml", "right"), geom.Vec2{}, false},
		{drawable.Image("b.png"), geom.Vec2{}, false},
		{drawable.Region{}, geom.Vec2{}, false},
	} {
		got, err := drawable.RegionSize(l, tt.r)
		if got != tt.want || (err == nil) != tt.ok || err != nil && !errors.Is(err, drawable.ErrRegion) {
			t.Errorf("RegionSize(%v) = %v, %v; want %v, ok %v (errors wrap ErrRegion)", tt.r, got, err, tt.want, tt.ok)
		}
	}
}
