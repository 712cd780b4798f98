package render_test

import (
	"image"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
)

func TestPrepareAllocsMixed(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	face := k.face(t, 12)
	for i := range 300 {
		e := k.sprite(float64(i%200), float64(i/10), render.Picture{Region: k.hero, Order: render.Order{Z: float32(-i % 5)}})
		if i%10 == 0 {
			render.Text.Add(k.w, e, render.Label{Text: "hello world", Face: face, Width: 40})
		}
		if i%7 == 0 {
			render.Hidden.Add(k.w, e)
		}
		if i%11 == 0 {
			render.Screen.Add(k.w, e)
		}
		if i%13 == 0 {
			render.Shape.Add(k.w, e, render.Polygon(red, geom.Vec2{}, geom.Vec2{X: 10}, geom.Vec2{X: 2, Y: 2}, geom.Vec2{Y: 10}))
		}
	}
	k.r.Camera().Follow = k.sprite(5, 5, render.Picture{})
	k.r.AddCamera(&camera.Camera{Viewport: geom.Rect(200, 0, 320, 80), Zoom: 0.5, Rotation: 0.3})
	screen := image.Rect(0, 0, 320, 240)
	frame := func() {
		k.step(t)
		k.frame(t, 0.5, 1.0/60)
		k.r.Prepare(screen)
	}
	for range 3 {
		frame()
	}
	n := testing.AllocsPerRun(20, frame)
	for try := 0; try < 4 && n != 0; try++ {
		n = min(n, testing.AllocsPerRun(20, frame))
	}
	if n != 0 {
		t.Errorf("a steady frame allocates %v times, want 0", n)
	}
	t.Logf("%+v", k.r.Stats())
}
