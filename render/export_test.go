package render

import (
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// SetClock replaces the overlay's clock, for tests that need its numbers
// to be the same on every run.
func (o *Overlay) SetClock(clock func() time.Duration) { o.clock = clock }

// Prepare does the part of Draw that needs no GPU, for a screen of bounds
// b: what allocation tests measure, since ebitengine's DrawTriangles
// allocates its draw commands itself.
func (r *Renderer) Prepare(b image.Rectangle, w *world.World, alpha float64) { r.prepare(b, w, alpha) }

// Issue does the part of Draw that Prepare leaves: it hands each camera's
// batch, built by the last Prepare, to ebitengine.
func (r *Renderer) Issue(screen *ebiten.Image) {
	for i := range r.cams {
		r.issue(screen, i)
	}
}

// Views returns the cameras the last Draw drew through, as it placed
// them: interpolated, clamped, in drawing order.
func (r *Renderer) Views() []camera.Camera {
	out := make([]camera.Camera, len(r.cams))
	for i, v := range r.cams {
		out[i] = v.out
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

// SetStraight lets the renderer take the straight path for sprites (the
// default), or not, so that tests compare it with the items' path.
func (r *Renderer) SetStraight(on bool) { r.noStraight = !on }

// Straight reports whether the last Draw's sprites went the straight path.
func (r *Renderer) Straight() bool { return r.straight }

// SetKeepBlocks lets the straight path keep the quads of blocks of
// sprites that did not change since the last frame (the default), or
// not, so that tests compare the two.
func (r *Renderer) SetKeepBlocks(on bool) { r.noBlocks = !on }

// FirstBatch returns the first camera's batch of the last Draw or
// Prepare.
func (r *Renderer) FirstBatch() *core.Batch { return &r.batches[0] }

// Batches returns the batches of the last Prepare's cameras, in drawing
// order.
func (r *Renderer) Batches() []core.Batch { return r.batches[:len(r.cams)] }

// KeptBlocks returns how many blocks of sprites the last frame kept.
func (r *Renderer) KeptBlocks() int { return r.keptBlocks }

// Repeats counts the frames that repeated the last one's batch as it was
// (see repeat).
func (r *Renderer) Repeats() int { return r.repeats }

// SkipHistoryIDs leaves at most n ids before the history's ids wrap
// around (see core.History.SkipIDs).
func (r *Renderer) SkipHistoryIDs(n uint32) { r.hist.SkipIDs(n) }
