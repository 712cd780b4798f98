package render_test

// The tests in the robustness_*_test.go files come from a review of the
// package: each pins down a defect it found (and failed before the fix)
// or checks a property (steady frames allocate nothing, sub-image regions).

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/world"
)

// TestReaddedPositionDoesNotSlide: an entity whose Position was removed
// for a while and added again (picked up into an inventory, dropped
// elsewhere) has nothing recorded for the current step, so it is drawn
// where it is, not slid in from a position recorded steps ago.
func TestReaddedPositionDoesNotSlide(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(120, 40)
	body := k.sprite(10, 12, render.Picture{Region: k.hero})
	k.step(t) // records x = 10
	k.w.Remove(body, geom.Position)
	k.step(t)
	k.step(t) // three steps later, still without a position
	geom.Position.Add(k.w, body, geom.Vec2{X: 90, Y: 12})
	k.frame(t, 0.5, 1.0/60)
	if x := leftmost(t, k, 20); x != 90 {
		t.Errorf("re-added at x = 90, drawn from x = %d: it slides in from where it was recorded steps ago", x)
	}
}

// TestOverlayOneRowLeft: with one row left for the inspect page (a 320×180
// game with five timed systems), Draw leaves the page out; it divided by
// zero.
func TestOverlayOneRowLeft(t *testing.T) {
	k := newKit(t, render.Options{ShowOverlay: true})
	for _, name := range []string{"game.move", "game.ai"} {
		if err := k.w.AddSystem(world.System{Name: name, Phase: world.Fixed, Run: func(*world.Context) error { return nil }}); err != nil {
			t.Fatal(err)
		}
	}
	k.sprite(10, 10, render.Picture{Region: k.hero})
	k.step(t)
	k.frame(t, 0, 1.0/60)
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("Draw on a 320×180 screen with the overlay shown panicked: %v", p)
		}
	}()
	onScreen(func(*ebiten.Image) {
		img := ebiten.NewImage(320, 180)
		defer img.Deallocate()
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("Draw on a 320×180 screen with the overlay shown panicked: %v", p)
			}
		}()
		k.r.Draw(img)
	})
}

// TestPentagramFill: a five-pointed star drawn as a {5/2} polygon (five
// points, every turn the same way, twice around) is filled with the
// non-zero rule, not as a convex fan that filled the notches between its
// points.
func TestPentagramFill(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(200, 200)
	var pts []geom.Vec2
	for i := range 5 {
		a := -math.Pi/2 + float64(2*i)*2*math.Pi/5 // every second corner of a pentagon
		pts = append(pts, geom.Vec2{X: 80 * math.Cos(a), Y: 80 * math.Sin(a)})
	}
	k.shape(100, 100, render.Polygon(red, pts...))
	img := grab(200, 200, bg, k.r.Draw)
	// The middle of the pentagon's top-right edge lies outside the star
	// (in the notch between the top and the right points).
	p0 := geom.Vec2{X: 100, Y: 20}
	a1 := -math.Pi/2 + 2*math.Pi/5
	p1 := geom.Vec2{X: 100 + 80*math.Cos(a1), Y: 100 + 80*math.Sin(a1)}
	mx, my := (p0.X+p1.X)/2, (p0.Y+p1.Y)/2
	// step a little towards the centre, still outside the star
	x, y := int(mx+(100-mx)*0.1), int(my+(100-my)*0.1)
	if c := pixel(img, x, y); c != bg {
		t.Errorf("pixel (%d, %d), in a notch outside the star, is %v, want the background %v", x, y, c, bg)
	}
	if c := pixel(img, 100, 100); c != red {
		t.Errorf("the star's centre is %v, want red", c)
	}
	writeReview(t, "pentagram", img)
}

func writeReview(t *testing.T, name string, img *image.RGBA) {
	_ = writePNG("/tmp/review-render/"+name+".png", img)
}
