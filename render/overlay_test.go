package render_test

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// fakeClock is a clock that moves on by tick every time it is read, so
// that every measured duration is the same on every run.
type fakeClock struct {
	now, tick time.Duration
}

func (c *fakeClock) read() time.Duration {
	c.now += c.tick
	return c.now
}

// overlayKit is a kit with an overlay timing its world's systems, driven
// as the window runtime drives it.
type overlayKit struct {
	*kit
	o     *render.Overlay
	clock *fakeClock
	steps uint64
	now   time.Duration
}

func newOverlayKit(t *testing.T) *overlayKit {
	o, err := render.NewOverlay("")
	if err != nil {
		t.Fatal(err)
	}
	k := &overlayKit{kit: newKit(t, render.Options{}), o: o, clock: &fakeClock{tick: 20 * time.Microsecond}}
	o.SetClock(k.clock.read)
	k.w.SetRunObserver(o)
	return k
}

// frame runs a frame of dt with steps fixed steps, as the window runtime
// does: the steps, the frame phase, then the overlay's count.
func (k *overlayKit) frame(t *testing.T, dt time.Duration, steps int) {
	t.Helper()
	for range steps {
		k.step(t)
		k.steps++
		k.now += time.Second / 60
	}
	if err := k.w.Run(world.Context{Phase: world.Frame, DT: dt.Seconds(), Step: k.steps, Now: k.now}, nil); err != nil {
		t.Fatal(err)
	}
	k.o.Frame(k.steps, k.now, dt.Seconds(), time.Second/60)
}

// draw draws the world then the overlay, as the window runtime does.
func (k *overlayKit) draw(dst *ebiten.Image) {
	k.o.StartDraw()
	k.kit.draw(dst)
	k.o.EndDraw()
	k.o.Draw(dst, k.w, k.r.Stats())
}

// TestOverlay draws the overlay over a world, with a clock that makes its
// numbers the same on every run: about 60 frames a second at one step a
// frame, one frame that dropped steps, timed systems and the inspect
// listing.
func TestOverlay(t *testing.T) {
	k := newOverlayKit(t)
	k.lookAt(screenW, screenH)
	k.o.Show()
	for i := range 12 {
		k.sprite(float64(20+24*(i%10)), float64(120+24*(i/10)), drawable.Picture{Region: hero})
	}
	for _, s := range []world.System{
		{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			k.clock.read() // takes a while
			return nil
		}},
		{Name: "ui", Phase: world.Frame, Run: func(ctx *world.Context) error { return nil }},
	} {
		if err := k.w.AddSystem(s); err != nil {
			t.Fatal(err)
		}
	}
	for f := range 70 {
		dt, steps := time.Second/60, 1
		if f == 30 {
			dt, steps = time.Second/4, 8 // a stall: 15 steps owed, 8 run, 7 dropped
		}
		k.frame(t, dt, steps)
		k.clock.now += dt - 10*k.clock.tick // the rest of the frame
		if f < 69 {
			k.draw(ebiten.NewImage(1, 1))
		}
	}
	got := grab(screenW, screenH, bg, k.draw)
	golden(t, "overlay", got)
}

// TestOverlayHidden checks that a hidden overlay draws nothing and reads
// no clock: it costs nothing.
func TestOverlayHidden(t *testing.T) {
	k := newOverlayKit(t)
	k.lookAt(64, 48)
	k.sprite(8, 8, drawable.Picture{Region: hero})
	reads := 0
	k.o.SetClock(func() time.Duration { reads++; return 0 })
	timed := world.System{Name: "noop", Phase: world.Frame, Run: func(*world.Context) error { return nil }}
	if err := k.w.AddSystem(timed); err != nil {
		t.Fatal(err)
	}
	k.frame(t, time.Second/60, 1)
	hidden := grab(64, 48, bg, k.draw)
	if reads != 0 {
		t.Errorf("a hidden overlay read its clock %d times, want 0", reads)
	}
	k.o.Toggle()
	if !k.o.Visible() {
		t.Fatal("Toggle did not show the overlay")
	}
	k.frame(t, time.Second/60, 1)
	shown := grab(64, 48, bg, k.draw)
	if reads == 0 || string(shown.Pix) == string(hidden.Pix) {
		t.Errorf("a shown overlay read its clock %d times and changed the picture: %v; want both", reads, string(shown.Pix) != string(hidden.Pix))
	}
	k.o.Hide()
	if again := grab(64, 48, bg, k.draw); string(again.Pix) != string(hidden.Pix) {
		t.Error("hidden again, the overlay still draws")
	}
}

