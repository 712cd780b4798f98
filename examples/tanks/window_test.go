package main

import (
	"flag"
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// update rewrites docs/tanks.png from TestWindow's screenshot:
// go test ./examples/tanks/ -run TestWindow -update.
var update = flag.Bool("update", false, "rewrite docs/tanks.png from the window's screenshot")

// shotFrame is the frame TestWindow saves: with debug.fixed_frames every
// frame is one fixed step, so the demo is at a known state there, however
// loaded the machine: the tank among the monsters, a kill exploding.
const shotFrame = 400

// TestWindow builds the window build (tag tesserawindow) and runs the demo
// in it, one step a frame, until frame shotFrame, saving it; the picture
// must show the arena as the game's state then has it: the grass, the
// walls, the olive tank, the hearts and score in the HUD. With -update it
// becomes docs/tanks.png, the README's picture.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	shot, img := windowtest.Screenshot(t, bin, shotFrame, 640, 360, "-demo", "-window.zoom", "1")
	arena := image.Rect(0, 22, 640, 360)
	grass := windowtest.Count(img, arena, func(c color.NRGBA) bool { return c.G > c.R+30 && c.G > c.B+40 })
	stone := windowtest.Count(img, arena, func(c color.NRGBA) bool {
		return c.R > 90 && c.R < 170 && absDiff(c.R, c.G) < 12 && c.B >= c.G && c.B-c.G < 20
	})
	hull := windowtest.Count(img, arena, windowtest.Near(color.NRGBA{R: 92, G: 110, B: 52}, 14))
	hearts := windowtest.Count(img, image.Rect(0, 0, 100, 22), func(c color.NRGBA) bool { return c.R > 180 && c.G < 80 })
	score := windowtest.Count(img, image.Rect(240, 0, 400, 22), windowtest.Near(color.NRGBA{R: 250, G: 206, B: 90}, 30))
	if grass < 640*338/3 || stone < 1000 || hull < 60 || hearts < 100 || score < 20 {
		t.Errorf("screenshot has %d grass, %d stone, %d hull, %d heart and %d score pixels; want a third of the arena, 1000, 60, 100 and 20",
			grass, stone, hull, hearts, score)
	}
	if *update {
		windowtest.UpdateDoc(t, shot, "tanks.png")
	}
}

// TestWindowOverlay runs the demo with the debug overlay shown from the
// start: the overlay's panel darkens the top-left corner, over the HUD's
// hearts, which the plain run shows bright.
func TestWindowOverlay(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	shot := filepath.Join(t.TempDir(), "overlay.png")
	windowtest.Run(t, bin, "-demo", "-debug.overlay", "-debug.fixed_frames", "-debug.frames", "30",
		"-debug.screenshot_frame", "30", "-debug.screenshot", shot, "-window.zoom", "1")
	img := windowtest.ReadPNG(t, shot)
	text := windowtest.Count(img, image.Rect(0, 0, 320, 120), func(c color.NRGBA) bool { return c.R > 200 && c.G > 200 && c.B > 200 })
	if text < 50 {
		t.Errorf("the overlay's corner has %d white pixels of text, want 50", text)
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
