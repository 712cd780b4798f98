package render_test

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/render"
)

func TestSubImageRegion(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(64, 32)
	var full *ebiten.Image
	onScreen(func(*ebiten.Image) {
		full = ebiten.NewImageFromImage(decode(t, heroPNG()))
	})
	sub := full.SubImage(image.Rect(8, 0, 16, 8)).(*ebiten.Image) // green quadrant
	reg := k.r.AddImage(sub)
	reg2 := k.r.AddRegion(sub, image.Rect(8, 8, 16, 16)) // outside sub: empty
	k.sprite(4, 4, render.Picture{Region: reg})
	k.sprite(20, 4, render.Picture{Region: reg2})
	img := grab(64, 32, bg, k.r.Draw)
	if c := pixel(img, 8, 8); c != green {
		t.Errorf("sub-image region drawn as %v, want green", c)
	}
	if c := pixel(img, 24, 8); c != bg {
		t.Errorf("region outside sub-image drawn as %v", c)
	}
}