// TestOverlayOneRowLeft: with one row left for the inspect page (a 320×180
// game with several timed systems), Draw leaves the page out; it divided
// by zero.
func TestOverlayOneRowLeft(t *testing.T) {
	k := newOverlayKit(t)
	k.o.Show()
	for _, name := range []string{"game.move", "game.ai", "game.hit", "game.score", "game.spawn"} {
		if err := k.w.AddSystem(world.System{Name: name, Phase: world.Fixed, Run: func(*world.Context) error { return nil }}); err != nil {
			t.Fatal(err)
		}
	}
	k.sprite(10, 10, drawable.Picture{Region: hero})
	k.frame(t, time.Second/60, 1)
	onScreen(func(*ebiten.Image) {
		img := ebiten.NewImage(320, 180)
		defer img.Deallocate()
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("Draw on a 320×180 screen with the overlay shown panicked: %v", p)
			}
		}()
		k.draw(img)
	})
}

// TestOverlayShownMidRun: a system run during which the overlay is shown
// (its key is read between runs, but a game may show it from a system) is
// not timed; it was timed from a stale start, a run as long as the
// program had been running.
func TestOverlayShownMidRun(t *testing.T) {
	k := newOverlayKit(t)
	now := 30 * time.Second // the game has run for half a minute
	k.o.SetClock(func() time.Duration { now += 10 * time.Microsecond; return now })
	if err := k.w.AddSystem(world.System{Name: "debug.toggle", Phase: world.Frame, Run: func(*world.Context) error {
		k.o.Show()
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	k.frame(t, time.Second/60, 0)
	now += 2 * time.Second
	for name, max := range k.o.Longest(now) {
		if max > time.Second {
			t.Errorf("system %s: longest run %v, after a run of about 10µs", name, max)
		}
	}
}

// TestOverlayTimesOverlappingRuns: systems that declare their access run
// at once, so their start and end calls interleave; each is timed from
// its own start. (One shared start timed the first from the second's
// start and dropped the second.)
func TestOverlayTimesOverlappingRuns(t *testing.T) {
	k := newOverlayKit(t)
	k.o.Show()
	k.o.SystemStarted("a", world.Fixed) // clock 20µs
	k.o.SystemStarted("b", world.Fixed) // 40µs
	k.o.SystemEnded("a", world.Fixed)   // 60µs
	k.o.SystemEnded("b", world.Fixed)   // 80µs
	got := k.o.Longest(2 * time.Second)
	if got["a"] != 40*time.Microsecond || got["b"] != 40*time.Microsecond {
		t.Errorf("longest runs %v, want 40µs each", got)
	}
}

// TestOverlayShowsApplyTimes: with the world timing its systems, the
// overlay adds a column for the time their buffers took to apply; it
// draws, and the picture differs from the one without it.
func TestOverlayShowsApplyTimes(t *testing.T) {
	pictures := make([]string, 2)
	tag := world.DefineTag("overlay_test.mark")
	for i, window := range []int{0, 60} {
		k := newOverlayKit(t)
		k.w.SetTimingWindow(window)
		k.o.Show()
		if err := k.w.AddSystem(world.System{Name: "mark", Phase: world.Fixed, Adds: []world.ComponentType{tag}, Run: func(ctx *world.Context) error {
			ctx.World.Spawn(tag.Part())
			return nil
		}, Spawns: []world.ComponentType{tag}}); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			k.frame(t, time.Second/60, 1)
		}
		pictures[i] = string(grab(480, 200, bg, k.draw).Pix)
	}
	if pictures[0] == pictures[1] {
		t.Error("the overlay looks the same with the world's timing on")
	}
}

func TestOverlayKey(t *testing.T) {
	if _, err := render.NewOverlay("F3"); err != nil {
		t.Errorf("NewOverlay(F3): %v", err)
	}
	if _, err := render.NewOverlay("NoSuchKey"); err == nil {
		t.Error("NewOverlay(NoSuchKey): no error")
	}
}
