package window

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// The end-to-end run happens in TestMain, on the main goroutine, because
// ebitengine's loop must run there and only once per process; the tests
// then check what it left behind. (ebitengine's own tests use a run-loop
// TestMain for the same reason.)
var e2e struct {
	err    error
	frames uint64
	steps  uint64
	shot   string
	events []engine.Event
	scene  *shapes
}

const (
	e2eFrames = 60
	e2eW      = 64
	e2eH      = 48
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

// Colors of the known shapes.
var (
	background = color.RGBA{0x10, 0x20, 0x40, 0xff}
	red        = color.RGBA{0xff, 0, 0, 0xff}
	green      = color.RGBA{0, 0xff, 0, 0xff}
	yellow     = color.RGBA{0xff, 0xff, 0, 0xff}
	cyan       = color.RGBA{0, 0xff, 0xff, 0xff}
)

var posC = world.DefineFields[struct{ X, Y float64 }]("e2ePos")

// shapes is a scene that draws known shapes through its Draw (found as a
// Drawer); a fixed system moves a body one pixel a step, and Draw draws a
// mover where the body is.
type shapes struct {
	scene.Base
	body       world.Entity
	steps      int
	drawnX     float64 // mover's x in the last Draw
	drawnSteps int
}

func (s *shapes) OnEnter() error {
	w := s.World()
	s.body = w.Spawn(posC.With(struct{ X, Y float64 }{0, 40}))
	return w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		p, _ := posC.Get(ctx.World, s.body)
		if p.X < 60 {
			p.X++
		}
		s.steps++
		return nil
	}})
}

// Draw draws the shapes, bottom first, and the mover at the body.
func (s *shapes) Draw(screen *ebiten.Image) {
	vector.DrawFilledRect(screen, 0, 0, e2eW, e2eH, background, false)
	vector.DrawFilledRect(screen, 8, 8, 16, 16, red, false)
	vector.DrawFilledRect(screen, 40, 8, 8, 8, green, false)
	vector.DrawFilledRect(screen, 8, 28, 16, 8, yellow, false)
	p, ok := posC.Get(s.World(), s.body)
	if !ok {
		return
	}
	vector.DrawFilledRect(screen, float32(p.X), float32(p.Y), 2, 2, cyan, false)
	s.drawnX, s.drawnSteps = p.X, s.steps
}

func runEndToEnd(dir string) {
	e2e.shot = filepath.Join(dir, "shot.png")
	e2e.scene = &shapes{}
	cfg := engine.Config{
		Window: engine.WindowConfig{Title: "tessera end-to-end", Width: e2eW, Height: e2eH, Zoom: 2},
		Debug: engine.DebugConfig{ShowFPS: true, Frames: e2eFrames, ScreenshotFrame: e2eFrames,
			ScreenshotPath: e2e.shot, ScreenshotKey: "F12"},
	}
	// Xvfb cannot press keys: hold the screenshot key down during frames
	// 20 and 21 (one press), through the game's button reader.
	testHookGame = func(g *game) {
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
	e, err := engine.New(cfg, e2e.scene)
	if err != nil {
		e2e.err = err
		return
	}
	e.Events().Subscribe(func(ev engine.Event) { e2e.events = append(e2e.events, ev) })
	e2e.err = RunEngine(e)
	e2e.frames, e2e.steps = e.Frames(), e.Loop().Steps()
}

// TestScreenshotKey: one press of the screenshot key saves one numbered
// screenshot of the frame it was pressed in, as big as the window's
// logical size.
func TestScreenshotKey(t *testing.T) {
	if e2e.err != nil {
		t.Fatalf("RunEngine = %v", e2e.err)
	}
	shots, err := filepath.Glob(filepath.Join(filepath.Dir(e2e.shot), "shot-*.png"))
	if err != nil || len(shots) != 1 {
		t.Fatalf("screenshots saved by the key: %v (err %v), want exactly one", shots, err)
	}
	if want := numbered(e2e.shot, 20); shots[0] != want {
		t.Errorf("key screenshot saved as %s, want %s", shots[0], want)
	}
	f, err := os.Open(shots[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("key screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != e2eW || b.Dy() != e2eH {
		t.Errorf("key screenshot is %v, want %dx%d", b, e2eW, e2eH)
	}
}

func TestEndToEnd(t *testing.T) {
	if e2e.err != nil {
		t.Fatalf("RunEngine = %v", e2e.err)
	}
	if e2e.frames != e2eFrames {
		t.Errorf("ran %d frames, want %d", e2e.frames, e2eFrames)
	}
	if e2e.steps == 0 || e2e.scene.steps != int(e2e.steps) {
		t.Errorf("the loop ran %d steps and the fixed system saw %d; want the same, and some", e2e.steps, e2e.scene.steps)
	}
	for _, ev := range e2e.events {
		if ev.Kind == engine.EventError {
			t.Errorf("error event: %v", ev)
		}
	}
	if n := e2e.scene.World().Len(); n != 0 {
		t.Errorf("the scene's world has %d entities after the run, want 0: leaving clears it", n)
	}

	f, err := os.Open(e2e.shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b != image.Rect(0, 0, e2eW, e2eH) {
		t.Fatalf("screenshot bounds = %v, want the logical screen %dx%d", b, e2eW, e2eH)
	}
	x := int(e2e.scene.drawnX)
	t.Logf("%d steps in %d frames; the mover was drawn at x=%d", e2e.steps, e2e.frames, x)
	checks := []struct {
		what string
		x, y int
		want color.RGBA
	}{
		{"background corner", 0, 0, background},
		{"background between shapes", 30, 20, background},
		{"red rect", 8, 8, red},
		{"red rect far corner", 23, 23, red},
		{"just outside the red rect", 24, 24, background},
		{"green rect", 44, 12, green},
		{"yellow rect", 10, 30, yellow},
		{"mover", x, 40, cyan},
		{"behind the mover", x - 1, 40, background},
	}
	for _, c := range checks {
		if c.x < 0 {
			continue
		}
		r, g, b, a := img.At(c.x, c.y).RGBA()
		got := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
		if got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if want := min(e2e.scene.drawnSteps, 60); x != want {
		t.Errorf("mover drawn at x=%d after %d steps, want %d", x, e2e.scene.drawnSteps, want)
	}
}

func TestEveryButtonMaps(t *testing.T) {
	for b := range engine.Buttons() {
		if d := deviceOf(b); !d.ok || d.kind != b.Kind() {
			t.Errorf("button %v has no ebitengine counterpart", b)
		}
	}
}

func TestNumbered(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"screenshot.png", "screenshot-7.png"},
		{"shots/a.b.png", "shots/a.b-7.png"},
		{"noext", "noext-7"},
	} {
		if got := numbered(tt.in, 7); got != tt.want {
			t.Errorf("numbered(%q, 7) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	// Checked before any window opens, so it can run after the loop ended.
	err := Run(engine.Config{Loop: engine.LoopConfig{Hz: 5000}}, &shapes{})
	if !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("Run with hz 5000 = %v, want ErrOutOfRange", err)
	}
}

// TestFrameLength: a frame lasts the wall-clock time since the last one,
// except the first, and every frame with debug.fixed_frames: one step.
func TestFrameLength(t *testing.T) {
	start := time.Unix(100, 0)
	for _, fixed := range []bool{false, true} {
		e, err := engine.New(engine.Config{Loop: engine.LoopConfig{Hz: 50}, Debug: engine.DebugConfig{FixedFrames: fixed}}, &scene.Base{})
		if err != nil {
			t.Fatal(err)
		}
		g := newGame(e)
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
