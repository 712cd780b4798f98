package main

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWindow builds the window build (tag tesserawindow) and runs it for a
// few frames with a screenshot, when there is a display, and checks the
// picture shows the room: floor, the player, and the HUD's text. It is what
// ./scripts/example.sh walk-room runs with a display.
func TestWindow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary with ebitengine")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (DISPLAY is unset); scripts/test.sh starts Xvfb")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "walk-room")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-tags", "tesserawindow", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -tags tesserawindow: %v\n%s", err, out)
	}
	shot := filepath.Join(dir, "shot.png")
	args := []string{"-demo", "-frames", "40", "-screenshot", shot}
	out, err := exec.CommandContext(ctx, bin, args...).Output()
	if err != nil {
		t.Fatalf("walk-room %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if !strings.Contains(string(out), "walk-room: 40 frames") || !strings.Contains(string(out), "room hall") {
		t.Errorf("walk-room %s printed %q, want its summary in the hall", strings.Join(args, " "), out)
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
	// Colours from the prefab files: the hall's floor and the player.
	floor := count(img, image.Rect(0, 40, 640, 360), 58, 52, 66)
	player := count(img, image.Rect(0, 40, 640, 360), 250, 128, 96)
	hudText := count(img, image.Rect(0, 0, 640, 22), 245, 230, 190)
	if floor < 10000 || player < 20 || hudText < 10 {
		t.Errorf("screenshot has %d floor, %d player and %d HUD text pixels; want the room, the player and the HUD", floor, player, hudText)
	}
}

// count returns how many pixels of r in img are the colour (r8, g8, b8),
// within 8 a channel.
func count(img image.Image, r image.Rectangle, r8, g8, b8 int) int {
	n := 0
	near := func(a uint32, b int) bool { d := int(a>>8) - b; return d >= -8 && d <= 8 }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if near(cr, r8) && near(cg, g8) && near(cb, b8) {
				n++
			}
		}
	}
	return n
}
