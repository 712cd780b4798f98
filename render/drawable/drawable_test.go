package drawable_test

import (
	"fmt"
	"image/color"
	"os/exec"
	"strings"
	"testing"

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
	var p drawable.Playback
	p.Play(3)
	p.Elapsed = 1
	p.Play(3) // the same clip keeps playing
	if p.Clip != 3 || p.Elapsed != 1 {
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
