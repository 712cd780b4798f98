package drawable

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/world"
)

// Camera makes an entity a camera of its world: what the camera shows,
// where on the screen and how it follows (see [camera.Camera]). A world
// with no camera is drawn through the default one, which shows the world
// at 1:1 with (0, 0) at the middle of the screen. Several cameras draw in
// the order of their Depth (a split screen, a minimap). The engine moves
// the cameras that follow an entity every fixed step ([StepCameras]).
var Camera = world.DefineComponent[camera.Camera]("Camera")

// StepCameras moves every camera of w one fixed step of dt seconds, for a
// logical screen of the given size ([camera.Camera.Step]). The engine
// calls it after the scene's fixed systems. It allocates nothing.
func StepCameras(w *world.World, screen geom.Vec2, dt float64) {
	world.Each1(w, Camera, func(_ world.Entity, c *camera.Camera) { c.Step(w, screen, dt) })
}

// CameraAt returns the camera of w under the screen point p, such as the
// mouse cursor, for picking: the one drawn last (highest Depth, then
// highest slot) whose area ([camera.Camera.Area]) holds p. A camera whose
// Viewport is empty covers the screen it last stepped on. ok is false when
// no camera of w holds p (a world without cameras draws through the
// default one, which is no entity). The pointer is valid until the next
// structural change of w. O(cameras), no allocation.
func CameraAt(w *world.World, p geom.Vec2) (e world.Entity, c *camera.Camera, ok bool) {
	for ce, cc := range world.Query1(w, Camera) {
		if !cc.Contains(p) {
			continue
		}
		if !ok || cc.Depth > c.Depth || cc.Depth == c.Depth && ce.Slot() > e.Slot() {
			e, c, ok = ce, cc, true
		}
	}
	return e, c, ok
}
