package assets_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// TestFailedAtlasKeepsImage: an atlas that fails (here a frame outside
// its image) is not cached, and its image, which loaded, is: the image is
// a load of its own, as Loader.Atlas says.
func TestFailedAtlasKeepsImage(t *testing.T) {
	l := assets.New(fstest.MapFS{
		"hero.png":  {Data: pngFile(16, 16)},
		"hero.yaml": {Data: []byte("image: hero.png\nframes: {a: {x: 16, w: 16, h: 16}}\n")},
	})
	if _, err := l.Atlas("hero.yaml"); err == nil {
		t.Fatal("loaded")
	}
	if got := fmt.Sprint(l.Loaded()); got != "[image hero.png]" {
		t.Errorf("after a failed atlas load, Loaded() = %s, want [image hero.png]", got)
	}
}
