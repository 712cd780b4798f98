package main

import (
	"bytes"
	"image/color"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

func TestWindowFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-screenshot", "x.png"},
		{"-window", "-screenshot", "x.png"},
		{"-window", "-walk", "limit"},
		{"-window", "-frames", "-1"},
		{"-overlay"},
		{"-sprites", "-window"},
		{"-sprites", "-collide"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("run(%q) = %d, want 2", args, code)
		}
	}
}

// TestWindowMode builds the window mode (build tag tesserawindow) and runs
// it for a few frames with a screenshot, when there is a display. It is
// what ./scripts/stress.sh -window runs.
func TestWindowMode(t *testing.T) {
	bin := windowtest.Build(t)
	dir := t.TempDir()
	for _, overlay := range []bool{false, true} {
		shot := filepath.Join(dir, "shot.png")
		args := []string{"-window", "-bodies", "2000", "-frames", "20", "-screenshot", shot}
		if overlay {
			args = append(args, "-overlay")
		}
		if out := windowtest.Run(t, bin, args...); !strings.Contains(out, "window: 2000 bodies, walk slots: 20 frames") {
			t.Errorf("stress %s printed %q, want its summary", strings.Join(args, " "), out)
		}
		checkShot(t, shot)
	}
}

// TestSpritesMode builds the sprite mode (build tag tesserawindow) and
// runs it over two body counts for a few frames, when there is a display:
// five rows and the ratios for each count, and the bodies matching the
// limit's. It is what ./scripts/stress.sh -sprites runs.
func TestSpritesMode(t *testing.T) {
	bin := windowtest.Build(t)
	out := windowtest.Run(t, bin, "-sprites", "-bodies", "300,2000", "-steps", "20")
	for _, n := range []string{"300", "2000"} {
		for _, row := range []string{"sprites-step", "limit-step", "limit-bounds", "sprites-draw", "limit-draw", "ratios"} {
			if !regexp.MustCompile(`(?m)^` + row + ` +` + n + ` `).MatchString(out) {
				t.Errorf("stress -sprites printed no %s row for %s bodies:\n%s", row, n, out)
			}
		}
	}
	if !strings.Contains(out, "ok: every walk matches the limit after 28 steps") {
		t.Errorf("stress -sprites printed %q, want the bodies to match the limit's after 28 steps", out)
	}
}

// checkShot checks that the screenshot at path is the field, with some
// pixels of the background and some of the bodies (or the overlay).
func checkShot(t *testing.T, path string) {
	t.Helper()
	img := windowtest.ReadPNG(t, path)
	b := img.Bounds()
	bg := windowtest.Count(img, b, windowtest.Near(color.NRGBA{R: 0x10, G: 0x14, B: 0x20}, 0))
	if lit := b.Dx()*b.Dy() - bg; b.Dx() != fieldW || b.Dy() != fieldH || bg == 0 || lit == 0 {
		t.Errorf("screenshot %v with %d background and %d other pixels; want %dx%d with both", b, bg, lit, fieldW, fieldH)
	}
}
