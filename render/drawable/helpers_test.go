package drawable_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing/fstest"
	"time"

	"golang.org/x/image/font/gofont/goregular"
)

// stripPNG is a strip of n w×8 frames.
func stripPNG(n, w int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, n*w, 8))
	for x := range n * w {
		for y := range 8 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 10), uint8(y * 20), 0, 0xff})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// heroYAML names the four frames of hero.png and plays them in each mode
// at 15 frames a second: a frame every 4 steps at 60 Hz.
const heroYAML = `image: hero.png
grid: {w: 8, h: 8, names: [a, b, c, d]}
clips:
  loop: {frames: [a, b, c, d], fps: 15}
  once: {frames: [a, b, c, d], fps: 15, mode: once}
  pingpong: {frames: [a, b, c, d], fps: 15, mode: pingpong}
  blink: {frames: [d], fps: 30, mode: once}
`

// files are the assets the tests name.
func files() fstest.MapFS {
	at := time.Unix(1, 0)
	return fstest.MapFS{
		"hero.png":     {Data: stripPNG(4, 8), ModTime: at},
		"hero.yaml":    {Data: []byte(heroYAML), ModTime: at},
		"grid.yaml":    {Data: []byte("image: hero.png\ngrid: {w: 8, h: 8}\n"), ModTime: at},
		"broken.yaml":  {Data: []byte("image: hero.png\nframes: 7\n"), ModTime: at},
		"go.ttf":       {Data: goregular.TTF, ModTime: at},
		"notafont.ttf": {Data: []byte("hello"), ModTime: at},
	}
}
