package render_test

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/ with what the tests draw")

// tolerance is the largest difference allowed in any channel of any pixel
// between a drawing and its golden image: enough for GL drivers that
// round differently, not for anything misplaced.
const tolerance = 8

// failures is where a failing golden test writes what it drew and the
// difference.
var failures = filepath.Join(os.TempDir(), "tessera-render-golden")

// grab draws with draw onto a w×h image filled with bg, in the game's
// Draw, and returns its pixels.
func grab(w, h int, bg color.Color, draw func(dst *ebiten.Image)) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	onScreen(func(*ebiten.Image) {
		img := ebiten.NewImage(w, h)
		defer img.Deallocate()
		img.Fill(bg)
		draw(img)
		img.ReadPixels(out.Pix)
	})
	return out
}

// golden compares got with testdata/name.png, or writes it there with
// -update. On a difference it writes got and a difference image (red
// where they differ) to the failures directory and fails.
func golden(t *testing.T, name string, got *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := writePNG(path, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run %s -update to make it)", err, t.Name())
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if want.Bounds() != got.Bounds() {
		t.Fatalf("drew %v, golden image %s is %v", got.Bounds(), path, want.Bounds())
	}
	diff := image.NewRGBA(got.Bounds())
	bad, worst := 0, 0
	var first image.Point
	b := got.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := got.RGBAAt(x, y)
			wr, wg, wb, wa := want.At(x, y).RGBA()
			d := max(absDiff(g.R, uint8(wr>>8)), absDiff(g.G, uint8(wg>>8)), absDiff(g.B, uint8(wb>>8)), absDiff(g.A, uint8(wa>>8)))
			if d > tolerance {
				if bad == 0 {
					first = image.Pt(x, y)
				}
				bad++
				worst = max(worst, d)
				diff.SetRGBA(x, y, color.RGBA{0xff, 0, 0, 0xff})
			} else {
				l := (uint16(g.R) + uint16(g.G) + uint16(g.B)) / 12 // the drawing, dimmed
				diff.SetRGBA(x, y, color.RGBA{uint8(l), uint8(l), uint8(l), 0xff})
			}
		}
	}
	if bad == 0 {
		return
	}
	actual := filepath.Join(failures, name+".actual.png")
	diffPath := filepath.Join(failures, name+".diff.png")
	if err := os.MkdirAll(failures, 0o755); err == nil {
		err = writePNG(actual, got)
		if err == nil {
			err = writePNG(diffPath, diff)
		}
		if err != nil {
			t.Log(err)
		}
	}
	t.Errorf("%s: %d pixels differ by more than %d (worst %d, first at %v); wrote %s and %s",
		path, bad, tolerance, worst, first, actual, diffPath)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
