package render_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
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

// sheetPNG is a strip of four 8×8 frames: frame i is a bar 2i+2 pixels
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

// sheetYAML cuts sheet.png into its four frames, which have no names (so
// a Region names them "0" to "3"), and plays them in each mode at 15
// frames a second: a frame every 4 steps at 60 Hz.
const sheetYAML = `image: sheet.png
grid: {w: 8, h: 8}
clips:
  loop: {frames: [0, 1, 2, 3], fps: 15}
  once: {frames: [0, 1, 2, 3], fps: 15, mode: once}
  pingpong: {frames: [0, 1, 2, 3], fps: 15, mode: pingpong}
`

// partsYAML names parts of hero.png.
const partsYAML = `image: hero.png
frames:
  green: {x: 8, y: 0, w: 8, h: 8}
  yellow: {x: 8, y: 8, w: 8, h: 8}
  whole: {w: 16, h: 16}
`

// files are the assets the tests load, as a game's files.
func files() fstest.MapFS {
	return fstest.MapFS{
		"hero.png":   {Data: heroPNG(), ModTime: time.Unix(1, 0)},
		"sheet.png":  {Data: sheetPNG(), ModTime: time.Unix(1, 0)},
		"sheet.yaml": {Data: []byte(sheetYAML), ModTime: time.Unix(1, 0)},
		"parts.yaml": {Data: []byte(partsYAML), ModTime: time.Unix(1, 0)},
		"go.ttf":     {Data: goregular.TTF, ModTime: time.Unix(1, 0)},
	}
}

// hero is the region of all of hero.png.
var hero = drawable.Image("hero.png")

// frame returns frame i of sheet.yaml.
func frame(i int) drawable.Region { return drawable.Frame("sheet.yaml", strconv.Itoa(i)) }

// step is the length of a fixed step, in seconds.
const step = 1.0 / 60

// kit is what the window runtime gives a scene, made by hand: a world, a
// renderer of it over a cache of the test assets, and an animator.
type kit struct {
	c    *render.Cache
	r    *render.Renderer
	w    *world.World
	l    *assets.Loader
	fs   fstest.MapFS // what l loads from; a test may change it and reload
	anim *drawable.Animator
	// screen is the logical screen the cameras step on; lookAt sets it.
	screen geom.Vec2
	// alpha is how far between the last two steps draw draws; the zero
	// value draws where the last step left everything.
	alpha float64
	// cam is the camera entity a test keeps to change it.
	cam world.Entity
}

func newKit(t testing.TB, opts render.Options) *kit {
	t.Helper()
	fs := files()
	l := assets.New(fs)
	c := render.NewCache(l)
	k := &kit{c: c, r: render.New(c, opts), w: world.New(), l: l, fs: fs, anim: drawable.NewAnimator(l), alpha: 1}
	k.screen = geom.Vec2{X: screenW, Y: screenH}
	t.Cleanup(func() {
		if errs := c.TakeErrors(); len(errs) > 0 && !t.Failed() {
			t.Errorf("the cache reported %v", errs)
		}
	})
	return k
}

// lookAt gives the world a camera showing world coordinates as screen
// coordinates on a w×h screen, and makes that the kit's screen.
func (k *kit) lookAt(w, h float64) world.Entity {
	k.screen = geom.Vec2{X: w, Y: h}
	return k.camera(camera.Camera{Position: geom.Vec2{X: w / 2, Y: h / 2}})
}

// camera gives the world a camera entity.
func (k *kit) camera(c camera.Camera) world.Entity {
	return world.Spawn1(k.w, drawable.Camera, c)
}

// step runs one fixed step of 1/60 s as the engine does: the renderer
// records positions, the animations play, the systems run, the cameras
// follow.
func (k *kit) step(t testing.TB) {
	t.Helper()
	if err := k.stepped(); err != nil {
		t.Fatal(err)
	}
}

// stepped is step returning its error, for code that runs off the test's
// goroutine, where t.Fatal must not be called.
func (k *kit) stepped() error {
	k.r.BeforeStep(k.w)
	if err := k.anim.Step(k.w, step); err != nil {
		return err
	}
	if err := k.w.Run(world.Context{Phase: world.Fixed, DT: step}, nil); err != nil {
		return err
	}
	drawable.StepCameras(k.w, k.screen, step)
	return nil
}

// draw draws the kit's world on dst at the kit's alpha.
func (k *kit) draw(dst *ebiten.Image) { k.r.Draw(dst, k.w, k.alpha) }

// sprite spawns a sprite at (x, y).
func (k *kit) sprite(x, y float64, p drawable.Picture) world.Entity {
	return world.Spawn2(k.w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Sprite, p)
}

// shape spawns a shape at (x, y).
func (k *kit) shape(x, y float64, f drawable.Figure) world.Entity {
	return world.Spawn2(k.w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Shape, f)
}

// text spawns a text at (x, y).
func (k *kit) text(x, y float64, l drawable.Label) world.Entity {
	return world.Spawn2(k.w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Text, l)
}

// cameraAt returns a camera showing (x, y) at the middle of the screen.
func cameraAt(x, y float64) camera.Camera { return camera.Camera{Position: geom.Vec2{X: x, Y: y}} }

// assetsPath is assets.PathOf.
func assetsPath(p string) assets.Path { return assets.PathOf(p) }

// pixel returns the colour at (x, y), opaque.
func pixel(img *image.RGBA, x, y int) color.NRGBA {
	return color.NRGBA(img.RGBAAt(x, y))
}

func decode(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// check is a pixel a drawing must have.
type check struct {
	what string
	x, y int
	want color.NRGBA
}

// checkPixels reports every pixel of img that is not as cs say.
func checkPixels(t *testing.T, img *image.RGBA, cs []check) {
	t.Helper()
	for _, c := range cs {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
}
