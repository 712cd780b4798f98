// Package pixelart draws the examples' pictures from code: antialiased
// shapes given by signed distances, laid over one another with alpha,
// grain that makes a flat colour read as a material, pixels copied and
// scaled down from other pictures, and pieces packed into a sprite sheet.
// The examples' generators (go generate) draw the sheets their games ship
// with it; every drawing is a pure function of its arguments, so the same
// program always writes the same bytes.
//
// A [Canvas] is one piece's rectangle of a sheet, drawn in the piece's own
// coordinates; [Pack] lays the pieces out, [Sheet] draws them and writes
// their atlas file, [RGB] and [Shade] make the palette, [Noise] is the
// hash the drawings use for their randomness.
package pixelart

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
)

// Canvas draws into one rectangle of an image, in the rectangle's own
// coordinates: (0, 0) is its top-left corner, and nothing drawn reaches
// outside it.
type Canvas struct {
	img *image.NRGBA
	r   image.Rectangle
}

// New returns a canvas drawing into the rectangle r of img. The canvas
// writes into img itself, so it is valid as long as img is.
func New(img *image.NRGBA, r image.Rectangle) *Canvas {
	return &Canvas{img: img, r: r.Intersect(img.Rect)}
}

// W returns the canvas's width in pixels.
func (c *Canvas) W() int { return c.r.Dx() }

// H returns the canvas's height in pixels.
func (c *Canvas) H() int { return c.r.Dy() }

// Sub returns the canvas of the w×h rectangle at (x, y) of c, in c's
// coordinates, clipped to c.
func (c *Canvas) Sub(x, y, w, h int) *Canvas {
	r := image.Rect(x, y, x+w, y+h).Add(c.r.Min).Intersect(c.r)
	return &Canvas{img: c.img, r: r}
}

// Blend lays colour col over the pixel (x, y) with coverage k in [0, 1]
// (col's own alpha scales k), by the "over" operator on non-premultiplied
// colour. A pixel outside the canvas, or k <= 0, is left alone.
func (c *Canvas) Blend(x, y int, col color.NRGBA, k float64) {
	if x < 0 || y < 0 || x >= c.W() || y >= c.H() || k <= 0 {
		return
	}
	k *= float64(col.A) / 255
	px := c.img.NRGBAAt(c.r.Min.X+x, c.r.Min.Y+y)
	a := float64(px.A) / 255
	outA := k + a*(1-k)
	if outA == 0 {
		return
	}
	mix := func(s, d uint8) uint8 {
		return uint8(math.Round((float64(s)*k + float64(d)*a*(1-k)) / outA))
	}
	c.img.SetNRGBA(c.r.Min.X+x, c.r.Min.Y+y, color.NRGBA{mix(col.R, px.R), mix(col.G, px.G), mix(col.B, px.B), uint8(math.Round(outA * 255))})
}

// Coverage returns how much of the pixel (x, y), the square from (x, y)
// to (x+1, y+1), lies inside the shape whose signed distance is sd (<= 0
// inside): the share of 4×4 samples inside, in [0, 1].
func Coverage(x, y int, sd func(x, y float64) float64) float64 {
	in := 0
	for i := range 4 {
		for j := range 4 {
			if sd(float64(x)+(float64(i)+0.5)/4, float64(y)+(float64(j)+0.5)/4) <= 0 {
				in++
			}
		}
	}
	return float64(in) / 16
}

// Shape fills the points whose signed distance sd is <= 0 with col, its
// edges antialiased by [Coverage]. It calls sd 16 times for every pixel
// of the canvas.
func (c *Canvas) Shape(col color.NRGBA, sd func(x, y float64) float64) {
	for y := range c.H() {
		for x := range c.W() {
			c.Blend(x, y, col, Coverage(x, y, sd))
		}
	}
}

// Rect fills the box from (x0, y0) to (x1, y1) with corners of radius r
// (0 for square corners).
func (c *Canvas) Rect(col color.NRGBA, x0, y0, x1, y1, r float64) {
	c.Shape(col, func(x, y float64) float64 { return RoundBox(x, y, x0, y0, x1, y1, r) })
}

// Ellipse fills the ellipse centred on (cx, cy) with radii rx and ry.
func (c *Canvas) Ellipse(col color.NRGBA, cx, cy, rx, ry float64) {
	c.Shape(col, func(x, y float64) float64 {
		return (math.Hypot((x-cx)/rx, (y-cy)/ry) - 1) * min(rx, ry)
	})
}

