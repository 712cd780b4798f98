package camera_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
)

func near(a, b geom.Vec2, eps float64) bool {
	return math.Abs(a.X-b.X) <= eps && math.Abs(a.Y-b.Y) <= eps
}

// cameras is a spread of camera setups: zoomed, turned, in a viewport.
func cameras() map[string]camera.Camera {
	split := geom.Rect(160, 0, 320, 180)
	return map[string]camera.Camera{
		"zero":       {},
		"moved":      {Position: geom.Vec2{X: -40, Y: 1000}},
		"zoomed in":  {Position: geom.Vec2{X: 12.5, Y: 7}, Zoom: 4},
		"zoomed out": {Position: geom.Vec2{X: 300, Y: -20}, Zoom: 0.25},
		"turned":     {Position: geom.Vec2{X: 5, Y: 5}, Rotation: math.Pi / 6},
		"all":        {Position: geom.Vec2{X: 77, Y: -3}, Zoom: 1.5, Rotation: -2.1, Viewport: split},
		"minimap":    {Position: geom.Vec2{X: 640, Y: 360}, Zoom: 0.1, Viewport: geom.Rect(250, 10, 310, 50)},
	}
}

func TestScreenWorldRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, cam := range cameras() {
		t.Run(name, func(t *testing.T) {
			cam.SetScreen(320, 180)
			for range 200 {
				w := geom.Vec2{X: rng.Float64()*2000 - 1000, Y: rng.Float64()*2000 - 1000}
				if got := cam.ScreenToWorld(cam.WorldToScreen(w)); !near(got, w, 1e-9*(1+w.Len())) {
					t.Fatalf("ScreenToWorld(WorldToScreen(%v)) = %v, want it back", w, got)
				}
				s := geom.Vec2{X: rng.Float64() * 320, Y: rng.Float64() * 180}
				if got := cam.WorldToScreen(cam.ScreenToWorld(s)); !near(got, s, 1e-9) {
					t.Fatalf("WorldToScreen(ScreenToWorld(%v)) = %v, want it back", s, got)
				}
			}
		})
	}
}

func TestTransformMatchesWorldToScreen(t *testing.T) {
	for name, cam := range cameras() {
		cam.SetScreen(320, 180)
		m := cam.Transform()
		for _, p := range []geom.Vec2{{}, {X: 10, Y: -4}, {X: -300, Y: 250}} {
			if got, want := m.Apply(p), cam.WorldToScreen(p); !near(got, want, 1e-9) {
				t.Errorf("%s: Transform().Apply(%v) = %v, want %v", name, p, got, want)
			}
		}
	}
}

func TestKnownPoints(t *testing.T) {
	cam := camera.Camera{Position: geom.Vec2{X: 100, Y: 100}, Zoom: 2, Rotation: math.Pi / 2}
	cam.SetScreen(200, 100)
	tests := []struct {
		world, screen geom.Vec2
	}{
		{geom.Vec2{X: 100, Y: 100}, geom.Vec2{X: 100, Y: 50}}, // position at the middle
		// Turned a quarter clockwise, the camera sees the world's +x axis
		// pointing up the screen.
		{geom.Vec2{X: 110, Y: 100}, geom.Vec2{X: 100, Y: 30}},
		{geom.Vec2{X: 100, Y: 110}, geom.Vec2{X: 120, Y: 50}},
	}
	for _, tt := range tests {
		if got := cam.WorldToScreen(tt.world); !near(got, tt.screen, 1e-9) {
			t.Errorf("WorldToScreen(%v) = %v, want %v", tt.world, got, tt.screen)
		}
	}
}

func TestViewHoldsEveryVisiblePoint(t *testing.T) {
	for name, cam := range cameras() {
		cam.SetScreen(320, 180)
		v := cam.View()
		a := cam.Area()
		grow := geom.Rectangle{Min: v.Min.Sub(geom.Vec2{X: 1e-6, Y: 1e-6}), Max: v.Max.Add(geom.Vec2{X: 1e-6, Y: 1e-6})}
		for _, s := range []geom.Vec2{a.Min, a.Max, {X: a.Min.X, Y: a.Max.Y}, {X: a.Max.X, Y: a.Min.Y}, {X: (a.Min.X + a.Max.X) / 2, Y: a.Min.Y}} {
			if w := cam.ScreenToWorld(s); !grow.Contains(w) {
				t.Errorf("%s: screen %v shows world %v, outside View() = %v", name, s, w, v)
			}
		}
	}
	// Unturned, the view is exactly the area in world units.
	cam := camera.Camera{Position: geom.Vec2{X: 50, Y: 50}, Zoom: 2}
	cam.SetScreen(100, 60)
	if got, want := cam.View(), geom.Rect(25, 35, 75, 65); got != want {
		t.Errorf("View() = %v, want %v", got, want)
	}
}

