package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// TestWindow builds the window build (tag tesserawindow) and runs it for a
// few frames with a screenshot, when there is a display, and checks the
// picture shows the room: floor, the player, and the HUD's text. It is what
// ./scripts/example.sh walk-room runs with a display.
//
// Sound goes to ALSA's null device (windowtest.NullAudio), so -sound auto
// opens a real audio context here, and the test makes no noise where
// there is a sound card.
func TestWindow(t *testing.T) {
	bin := windowtest.Build(t)
	windowtest.NullAudio(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	args := []string{"-demo", "-frames", "40", "-screenshot", shot}
	out := windowtest.Run(t, bin, args...)
	if !strings.Contains(out, "walk-room: 40 frames") || !strings.Contains(out, "room hall") {
		t.Errorf("walk-room %s printed %q, want its summary in the hall", strings.Join(args, " "), out)
	}
	img := windowtest.ReadPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Fatalf("screenshot is %v, want 640x360", b)
	}
	// Colours from the prefab files: the hall's floor and the player.
	room := image.Rect(0, 40, 640, 360)
	floor := windowtest.Count(img, room, windowtest.Near(color.NRGBA{R: 58, G: 52, B: 66}, 8))
	player := windowtest.Count(img, room, windowtest.Near(color.NRGBA{R: 250, G: 128, B: 96}, 8))
	hudText := windowtest.Count(img, image.Rect(0, 0, 640, 22), windowtest.Near(color.NRGBA{R: 245, G: 230, B: 190}, 8))
	if floor < 10000 || player < 20 || hudText < 10 {
		t.Errorf("screenshot has %d floor, %d player and %d HUD text pixels; want the room, the player and the HUD", floor, player, hudText)
	}
}

// TestWindowSound walks the demo in a window, with sound on, until the
// first coin is picked up: the pickup sound plays through a real audio
// context (on ALSA's null device), and the game loop runs on.
func TestWindowSound(t *testing.T) {
	bin := windowtest.Build(t)
	if !windowtest.NullAudio(t) && os.Getenv("ALSA_CONFIG_PATH") == "" {
		t.Skip("no ALSA to point at its null device: -sound on would play on this machine's sound card")
	}
	args := []string{"-demo", "-frames", "150", "-sound", "on"}
	out := windowtest.Run(t, bin, args...)
	if !strings.Contains(out, "walk-room: 150 frames") || !strings.Contains(out, " 1 items,") {
		t.Errorf("walk-room %s printed %q, want its summary with one item picked up", strings.Join(args, " "), out)
	}
}
