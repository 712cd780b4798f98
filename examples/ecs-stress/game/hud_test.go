package game

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestHUD: with the HUD, the screen says the body count, the walk, the
// frame rate and the steps per frame, as game state: the headless run's
// frames are one step each, at 60 steps a second, and a press of add
// shows the new count at once.
func TestHUD(t *testing.T) {
	s := run(t, Options{Bodies: 2500, Seed: 1, HUD: true, Walk: "each", Collide: true}, 40, press(ActionAdd, 35)...)
	got := s.HUDText()
	for _, want := range []string{"3500 bodies (each, collide)", "60 FPS", "1.00 steps/frame", "Up/Down: +1000/-1000 bodies", "F3: overlay"} {
		if !strings.Contains(got, want) {
			t.Errorf("HUD says %q, want %q in it", got, want)
		}
	}
	w := s.World()
	for e := range world.Query1(w, drawable.Text) {
		if !w.Has(e, drawable.Screen) {
			t.Error("the HUD's text is not on the screen")
		}
	}
	if got := run(t, Options{Bodies: 10, Seed: 1}, 2).HUDText(); got != "" {
		t.Errorf("without the HUD, HUDText() = %q", got)
	}
}

// TestCamera: the field's camera is an entity that fits the whole field
// into the screen, on the field's background.
func TestCamera(t *testing.T) {
	for _, tc := range []struct {
		view Options
		zoom float64
	}{
		{Options{}, 1},
		{Options{View: vec(640, 360)}, 0.5},
		{Options{View: vec(1280, 1280)}, 1},
	} {
		opts := tc.view
		opts.Bodies, opts.Seed = 10, 1
		s := run(t, opts, 1)
		n := 0
		for _, c := range world.Query1(s.World(), drawable.Camera) {
			n++
			st := s.Settings()
			if c.Zoom != tc.zoom || c.Position != vec(st.Width/2, st.Height/2) || c.Background != st.Background {
				t.Errorf("view %v: camera %+v; want zoom %v at the field's middle on its background", tc.view.View, c, tc.zoom)
			}
		}
		if n != 1 {
			t.Errorf("%d cameras, want 1", n)
		}
	}
}

func vec(x, y float64) geom.Vec2 { return geom.Vec2{X: x, Y: y} }
