package main

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWindow builds the windowed binary (build tag tesserawindow) and runs
// it for a few frames with a screenshot, with and without collision and
// the overlay, when there is a display. It is what
// ./scripts/example.sh ecs-stress runs.
func TestWindow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary with ebitengine")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (DISPLAY is unset); scripts/test.sh starts Xvfb")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ecs-stress")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-tags", "tesserawindow", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -tags tesserawindow: %v\n%s", err, out)
	}
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
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = dir // no tessera.yaml there
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("ecs-stress %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if !strings.Contains(string(out), "window: 3000 bodies") || !strings.Contains(string(out), ": 20 frames") {
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
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bg, coloured := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			switch {
			case r == 12 && g == 16 && bl == 28: // the field's background
				bg++
			case max(r, g, bl)-min(r, g, bl) > 60: // a tinted body
				coloured++
			}
		}
	}
	if b.Dx() != w || b.Dy() != h || bg < w*h/10 || coloured < 1000 {
		t.Errorf("screenshot %v: %d background and %d coloured pixels; want %dx%d, a tenth background and 1000 coloured",
			b, bg, coloured, w, h)
	}
}
