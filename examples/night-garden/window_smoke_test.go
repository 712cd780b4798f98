package main

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestWindowScreenshot builds the window (build tag tesserawindow), runs
// it for 60 frames with a screenshot, and checks the picture shows the
// garden at night: the night sky, the ground, and bright fireflies and
// moon. It needs a display; scripts/test.sh starts Xvfb.
func TestWindowScreenshot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary with ebitengine")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (DISPLAY is unset); scripts/test.sh starts Xvfb")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "night-garden")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-tags", "tesserawindow", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -tags tesserawindow: %v\n%s", err, out)
	}
	shot := filepath.Join(dir, "shot.png")
	if out, err := exec.CommandContext(ctx, bin, "-frames", "60", "-screenshot", shot).CombinedOutput(); err != nil {
		t.Fatalf("night-garden -frames 60 -screenshot: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Fatalf("screenshot is %v, want 640x360", b)
	}
	sky := count(img, image.Rect(0, 0, 640, 150), func(r, g, b uint8) bool { return r == 0x0c && g == 0x12 && b == 0x33 })
	ground := count(img, image.Rect(0, 220, 640, 360), func(r, g, b uint8) bool { return g > r && g > b })
	bright := count(img, img.Bounds(), func(r, g, b uint8) bool { return int(r)+int(g)+int(b) > 3*180 })
	if sky < 640*150/2 || ground < 640*140/3 || bright < 60 {
		t.Errorf("screenshot has %d night-sky pixels in the top 150 rows, %d greenish in the bottom 140, %d bright; want over half, over a third, and 60 (fireflies, moon, stars)",
			sky, ground, bright)
	}
}

// count returns how many pixels of img in r match.
func count(img image.Image, r image.Rectangle, match func(r, g, b uint8) bool) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if match(uint8(cr>>8), uint8(cg>>8), uint8(cb>>8)) {
				n++
			}
		}
	}
	return n
}
