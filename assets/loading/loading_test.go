package loading_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/assets/loading"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

func pngFile(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, w, h))); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// gatedFS holds the opening of the files in gate until gate is closed.
type gatedFS struct {
	fs.FS
	gate   map[string]bool
	open   chan struct{}
	opened chan string
	once   sync.Once
}

func (g *gatedFS) Open(name string) (fs.File, error) {
	if g.gate[name] {
		select {
		case g.opened <- name:
		default:
		}
		<-g.open
	}
	return g.FS.Open(name)
}

func (g *gatedFS) release() { g.once.Do(func() { close(g.open) }) }

func files() fstest.MapFS {
	return fstest.MapFS{
		"a.png":       {Data: pngFile(1, 1)},
		"b.png":       {Data: pngFile(2, 1)},
		"c.png":       {Data: pngFile(3, 1)},
		"d.png":       {Data: pngFile(4, 1)},
		"tuning.yaml": {Data: []byte("speed: 1\n")},
	}
}

// Level is the scene after loading: it takes its assets from the cache.
type Level struct {
	scene.Base
	loader *assets.Loader
	img    *assets.Image
}

func (l *Level) OnEnter() error {
	var err error
	l.img, err = l.loader.Image("d.png")
	return err
}

// bar returns the loading scene's bar: its background and filled part,
// the two entities with a shape in its world, each with a position and on
// the screen, the fill over the background.
func bar(t *testing.T, s *loading.Scene) (back, fill *drawable.Figure, at geom.Vec2) {
	t.Helper()
	w := s.World()
	var shapes []*drawable.Figure
	for e, f := range world.Query1(w, drawable.Shape) {
		p, ok := geom.Position.Get(w, e)
		if !ok || !w.Has(e, drawable.Screen) {
			t.Fatalf("the bar's entity %v has a position %v and the Screen tag %v; want both", e, ok, w.Has(e, drawable.Screen))
		}
		at = *p
		shapes = append(shapes, f)
	}
	if len(shapes) != 2 || w.Len() != 2 {
		t.Fatalf("the loading scene has %d entities, %d with a shape; want 2, both", w.Len(), len(shapes))
	}
	back, fill = shapes[0], shapes[1]
	if back.Z > fill.Z {
		back, fill = fill, back
	}
	if back.Z == fill.Z || back.Kind != drawable.RectFigure || fill.Kind != drawable.RectFigure {
		t.Fatalf("the bar's shapes: %+v, %+v; want two rectangles, the fill over the background", *back, *fill)
	}
	return back, fill, at
}

func nrgba(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }

func TestLoadingScene(t *testing.T) {
	g := &gatedFS{FS: files(), gate: map[string]bool{"b.png": true}, open: make(chan struct{}), opened: make(chan string, 1)}
	defer g.release()
	l := assets.New(g)
	b := l.Batch().Add(assets.KindImage, "a.png", "b.png", "c.png", "d.png")
	b.Workers = 1
	level := &Level{loader: l}
	s := loading.New(b, level)
	s.Bar = loading.Bar{X: 10, Y: 20, W: 100}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var changes []string
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene {
			changes = append(changes, ev.Change.String())
		}
	})

	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	back, _, at := bar(t, s)
	if at != (geom.Vec2{X: 10, Y: 20}) || back.Size != (geom.Vec2{X: 100, Y: 8}) || back.Color != nrgba(loading.DefaultBar.Back) {
		t.Errorf("bar at %v: %+v", at, *back)
	}
	<-g.opened // a.png loaded, b.png held
	if err := h.RunUntil(func() bool { d, _ := s.Progress(); return d == 1 }); err != nil {
		t.Fatal(err)
	}
	h.RunSteps(1) // Update moves the bar
	_, fill, _ := bar(t, s)
	if done, total := s.Progress(); done != 1 || total != 4 || fill.Size.X != 25 || fill.Color != nrgba(loading.DefaultBar.Fill) {
		t.Errorf("progress %d/%d, bar %+v; want 1/4 and a quarter filled", done, total, *fill)
	}
	if h.Scenes().Top() != s {
		t.Fatal("the loading scene left before its batch loaded")
	}

	g.release()
	if err := h.RunUntil(func() bool { return h.Scenes().Top() == level }); err != nil {
		t.Fatal(err)
	}
	if level.img == nil || level.img.Bounds().Dx() != 4 {
		t.Errorf("the level's image: %v", level.img)
	}
	if s.Err() != nil || len(s.Results()) != 4 {
		t.Errorf("Err() = %v, %d results", s.Err(), len(s.Results()))
	}
	if s.World().Len() != 0 {
		t.Error("the loading scene's bar was not cleared when it left")
	}
	want := []string{"replace <nil> -> *loading.Scene", "replace *loading.Scene -> *loading_test.Level"}
	if strings.Join(changes, "; ") != strings.Join(want, "; ") {
		t.Errorf("scene changes = %q, want %q", changes, want)
	}
}

