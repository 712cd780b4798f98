package render_test

import (
	"image"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/world"
)

// TestDrawAllocs checks that a steady frame of sprites and shapes, with
// interpolation, animation and two cameras, allocates nothing: not the
// systems, the walks, the sort, nor the batches. ebitengine's own
// DrawTriangles is left out: v2.8 allocates for a call it cannot merge
// with the one before (BenchmarkRendererDraw counts one allocation a
// frame in all).
func TestDrawAllocs(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	clip := k.r.AddClip(10, render.Loop, k.sheet.Frames(0, 4)...)
	for i := range 2000 {
		e := k.sprite(float64(i%200), float64(i/10), render.Picture{Region: k.hero, Order: render.Order{Z: float32(i % 7)}})
		if i%3 == 0 {
			render.Sprite.Require(k.w, e).Region = k.sheet.Frame(0)
			render.Animation.Add(k.w, e, render.Playback{Clip: clip})
		}
		if i%100 == 0 {
			render.Shape.Add(k.w, e, render.Circle(3, red))
		}
	}
	if err := k.w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		pos := geom.Position.Column(ctx.World)
		for _, r := range ctx.World.Slots(geom.Position).Runs() {
			for i := r.Start; i < r.End; i++ {
				pos[i].X++
			}
		}
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	k.r.AddCamera(&camera.Camera{Viewport: geom.Rect(200, 0, 320, 80), Zoom: 0.5})
	screen := image.Rect(0, 0, 320, 240)
	frame := func() {
		k.step(t)
		k.frame(t, 0.5, 1.0/60)
		k.r.Prepare(screen)
	}
	for range 3 {
		frame()
	}
	// AllocsPerRun counts the whole process's allocations, and ebitengine's
	// game loop (this package's TestMain) runs on another goroutine at the
	// same time; on a busy machine its allocations can land inside the
	// measurement. The frame's own count is the least of a few tries.
	n := testing.AllocsPerRun(20, frame)
	for try := 0; try < 4 && n != 0; try++ {
		n = min(n, testing.AllocsPerRun(20, frame))
	}
	if n != 0 {
		t.Errorf("a steady frame allocates %v times, want 0", n)
	}
	if st := k.r.Stats(); st.Items != 2020 || st.Culled == 0 {
		t.Errorf("Stats() = %+v, want 2020 items, some culled by the second camera", st)
	}
}
