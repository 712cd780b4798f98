package drawable_test

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

const dt = 1.0 / 60

// animated spawns an entity showing clip of hero.yaml.
func animated(w *world.World, clip string) world.Entity {
	return world.Spawn2(w, drawable.Sprite, drawable.Picture{}, drawable.Animation, drawable.Play("hero.yaml", clip))
}

// frameOf returns the frame e's sprite shows.
func frameOf(w *world.World, e world.Entity) string {
	return drawable.Sprite.Require(w, e).Region.Frame.String()
}

// TestAnimatorModes plays a four-frame clip at 15 frames a second (a
// frame every 4 steps at 60 Hz) in each mode and checks the frame shown
// after each step, and the end of the clip played once, reported in the
// step it ends and only then.
func TestAnimatorModes(t *testing.T) {
	w := world.New()
	a := drawable.NewAnimator(assets.New(files()))
	modes := []string{"loop", "once", "pingpong"}
	ents := map[string]world.Entity{}
	for _, m := range modes {
		ents[m] = animated(w, m)
	}
	want := map[string]string{
		// After steps 1..28: frame i from step 4i on.
		"loop":     "aaabbbbccccddddaaaabbbbccccd",
		"once":     "aaabbbbccccddddddddddddddddd",
		"pingpong": "aaabbbbccccddddccccbbbbaaaab",
	}
	got := map[string]string{}
	var endedAt []int
	for step := 1; step <= 28; step++ {
		if err := a.Step(w, dt); err != nil {
			t.Fatal(err)
		}
		for _, m := range modes {
			got[m] += frameOf(w, ents[m])
		}
		ends := drawable.AnimationEnds(w)
		if !slices.Equal(ends, a.Ended()) {
			t.Fatalf("AnimationEnds = %v, Ended = %v; want the same", ends, a.Ended())
		}
		for _, end := range ends {
			if end != (drawable.AnimationEnd{Entity: ents["once"], Atlas: assets.PathOf("hero.yaml"), Clip: assets.NameOf("once")}) {
				t.Errorf("step %d: end %+v, want the once clip's", step, end)
			}
			endedAt = append(endedAt, step)
		}
	}
	for _, m := range modes {
		if got[m] != want[m] {
			t.Errorf("%s: frames %s, want %s", m, got[m], want[m])
		}
	}
	if !slices.Equal(endedAt, []int{16}) {
		t.Errorf("the once clip ended at steps %v, want [16]: once, when its last frame has shown for a frame's time", endedAt)
	}
}

// TestAnimatorPlay: Play switches clips from their first frame; playing
// the clip that plays goes on; Restart starts it again, and a clip played
// once ends again.
func TestAnimatorPlay(t *testing.T) {
	w := world.New()
	a := drawable.NewAnimator(assets.New(files()))
	e := animated(w, "once")
	steps := func(n int) (frames string, ends int) {
		for range n {
			if err := a.Step(w, dt); err != nil {
				t.Fatal(err)
			}
			frames += frameOf(w, e)
			ends += len(drawable.AnimationEnds(w))
		}
		return frames, ends
	}
	if _, ends := steps(20); ends != 1 {
		t.Fatalf("once: %d ends, want 1", ends)
	}
	p := drawable.Animation.Require(w, e)
	p.Play("once") // already playing: goes on, ended
	if f, ends := steps(4); f != "dddd" || ends != 0 {
		t.Errorf("after Play of the clip playing: %s and %d ends, want dddd and none", f, ends)
	}
	p.Restart()
	if f, ends := steps(16); f != "aaabbbbccccddddd" || ends != 1 {
		t.Errorf("after Restart: %s and %d ends, want the clip again and one end", f, ends)
	}
	p.Play("loop")
	if f, _ := steps(5); f != "aaabb" {
		t.Errorf("after Play(loop): %s, want aaabb", f)
	}
}

// TestAnimatorIdle: a playback without a clip, or without an atlas,
// leaves the sprite alone and reports nothing.
func TestAnimatorIdle(t *testing.T) {
	w := world.New()
	a := drawable.NewAnimator(assets.New(files()))
	shown := drawable.Frame("hero.yaml", "c")
	idle := world.Spawn2(w, drawable.Sprite, drawable.Picture{Region: shown}, drawable.Animation, drawable.Playback{Atlas: assets.PathOf("hero.yaml")})
	none := world.Spawn2(w, drawable.Sprite, drawable.Picture{Region: shown}, drawable.Animation, drawable.Playback{})
	for range 10 {
		if err := a.Step(w, dt); err != nil {
			t.Fatalf("Step() = %v, want nil", err)
		}
	}
	for _, e := range []world.Entity{idle, none} {
		if r := drawable.Sprite.Require(w, e).Region; r != shown {
			t.Errorf("entity %v shows %v, want %v, as it was", e, r, shown)
		}
	}
}