func TestLoadingSceneError(t *testing.T) {
	l := assets.New(files())
	var reported []error
	s := loading.New(l.Batch().Add(assets.KindImage, "a.png", "missing.png"), &Level{loader: l})
	s.OnError = func(err error) { reported = append(reported, err) }
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunUntil(func() bool { return s.Err() != nil }); err != nil {
		t.Fatal(err)
	}
	h.RunSteps(10)
	if len(reported) != 1 || !errors.Is(reported[0], assets.ErrNotFound) || reported[0].Error() != "missing.png: file does not exist" {
		t.Errorf("OnError calls: %v", reported)
	}
	if h.Scenes().Top() != s {
		t.Error("the loading scene left after its batch failed")
	}
	_, fill, _ := bar(t, s)
	if fill.Color != nrgba(loading.DefaultBar.Fail) || fill.Size.X != loading.DefaultBar.W {
		t.Errorf("bar after a failure: %+v; want full and red", *fill)
	}
}

// TestLoadingSceneLeaves: leaving the scene while it loads cancels the
// batch; the loads in progress complete, the others do not start.
func TestLoadingSceneLeaves(t *testing.T) {
	g := &gatedFS{FS: files(), gate: map[string]bool{"b.png": true}, open: make(chan struct{}), opened: make(chan string, 1)}
	l := assets.New(g)
	b := l.Batch().Add(assets.KindImage, "a.png", "b.png", "c.png", "d.png")
	b.Workers = 1
	s := loading.New(b, nil)
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.RunSteps(1)
	<-g.opened
	other := &Level{loader: l}
	h.Scenes().Replace(other) // the player quits to the menu, say
	go func() {
		time.Sleep(20 * time.Millisecond) // OnExit is waiting by now
		g.release()
	}()
	h.RunSteps(1)
	if h.Scenes().Top() != other {
		t.Fatal("the scene did not change")
	}
	if !errors.Is(s.Err(), context.Canceled) {
		t.Errorf("Err() = %v, want context.Canceled", s.Err())
	}
	var got []string
	for _, r := range l.Loaded() {
		got = append(got, r.Path)
	}
	if strings.Join(got, ",") != "a.png,b.png,d.png" { // d.png: loaded by the other scene
		t.Errorf("Loaded() = %v, want a.png, b.png (loaded before leaving) and d.png", got)
	}
}

func TestLoadingScenePops(t *testing.T) {
	l := assets.New(files())
	under := &Level{loader: l}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: under}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.RunSteps(1)
	s := &loading.Scene{Batch: l.Batch().Add(assets.KindData, "tuning.yaml"), Bar: loading.Bar{Fill: color.RGBA{0, 0xff, 0, 0xff}}}
	h.Scenes().Push(s)
	if err := h.RunUntil(func() bool { return h.Scenes().Top() == under }); err != nil {
		t.Fatal(err)
	}
	if h.Scenes().Len() != 1 || s.Err() != nil {
		t.Errorf("after loading: %d scenes, Err() = %v", h.Scenes().Len(), s.Err())
	}
}

func TestLoadingSceneWithoutBatch(t *testing.T) {
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &loading.Scene{}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunSteps(3); !errors.Is(err, loading.ErrNoBatch) {
		t.Errorf("RunSteps() = %v, want ErrNoBatch", err)
	}
}

// TestLoadPanicIsAnError: a load that panics on the scene's loading
// goroutine (a Batch not made by Loader.Batch) becomes the scene's error,
// wrapping ErrPanic, instead of ending the process.
func TestLoadPanicIsAnError(t *testing.T) {
	s := &loading.Scene{Batch: &assets.Batch{}}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunUntil(func() bool { return s.Err() != nil }); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(s.Err(), loading.ErrPanic) {
		t.Errorf("Err() = %v, want ErrPanic", s.Err())
	}
}

// TestBarMovesWithoutAllocating: a frame of the loading scene, while its
// batch loads, allocates nothing.
func TestBarMovesWithoutAllocating(t *testing.T) {
	g := &gatedFS{FS: files(), gate: map[string]bool{"a.png": true}, open: make(chan struct{}), opened: make(chan string, 1)}
	defer g.release()
	l := assets.New(g)
	s := loading.New(l.Batch().Add(assets.KindImage, "a.png"), nil)
	m := scene.NewManager()
	m.Push(s)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	defer func() { g.release(); m.Close(); m.Apply() }()
	if n := testing.AllocsPerRun(100, func() { s.Update(1.0/60, 0) }); n != 0 {
		t.Errorf("Update allocates %v times a frame, want 0", n)
	}
}
