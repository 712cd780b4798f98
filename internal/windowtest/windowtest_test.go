package windowtest

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestReadPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.png")
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.NRGBA{R: 255, A: 255})
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got := ReadPNG(t, path)
	if got.Bounds() != img.Bounds() {
		t.Errorf("bounds %v, want %v", got.Bounds(), img.Bounds())
	}
	if r, _, _, _ := got.At(1, 1).RGBA(); r>>8 != 255 {
		t.Errorf("pixel (1, 1) red %d, want 255", r>>8)
	}
}

func TestRun(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses /bin/sh")
	}
	if out := Run(t, "/bin/sh", "-c", "echo hello"); strings.TrimSpace(out) != "hello" {
		t.Errorf("Run(echo hello) = %q, want hello", out)
	}
}

func TestCount(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range 4 {
		img.Set(i, i, color.NRGBA{R: 200, G: 10, B: 10, A: 255})
	}
	red := Near(color.NRGBA{R: 205, G: 5, B: 12}, 8)
	if n := Count(img, img.Bounds(), red); n != 4 {
		t.Errorf("Count(red, all) = %d, want 4", n)
	}
	if n := Count(img, image.Rect(0, 0, 2, 2), red); n != 2 {
		t.Errorf("Count(red, top left) = %d, want 2", n)
	}
	if n := Count(img, image.Rect(2, 2, 9, 9), red); n != 2 {
		t.Errorf("Count(red, past the edge) = %d, want 2", n)
	}
	if n := Count(img, img.Bounds(), Near(color.NRGBA{R: 180}, 8)); n != 0 {
		t.Errorf("Count(too far from red) = %d, want 0", n)
	}
}
