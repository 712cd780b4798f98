package camera_test

import (
	"fmt"
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
)

// A camera zoomed in twice on (100, 50), on a 320×180 screen: the mouse
// at the screen's middle points at the camera's position, and a point 10
// units to the right is 20 pixels right of the middle.
func ExampleCamera_ScreenToWorld() {
	var cam camera.Camera
	cam.SetScreen(320, 180) // render does this at every draw
	cam.Zoom = 2
	cam.CenterOn(geom.Vec2{X: 100, Y: 50})

	fmt.Println(cam.ScreenToWorld(geom.Vec2{X: 160, Y: 90}))
	fmt.Println(cam.WorldToScreen(geom.Vec2{X: 110, Y: 50}))
	fmt.Println(cam.View())
	// Output:
	// {100 50}
	// {180 90}
	// {{20 5} {180 95}}
}

// A camera that follows its target with a dead zone and smoothing, kept
// inside the world's bounds.
func ExampleCamera_Track() {
	cam := camera.Camera{
		Bounds:    geom.Rect(0, 0, 1000, 200),
		DeadZone:  geom.Vec2{X: 20, Y: 20},
		Smoothing: 0.25, // half the way every quarter second
	}
	cam.SetScreen(100, 100)
	cam.CenterOn(geom.Vec2{X: 50, Y: 50})

	cam.Track(geom.Vec2{X: 60, Y: 50}, 1.0/60) // inside the dead zone
	fmt.Println(cam.Position)
	for range 60 { // one second behind a target that jumped ahead
		cam.Track(geom.Vec2{X: 400, Y: 50}, 1.0/60)
	}
	fmt.Printf("%.1f\n", cam.Position.X) // 4 half-lives: 1/16 of the way to 380 (the dead zone's edge) is left
	cam.Track(geom.Vec2{X: 990, Y: 190}, 10)
	fmt.Println(cam.Position) // clamped: the view stays inside the bounds
	fmt.Println(math.Round(cam.View().Max.X))
	// Output:
	// {50 50}
	// 359.4
	// {950 150}
	// 1000
}
