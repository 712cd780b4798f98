package pixelart_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/internal/pixelart"
)

var (
	red   = pixelart.RGB(255, 0, 0)
	blue  = pixelart.RGB(0, 0, 255)
	clear color.NRGBA
)

// canvas returns an image w×h with a canvas over all of it.
func canvas(w, h int) (*image.NRGBA, *pixelart.Canvas) {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	return img, pixelart.New(img, img.Rect)
}

func TestBlend(t *testing.T) {
	tests := []struct {
		name  string
		under color.NRGBA
		col   color.NRGBA
		k     float64
		want  color.NRGBA
	}{
		{"opaque over clear", clear, red, 1, red},
		{"opaque over opaque", blue, red, 1, red},
		{"half over opaque", blue, red, 0.5, color.NRGBA{128, 0, 128, 255}},
		{"half over clear keeps the colour", clear, red, 0.5, color.NRGBA{255, 0, 0, 128}},
		{"the colour's alpha scales k", blue, color.NRGBA{255, 0, 0, 51}, 1, color.NRGBA{51, 0, 204, 255}},
		{"no coverage", blue, red, 0, blue},
		{"negative coverage", blue, red, -1, blue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, c := canvas(1, 1)
			img.SetNRGBA(0, 0, tt.under)
			c.Blend(0, 0, tt.col, tt.k)
			if got := img.NRGBAAt(0, 0); got != tt.want {
				t.Errorf("Blend(%v, %v) over %v = %v, want %v", tt.col, tt.k, tt.under, got, tt.want)
			}
		})
	}
}

// TestCanvasClips: a canvas draws in its own coordinates and never
// outside its rectangle, however large the drawing.
func TestCanvasClips(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	c := pixelart.New(img, image.Rect(2, 3, 6, 5))
	if c.W() != 4 || c.H() != 2 {
		t.Fatalf("canvas is %d×%d, want 4×2", c.W(), c.H())
	}
	c.Rect(red, -10, -10, 20, 20, 0)
	c.Blend(-1, 0, blue, 1)
	c.Blend(4, 0, blue, 1)
	sub := c.Sub(3, 1, 5, 5)
	if sub.W() != 1 || sub.H() != 1 {
		t.Fatalf("Sub(3, 1, 5, 5) is %d×%d, want 1×1 (clipped)", sub.W(), sub.H())
	}
	sub.Blend(0, 0, blue, 1)
	for y := range 8 {
		for x := range 8 {
			want := clear
			switch {
			case x == 5 && y == 4:
				want = blue
			case x >= 2 && x < 6 && y >= 3 && y < 5:
				want = red
			}
			if got := img.NRGBAAt(x, y); got != want {
				t.Errorf("pixel (%d, %d) = %v, want %v", x, y, got, want)
			}
		}
	}
}

func TestCoverage(t *testing.T) {
	tests := []struct {
		name string
		x, y int
		sd   func(x, y float64) float64
		want float64
	}{
		{"inside", 0, 0, func(x, y float64) float64 { return -1 }, 1},
		{"outside", 0, 0, func(x, y float64) float64 { return 1 }, 0},
		{"left half", 3, 0, func(x, y float64) float64 { return x - 3.5 }, 0.5},
		{"one quarter row", 0, 7, func(x, y float64) float64 { return y - 7.25 }, 0.25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pixelart.Coverage(tt.x, tt.y, tt.sd); got != tt.want {
				t.Errorf("Coverage(%d, %d) = %v, want %v", tt.x, tt.y, got, tt.want)
			}
		})
	}
}

// TestShapes: a box on whole pixels fills exactly those pixels; a round
// one and an ellipse cover their middle fully, their corners partly or
// not at all.
func TestShapes(t *testing.T) {
	img, c := canvas(10, 10)
	c.Rect(red, 2, 3, 5, 7, 0)
	for y := range 10 {
		for x := range 10 {
			in := x >= 2 && x < 5 && y >= 3 && y < 7
			if got := img.NRGBAAt(x, y); (got == red) != in || (!in && got != clear) {
				t.Errorf("Rect: pixel (%d, %d) = %v, inside %v", x, y, got, in)
			}
		}
	}

	img, c = canvas(10, 10)
	c.Rect(red, 0, 0, 10, 10, 4)
	if got := img.NRGBAAt(5, 5); got != red {
		t.Errorf("round Rect's middle = %v, want %v", got, red)
	}
	if got := img.NRGBAAt(0, 0); got.A >= 128 {
		t.Errorf("round Rect's corner = %v, want mostly clear", got)
	}

	img, c = canvas(10, 6)
	c.Ellipse(blue, 5, 3, 5, 3)
	if got := img.NRGBAAt(5, 3); got != blue {
		t.Errorf("Ellipse's middle = %v, want %v", got, blue)
	}
	if got := img.NRGBAAt(0, 0); got != clear {
		t.Errorf("Ellipse's corner = %v, want clear", got)
	}
	if got := img.NRGBAAt(0, 3); got.A == 0 || got.A == 255 {
		t.Errorf("Ellipse's left edge = %v, want antialiased", got)
	}
}

