package main

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// TestWindowScreenshot builds the window (build tag tesserawindow), runs
// it for 60 frames with a screenshot, and checks the picture shows the
// garden at night: the night sky, the ground, and bright fireflies and
// moon. It needs a display; scripts/test.sh starts Xvfb.
func TestWindowScreenshot(t *testing.T) {
	bin := windowtest.Build(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	windowtest.Run(t, bin, "-frames", "60", "-screenshot", shot)
	img := windowtest.ReadPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Fatalf("screenshot is %v, want 640x360", b)
	}
	sky := windowtest.Count(img, image.Rect(0, 0, 640, 150), windowtest.Near(color.NRGBA{R: 0x0c, G: 0x12, B: 0x33}, 0))
	ground := windowtest.Count(img, image.Rect(0, 220, 640, 360), func(c color.NRGBA) bool { return c.G > c.R && c.G > c.B })
	bright := windowtest.Count(img, img.Bounds(), func(c color.NRGBA) bool { return int(c.R)+int(c.G)+int(c.B) > 3*180 })
	if sky < 640*150/2 || ground < 640*140/3 || bright < 60 {
		t.Errorf("screenshot has %d night-sky pixels in the top 150 rows, %d greenish in the bottom 140, %d bright; want over half, over a third, and 60 (fireflies, moon, stars)",
			sky, ground, bright)
	}
}
