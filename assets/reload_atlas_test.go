package assets_test

import (
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
)

// TestReloadImageWithAtlas: an atlas and its image reload together. An
// image replaced by a smaller one that the atlas's frames no longer fit
// used to reload all the same, leaving the atlas with frames outside its
// image; now the image keeps its old content too, the error says so, and
// once the atlas file is fixed both reload.
func TestReloadImageWithAtlas(t *testing.T) {
	d := newDirFiles(t)
	d.write("hero.png", pngFile(48, 16))
	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {w: 16, h: 16}\n  b: {x: 32, w: 16, h: 16}\n"))
	l := assets.New(os.DirFS(d.dir))
	atlas, err := l.Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	img := atlas.Image()

	d.write("hero.png", pngFile(32, 16))
	reload(t, l, nil, `hero.yaml:4:3: frame "b" (32,0)-(48,16) is outside the image hero.png (0,0)-(32,16): kept hero.png and its atlases as they were`)
	reload(t, l, nil) // reported once
	if img.Bounds() != image.Rect(0, 0, 48, 16) || img.Generation() != 1 || atlas.Len() != 2 || atlas.Generation() != 1 {
		t.Errorf("after a reload that failed: image %v generation %d, atlas of %d frames generation %d; want both as they were",
			img.Bounds(), img.Generation(), atlas.Len(), atlas.Generation())
	}

	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {w: 16, h: 16}\n  b: {x: 16, w: 16, h: 16}\n"))
	reload(t, l, []string{"hero.png", "hero.yaml"})
	if img.Bounds() != image.Rect(0, 0, 32, 16) || atlas.Frame(1) != image.Rect(16, 0, 32, 16) {
		t.Errorf("after the atlas was fixed: image %v, frame b %v", img.Bounds(), atlas.Frame(1))
	}
}

// TestReloadGridClips: a grid atlas's clips are checked against the cells
// of its new image; a clip naming a cell the image no longer has keeps the
// image and the atlas as they were.
func TestReloadGridClips(t *testing.T) {
	d := newDirFiles(t)
	d.write("tiles.png", pngFile(32, 16))
	d.write("tiles.yaml", []byte("image: tiles.png\ngrid: {w: 8, h: 8}\nclips:\n  all: {frames: [0, 7], fps: 1}\n"))
	l := assets.New(os.DirFS(d.dir))
	tiles, err := l.Atlas("tiles.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d.write("tiles.png", pngFile(16, 16)) // 4 cells: clip "all" would name frame 7 of 4
	reload(t, l, nil, `tiles.yaml:4:21: clip "all": frame 7 is not in the atlas, which has 4 frames (0 to 3): kept tiles.png and its atlases as they were`)
	if tiles.Len() != 8 || tiles.Image().Bounds().Dx() != 32 {
		t.Errorf("after a failed reload the grid has %d frames of an image %v; want 8 of the old one", tiles.Len(), tiles.Image().Bounds())
	}
	equal(t, "clips after a failed reload", clips(tiles), []string{"all [0 7] 1 loop"})
}

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
	reload(t, l, nil, `hero.yaml:4:3: frame "b" (32,0)-(48,16) is outside the image hero.png (0,0)-(32,16)`)
	d.write("hero.png", pngFile(48, 16))
	reload(t, l, []string{"hero.png", "hero.yaml"})
	reload(t, l, nil)
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
	reload(t, l, nil, "hero.yaml:1:8: hero2.png: file does not exist")
	reload(t, l, nil)
	d.write("hero2.png", pngFile(64, 64))
	reload(t, l, []string{"hero.yaml"})
	if got := atlas.Image().Path(); got != "hero2.png" {
		t.Errorf("atlas image = %s, want hero2.png", got)
	}
}

// TestReloadSheetsModel rewrites an image, an atlas file of frames, a grid
// atlas file and a grid made in code at random, reloading after each
// write, and checks them against what the files say: every atlas's frames
// and clips always fit its image as loaded; whenever the files on disk fit
// together, the reload loads them all; a reload of nothing new reports
// nothing.
func TestReloadSheetsModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	d := newDirFiles(t)
	// What the files say: the image's width, the frames file's frames
	// (16 pixels apart) and the grid file's count of cells.
	var width, frames, count int
	writeImage := func(w int) { width = w; d.write("sheet.png", pngFile(w, 16)) }
	writeFrames := func(n int) {
		frames = n
		var b strings.Builder
		b.WriteString("image: sheet.png\nframes:\n")
		for i := range n {
			fmt.Fprintf(&b, "  f%d: {x: %d, w: 16, h: 16}\n", i, 16*i)
		}
		fmt.Fprintf(&b, "clips:\n  last: {frames: [f%d], fps: 1}\n", n-1)
		d.write("frames.yaml", []byte(b.String()))
	}
	writeGrid := func(n int) {
		count = n
		d.write("grid.yaml", []byte(fmt.Sprintf("image: sheet.png\ngrid: {w: 16, h: 16, count: %d}\nclips:\n  last: {frames: [%d], fps: 1}\n", n, n-1)))
	}
	writeImage(64)
	writeFrames(2)
	writeGrid(2)
	l := assets.New(os.DirFS(d.dir))
	framesAtlas, err := l.Atlas("frames.yaml")
	if err != nil {
		t.Fatal(err)
	}
	gridAtlas, err := l.Atlas("grid.yaml")
	if err != nil {
		t.Fatal(err)
	}
	codeGrid, err := l.Grid("sheet.png", assets.Grid{W: 16, H: 16, Count: 1})
	if err != nil {
		t.Fatal(err)
	}
	for step := range 300 {
		switch rng.IntN(3) {
		case 0:
			writeImage(16 * (1 + rng.IntN(4)))
		case 1:
			writeFrames(1 + rng.IntN(4))
		case 2:
			writeGrid(1 + rng.IntN(4))
		}
		r := l.Reload()
		for _, a := range []*assets.Atlas{framesAtlas, gridAtlas, codeGrid} {
			b := a.Image().Bounds()
			for i := range a.Len() {
				if !a.Frame(i).In(b) {
					t.Fatalf("step %d: %s's frame %d %v is outside its image %v (reload: %v)", step, a.Path(), i, a.Frame(i), b, r.Err)
				}
			}
			for _, name := range a.Clips() {
				c, _ := a.Clip(name)
				for _, f := range c.Frames {
					if f >= a.Len() {
						t.Fatalf("step %d: %s's clip %s names frame %d of %d", step, a.Path(), name, f, a.Len())
					}
				}
			}
		}
		if fit := 16*frames <= width && 16*count <= width; fit {
			if got := [3]int{framesAtlas.Image().Bounds().Dx(), framesAtlas.Len(), gridAtlas.Len()}; got != [3]int{width, frames, count} {
				t.Fatalf("step %d: the files fit (image %d wide, %d frames, %d cells), but the reload loaded %v: %v", step, width, frames, count, got, r.Err)
			}
		}
		if again := l.Reload(); len(again.Paths) > 0 || again.Err != nil {
			t.Fatalf("step %d: a reload of nothing new = %+v", step, again)
		}
	}
}
