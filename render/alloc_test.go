package render_test

import (
	"cmp"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// steadyAllocs returns what a steady frame allocates: frame run a few
// times first, then measured. AllocsPerRun counts the whole process's
// allocations, and ebitengine's game loop (this package's TestMain) runs
// without vsync, as fast as it can, allocating as it goes. So the frames
// run inside the loop's Draw (onScreen), where the loop waits for them:
// measured from the test's goroutine instead, the loop's allocations
// landed in the count, about one a frame of 5000 sprites on a slow day,
// in every try.
func steadyAllocs(frame func()) (n float64) {
	onScreen(func(*ebiten.Image) {
		for range 3 {
			frame()
		}
		n = testing.AllocsPerRun(20, frame)
	})
	return n
}

// requireNoFrameAllocs checks that a steady frame of k (a step, then
// Prepare of a 320×240 screen at alpha 0.5) allocates nothing.
func (k *kit) requireNoFrameAllocs(t *testing.T) {
	t.Helper()
	screen := image.Rect(0, 0, 320, 240)
	var err error
	frame := func() {
		err = cmp.Or(err, k.stepped())
		k.r.Prepare(screen, k.w, 0.5)
	}
	n := steadyAllocs(frame)
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("a steady frame allocates %v times, want 0", n)
	}
}

// moveAll is a fixed system moving every position one unit right.
func moveAll(t testing.TB, w *world.World) {
	t.Helper()
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
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
}

// TestDrawAllocs checks that a steady frame of sprites and shapes, with
// interpolation, animation and two cameras, allocates nothing: not the
// step (snapshot, animation, cameras), the walks, the sort, nor the
// batches. ebitengine's own DrawTriangles is left out: v2.8 allocates for
// a call it cannot merge with the one before (BenchmarkSpriteDraw counts
// them).
func TestDrawAllocs(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	for i := range 2000 {
		e := k.sprite(float64(i%200), float64(i/10), drawable.Picture{Region: hero, Order: drawable.Order{Z: float32(i % 7)}})
		if i%3 == 0 {
			drawable.Sprite.Require(k.w, e).Region = frame(0)
			drawable.Animation.Add(k.w, e, drawable.Play("sheet.yaml", "loop"))
		}
		if i%100 == 0 {
			drawable.Shape.Add(k.w, e, drawable.Circle(3, red))
		}
	}
	moveAll(t, k.w)
	k.camera(camera.Camera{Viewport: geom.Rect(200, 0, 320, 80), Zoom: 0.5})
	k.requireNoFrameAllocs(t)
	if st := k.r.Stats(); st.Items != 2020 || st.Culled == 0 {
		t.Errorf("Stats() = %+v, want 2020 items, some culled by the second camera", st)
	}
}

// TestDrawAllocsMixed: the same with texts, hidden and screen drawables,
// concave shapes, world poses and a following, turned camera.
func TestDrawAllocsMixed(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(160, 120)
	for i := range 300 {
		e := k.sprite(float64(i%200), float64(i/10), drawable.Picture{Region: hero, Order: drawable.Order{Z: float32(-i % 5)}})
		if i%10 == 0 {
			drawable.Text.Add(k.w, e, drawable.Label{Text: "hello world", Font: assetsPath("go.ttf"), Size: 12, Width: 40})
		}
		if i%7 == 0 {
			drawable.Hidden.Add(k.w, e)
		}
		if i%11 == 0 {
			drawable.Screen.Add(k.w, e)
		}
		if i%13 == 0 {
			drawable.Shape.Add(k.w, e, drawable.Polygon(red, geom.Vec2{}, geom.Vec2{X: 10}, geom.Vec2{X: 2, Y: 2}, geom.Vec2{Y: 10}))
		}
		if i%3 == 0 {
			geom.WorldTransform.Add(k.w, e, geom.Pose{Rotation: 0.2, Scale: geom.Vec2{X: 2}})
		}
	}
	moveAll(t, k.w)
	k.camera(camera.Camera{Follow: k.sprite(5, 5, drawable.Picture{}), Viewport: geom.Rect(200, 0, 320, 80), Zoom: 0.5, Rotation: 0.3, Smoothing: 0.2})
	k.requireNoFrameAllocs(t)
}

// TestDrawAllocsPosed: a steady frame of the straight path whose sprites
// have world poses, half of which turn every step, allocates nothing.
func TestDrawAllocsPosed(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(320, 240)
	for i := range 1000 {
		e := k.sprite(float64(i%300), float64(i/5), drawable.Picture{Region: frame(i % 4)})
		geom.WorldTransform.Add(k.w, e, geom.Pose{Rotation: float64(i), Scale: geom.Vec2{X: 1.5}})
	}
	if err := k.w.AddSystem(world.System{Name: "turn", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		for e, p := range world.Query1(ctx.World, geom.WorldTransform) {
			if e.Slot()%2 == 0 {
				p.Rotation += 0.01
			}
		}
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	k.requireNoFrameAllocs(t)
	if !k.r.Straight() {
		t.Errorf("the sprites did not go the straight path")
	}
}