func TestRoundBox(t *testing.T) {
	tests := []struct {
		x, y, r float64
		want    float64
	}{
		{5, 5, 0, -5},                   // the middle of a 10×10 box
		{0, 5, 0, 0},                    // on its edge
		{-2, 5, 0, 2},                   // outside, beside
		{-3, -4, 0, 5},                  // outside, off the corner
		{0, 0, 2, 2 * (math.Sqrt2 - 1)}, // the corner cut by the radius
		{5, -1, 2, 1},                   // the radius does not move a side
		{1, 1, 2, math.Sqrt2 - 2},       // inside the corner's rounding
		{2, 2, 2, -2},                   // the rounding's centre
	}
	for _, tt := range tests {
		if got := pixelart.RoundBox(tt.x, tt.y, 0, 0, 10, 10, tt.r); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("RoundBox(%v, %v, r %v) = %v, want %v", tt.x, tt.y, tt.r, got, tt.want)
		}
	}
}

// TestGrain: grain is the same every time for a seed, different for
// another, keeps to its box, and a stretch draws runs of equal pixels.
func TestGrain(t *testing.T) {
	draw := func(seed uint32, stretch int) *image.NRGBA {
		img, c := canvas(12, 4)
		c.Rect(pixelart.RGB(100, 100, 100), 0, 0, 12, 4, 0)
		c.Grain(0, 0, 12, 3, 0.5, seed, stretch)
		return img
	}
	a, b, other := draw(1, 1), draw(1, 1), draw(2, 1)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("Grain with one seed drew two pictures")
	}
	if bytes.Equal(a.Pix, other.Pix) {
		t.Error("Grain with seeds 1 and 2 drew the same picture")
	}
	for x := range 12 {
		if got := a.NRGBAAt(x, 3); got != pixelart.RGB(100, 100, 100) {
			t.Errorf("Grain touched (%d, 3), outside its box: %v", x, got)
		}
	}
	streaks := draw(1, 4)
	for y := range 3 {
		for x := range 12 {
			if got, first := streaks.NRGBAAt(x, y), streaks.NRGBAAt(x/4*4, y); got != first {
				t.Errorf("Grain stretch 4: (%d, %d) = %v, want %v as (%d, %d)", x, y, got, first, x/4*4, y)
			}
		}
	}
	if zero := draw(1, 0); !bytes.Equal(zero.Pix, a.Pix) {
		t.Error("Grain stretch 0 differs from stretch 1")
	}
}

// TestCopy: scale 1 copies; scale 2 takes the alpha-weighted mean of each
// 2×2 block; a clear block leaves the canvas as it was.
func TestCopy(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	src.SetNRGBA(0, 0, red)
	src.SetNRGBA(1, 1, blue)
	src.SetNRGBA(3, 0, color.NRGBA{0, 255, 0, 100})

	img, c := canvas(4, 2)
	c.Copy(src, 0, 0, 1)
	if !bytes.Equal(img.Pix, src.Pix) {
		t.Errorf("Copy at scale 1 = %v, want %v", img.Pix, src.Pix)
	}

	img, c = canvas(2, 1)
	img.SetNRGBA(1, 0, blue)
	img.SetNRGBA(0, 0, blue)
	c.Copy(src.SubImage(image.Rect(0, 0, 2, 2)), 0, 0, 2)
	if got, want := img.NRGBAAt(0, 0), (color.NRGBA{128, 0, 128, 128}); got != want {
		t.Errorf("Copy at scale 2: (0, 0) = %v, want %v", got, want)
	}
	if got := img.NRGBAAt(1, 0); got != blue {
		t.Errorf("Copy of a clear block changed (1, 0) to %v, want %v kept", got, blue)
	}

	img, c = canvas(1, 1)
	c.Copy(src, 2, 0, 2)
	if got, want := img.NRGBAAt(0, 0), (color.NRGBA{0, 255, 0, 25}); got != want {
		t.Errorf("Copy at scale 2 of one faint pixel = %v, want %v", got, want)
	}
}

func TestCopied(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	src.SetNRGBA(2, 1, red)
	var b bytes.Buffer
	if err := png.Encode(&b, src); err != nil {
		t.Fatal(err)
	}
	img, c := canvas(1, 1)
	pixelart.Copied(b.Bytes(), 2, 1, 1)(c)
	if got := img.NRGBAAt(0, 0); got != red {
		t.Errorf("Copied = %v, want %v", got, red)
	}

	defer func() {
		err, ok := recover().(error)
		if !ok || !errors.Is(err, png.FormatError("not a PNG file")) {
			t.Errorf("Copied of bad data panicked with %v, want an error wrapping png's", err)
		}
	}()
	pixelart.Copied([]byte("no picture"), 0, 0, 1)(c)
}

