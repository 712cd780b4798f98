package main

import (
	"flag"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// update rewrites docs/ecs-stress.png from TestWindow's first screenshot
// (and, in package game, the prefab schema):
// go test ./examples/ecs-stress/... -update.
var update = flag.Bool("update", false, "rewrite docs/ecs-stress.png from the window's screenshot")

// TestWindow builds the windowed binary (build tag tesserawindow) and runs
// it one step a frame (-debug.fixed_frames, so the field is at a known
// state however loaded the machine) to frame 60 with a screenshot: the
// default field on a 960x540 screen (the README's picture, with -update),
// then 3000 colliding bodies walked by each on 1280x720. It is what
// ./scripts/example.sh ecs-stress runs.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	dir := t.TempDir()
	for i, tc := range []struct {
		w, h  int
		extra []string
	}{
		{960, 540, nil},
		{1280, 720, []string{"-bodies", "3000", "-collide", "-walk", "each"}},
	} {
		shot := filepath.Join(dir, strconv.Itoa(i)+".png")
		args := append([]string{"-debug.fixed_frames", "-debug.frames", "60", "-debug.screenshot_frame", "60", "-debug.screenshot", shot,
			"-window.width", strconv.Itoa(tc.w), "-window.height", strconv.Itoa(tc.h), "-window.zoom", "1"}, tc.extra...)
		windowtest.Run(t, bin, args...)
		checkShot(t, shot, tc.w, tc.h)
		if i == 0 && *update {
			data, err := os.ReadFile(shot)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join("..", "..", "docs", "ecs-stress.png"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// checkShot checks that the screenshot at path is the field at w by h
// pixels: some of the background, many of the monsters' colours, and the
// HUD's text in its panel at the bottom left.
func checkShot(t *testing.T, path string, w, h int) {
	t.Helper()
	img := windowtest.ReadPNG(t, path)
	b := img.Bounds()
	field := image.Rect(0, 0, w, h-70)
	bg := windowtest.Count(img, field, windowtest.Near(color.NRGBA{R: 18, G: 22, B: 34}, 2)) // the field's background
	coloured := windowtest.Count(img, field, func(c color.NRGBA) bool {                      // a monster
		return int(max(c.R, c.G, c.B))-int(min(c.R, c.G, c.B)) > 80
	})
	text := windowtest.Count(img, image.Rect(8, h-60, 400, h-8), func(c color.NRGBA) bool { return min(c.R, c.G, c.B) > 200 })
	if b.Dx() != w || b.Dy() != h || bg < w*h/20 || coloured < w*h/10 || text < 200 {
		t.Errorf("screenshot %v: %d background, %d coloured and %d HUD text pixels; want %dx%d, a twentieth background, a tenth coloured and 200 of text",
			b, bg, coloured, text, w, h)
	}
}
