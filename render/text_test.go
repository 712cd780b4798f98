package render_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
)

// TestTexts draws labels aligned every way, wrapped, coloured and turned.
func TestTexts(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(200, 120)
	font := drawable.Label{Font: assetsPath("go.ttf"), Size: 12}
	label := func(l drawable.Label) drawable.Label {
		l.Font, l.Size = font.Font, font.Size
		return l
	}
	k.shape(100, 0, drawable.Rect(1, 120, color.NRGBA{0x60, 0x60, 0x60, 0xff})) // a guide
	k.text(100, 4, label(drawable.Label{Text: "start"}))
	k.text(100, 20, label(drawable.Label{Text: "center", Align: drawable.AlignCenter, Color: yellow}))
	k.text(100, 36, label(drawable.Label{Text: "end", Align: drawable.AlignEnd, Color: green}))
	k.text(8, 60, label(drawable.Label{Text: "A label that wraps onto several lines.", Width: 80}))
	k.text(150, 80, label(drawable.Label{Text: "middle", Align: drawable.AlignCenter, VAlign: drawable.AlignCenter, Color: red, Rotation: -math.Pi / 8}))
	k.shape(150, 80, drawable.Circle(1.5, blue).Outline(0)) // the anchor, under the text's middle
	got := grab(200, 120, bg, k.draw)
	golden(t, "texts", got)
}

// lit counts the pixels of img brighter than half in red.
func lit(img *image.RGBA) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] > 0x80 {
			n++
		}
	}
	return n
}

// TestTextBuiltInFont: a label without a font draws in the built-in Go
// Regular at DefaultTextSize: the same pixels as the same font loaded from
// a file at that size, other pixels than a smaller size.
func TestTextBuiltInFont(t *testing.T) {
	draw := func(l drawable.Label) *image.RGBA {
		k := newKit(t, render.Options{})
		k.camera(cameraAt(20, 10))
		l.Text, l.Color = "■■■", white
		k.text(0, 0, l)
		return grab(40, 20, black, k.draw)
	}
	builtIn := draw(drawable.Label{})
	file := draw(drawable.Label{Font: assetsPath("go.ttf"), Size: drawable.DefaultTextSize})
	small := draw(drawable.Label{Size: 8})
	if lit(builtIn) == 0 || !bytes.Equal(builtIn.Pix, file.Pix) {
		t.Errorf("no font: %d pixels lit, the same as go.ttf at %d: %v; want some, the same", lit(builtIn), drawable.DefaultTextSize, bytes.Equal(builtIn.Pix, file.Pix))
	}
	if lit(small) == 0 || lit(small) >= lit(builtIn) {
		t.Errorf("size 8 lit %d pixels, the default size %d; want fewer but some", lit(small), lit(builtIn))
	}
}

// TestTextChanges: a label whose text, size or wrapping width changes is
// laid out again.
func TestTextChanges(t *testing.T) {
	k := newKit(t, render.Options{})
	k.camera(cameraAt(40, 20))
	e := k.text(0, 0, drawable.Label{Text: "■", Color: white})
	one := lit(grab(80, 40, black, k.draw))
	l := drawable.Text.Require(k.w, e)
	l.Text = "■■"
	two := lit(grab(80, 40, black, k.draw))
	l.Size = 8
	smaller := lit(grab(80, 40, black, k.draw))
	l.Text = "■ ■"
	line := lowest(grab(80, 40, black, k.draw))
	l.Width = 1 // a line a word
	wrapped := lowest(grab(80, 40, black, k.draw))
	if !(one > 0 && two > one && smaller < two) {
		t.Errorf("lit pixels: %d for one square, %d for two, %d for two at size 8; want more, then fewer", one, two, smaller)
	}
	if wrapped < line+4 {
		t.Errorf("wrapped at width 1, the text's lowest lit row is %d, on one line %d; want a second line under the first", wrapped, line)
	}
}

// lowest returns the lowest row of img with a lit pixel, or -1.
func lowest(img *image.RGBA) int {
	b := img.Bounds()
	for y := b.Max.Y - 1; y >= b.Min.Y; y-- {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y).R > 0x80 {
				return y
			}
		}
	}
	return -1
}
