package render_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/draw"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
)

// TestReload changes the hero picture and the sheet's image on disk and
// reloads them: the sprites show the new pixels, and the atlas's frames
// are cut again.
func TestReload(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(40, 20)
	k.sprite(0, 0, drawable.Picture{Region: hero})
	k.sprite(20, 0, drawable.Picture{Region: frame(0)})
	before := grab(40, 20, bg, k.draw)
	if c := pixel(before, 4, 4); c != red {
		t.Fatalf("before the reload: pixel (4, 4) = %v, want red", c)
	}
	// The hero, twice as large and all green; the sheet twice as large,
	// all blue, cut into 16×16 frames.
	big := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	draw.Draw(big, big.Bounds(), image.NewUniform(green), image.Point{}, draw.Src)
	sheet := image.NewNRGBA(image.Rect(0, 0, 64, 16))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(blue), image.Point{}, draw.Src)
	k.fs["hero.png"] = &fstest.MapFile{Data: encode(big), ModTime: time.Unix(2, 0)}
	k.fs["sheet.png"] = &fstest.MapFile{Data: encode(sheet), ModTime: time.Unix(2, 0)}
	k.fs["sheet.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(sheetYAML, "{w: 8, h: 8}", "{w: 16, h: 16}", 1)), ModTime: time.Unix(2, 0)}
	if ev := k.l.Reload(); ev.Err != nil {
		t.Fatalf("Reload() = %+v", ev)
	}
	after := grab(40, 20, bg, k.draw)
	checkPixels(t, after, []check{
		{"the new hero", 4, 4, green},
		{"the new hero is larger", 18, 18, green},
		{"the sheet's new frame 0", 26, 4, blue},
		{"the sheet's new frame 0 is larger", 34, 14, blue},
	})
}

// TestCacheReportsOnce: a sprite, animation or text naming what the
// game's files do not have draws nothing, and each problem is reported
// once, however many entities name it and however many frames draw it.
func TestCacheReportsOnce(t *testing.T) {
	for _, tt := range []struct {
		name string
		add  func(k *kit)
		want string // in the one error
	}{
		{"missing image", func(k *kit) {
			for i := range 3 {
				k.sprite(float64(i), 0, drawable.Picture{Region: drawable.Image("nope.png")})
			}
		}, "nope.png"},
		{"missing atlas", func(k *kit) {
			k.sprite(0, 0, drawable.Picture{Region: drawable.Frame("nope.yaml", "idle")})
			k.sprite(1, 0, drawable.Picture{Region: drawable.Frame("nope.yaml", "walk")})
		}, "nope.yaml"},
		{"missing frame", func(k *kit) {
			k.sprite(0, 0, drawable.Picture{Region: drawable.Frame("parts.yaml", "yelow")})
			k.sprite(1, 0, drawable.Picture{Region: drawable.Frame("parts.yaml", "yelow")})
		}, `no frame "yelow"`},
		{"frame number out of range", func(k *kit) {
			k.sprite(0, 0, drawable.Picture{Region: frame(4)})
		}, `no frame "4"`},
		{"missing font", func(k *kit) {
			k.text(0, 0, drawable.Label{Text: "a", Font: assetsPath("nope.ttf")})
			k.text(0, 0, drawable.Label{Text: "b", Font: assetsPath("nope.ttf"), Size: 30})
		}, "nope.ttf"},
		{"not a picture", func(k *kit) {
			k.sprite(0, 0, drawable.Picture{Region: drawable.Image("go.ttf")})
		}, "go.ttf"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			k := newKit(t, render.Options{})
			k.lookAt(40, 20)
			tt.add(k)
			var errs []error
			for range 3 {
				if got := grab(40, 20, bg, k.draw); lit(got) != 0 {
					t.Errorf("drew something: %d pixels lit", lit(got))
				}
				errs = append(errs, k.c.TakeErrors()...)
			}
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), tt.want) {
				t.Fatalf("reported %v, want one error about %s", errs, tt.want)
			}
			if st := k.r.Stats(); st.Items != 0 {
				t.Errorf("Stats() = %+v, want nothing drawn", st)
			}
		})
	}
}

// TestCacheMissingFileIsNotExist: a missing image's error is the loader's,
// which errors.Is finds as fs.ErrNotExist.
func TestCacheMissingFileIsNotExist(t *testing.T) {
	k := newKit(t, render.Options{})
	k.sprite(0, 0, drawable.Picture{Region: drawable.Image("nope.png")})
	grab(8, 8, bg, k.draw)
	errs := k.c.TakeErrors()
	if len(errs) != 1 || !errors.Is(errs[0], fs.ErrNotExist) {
		t.Errorf("reported %v, want one error wrapping fs.ErrNotExist", errs)
	}
}

