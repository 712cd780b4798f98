package render_test

import (
	"image"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
)

// TestBoundsBeforeFirstDraw: a camera that follows nothing, given Bounds
// and centred before the first Draw (in OnEnter), is clamped against the
// real screen at Draw; it was clamped against a screen of size 0 and
// showed what lies outside its Bounds for good.
func TestBoundsBeforeFirstDraw(t *testing.T) {
	r, err := render.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cam := r.Camera()
	cam.Bounds = geom.Rect(0, 0, 1000, 600)
	cam.CenterOn(geom.Vec2{}) // the level's top-left corner
	r.Prepare(image.Rect(0, 0, 320, 180))
	if v := cam.View(); v.Min.X < 0 || v.Min.Y < 0 {
		t.Errorf("after Draw the camera shows %v, outside its Bounds %v", v, cam.Bounds)
	}
}
