package window

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// The end-to-end run happens in TestMain, on the main goroutine, because
// ebitengine's loop must run there and only once per process; the tests
// then check what it left behind. (ebitengine's own tests use a run-loop
// TestMain for the same reason.)
var e2e struct {
	err       error
	frames    uint64
	steps     uint64
	shot      string
	events    []engine.Event
	field     *field
	pause     *pause
	renderers int // the window runtime's renderers left after the run
}

const (
	e2eFrames = 60
	e2eW      = 64
	e2eH      = 48
	pauseAt   = 30 // the field pushes the pause scene after this many steps
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tessera-window-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	runEndToEnd(dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Colors of the end-to-end scenes.
var (
	background = color.RGBA{0x10, 0x20, 0x40, 0xff}
	red        = color.RGBA{0xff, 0, 0, 0xff}
	green      = color.RGBA{0, 0xff, 0, 0xff}
	white      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	yellow     = color.RGBA{0xff, 0xff, 0, 0xff}
	cyan       = color.RGBA{0, 0xff, 0xff, 0xff}
	magenta    = color.RGBA{0xff, 0, 0xff, 0xff}
)

// e2eFiles are the game's files: a strip of a red 16×16 frame and a
// green 8×8 one, and the atlas naming them.
func e2eFiles() fstest.MapFS {
	img := image.NewRGBA(image.Rect(0, 0, 24, 16))
	for y := range 16 {
		for x := range 16 {
			img.SetRGBA(x, y, red)
		}
	}
	for y := range 8 {
		for x := 16; x < 24; x++ {
			img.SetRGBA(x, y, green)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return fstest.MapFS{
		"tiles.png":  {Data: b.Bytes()},
		"tiles.yaml": {Data: []byte("image: tiles.png\nframes:\n  red: {w: 16, h: 16}\n  green: {x: 16, w: 8, h: 8}\n")},
	}
}

// field is the first scene: drawables of each kind seen through a camera
// that shows world x as screen x+8 (the world's (40, 24) at the screen's
// middle), a body a fixed system moves one unit a step, and a rectangle
// of its own drawn through the Drawer escape hatch. After pauseAt steps
// it pushes the pause scene, which covers it: from then on it stands
// still and is drawn at its final state.
type field struct {
	scene.Base
	body       world.Entity
	steps      int
	drawnSteps int // the steps it had run at its last Draw
}

func (s *field) OnEnter() error {
	w := s.World()
	world.Spawn1(w, drawable.Camera, camera.Camera{Position: geom.Vec2{X: e2eW/2 + 8, Y: e2eH / 2}})
	at := func(x, y float64) world.Entity { return world.Spawn1(w, geom.Position, geom.Vec2{X: x, Y: y}) }
	bg := drawable.Rect(e2eW+16, e2eH, background)
	bg.Order.Layer = -1
	drawable.Shape.Add(w, at(0, 0), bg)
	drawable.Sprite.Add(w, at(16, 8), drawable.Picture{Region: drawable.Frame("tiles.yaml", "red")})
	drawable.Sprite.Add(w, at(48, 8), drawable.Picture{Region: drawable.Frame("tiles.yaml", "green")})
	hidden := at(8, 0)
	drawable.Shape.Add(w, hidden, drawable.Rect(e2eW, e2eH, white))
	drawable.Hidden.Add(w, hidden)
	s.body = at(8, 40)
	drawable.Shape.Add(w, s.body, drawable.Rect(2, 2, cyan))
	return w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		geom.Position.Require(ctx.World, s.body).X++
		if s.steps++; s.steps == pauseAt {
			s.Scenes().Push(e2e.pause)
		}
		return nil
	}})
}

// Draw is found through the Drawer interface and draws after the world.
func (s *field) Draw(screen *ebiten.Image) {
	vector.DrawFilledRect(screen, 8, 28, 16, 8, yellow, false)
	s.drawnSteps = s.steps
}

// pause is pushed over the field: a text in the middle of the screen
// (through the default camera, which puts the world's (0, 0) there) and a
// bar along the bottom with the Screen tag.
type pause struct {
	scene.Base
	steps int
}

func (s *pause) OnEnter() error {
	w := s.World()
	world.Spawn2(w, geom.Position, geom.Vec2{}, drawable.Text, drawable.Label{
		Text: "II", Size: 24, Color: color.NRGBA(white), Align: drawable.AlignCenter, VAlign: drawable.AlignCenter})
	bar := world.Spawn2(w, geom.Position, geom.Vec2{X: 0, Y: e2eH - 4}, drawable.Shape, drawable.Rect(e2eW, 4, magenta))
	drawable.Screen.Add(w, bar)
	return w.AddSystem(world.System{Name: "count", Phase: world.Fixed, Run: func(*world.Context) error {
		s.steps++
		return nil
	}})
}

func runEndToEnd(dir string) {
	e2e.shot = filepath.Join(dir, "shot.png")
	e2e.field, e2e.pause = &field{}, &pause{}
	cfg := engine.Config{
		Window: engine.WindowConfig{Title: "tessera end-to-end", Width: e2eW, Height: e2eH, Zoom: 2},
		// One step a frame: the run's steps, and so the picture, are the
		// same however fast the machine draws.
		Debug: engine.DebugConfig{ShowFPS: true, Frames: e2eFrames, ScreenshotFrame: e2eFrames,
			ScreenshotPath: e2e.shot, ScreenshotKey: "F12", FixedFrames: true},
	}
	// Xvfb cannot press keys: hold the screenshot key down during frames
	// 20 and 21 (one press), through the game's button reader.
	var g *game
	testHookGame = func(gm *game) {
		g = gm
		real := g.down
		g.down = func(b engine.Button) bool {
			if b == g.shotKey {
				n := g.e.Frames()
				return n == 19 || n == 20
			}
			return real(b)
		}
	}
	defer func() { testHookGame = nil }()
	e, err := engine.New(cfg, engine.Game{First: e2e.field, Assets: e2eFiles()})
	if err != nil {
		e2e.err = err
		return
	}
	e.Events().Subscribe(func(ev engine.Event) { e2e.events = append(e2e.events, ev) })
	e2e.err = RunEngine(e)
	e2e.frames, e2e.steps = e.Frames(), e.Loop().Steps()
	if g != nil {
		e2e.renderers = len(g.scenes.renderers)
	}
}

// TestEndToEnd runs a game of two scenes in a window for 60 frames of one
// step each and reads the screenshot of the last: the covered scene's
// world (a camera, sprites from an atlas, shapes, a hidden one, its body
// where its last step left it) and its Drawer, under the pushed scene's
// text and HUD bar.
func TestEndToEnd(t *testing.T) {
	if e2e.err != nil {
		t.Fatalf("RunEngine = %v", e2e.err)
	}
	if e2e.frames != e2eFrames || e2e.steps != e2eFrames {
		t.Errorf("ran %d frames of %d steps, want %d of one step each", e2e.frames, e2e.steps, e2eFrames)
	}
	if e2e.field.steps != pauseAt || e2e.pause.steps != e2eFrames-pauseAt {
		t.Errorf("the field stepped %d times and the pause %d; want %d and %d", e2e.field.steps, e2e.pause.steps, pauseAt, e2eFrames-pauseAt)
	}
	if e2e.field.drawnSteps != pauseAt {
		t.Errorf("the field's Draw saw %d steps, want %d: covered scenes are drawn too", e2e.field.drawnSteps, pauseAt)
	}
	for _, ev := range e2e.events {
		if ev.Kind == engine.EventError {
			t.Errorf("error event: %v", ev)
		}
	}
	if e2e.renderers != 0 {
		t.Errorf("%d renderers left after the run, want 0: a scene leaving drops its renderer", e2e.renderers)
	}

	img := readPNG(t, e2e.shot)
	if b := img.Bounds(); b != image.Rect(0, 0, e2eW, e2eH) {
		t.Fatalf("screenshot bounds = %v, want the logical screen %dx%d", b, e2eW, e2eH)
	}
	mover := pauseAt // the body's screen x: world 8 + pauseAt, seen 8 to the left
	for _, c := range []struct {
		what string
		x, y int
		want color.RGBA
	}{
		{"background corner", 0, 0, background},
		{"background between drawables", 30, 20, background},
		{"red frame of the atlas", 8, 8, red},
		{"red frame's far corner", 23, 23, red},
		{"just outside the red frame", 24, 24, background},
		{"green frame", 40, 8, green},
		{"green frame's far corner", 47, 15, green},
		{"right of the green frame", 48, 8, background},
		{"yellow rect from Draw", 10, 30, yellow},
		{"the covered scene's body, where its last step left it", mover, 40, cyan},
		{"behind the body", mover - 1, 40, background},
		{"ahead of the body", mover + 2, 40, background},
		{"the pause scene's HUD bar", 10, e2eH - 2, magenta},
		{"the bar's right end", e2eW - 1, e2eH - 1, magenta},
	} {
		if got := rgba(img, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	// The text, centred on the screen's middle: white pixels there, none
	// far from it (nor the hidden white rectangle).
	near, far := 0, 0
	for y := range e2eH - 4 {
		for x := range e2eW {
			if c := rgba(img, x, y); c.R < 0xc0 || c.G < 0xc0 || c.B < 0xc0 {
				continue
			}
			if x >= e2eW/2-12 && x < e2eW/2+12 && y >= e2eH/2-14 && y < e2eH/2+14 {
				near++
			} else {
				far++
			}
		}
	}
	if near < 10 || far != 0 {
		t.Errorf("the pause scene's text: %d white pixels about the middle, %d elsewhere; want some, none", near, far)
	}
}

// TestScenesKeepRenderers: the runtime makes a renderer for each scene on
// the stack as it steps, keeps a covered scene's, and drops a scene's when
// it leaves.
func TestScenesKeepRenderers(t *testing.T) {
	a, b, c := &scene.Base{}, &scene.Base{}, &scene.Base{}
	e, err := engine.New(engine.Config{}, engine.Game{First: a})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(); err != nil {
		t.Fatal(err)
	}
	has := func(want ...scene.Scene) {
		t.Helper()
		if len(g.scenes.renderers) != len(want) {
			t.Errorf("%d renderers, want %d", len(g.scenes.renderers), len(want))
		}
		for _, s := range want {
			if g.scenes.renderers[s] == nil {
				t.Errorf("no renderer for %p", s)
			}
		}
	}
	e.FrameSteps(1)
	has(a)
	e.Scenes().Push(b)
	e.FrameSteps(1)
	has(a, b)
	e.Scenes().Pop()
	e.FrameSteps(1)
	has(a)
	e.Scenes().Replace(c)
	e.FrameSteps(1)
	has(c)
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	has()
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", path, err)
	}
	return img
}

func rgba(img image.Image, x, y int) color.RGBA {
	r, g, b, a := img.At(x, y).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func TestEveryButtonMaps(t *testing.T) {
	for b := range engine.Buttons() {
		if d := deviceOf(b); !d.ok || d.kind != b.Kind() {
			t.Errorf("button %v has no ebitengine counterpart", b)
		}
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	// Checked before any window opens, so it can run after the loop ended.
	err := Run(engine.Config{Loop: engine.LoopConfig{Hz: 5000}}, engine.Game{First: &field{}})
	if !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("Run with hz 5000 = %v, want ErrOutOfRange", err)
	}
}

// TestFrameLength: a frame lasts the wall-clock time since the last one,
// except the first, and every frame with debug.fixed_frames: one step.
func TestFrameLength(t *testing.T) {
	start := time.Unix(100, 0)
	for _, fixed := range []bool{false, true} {
		e, err := engine.New(engine.Config{Loop: engine.LoopConfig{Hz: 50}, Debug: engine.DebugConfig{FixedFrames: fixed}}, engine.Game{First: &scene.Base{}})
		if err != nil {
			t.Fatal(err)
		}
		g, err := newGame(e)
		if err != nil {
			t.Fatal(err)
		}
		want := []time.Duration{0, 35 * time.Millisecond, 5 * time.Millisecond} // 0: one step exactly
		if fixed {
			want = []time.Duration{0, 0, 0}
		}
		now := start
		for i, gap := range []time.Duration{0, 35 * time.Millisecond, 5 * time.Millisecond} {
			now = now.Add(gap)
			got, oneStep := g.frameLength(now)
			if oneStep != (want[i] == 0) || !oneStep && got != want[i] {
				t.Errorf("fixed_frames %v: frame %d after %v = %v (one step: %v), want %v", fixed, i, gap, got, oneStep, want[i])
			}
		}
	}
}
