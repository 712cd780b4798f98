package render_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/world"
)

// Colours of the test pictures.
var (
	bg     = color.NRGBA{0x10, 0x18, 0x30, 0xff}
	red    = color.NRGBA{0xe0, 0x30, 0x30, 0xff}
	green  = color.NRGBA{0x30, 0xc0, 0x40, 0xff}
	blue   = color.NRGBA{0x30, 0x60, 0xf0, 0xff}
	yellow = color.NRGBA{0xf0, 0xd0, 0x20, 0xff}
	white  = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	black  = color.NRGBA{0, 0, 0, 0xff}
)

// heroPNG is a 16×16 picture whose quadrants are red, green, blue and
// yellow, with a white pixel in its top-left corner: any flip or turn
// shows.
func heroPNG() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			c := [2][2]color.NRGBA{{red, green}, {blue, yellow}}[y/8][x/8]
			img.SetNRGBA(x, y, c)
		}
	}
	img.SetNRGBA(0, 0, white)
	img.SetNRGBA(1, 0, white)
	img.SetNRGBA(0, 1, white)
	return encode(img)
}

// sheetPNG is a strip of four 8×8 frames: frame i is a bar i+1 pixels
// wide on black, so the frame shown is easy to read.
func sheetPNG() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 8))
	for f := range 4 {
		for y := range 8 {
			for x := range 8 {
				c := black
				if x <= f*2+1 {
					c = [4]color.NRGBA{red, green, blue, yellow}[f]
				}
				img.SetNRGBA(8*f+x, y, c)
			}
		}
	}
	return encode(img)
}

func encode(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// files are the assets the tests load, as a game would.
func files() fstest.MapFS {
	return fstest.MapFS{
		"hero.png":  {Data: heroPNG(), ModTime: time.Unix(1, 0)},
		"sheet.png": {Data: sheetPNG(), ModTime: time.Unix(1, 0)},
		"go.ttf":    {Data: goregular.TTF, ModTime: time.Unix(1, 0)},
	}
}

// kit is a renderer installed in a new world, with the test assets.
type kit struct {
	r     *render.Renderer
	w     *world.World
	l     *assets.Loader
	fs    fstest.MapFS // what l loads from; a test may change it and reload
	hero  render.Region
	sheet render.Sheet
}

func newKit(t testing.TB, opts render.Options) *kit {
	t.Helper()
	r, err := render.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	if err := r.Install(w); err != nil {
		t.Fatal(err)
	}
	fs := files()
	k := &kit{r: r, w: w, l: assets.New(fs), fs: fs}
	hero, err := k.l.Image("hero.png")
	if err != nil {
		t.Fatal(err)
	}
	k.hero = r.AddAsset(hero)
	sheet, err := k.l.Grid("sheet.png", assets.Grid{W: 8, H: 8})
	if err != nil {
		t.Fatal(err)
	}
	k.sheet = r.AddAtlas(sheet)
	return k
}

// lookAt points the renderer's camera so that world coordinates are
// screen coordinates on a w×h image.
func (k *kit) lookAt(w, h float64) {
	k.r.Camera().Position = geom.Vec2{X: w / 2, Y: h / 2}
}

// face returns the Go Regular face at size.
func (k *kit) face(t testing.TB, size float64) *text.GoTextFace {
	t.Helper()
	f, err := k.l.Font("go.ttf")
	if err != nil {
		t.Fatal(err)
	}
	face, err := k.r.Face(f, size)
	if err != nil {
		t.Fatal(err)
	}
	return face
}

// step runs one fixed step of 1/60 s.
func (k *kit) step(t testing.TB) {
	t.Helper()
	if err := k.w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		t.Fatal(err)
	}
}

// frame runs the frame phase with alpha and a frame of dt seconds.
func (k *kit) frame(t testing.TB, alpha, dt float64) {
	t.Helper()
	if err := k.w.Run(world.Context{Phase: world.Frame, Alpha: alpha, DT: dt}, nil); err != nil {
		t.Fatal(err)
	}
}

// sprite spawns a sprite at (x, y).
func (k *kit) sprite(x, y float64, p render.Picture) world.Entity {
	return world.Spawn2(k.w, geom.Position, geom.Vec2{X: x, Y: y}, render.Sprite, p)
}

// shape spawns a shape at (x, y).
func (k *kit) shape(x, y float64, f render.Figure) world.Entity {
	return world.Spawn2(k.w, geom.Position, geom.Vec2{X: x, Y: y}, render.Shape, f)
}

// pixel returns the colour at (x, y), opaque.
func pixel(img *image.RGBA, x, y int) color.NRGBA {
	c := img.RGBAAt(x, y)
	return color.NRGBA{c.R, c.G, c.B, c.A}
}

func decode(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}
