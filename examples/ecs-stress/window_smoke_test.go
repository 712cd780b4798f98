package main

import (
	"image/color"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// TestWindow builds the windowed binary (build tag tesserawindow) and runs
// it for a few frames with a screenshot, with and without collision and
// the overlay, when there is a display. It is what
// ./scripts/example.sh ecs-stress runs.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		w, h  int
		extra []string
	}{
		{640, 360, nil},
		{1280, 720, []string{"-collide", "-overlay", "-walk", "each"}},
	} {
		shot := filepath.Join(dir, "shot.png")
		args := append([]string{"-bodies", "3000", "-frames", "20", "-screenshot", shot,
			"-window.width", strconv.Itoa(tc.w), "-window.height", strconv.Itoa(tc.h)}, tc.extra...)
		out := windowtest.Run(t, bin, args...)
		if !strings.Contains(out, "window: 3000 bodies") || !strings.Contains(out, ": 20 frames") {
			t.Errorf("ecs-stress %s printed %q, want its summary", strings.Join(args, " "), out)
		}
		checkShot(t, shot, tc.w, tc.h)
	}
}

// checkShot checks that the screenshot at path is the field at w by h
// pixels: some of the background, beside the overlay if it is shown, and
// many of the bodies' colours.
func checkShot(t *testing.T, path string, w, h int) {
	t.Helper()
	img := windowtest.ReadPNG(t, path)
	b := img.Bounds()
	bg := windowtest.Count(img, b, windowtest.Near(color.NRGBA{R: 12, G: 16, B: 28}, 0)) // the field's background
	coloured := windowtest.Count(img, b, func(c color.NRGBA) bool {                      // a tinted body
		return int(max(c.R, c.G, c.B))-int(min(c.R, c.G, c.B)) > 60
	})
	if b.Dx() != w || b.Dy() != h || bg < w*h/10 || coloured < 1000 {
		t.Errorf("screenshot %v: %d background and %d coloured pixels; want %dx%d, a tenth background and 1000 coloured",
			b, bg, coloured, w, h)
	}
}
