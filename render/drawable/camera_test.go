package drawable_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

var screen = geom.Vec2{X: 100, Y: 50}

// chase moves a body along path, one point a step, with a camera c
// following it, and returns the camera's position after each step.
func chase(c camera.Camera, path []geom.Vec2) []geom.Vec2 {
	w := world.New()
	body := world.Spawn1(w, geom.Position, path[0])
	c.Follow = body
	cam := world.Spawn1(w, drawable.Camera, c)
	var out []geom.Vec2
	for _, p := range path {
		*geom.Position.Require(w, body) = p
		drawable.StepCameras(w, screen, dt)
		out = append(out, drawable.Camera.Require(w, cam).Position)
	}
	return out
}

func TestStepCameras(t *testing.T) {
	v := func(x, y float64) geom.Vec2 { return geom.Vec2{X: x, Y: y} }
	tests := []struct {
		name string
		cam  camera.Camera
		path []geom.Vec2
		want []geom.Vec2
	}{
		{"follows at once", camera.Camera{},
			[]geom.Vec2{v(10, 10), v(20, 15), v(-40, 3)},
			[]geom.Vec2{v(10, 10), v(20, 15), v(-40, 3)}},
		{"dead zone: moves only past its edge", camera.Camera{Position: v(0, 0), DeadZone: v(10, 5)},
			[]geom.Vec2{v(5, 2), v(10, 5), v(14, -9), v(0, 0)},
			[]geom.Vec2{v(0, 0), v(0, 0), v(4, -4), v(4, -4)}},
		{"bounds: the view stays inside", camera.Camera{Bounds: geom.Rect(0, 0, 300, 100)},
			[]geom.Vec2{v(0, 0), v(150, 50), v(290, 99), v(1e9, -1e9)},
			[]geom.Vec2{v(50, 25), v(150, 50), v(250, 75), v(250, 25)}},
		{"bounds smaller than the view: centred", camera.Camera{Bounds: geom.Rect(0, 0, 40, 20)},
			[]geom.Vec2{v(0, 0), v(300, 300)},
			[]geom.Vec2{v(20, 10), v(20, 10)}},
		{"zoomed in: a smaller view in the same bounds", camera.Camera{Zoom: 2, Bounds: geom.Rect(0, 0, 300, 100)},
			[]geom.Vec2{v(0, 0), v(1e9, 1e9)},
			[]geom.Vec2{v(25, 12.5), v(275, 87.5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := chase(tt.cam, tt.path)
			for i := range got {
				if d := got[i].Sub(tt.want[i]); math.Abs(d.X) > 1e-9 || math.Abs(d.Y) > 1e-9 {
					t.Errorf("after step %d (target %v): camera at %v, want %v", i+1, tt.path[i], got[i], tt.want[i])
				}
			}
		})
	}
}

// TestStepCamerasSmoothing: a smoothed camera covers half the way to its
// goal every Smoothing seconds, and two runs of the same steps end in the
// same place, to the bit.
func TestStepCamerasSmoothing(t *testing.T) {
	path := make([]geom.Vec2, 30) // half a second of steps, at (100, 0)
	for i := range path {
		path[i] = geom.Vec2{X: 100}
	}
	c := camera.Camera{Smoothing: 0.25}
	a, b := chase(c, path), chase(c, path)
	if a[29] != b[29] {
		t.Errorf("two runs: %v and %v, want the same", a[29], b[29])
	}
	// The camera starts at 0 and the body is at 100: two half-lives
	// later, the camera is 3/4 of the way.
	if x := a[29].X; math.Abs(x-75) > 1e-6 {
		t.Errorf("after 0.5 s with a half-life of 0.25 s: x = %v, want 75", x)
	}
}

// TestStepCamerasLostTarget: a camera whose target died, or lost its
// position, stays where it is, inside its bounds.
func TestStepCamerasLostTarget(t *testing.T) {
	w := world.New()
	body := world.Spawn1(w, geom.Position, geom.Vec2{X: 120, Y: 40})
	cam := world.Spawn1(w, drawable.Camera, camera.Camera{Follow: body, Bounds: geom.Rect(0, 0, 300, 100)})
	drawable.StepCameras(w, screen, dt)
	w.Destroy(body)
	for range 3 {
		drawable.StepCameras(w, screen, dt)
	}
	if p := drawable.Camera.Require(w, cam).Position; p != (geom.Vec2{X: 120, Y: 40}) {
		t.Errorf("after its target died: camera at %v, want (120, 40), where it was", p)
	}
}

func TestStepCamerasAllocs(t *testing.T) {
	w := world.New()
	for i := range 4 {
		body := world.Spawn1(w, geom.Position, geom.Vec2{X: float64(i)})
		world.Spawn1(w, drawable.Camera, camera.Camera{Follow: body, Smoothing: 0.1, DeadZone: geom.Vec2{X: 4, Y: 4}, Bounds: geom.Rect(-500, -500, 500, 500)})
	}
	if n := testing.AllocsPerRun(100, func() { drawable.StepCameras(w, screen, dt) }); n != 0 {
		t.Errorf("StepCameras allocates %v times, want 0", n)
	}
}

func TestCameraAt(t *testing.T) {
	w := world.New()
	if _, _, ok := drawable.CameraAt(w, geom.Vec2{}); ok {
		t.Error("CameraAt in a world without cameras: ok, want none")
	}
	whole := world.Spawn1(w, drawable.Camera, camera.Camera{}) // the whole screen, once stepped
	left := world.Spawn1(w, drawable.Camera, camera.Camera{Viewport: geom.Rect(0, 0, 50, 50)})
	mini := world.Spawn1(w, drawable.Camera, camera.Camera{Viewport: geom.Rect(80, 30, 100, 50), Depth: 1})
	world.Spawn1(w, drawable.Camera, camera.Camera{Viewport: geom.Rect(90, 40, 100, 50)}) // under mini: a later slot, but a lower depth
	drawable.StepCameras(w, screen, dt)
	for _, tt := range []struct {
		at   geom.Vec2
		want world.Entity
	}{
		{geom.Vec2{X: 10, Y: 10}, left},
		{geom.Vec2{X: 60, Y: 10}, whole},
		{geom.Vec2{X: 85, Y: 35}, mini},
		{geom.Vec2{X: 95, Y: 45}, mini},
		{geom.Vec2{X: 120, Y: 10}, 0},
	} {
		t.Run(fmt.Sprint(tt.at), func(t *testing.T) {
			e, c, ok := drawable.CameraAt(w, tt.at)
			if ok != (tt.want != 0) || e != tt.want || ok && c != drawable.Camera.Require(w, e) {
				t.Errorf("CameraAt(%v) = %v, %v; want %v", tt.at, e, ok, tt.want)
			}
		})
	}
}
