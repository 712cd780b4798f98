package main

import (
	"flag"
	"image"
	"image/color"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// update rewrites docs/night-garden.png from TestWindow's screenshot (and,
// in package game, the prefab schema): go test ./examples/night-garden/... -update.
var update = flag.Bool("update", false, "rewrite docs/night-garden.png from the window's screenshot")

// shotFrame is the frame TestWindow saves: with debug.fixed_frames every
// frame is one fixed step, so the garden is at a known state there, four
// seconds into the night it starts in, however loaded the machine.
const shotFrame = 240

// TestWindow builds the window (build tag tesserawindow), runs it one step
// a frame to frame shotFrame with a screenshot, and checks the picture
// shows the garden at night as its state has it: the night sky, the
// ground, bright fireflies, stars and moon, and the help line's text at
// the bottom. With -update it becomes docs/night-garden.png. It needs a
// display; scripts/test.sh starts Xvfb.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	shot, img := windowtest.Screenshot(t, bin, shotFrame, 640, 360)
	sky := windowtest.Count(img, image.Rect(0, 0, 640, 150), windowtest.Near(color.NRGBA{R: 0x0c, G: 0x12, B: 0x33}, 12))
	ground := windowtest.Count(img, image.Rect(0, 220, 640, 340), func(c color.NRGBA) bool { return c.G > c.R && c.G > c.B })
	bright := windowtest.Count(img, image.Rect(0, 0, 640, 340), func(c color.NRGBA) bool { return int(c.R)+int(c.G)+int(c.B) > 3*180 })
	help := windowtest.Count(img, image.Rect(0, 342, 640, 360), func(c color.NRGBA) bool { return int(c.R)+int(c.G)+int(c.B) > 3*150 })
	if sky < 640*150/2 || ground < 640*120/3 || bright < 60 || help < 100 {
		t.Errorf("screenshot has %d night-sky pixels in the top 150 rows, %d greenish below the horizon, %d bright, %d of help text; want over half, over a third, 60 (fireflies, moon, stars) and 100",
			sky, ground, bright, help)
	}
	if *update {
		windowtest.UpdateDoc(t, shot, "night-garden.png")
	}
}
