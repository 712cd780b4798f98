package render

import (
	"image"
	"time"
)

// SetClock replaces the overlay's clock, for tests that need its numbers
// to be the same on every run.
func (o *Overlay) SetClock(clock func() time.Duration) { o.clock = clock }

// Prepare does the part of Draw that needs no GPU, for a screen of bounds
// b: what allocation tests measure, since ebitengine's DrawTriangles
// allocates its draw commands itself.
func (r *Renderer) Prepare(b image.Rectangle) { r.prepare(b) }