// Grain lightens or darkens each pixel of the box from (x0, y0) to (x1,
// y1), exclusive, by up to amount (in [0, 1]) by a hash of its place and
// seed, so that a flat colour reads as a material. The hash takes x
// divided by stretch, so a stretch above 1 draws streaks that many pixels
// long, as wood's grain; 1 or less draws specks.
func (c *Canvas) Grain(x0, y0, x1, y1 int, amount float64, seed uint32, stretch int) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			n := Noise(uint32(x/max(stretch, 1)), uint32(y), seed)*2 - 1
			col := color.NRGBA{A: uint8(math.Abs(n) * amount * 255)}
			if n > 0 {
				col.R, col.G, col.B = 255, 255, 255
			}
			c.Blend(x, y, col, 1)
		}
	}
}

// Copy fills the canvas with the pixels of src from (x, y) on, each the
// mean of a scale×scale block of src weighted by alpha (scale 1 copies
// pixel for pixel; scale < 1 is taken as 1). It replaces what the canvas
// held where the block has any alpha and leaves it alone where the block
// is clear.
func (c *Canvas) Copy(src image.Image, x, y, scale int) {
	scale = max(scale, 1)
	n := float64(scale * scale)
	for py := range c.H() {
		for px := range c.W() {
			var r, g, b, a float64
			for j := range scale {
				for i := range scale {
					p := color.NRGBAModel.Convert(src.At(x+px*scale+i, y+py*scale+j)).(color.NRGBA)
					k := float64(p.A)
					r, g, b, a = r+float64(p.R)*k, g+float64(p.G)*k, b+float64(p.B)*k, a+k
				}
			}
			if a == 0 {
				continue
			}
			c.img.SetNRGBA(c.r.Min.X+px, c.r.Min.Y+py, color.NRGBA{
				R: uint8(math.Round(r / a)), G: uint8(math.Round(g / a)), B: uint8(math.Round(b / a)), A: uint8(math.Round(a / n)),
			})
		}
	}
}

// Copied returns a drawing that decodes the PNG data src and copies it
// onto the canvas it is given, as [Canvas.Copy] does. It decodes src each
// time it draws. The drawing panics if src is not a PNG: it is meant for
// pictures built into the program, such as ebitengine's example images.
func Copied(src []byte, x, y, scale int) func(c *Canvas) {
	return func(c *Canvas) {
		img, err := png.Decode(bytes.NewReader(src))
		if err != nil {
			panic(fmt.Errorf("pixelart: Copied: the picture does not decode: %w", err))
		}
		c.Copy(img, x, y, scale)
	}
}

// RoundBox is the signed distance from (x, y) to the box from (x0, y0)
// to (x1, y1) with corners of radius r: negative inside, 0 on the edge.
func RoundBox(x, y, x0, y0, x1, y1, r float64) float64 {
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hx, hy := (x1-x0)/2-r, (y1-y0)/2-r
	dx, dy := math.Abs(x-cx)-hx, math.Abs(y-cy)-hy
	return math.Hypot(max(dx, 0), max(dy, 0)) + min(max(dx, dy), 0) - r
}

// Noise is a hash of (x, y, seed) in [0, 1): the same arguments always
// give the same value, and neighbouring ones unrelated values.
func Noise(x, y, seed uint32) float64 {
	h := x*374761393 + y*668265263 + seed*2246822519
	h = (h ^ h>>13) * 1274126177
	h ^= h >> 16
	return float64(h&0xffffff) / (1 << 24)
}

// RGB returns the opaque colour (r, g, b).
func RGB(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }

// Shade returns col lightened toward white (k > 0) or darkened toward
// black (k < 0) by k in [-1, 1], its alpha kept.
func Shade(col color.NRGBA, k float64) color.NRGBA {
	f := func(v uint8) uint8 {
		if k >= 0 {
			return uint8(math.Round(float64(v) + (255-float64(v))*k))
		}
		return uint8(math.Round(float64(v) * (1 + k)))
	}
	return color.NRGBA{f(col.R), f(col.G), f(col.B), col.A}
}

// Pack lays out pieces of the given sizes in rows width pixels wide, in
// order, a pixel apart so that filtering never bleeds one into the next,
// and returns each piece's rectangle and the size of the sheet that holds
// them. A piece wider than width has a row of its own, and the sheet is
// as wide as it. O(len(sizes)).
func Pack(width int, sizes []image.Point) ([]image.Rectangle, image.Point) {
	rs := make([]image.Rectangle, len(sizes))
	x, y, row := 0, 0, 0
	for i, s := range sizes {
		width = max(width, s.X)
		if x > 0 && x+s.X > width {
			x, y, row = 0, y+row+1, 0
		}
		rs[i] = image.Rect(x, y, x+s.X, y+s.Y)
		x += s.X + 1
		row = max(row, s.Y)
	}
	return rs, image.Pt(width, y+row)
}