func TestNoise(t *testing.T) {
	sum := 0.0
	for y := range uint32(32) {
		for x := range uint32(32) {
			n := pixelart.Noise(x, y, 7)
			if n < 0 || n >= 1 {
				t.Fatalf("Noise(%d, %d, 7) = %v, want in [0, 1)", x, y, n)
			}
			if n != pixelart.Noise(x, y, 7) {
				t.Fatalf("Noise(%d, %d, 7) differs between calls", x, y)
			}
			sum += n
		}
	}
	if mean := sum / 1024; mean < 0.45 || mean > 0.55 {
		t.Errorf("Noise's mean over 32×32 = %v, want about 0.5", mean)
	}
	if pixelart.Noise(1, 2, 3) == pixelart.Noise(1, 2, 4) {
		t.Error("Noise ignores its seed")
	}
}

func TestShade(t *testing.T) {
	base := color.NRGBA{100, 200, 0, 77}
	tests := []struct {
		k    float64
		want color.NRGBA
	}{
		{0, base},
		{1, color.NRGBA{255, 255, 255, 77}},
		{-1, color.NRGBA{0, 0, 0, 77}},
		{0.5, color.NRGBA{178, 228, 128, 77}},
		{-0.5, color.NRGBA{50, 100, 0, 77}},
	}
	for _, tt := range tests {
		if got := pixelart.Shade(base, tt.k); got != tt.want {
			t.Errorf("Shade(%v, %v) = %v, want %v", base, tt.k, got, tt.want)
		}
	}
}

func TestPack(t *testing.T) {
	pt := image.Pt
	tests := []struct {
		name  string
		width int
		sizes []image.Point
		want  []image.Rectangle
		size  image.Point
	}{
		{"none", 10, nil, []image.Rectangle{}, pt(10, 0)},
		{"one row, a pixel apart", 10, []image.Point{pt(4, 2), pt(5, 3)},
			[]image.Rectangle{image.Rect(0, 0, 4, 2), image.Rect(5, 0, 10, 3)}, pt(10, 3)},
		{"wraps under the row's tallest", 10, []image.Point{pt(4, 2), pt(5, 3), pt(2, 2)},
			[]image.Rectangle{image.Rect(0, 0, 4, 2), image.Rect(5, 0, 10, 3), image.Rect(0, 4, 2, 6)}, pt(10, 6)},
		{"a piece wider than the sheet widens it", 4, []image.Point{pt(6, 1), pt(2, 1)},
			[]image.Rectangle{image.Rect(0, 0, 6, 1), image.Rect(0, 2, 2, 3)}, pt(6, 3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, size := pixelart.Pack(tt.width, tt.sizes)
			if size != tt.size || len(got) != len(tt.want) {
				t.Fatalf("Pack = %v, %v; want %v, %v", got, size, tt.want, tt.size)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("Pack: piece %d at %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestSheet: the pieces are drawn where Pack puts them, each in its own
// coordinates, and the atlas file names the picture, every frame's
// rectangle and every clip, with a mode only when the clip has one.
func TestSheet(t *testing.T) {
	fill := func(col color.NRGBA) func(c *pixelart.Canvas) {
		return func(c *pixelart.Canvas) { c.Rect(col, 0, 0, float64(c.W()), float64(c.H()), 0) }
	}
	pieces := []pixelart.Piece{{Name: "a", W: 4, H: 2, Draw: fill(red)}, {Name: "b", W: 3, H: 3, Draw: fill(blue)}}
	clips := []pixelart.Clip{{Name: "loop", Frames: []string{"a", "b"}, FPS: 5}, {Name: "boom", Frames: []string{"b"}, FPS: 2, Mode: "once"}}
	img, places, atlas := pixelart.Sheet(6, pieces, clips, "s.png", "# head\n")
	want := []image.Rectangle{image.Rect(0, 0, 4, 2), image.Rect(0, 3, 3, 6)}
	for i, r := range want {
		if places[i] != r {
			t.Errorf("piece %d at %v, want %v", i, places[i], r)
		}
	}
	if img.Bounds() != image.Rect(0, 0, 6, 6) {
		t.Errorf("sheet is %v, want 6x6", img.Bounds())
	}
	if got := img.NRGBAAt(3, 1); got != red {
		t.Errorf("a's last pixel is %v, want red", got)
	}
	if got := img.NRGBAAt(2, 5); got != blue {
		t.Errorf("b's last pixel is %v, want blue", got)
	}
	if got := img.NRGBAAt(4, 1); got != clear {
		t.Errorf("the pixel right of a is %v, want clear", got)
	}
	wantAtlas := "# head\nimage: s.png\nframes:\n" +
		"  a: {x: 0, y: 0, w: 4, h: 2}\n  b: {x: 0, y: 3, w: 3, h: 3}\n" +
		"clips:\n  loop: {frames: [a, b], fps: 5}\n  boom: {frames: [b], fps: 2, mode: once}\n"
	if string(atlas) != wantAtlas {
		t.Errorf("atlas:\n%s\nwant:\n%s", atlas, wantAtlas)
	}
}