func TestClamp(t *testing.T) {
	tests := []struct {
		name       string
		cam        camera.Camera
		at, wantAt geom.Vec2
	}{
		{"inside stays", camera.Camera{Bounds: geom.Rect(0, 0, 1000, 1000)}, geom.Vec2{X: 500, Y: 500}, geom.Vec2{X: 500, Y: 500}},
		{"left edge", camera.Camera{Bounds: geom.Rect(0, 0, 1000, 1000)}, geom.Vec2{X: 10, Y: 500}, geom.Vec2{X: 50, Y: 500}},
		{"bottom right", camera.Camera{Bounds: geom.Rect(0, 0, 1000, 1000)}, geom.Vec2{X: 2000, Y: 2000}, geom.Vec2{X: 950, Y: 970}},
		{"zoomed in lets it closer", camera.Camera{Bounds: geom.Rect(0, 0, 1000, 1000), Zoom: 2}, geom.Vec2{X: 0, Y: 0}, geom.Vec2{X: 25, Y: 15}},
		{"bounds narrower than the view", camera.Camera{Bounds: geom.Rect(0, 0, 40, 1000)}, geom.Vec2{X: 300, Y: 500}, geom.Vec2{X: 20, Y: 500}},
		{"no bounds", camera.Camera{}, geom.Vec2{X: -5000, Y: 3}, geom.Vec2{X: -5000, Y: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cam := tt.cam
			cam.SetScreen(100, 60)
			cam.CenterOn(tt.at)
			if !near(cam.Position, tt.wantAt, 1e-9) {
				t.Errorf("CenterOn(%v) = %v, want %v", tt.at, cam.Position, tt.wantAt)
			}
		})
	}
	// Turned a quarter, the view's width runs along the world's y axis.
	cam := camera.Camera{Bounds: geom.Rect(0, 0, 1000, 1000), Rotation: math.Pi / 2}
	cam.SetScreen(100, 60)
	cam.CenterOn(geom.Vec2{})
	if want := (geom.Vec2{X: 30, Y: 50}); !near(cam.Position, want, 1e-9) {
		t.Errorf("turned: CenterOn(0, 0) = %v, want %v", cam.Position, want)
	}
}

func TestTrack(t *testing.T) {
	t.Run("snaps without smoothing", func(t *testing.T) {
		var cam camera.Camera
		cam.Track(geom.Vec2{X: 30, Y: -4}, 1.0/60)
		if want := (geom.Vec2{X: 30, Y: -4}); cam.Position != want {
			t.Errorf("Position = %v, want %v", cam.Position, want)
		}
	})
	t.Run("dead zone", func(t *testing.T) {
		cam := camera.Camera{DeadZone: geom.Vec2{X: 10, Y: 5}}
		cam.Track(geom.Vec2{X: 9, Y: -5}, 1.0/60)
		if cam.Position != (geom.Vec2{}) {
			t.Errorf("target inside the zone moved the camera to %v", cam.Position)
		}
		cam.Track(geom.Vec2{X: 25, Y: -8}, 1.0/60)
		if want := (geom.Vec2{X: 15, Y: -3}); cam.Position != want {
			t.Errorf("target outside: Position = %v, want %v (the zone's edge on the target)", cam.Position, want)
		}
	})
	t.Run("smoothing is frame-rate independent", func(t *testing.T) {
		run := func(fps int) geom.Vec2 {
			cam := camera.Camera{Smoothing: 0.2}
			for range fps / 2 { // half a second
				cam.Track(geom.Vec2{X: 100}, 1/float64(fps))
			}
			return cam.Position
		}
		a, b := run(30), run(144)
		if !near(a, b, 1e-9) {
			t.Errorf("after half a second: %v at 30 FPS, %v at 144 FPS; want the same", a, b)
		}
		// 2.5 half-lives: 100·(1 - 2^-2.5) ≈ 82.32.
		if want := 100 * (1 - math.Exp2(-2.5)); math.Abs(a.X-want) > 1e-9 {
			t.Errorf("after 2.5 half-lives x = %v, want %v", a.X, want)
		}
	})
}

func TestAffineThen(t *testing.T) {
	m := camera.Affine{A: 2, B: 0.5, C: -1, D: 3, TX: 4, TY: -2}
	n := camera.Affine{A: 0, B: 1, C: -1, D: 0, TX: 10, TY: 20}
	p := geom.Vec2{X: 3, Y: -7}
	if got, want := m.Then(n).Apply(p), n.Apply(m.Apply(p)); !near(got, want, 1e-12) {
		t.Errorf("m.Then(n).Apply(p) = %v, want n(m(p)) = %v", got, want)
	}
}

func TestZeroCameraIsIdentityAroundTheMiddle(t *testing.T) {
	var cam camera.Camera
	cam.SetScreen(320, 180)
	if got := cam.WorldToScreen(geom.Vec2{}); got != (geom.Vec2{X: 160, Y: 90}) {
		t.Errorf("zero camera shows the origin at %v, want the middle of the screen", got)
	}
	if !cam.Contains(geom.Vec2{X: 0, Y: 0}) || cam.Contains(geom.Vec2{X: 321, Y: 0}) {
		t.Error("Contains disagrees with the screen")
	}
}
