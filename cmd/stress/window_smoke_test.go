package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWindowFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-screenshot", "x.png"},
		{"-window", "-screenshot", "x.png"},
		{"-window", "-walk", "limit"},
		{"-window", "-frames", "-1"},
		{"-overlay"},
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
	if testing.Short() {
		t.Skip("builds a binary with ebitengine")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (DISPLAY is unset); scripts/test.sh starts Xvfb")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "stress-window")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-tags", "tesserawindow", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -tags tesserawindow: %v\n%s", err, out)
	}
	for _, overlay := range []bool{false, true} {
		shot := filepath.Join(dir, "shot.png")
		args := []string{"-window", "-bodies", "2000", "-frames", "20", "-screenshot", shot}
		if overlay {
			args = append(args, "-overlay")
		}
		out, err := exec.CommandContext(ctx, bin, args...).Output()
		if err != nil {
			t.Fatalf("stress %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if !strings.Contains(string(out), "window: 2000 bodies, walk slots: 20 frames") {
			t.Errorf("stress %s printed %q, want its summary", strings.Join(args, " "), out)
		}
		checkShot(t, shot)
	}
}

// checkShot checks that the screenshot at path is the field, with some
// pixels of the background and some of the bodies (or the overlay).
func checkShot(t *testing.T, path string) {
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
	// Some pixels are the background and some are bodies.
	bg, lit := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 == 0x10 && g>>8 == 0x14 && bl>>8 == 0x20 {
				bg++
			} else {
				lit++
			}
		}
	}
	if b.Dx() != fieldW || b.Dy() != fieldH || bg == 0 || lit == 0 {
		t.Errorf("screenshot %v with %d background and %d other pixels sampled; want %dx%d with both", b, bg, lit, fieldW, fieldH)
	}
}
