package main

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// TestWindow builds the runner with its window (build tag
// tesserawindow) and runs it under the display with no glue of its own:
// the engine draws the title scene from its world (the sky, the ground
// tiles and the runner from their atlases, the title in the font the
// scene names) and quits after the frames asked for, saving the last one.
// Each frame is exactly one step (debug.fixed_frames), so the picture is
// the same on every run, however loaded the machine. It needs a display;
// scripts/test.sh starts Xvfb.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	windowtest.Run(t, bin, "-debug.fixed_frames", "-debug.frames", "30",
		"-debug.screenshot_frame", "30", "-debug.screenshot", shot, "-window.zoom", "1")
	img := windowtest.ReadPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 180 {
		t.Fatalf("screenshot is %v, want 320x180", b)
	}
	sky := windowtest.Count(img, image.Rect(0, 0, 320, 100), windowtest.Near(color.NRGBA{R: 120, G: 180, B: 235}, 2))
	grass := windowtest.Count(img, image.Rect(0, 148, 320, 156), func(c color.NRGBA) bool { return c.G > 150 && c.G > c.R+40 && c.G > c.B+40 })
	text := windowtest.Count(img, image.Rect(80, 20, 240, 60), windowtest.Near(color.NRGBA{R: 255, G: 250, B: 235}, 30))
	runner := windowtest.Count(img, image.Rect(144, 116, 176, 148), func(c color.NRGBA) bool { return c.R > c.G+60 }) // the red headband, the skin
	if sky < 320*100/2 || grass < 320*8/3 || text < 100 || runner < 10 {
		t.Errorf("screenshot has %d sky pixels in the top 100 rows, %d grass on the ground's top, %d title pixels, %d reddish runner pixels; want over half, over a third, 100 and 10",
			sky, grass, text, runner)
	}
}
