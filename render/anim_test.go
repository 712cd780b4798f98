package render_test

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"slices"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/world"
)

// TestAnimation plays a four-frame clip at 15 frames a second (a frame
// every 4 steps at 60 Hz) in each mode and checks the frame shown after
// each step, and the end of the clip played once.
func TestAnimation(t *testing.T) {
	var ends []render.AnimationEnd
	k := newKit(t, render.Options{OnAnimationEnd: func(e render.AnimationEnd) { ends = append(ends, e) }})
	frames := k.sheet.Frames(0, 4)
	clips := map[render.Mode]render.Clip{
		render.Loop:     k.r.AddClip(15, render.Loop, frames...),
		render.Once:     k.r.AddClip(15, render.Once, frames...),
		render.PingPong: k.r.AddClip(15, render.PingPong, frames...),
	}
	ents := map[render.Mode]world.Entity{}
	for m, c := range clips {
		e := k.sprite(0, 0, render.Picture{Region: frames[0]})
		render.Animation.Add(k.w, e, render.Playback{Clip: c})
		ents[m] = e
	}
	var ended []world.Entity
	if err := k.w.AddSystem(world.System{Name: "listen", Phase: world.Fixed, Run: func(*world.Context) error {
		for _, end := range k.r.Ended() {
			ended = append(ended, end.Entity)
		}
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	want := map[render.Mode][]int{
		// After steps 1..28: frame i from step 4i on.
		render.Loop:     {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3},
		render.Once:     {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
		render.PingPong: {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 1},
	}
	got := map[render.Mode][]int{}
	for range 28 {
		k.step(t)
		for m, e := range ents {
			got[m] = append(got[m], int(render.Sprite.Require(k.w, e).Region-frames[0]))
		}
	}
	for m := range want {
		if !slices.Equal(got[m], want[m]) {
			t.Errorf("mode %d: frames %v, want %v", m, got[m], want[m])
		}
	}
	if !slices.Equal(ended, []world.Entity{ents[render.Once]}) {
		t.Errorf("Ended() reported %v, want the once clip's entity %v, once", ended, ents[render.Once])
	}
	if len(ends) != 1 || ends[0] != (render.AnimationEnd{Entity: ents[render.Once], Clip: clips[render.Once]}) {
		t.Errorf("OnAnimationEnd got %v, want one end of the once clip", ends)
	}

	// Play switches clips from their start; playing the same one goes on.
	p := render.Animation.Require(k.w, ents[render.Once])
	p.Play(clips[render.Once])
	if p.Elapsed == 0 {
		t.Error("Play of the clip already playing restarted it")
	}
	p.Play(clips[render.Loop])
	k.step(t)
	if f := render.Sprite.Require(k.w, ents[render.Once]).Region; f != frames[0] {
		t.Errorf("after Play of another clip: frame %d, want the first", f-frames[0])
	}
	p = render.Animation.Require(k.w, ents[render.Once])
	p.Play(clips[render.Once])
	for range 16 {
		k.step(t)
	}
	if len(ends) != 2 {
		t.Errorf("after playing the once clip again: %d ends reported, want 2", len(ends))
	}
}

func TestInstallOrder(t *testing.T) {
	r, err := render.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(*world.Context) error { return nil }}); err != nil {
		t.Fatal(err)
	}
	if err := r.Install(w); !errors.Is(err, render.ErrInstallOrder) {
		t.Errorf("Install after a fixed system = %v, want ErrInstallOrder", err)
	}
	w2 := world.New()
	if err := r.Install(w2); err != nil {
		t.Fatal(err)
	}
	if r.Installed() != w2 {
		t.Error("Installed() is not the installed world")
	}
	world.Spawn1(w2, geom.Position, geom.Vec2{})
	w2.Clear() // what leaving the scene does
	if r.Installed() != nil {
		t.Error("the renderer still draws a cleared world")
	}
	if err := r.Install(w2); err != nil {
		t.Errorf("Install again after Clear: %v", err)
	}
}

// TestReload changes the hero picture and the sheet's image on disk and
// reloads them: the sprites show the new pixels.
func TestReload(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(40, 20)
	k.sprite(0, 0, render.Picture{Region: k.hero})
	k.sprite(20, 0, render.Picture{Region: k.sheet.Frame(0)})
	before := grab(40, 20, bg, k.r.Draw)
	if c := pixel(before, 4, 4); c != red {
		t.Fatalf("before the reload: pixel (4, 4) = %v, want red", c)
	}
	// The hero, twice as large and all green; the sheet with frame 0 all
	// blue.
	hero := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	draw.Draw(hero, hero.Bounds(), image.NewUniform(green), image.Point{}, draw.Src)
	sheet := image.NewNRGBA(image.Rect(0, 0, 32, 8))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(blue), image.Point{}, draw.Src)
	k.fs["hero.png"] = &fstest.MapFile{Data: encode(hero), ModTime: time.Unix(2, 0)}
	k.fs["sheet.png"] = &fstest.MapFile{Data: encode(sheet), ModTime: time.Unix(2, 0)}
	if ev := k.l.Reload(); ev.Err != nil || len(ev.Paths) != 2 {
		t.Fatalf("Reload() = %+v, want both files reloaded", ev)
	}
	after := grab(40, 20, bg, k.r.Draw)
	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"the new hero", 4, 4, green},
		{"the new hero is larger", 18, 18, green},
		{"the sheet's new frame 0", 26, 4, blue},
	} {
		if got := pixel(after, c.x, c.y); got != c.want {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
}
