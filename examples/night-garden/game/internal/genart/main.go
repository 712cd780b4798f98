// Command genart draws the night garden's sprites, moon.png, flower.png
// and glow.png, into a directory: run by go generate in package game, whose
// assets directory holds the results. The same program always writes the
// same bytes; its test checks the files are current.
//
//	go run ./internal/genart -o assets
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	"github.com/tessera-engine/tessera/internal/pixelart"
	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

func main() { artfile.Main("directory to write the PNGs to", all) }

// all draws every picture and encodes it as a PNG file.
func all() ([]artfile.File, error) {
	var files []artfile.File
	for _, p := range []struct {
		name string
		img  image.Image
	}{{"moon.png", moon()}, {"flower.png", flower()}, {"glow.png", glow()}} {
		var b bytes.Buffer
		if err := png.Encode(&b, p.img); err != nil {
			return nil, fmt.Errorf("%s: %w", p.name, err)
		}
		files = append(files, artfile.File{Name: p.name, Data: b.Bytes()})
	}
	return files, nil
}

// moon is a 32×32 pale full moon with a few darker craters.
func moon() image.Image {
	const size, r = 32, 14.5
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	craters := []struct{ x, y, r float64 }{{12, 11, 3.5}, {20, 18, 4.5}, {11, 21, 2.5}, {21, 9, 2}}
	for y := range size {
		for x := range size {
			a := pixelart.Coverage(x, y, func(px, py float64) float64 { return math.Hypot(px-16, py-16) - r })
			if a == 0 {
				continue
			}
			px, py := float64(x)+0.5, float64(y)+0.5
			// Lit from the upper left: a little darker toward the lower right.
			shade := 1 - 0.12*((px-16)+(py-16))/(2*r)
			for _, c := range craters {
				if math.Hypot(px-c.x, py-c.y) < c.r {
					shade *= 0.86
				}
			}
			img.SetNRGBA(x, y, color.NRGBA{
				R: uint8(min(255, 246*shade)), G: uint8(min(255, 242*shade)), B: uint8(min(255, 222*shade)),
				A: uint8(255 * a),
			})
		}
	}
	return img
}

// flower is a 32×32 head of six white petals, shaded grey toward their
// bases, for tinting: the tint gives the petals their colour.
func flower() image.Image {
	const size, petals = 32, 6
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			best, depth := 0.0, 0.0
			for k := range petals {
				ang := 2 * math.Pi * float64(k) / petals
				cx, cy := 16+8*math.Cos(ang), 16+8*math.Sin(ang)
				petal := func(px, py float64) float64 {
					// An ellipse 8 long and 4.5 wide, along the petal's angle.
					dx, dy := px-cx, py-cy
					u := dx*math.Cos(ang) + dy*math.Sin(ang)
					v := -dx*math.Sin(ang) + dy*math.Cos(ang)
					return math.Hypot(u/7.5, v/4.5) - 1
				}
				if a := pixelart.Coverage(x, y, petal); a > best {
					best = a
					depth = math.Hypot(float64(x)+0.5-16, float64(y)+0.5-16) / 15
				}
			}
			if best == 0 {
				continue
			}
			g := uint8(150 + 105*min(depth, 1))
			img.SetNRGBA(x, y, color.NRGBA{R: g, G: g, B: g, A: uint8(255 * best)})
		}
	}
	return img
}

// glow is a 16×16 white disc fading from the middle out, for a firefly's
// halo: the tint gives it the firefly's colour and its opacity.
func glow() image.Image {
	const size = 16
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			d := math.Hypot(float64(x)+0.5-8, float64(y)+0.5-8) / 8
			if d >= 1 {
				continue
			}
			a := (1 - d) * (1 - d)
			img.SetNRGBA(x, y, color.NRGBA{R: 255, G: 255, B: 255, A: uint8(255 * a)})
		}
	}
	return img
}
