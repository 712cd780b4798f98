package render_test

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
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

// TestOverlay draws the overlay over a world, with a clock that makes its
// numbers the same on every run: about 60 frames a second at one step a
// frame, one frame that dropped steps, timed systems and the inspect
// listing.
func TestOverlay(t *testing.T) {
	k := newKit(t, render.Options{ShowOverlay: true})
	k.lookAt(screenW, screenH)
	clock := &fakeClock{tick: 20 * time.Microsecond}
	k.r.Overlay().SetClock(clock.read)
	for i := range 12 {
		k.sprite(float64(20+24*(i%10)), float64(120+24*(i/10)), render.Picture{Region: k.hero})
	}
	if err := k.w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		clock.read() // takes a while
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	var step uint64
	now := time.Duration(0)
	for f := range 70 {
		dt := time.Second / 60
		steps := 1
		if f == 30 {
			dt = time.Second / 4 // a stall: 15 steps owed, 8 run, 7 dropped
			steps = 8
		}
		for range steps {
			if err := k.w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60, Step: step, Now: now}, nil); err != nil {
				t.Fatal(err)
			}
			step++
			now += time.Second / 60
		}
		if err := k.w.Run(world.Context{Phase: world.Frame, DT: dt.Seconds(), Step: step, Now: now}, nil); err != nil {
			t.Fatal(err)
		}
		clock.now += dt - 10*clock.tick // the rest of the frame
		if f < 69 {
			k.r.Draw(ebiten.NewImage(1, 1))
		}
	}
	got := grab(screenW, screenH, bg, k.r.Draw)
	golden(t, "overlay", got)
}

// TestOverlayHidden checks that a hidden overlay draws nothing and reads
// no clock: it costs nothing.
func TestOverlayHidden(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(64, 48)
	k.sprite(8, 8, render.Picture{Region: k.hero})
	reads := 0
	k.r.Overlay().SetClock(func() time.Duration { reads++; return 0 })
	timed := world.System{Name: "noop", Phase: world.Frame, Run: func(*world.Context) error { return nil }}
	if err := k.w.AddSystem(timed); err != nil {
		t.Fatal(err)
	}
	k.step(t)
	k.frame(t, 0, 1.0/60)
	hidden := grab(64, 48, bg, k.r.Draw)
	if reads != 0 {
		t.Errorf("a hidden overlay read its clock %d times, want 0", reads)
	}
	k.r.Overlay().Toggle()
	if !k.r.Overlay().Visible() {
		t.Fatal("Toggle did not show the overlay")
	}
	k.frame(t, 0, 1.0/60)
	shown := grab(64, 48, bg, k.r.Draw)
	if reads == 0 || string(shown.Pix) == string(hidden.Pix) {
		t.Errorf("a shown overlay read its clock %d times and changed the picture: %v; want both", reads, string(shown.Pix) != string(hidden.Pix))
	}
	k.r.Overlay().Hide()
	if again := grab(64, 48, bg, k.r.Draw); string(again.Pix) != string(hidden.Pix) {
		t.Error("hidden again, the overlay still draws")
	}
}

func TestOverlayKey(t *testing.T) {
	if _, err := render.New(render.Options{OverlayKey: "F3"}); err != nil {
		t.Errorf("New with overlay key F3: %v", err)
	}
	if _, err := render.New(render.Options{OverlayKey: "NoSuchKey"}); err == nil {
		t.Error("New with overlay key NoSuchKey: no error")
	}
	_ = geom.Vec2{}
}
