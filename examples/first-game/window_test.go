package main

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// TestWindow builds the game with its window (the tesserawindow tag),
// runs it for 60 frames of one step each with a screenshot, as
// docs/FIRST_GAME.md says, and checks that the picture is the game: the
// 640×360 screen, black, with the gopher at the bottom middle, the yellow
// star above it and the score at the top left. Every frame is exactly one
// step (-debug.fixed_frames), so the picture is the same on every run.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	windowtest.Run(t, bin, "-debug.frames", "60", "-debug.screenshot_frame", "60", "-debug.screenshot", shot, "-debug.fixed_frames")
	img := windowtest.ReadPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Fatalf("screenshot is %v, want 640x360", b)
	}
	// The world's (0, 0) is the screen's middle, (320, 180). The gopher,
	// 60×75, stands with its feet at (0, 180): on the screen from (290,
	// 285) to (350, 360). The score at (-312, -172), so (8, 8). After 60
	// steps of 2.5 pixels from y -180, the star (radius 8) is at (0, -30),
	// so around (320, 150).
	gopher, label, star := image.Rect(290, 285, 350, 360), image.Rect(0, 0, 120, 40), image.Rect(310, 138, 331, 163)
	count := func(r image.Rectangle, match func(color.NRGBA) bool) int { return windowtest.Count(img, r, match) }
	lit := func(c color.NRGBA) bool { return int(c.R)+int(c.G)+int(c.B) > 96 }
	yellow := func(c color.NRGBA) bool { return c.R > 200 && c.G > 160 && c.B < 120 }
	blue := func(c color.NRGBA) bool { return c.B > c.R+40 } // the gopher is light blue
	if n := count(gopher, blue); n < 1000 {
		t.Errorf("%d bluish pixels where the gopher should be, want its picture (over 1000)", n)
	}
	if n := count(star, yellow); n < 150 || n > 230 {
		t.Errorf("%d yellow pixels where the star should be, want a circle of radius 8 (about 200)", n)
	}
	if n := count(label, lit); n < 30 {
		t.Errorf("%d light pixels where the score should be, want its text", n)
	}
	all := count(img.Bounds(), lit)
	if rest := all - count(gopher, lit) - count(star, lit) - count(label, lit); rest != 0 {
		t.Errorf("%d lit pixels outside the gopher, the star and the score; want the screen black there", rest)
	}
}