// TestAnimatorReportsOnce: a playback naming an atlas that does not load,
// or a clip its atlas does not have, leaves its sprite alone; Step
// reports each problem once, naming the atlas and the clip.
func TestAnimatorReportsOnce(t *testing.T) {
	w := world.New()
	a := drawable.NewAnimator(assets.New(files()))
	for range 3 {
		world.Spawn2(w, drawable.Sprite, drawable.Picture{}, drawable.Animation, drawable.Play("nope.yaml", "walk"))
		animated(w, "walk")
		animated(w, "run")
	}
	var errs []error
	for range 5 {
		if err := a.Step(w, dt); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) != 1 {
		t.Fatalf("Step reported %v over 5 steps, want one error (joining the three problems) in the first", errs)
	}
	msg := errs[0].Error()
	for _, want := range []string{"nope.yaml", `atlas hero.yaml has no clip "walk"`, `atlas hero.yaml has no clip "run"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Count(msg, "nope.yaml") != 1 || !errors.Is(errs[0], fs.ErrNotExist) {
		t.Errorf("error %q: want the missing atlas reported once, wrapping fs.ErrNotExist", msg)
	}
	for e, p := range world.Query1(w, drawable.Sprite) {
		if !p.Region.IsZero() {
			t.Errorf("entity %v shows %v, want nothing", e, p.Region)
		}
	}
}

// TestAnimatorReload: after its atlas file is reloaded, a clip plays its
// new frames.
func TestAnimatorReload(t *testing.T) {
	fsys := files()
	l := assets.New(fsys)
	w := world.New()
	a := drawable.NewAnimator(l)
	e := animated(w, "loop")
	if err := a.Step(w, dt); err != nil {
		t.Fatal(err)
	}
	if f := frameOf(w, e); f != "a" {
		t.Fatalf("before the reload: frame %s, want a", f)
	}
	fsys["hero.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(heroYAML, "loop: {frames: [a, b, c, d]", "loop: {frames: [d, c]", 1)), ModTime: time.Unix(2, 0)}
	if ev := l.Reload(); ev.Err != nil || len(ev.Paths) != 1 {
		t.Fatalf("Reload() = %+v, want hero.yaml reloaded", ev)
	}
	var got string
	for range 8 {
		if err := a.Step(w, dt); err != nil {
			t.Fatal(err)
		}
		got += frameOf(w, e)
	}
	if got != "ddccccdd" { // its time goes on: 2/60 s to 9/60 s, 4 steps a frame
		t.Errorf("after the reload: frames %s, want the clip's new frames, ddccccdd", got)
	}
}

// TestAnimatorAllocs: a steady step allocates nothing.
func TestAnimatorAllocs(t *testing.T) {
	w := world.New()
	a := drawable.NewAnimator(assets.New(files()))
	for i := range 1000 {
		animated(w, []string{"loop", "once", "pingpong", "blink"}[i%4])
	}
	step := func() {
		if err := a.Step(w, dt); err != nil {
			t.Fatal(err)
		}
	}
	step()
	if n := testing.AllocsPerRun(100, step); n != 0 {
		t.Errorf("a step allocates %v times, want 0", n)
	}
}

// TestAnimatorLongRun: a looping clip played for an hour of steps shows
// the frame due on every step; its time wraps, so rounding does not grow.
func TestAnimatorLongRun(t *testing.T) {
	w := world.New()
	a := drawable.NewAnimator(assets.New(files()))
	e := animated(w, "loop")
	for n := 1; n <= 60*60*60; n++ {
		if err := a.Step(w, dt); err != nil {
			t.Fatal(err)
		}
		if n%997 != 0 {
			continue
		}
		if got, want := frameOf(w, e), string("abcd"[(n/4)%4]); got != want {
			t.Fatalf("after %d steps: frame %s, want %s", n, got, want)
		}
		if p := drawable.Animation.Require(w, e); p.Elapsed < 0 || p.Elapsed >= 4.0/15 {
			t.Fatalf("after %d steps: elapsed %v, want it inside one period", n, p.Elapsed)
		}
	}
}