// TestCacheWithoutAssets: a cache over no files draws shapes and texts in
// the built-in font, and reports a sprite once.
func TestCacheWithoutAssets(t *testing.T) {
	c := render.NewCache(nil)
	k := newKit(t, render.Options{})
	k.c, k.r = c, render.New(c, render.Options{})
	k.lookAt(40, 20)
	k.shape(0, 0, drawable.Rect(4, 4, red))
	k.text(10, 0, drawable.Label{Text: "■", Color: white})
	k.sprite(30, 0, drawable.Picture{Region: hero})
	got := grab(40, 20, black, k.draw)
	if c := pixel(got, 1, 1); c != red {
		t.Errorf("the shape: pixel (1, 1) = %v, want red", c)
	}
	if st := k.r.Stats(); st.Items != 2 {
		t.Errorf("Stats() = %+v, want the shape and the text", st)
	}
	grab(40, 20, black, k.draw)
	if errs := c.TakeErrors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "hero.png") {
		t.Errorf("reported %v, want one error about hero.png", errs)
	}
}

// badFont is Go Regular with the first entry of its glyph-location table
// made 0xffff, which go-text's parser panics on (assets refuses it now;
// face_test.go checks the parser's panic is an error).
func badFont(t *testing.T) []byte {
	t.Helper()
	d := bytes.Clone(goregular.TTF)
	n := int(binary.BigEndian.Uint16(d[4:]))
	for i := range n {
		r := d[12+16*i:]
		if string(r[:4]) == "loca" {
			off := binary.BigEndian.Uint32(r[8:])
			d[off], d[off+1] = 0xff, 0xff
			return d
		}
	}
	t.Fatal("Go Regular has no loca table")
	return nil
}

// TestCacheBadFont: a label in a font the parser cannot read draws
// nothing, and the font is reported once, naming the file; it used to
// panic inside the draw.
func TestCacheBadFont(t *testing.T) {
	k := newKit(t, render.Options{})
	k.fs["bad.ttf"] = &fstest.MapFile{Data: badFont(t), ModTime: time.Unix(1, 0)}
	k.lookAt(40, 20)
	k.text(0, 0, drawable.Label{Text: "bad", Font: assetsPath("bad.ttf"), Color: white})
	k.text(0, 10, drawable.Label{Text: "bad", Font: assetsPath("bad.ttf"), Size: 8, Color: white})
	var errs []error
	for range 2 {
		if got := grab(40, 20, black, k.draw); lit(got) != 0 {
			t.Errorf("a font that does not parse drew %d pixels", lit(got))
		}
		errs = append(errs, k.c.TakeErrors()...)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "bad.ttf") {
		t.Errorf("reported %v, want one error naming bad.ttf", errs)
	}
}

// TestFontCollection: a label may name a font collection; it draws in
// the collection's first font.
func TestFontCollection(t *testing.T) {
	k := newKit(t, render.Options{})
	k.fs["fonts.ttc"] = &fstest.MapFile{Data: collection(goregular.TTF), ModTime: time.Unix(1, 0)}
	k.camera(cameraAt(20, 10))
	k.text(0, 0, drawable.Label{Text: "■■■", Font: assetsPath("fonts.ttc"), Color: white})
	fromCollection := grab(40, 20, black, k.draw)
	k2 := newKit(t, render.Options{})
	k2.camera(cameraAt(20, 10))
	k2.text(0, 0, drawable.Label{Text: "■■■", Color: white})
	builtIn := grab(40, 20, black, k2.draw)
	if lit(fromCollection) == 0 || !bytes.Equal(fromCollection.Pix, builtIn.Pix) {
		t.Errorf("a collection of Go Regular lit %d pixels, the same as the built-in font: %v; want some, the same", lit(fromCollection), bytes.Equal(fromCollection.Pix, builtIn.Pix))
	}
}

// collection wraps one TrueType font in a font collection ('ttcf'
// header, version 1, one offset), moving its table offsets by the
// header's 16 bytes.
func collection(ttf []byte) []byte {
	const head = 16
	out := make([]byte, head+len(ttf))
	copy(out, "ttcf")
	binary.BigEndian.PutUint32(out[4:], 0x00010000)
	binary.BigEndian.PutUint32(out[8:], 1)
	binary.BigEndian.PutUint32(out[12:], head)
	copy(out[head:], ttf)
	f := out[head:]
	n := int(binary.BigEndian.Uint16(f[4:]))
	for i := range n {
		r := f[12+16*i:]
		binary.BigEndian.PutUint32(r[8:], binary.BigEndian.Uint32(r[8:])+head)
	}
	return out
}
