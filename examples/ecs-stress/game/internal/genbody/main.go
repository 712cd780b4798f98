// Command genbody draws the ecs-stress body sprite: a white disc with a
// soft, anti-aliased edge and a brighter core, on a transparent square,
// which the game tints per body. Run it through go generate in package
// game:
//
//	go run ./internal/genbody -o assets/body.png
package main

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

func main() {
	out := flag.String("o", "body.png", "output `file`")
	size := flag.Int("size", 16, "side of the sprite in `pixels`")
	flag.Parse()
	if err := write(*out, disc(*size)); err != nil {
		log.Fatal(err)
	}
}

// disc returns a side×side image of a white disc filling it, its alpha
// falling off over the outer pixel and its rim a little darker than its
// core, so that tinted bodies read as round.
func disc(side int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	c := float64(side) / 2
	for y := range side {
		for x := range side {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			d := math.Hypot(dx, dy) / c // 0 at the centre, 1 at the edge
			a := math.Max(0, math.Min(1, (1-d)*c))
			v := 1 - 0.35*d*d
			img.SetNRGBA(x, y, color.NRGBA{uint8(255 * v), uint8(255 * v), uint8(255 * v), uint8(255 * a)})
		}
	}
	return img
}

func write(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
