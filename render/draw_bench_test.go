package render_test

import (
	"image"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
)

// BenchmarkRendererDraw_10k and _50k measure the CPU cost of a frame of
// n 8×8 sprites from one atlas drawn by the renderer (walk,
// interpolation, sort, culling, vertex batches, DrawTriangles);
// BenchmarkDrawImage_10k and _50k the plain loop that draws each with its
// own DrawImage. Run them together:
//
//	go test ./render -run '^$' -bench 'RendererDraw|DrawImage' -benchtime 60x
//
// Each iteration is one frame of the game loop, and the time measured is
// the time spent in the draw call inside the game's Draw, once the GPU
// (here, software GL) has finished the frames before: the CPU side of
// preparing and issuing the frame. What the GPU does with the commands
// afterwards is not counted, which is why ns/op (a whole frame of the
// loop, GL included) is not the figure to read: ns/sprite, ms/frame and
// allocs/frame are. allocs/frame counts every allocation of the process
// during the draw call, ebitengine's included.
func BenchmarkRendererDraw_10k(b *testing.B) { benchRenderer(b, 10_000) }
func BenchmarkRendererDraw_50k(b *testing.B) { benchRenderer(b, 50_000) }
func BenchmarkDrawImage_10k(b *testing.B)    { benchDrawImage(b, 10_000) }
func BenchmarkDrawImage_50k(b *testing.B)    { benchDrawImage(b, 50_000) }

func benchRenderer(b *testing.B, n int) {
	k := newKit(b, render.Options{})
	k.lookAt(screenW, screenH)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		k.sprite(rng.Float64()*(screenW-8), rng.Float64()*(screenH-8), drawable.Picture{Region: frame(i % 4)})
	}
	k.step(b) // positions recorded: sprites interpolate
	k.alpha = 0.5
	benchFrames(b, n, k.draw)
}

func benchDrawImage(b *testing.B, n int) {
	k := newKit(b, render.Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		world1(k, rng.Float64()*(screenW-8), rng.Float64()*(screenH-8))
	}
	sheet := ebiten.NewImageFromImage(decode(b, sheetPNG()))
	var frames [4]*ebiten.Image
	for i := range frames {
		frames[i] = sheet.SubImage(image.Rect(8*i, 0, 8*i+8, 8)).(*ebiten.Image)
	}
	var op ebiten.DrawImageOptions
	benchFrames(b, n, func(dst *ebiten.Image) {
		pos := geom.Position.Column(k.w)
		i := 0
		for _, r := range k.w.Slots(geom.Position).Runs() {
			for s := r.Start; s < r.End; s++ {
				op.GeoM.Reset()
				op.GeoM.Translate(pos[s].X, pos[s].Y)
				dst.DrawImage(frames[i%4], &op)
				i++
			}
		}
	})
}

// world1 spawns a body with a position only, for the DrawImage loop.
func world1(k *kit, x, y float64) {
	k.w.Spawn(geom.Position.With(geom.Vec2{X: x, Y: y}))
}

// benchFrames runs draw once per frame of the game loop on a screen-sized
// image and reports the time spent in it per sprite and per frame, and
// the allocations made meanwhile.
func benchFrames(b *testing.B, n int, draw func(dst *ebiten.Image)) {
	// Unmanaged keeps the image out of ebitengine's texture atlas, as the
	// screen is, so that neither side pays for moving it between atlas
	// pages.
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, screenW, screenH), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	var spent time.Duration
	var mallocs uint64
	frame := func(count bool) {
		onScreen(func(*ebiten.Image) {
			// Reading a pixel waits for the GPU (software GL, on the same
			// two cores) to finish the frames before, so that it does not
			// compete with the draw being timed.
			dst.At(0, 0)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			draw(dst)
			d := time.Since(start)
			runtime.ReadMemStats(&after)
			if count {
				spent += d
				mallocs += after.Mallocs - before.Mallocs
			}
		})
	}
	for range 3 {
		frame(false)
	}
	frames := 0
	b.ReportAllocs()
	for b.Loop() {
		frame(true)
		frames++
	}
	b.ReportMetric(float64(spent.Nanoseconds())/float64(frames*n), "ns/sprite")
	b.ReportMetric(float64(spent.Nanoseconds())/float64(frames)/1e6, "ms/frame")
	b.ReportMetric(float64(mallocs)/float64(frames), "allocs/frame")
}
