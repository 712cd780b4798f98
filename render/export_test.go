package render

import (
	"image"
	"time"

	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/world"
)

// SetClock replaces the overlay's clock, for tests that need its numbers
// to be the same on every run.
func (o *Overlay) SetClock(clock func() time.Duration) { o.clock = clock }

// Prepare does the part of Draw that needs no GPU, for a screen of bounds
// b: what allocation tests measure, since ebitengine's DrawTriangles
// allocates its draw commands itself.
func (r *Renderer) Prepare(b image.Rectangle, w *world.World, alpha float64) { r.prepare(b, w, alpha) }

// Views returns the cameras the last Draw drew through, as it placed
// them: interpolated, clamped, in drawing order.
func (r *Renderer) Views() []camera.Camera {
	out := make([]camera.Camera, len(r.cams))
	for i, v := range r.cams {
		out[i] = v.cam
	}
	return out
}

// ParseFont is parseFont, for the tests of fonts the parser cannot read.
var ParseFont = parseFont

// Longest returns each timed system's longest run over the last full
// second before now, by name.
func (o *Overlay) Longest(now time.Duration) map[string]time.Duration {
	out := make(map[string]time.Duration)
	for _, t := range o.systems {
		t.w.Tick(now)
		out[t.name] = t.w.Last().Max
	}
	return out
}
