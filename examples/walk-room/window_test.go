package main

import (
	"flag"
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// update rewrites docs/walk-room.png from TestWindow's screenshot (and,
// in package game, the prefab schema): go test ./examples/walk-room/... -update.
var update = flag.Bool("update", false, "rewrite docs/walk-room.png from the window's screenshot")

// shotFrame is the frame TestWindow saves: with debug.fixed_frames every
// frame is one fixed step, so the demo is at a known state there, however
// loaded the machine: the first coin picked up, the pause over, the player
// walking east past the rug with the camera following.
const shotFrame = 330

// TestWindow builds the window build (tag tesserawindow) and runs the demo
// in it, one step a frame, until frame shotFrame, saving it; the picture
// must show the room as the game's state then has it: the stone floor, the
// rug, the player, the HUD's text over its strip, and no pause screen.
// With -update it becomes docs/walk-room.png, the README's picture.
//
// Sound goes to ALSA's null device (windowtest.NullAudio), so the engine
// opens a real audio context here, and the test makes no noise where
// there is a sound card.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	shot, img := windowtest.Screenshot(t, bin, shotFrame, 640, 360, "-demo", "-window.zoom", "1")
	room := image.Rect(0, 22, 640, 360)
	floor := windowtest.Count(img, room, func(c color.NRGBA) bool { // the cobbles, tinted warm
		return c.R > c.B+10 && c.R >= c.G && int(c.R)+int(c.G)+int(c.B) > 150
	})
	rug := windowtest.Count(img, room, func(c color.NRGBA) bool { return c.R > 120 && c.G < 60 && c.B < 70 })
	robe := windowtest.Count(img, room, func(c color.NRGBA) bool { return c.B > 150 && c.R < 80 && c.G < 80 }) // the wizard
	text := windowtest.Count(img, image.Rect(0, 0, 640, 22), windowtest.Near(color.NRGBA{R: 245, G: 230, B: 190}, 20))
	if floor < 640*338/3 || rug < 2000 || robe < 30 || text < 20 {
		t.Errorf("screenshot has %d floor, %d rug, %d robe and %d HUD text pixels; want a third of the room, 2000, 30 and 20",
			floor, rug, robe, text)
	}
	if *update {
		windowtest.UpdateDoc(t, shot, "walk-room.png")
	}
}

// TestWindowSound walks the demo in a window, one step a frame, past the
// first coin (step 76): the pickup sound plays through a real audio
// context (on ALSA's null device), and the game runs on to its last frame
// and exits cleanly (a sound that failed would be an error, status 1).
func TestWindowSound(t *testing.T) {
	bin := windowtest.Build(t)
	if !windowtest.NullAudio(t) && os.Getenv("ALSA_CONFIG_PATH") == "" {
		t.Skip("no ALSA to point at its null device: the engine would play on this machine's sound card")
	}
	windowtest.Run(t, bin, "-demo", "-debug.fixed_frames", "-debug.frames", "100")
}
