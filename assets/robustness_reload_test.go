package assets_test

import (
	"image"
	"os"
	"testing"

	"github.com/tessera-engine/tessera/assets"
)

// TestAtlasFileThenImage: an artist adds a frame beyond the sheet's edge
// and saves the atlas file, then saves the enlarged sheet. The first reload
// rightly fails; after the second, both files fit together and the atlas
// has the new frame (the failed file is tried again once its image changes).
func TestAtlasFileThenImage(t *testing.T) {
	d := newDirFiles(t)
	d.write("hero.png", pngFile(32, 16))
	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {x: 0, w: 16, h: 16}\n"))
	l := assets.New(os.DirFS(d.dir))
	atlas, err := l.Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {x: 0, w: 16, h: 16}\n  b: {x: 32, w: 16, h: 16}\n"))
	r := l.Reload()
	t.Logf("after saving the atlas file: %v %v", r.Paths, r.Err)
	d.write("hero.png", pngFile(48, 16))
	r = l.Reload()
	t.Logf("after saving the image:      %v %v", r.Paths, r.Err)
	r = l.Reload()
	t.Logf("once more:                   %v %v", r.Paths, r.Err)
	if _, ok := atlas.Lookup("b"); !ok || atlas.Len() != 2 {
		t.Errorf("the atlas has %d frames and no frame b, though hero.yaml and hero.png now fit together", atlas.Len())
	}
}

// TestAtlasNamesImageNotYetSaved: the same with a new image: the atlas
// file names hero2.png before the artist has exported it; once hero2.png
// exists, the next reload loads the atlas with it.
func TestAtlasNamesImageNotYetSaved(t *testing.T) {
	d := newDirFiles(t)
	d.write("hero.png", pngFile(32, 16))
	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {x: 0, w: 16, h: 16}\n"))
	l := assets.New(os.DirFS(d.dir))
	atlas, err := l.Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d.write("hero.yaml", []byte("image: hero2.png\nframes:\n  a: {x: 0, w: 16, h: 16}\n"))
	r := l.Reload()
	t.Logf("after saving the atlas file: %v %v", r.Paths, r.Err)
	d.write("hero2.png", pngFile(64, 64))
	for range 2 {
		r = l.Reload()
		t.Logf("after saving hero2.png:      %v %v", r.Paths, r.Err)
	}
	if got := atlas.Image().Path(); got != "hero2.png" {
		t.Errorf("atlas image = %s, want hero2.png", got)
	}
	_ = image.Rectangle{}
}
