package render_test

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestRepeatedFrames: once a frame has kept every block of sprites, the
// frames after it that change nothing repeat its batch (see
// Renderer.repeat). Each case changes one thing after a run of such
// frames; the frame after the change must match a renderer that places
// every sprite every frame, and repeat the last only if the change does
// not alter what is drawn. The frames after it must match too, and
// repeat again once the world is quiet.
func TestRepeatedFrames(t *testing.T) {
	type scene struct {
		k        *kit
		w        *world.World // the world drawn: k.w, unless a case gives another
		ref      *render.Renderer
		ents     []world.Entity
		posed    world.Entity
		screen   image.Rectangle
		alpha    float64
		stepping bool // a step before each frame
	}
	for _, tc := range []struct {
		name    string
		change  func(t *testing.T, s *scene)
		repeats bool // the frame after the change repeats the last
		lasting bool // no frame repeats while what the change made lasts
	}{
		{"nothing", func(*testing.T, *scene) {}, true, false},
		{"another alpha", func(_ *testing.T, s *scene) { s.alpha = 0.25 }, true, false},
		{"a step that moves nothing", func(_ *testing.T, s *scene) { s.stepping = true }, true, false},
		{"a settle", func(_ *testing.T, s *scene) { s.k.r.Settle(); s.ref.Settle() }, true, false},
		{"a teleport of a sprite that stands still", func(_ *testing.T, s *scene) { geom.Teleport(s.k.w, s.ents[70]) }, true, false},
		{"a sprite that moves", func(_ *testing.T, s *scene) { geom.Position.Require(s.k.w, s.ents[130]).X += 2 }, false, false},
		{"a sprite that moves and teleports", func(_ *testing.T, s *scene) {
			geom.Position.Require(s.k.w, s.ents[130]).Y += 9
			geom.Teleport(s.k.w, s.ents[130])
		}, false, false},
		{"another frame", func(_ *testing.T, s *scene) { drawable.Sprite.Require(s.k.w, s.ents[3]).Region = frame(2) }, false, false},
		{"another tint", func(_ *testing.T, s *scene) {
			drawable.Sprite.Require(s.k.w, s.ents[199]).Tint = color.NRGBA{0xff, 0, 0, 0xff}
		}, false, false},
		{"a flip", func(_ *testing.T, s *scene) { drawable.Sprite.Require(s.k.w, s.ents[64]).Flip = drawable.FlipX }, false, false},
		{"a turned pose", func(_ *testing.T, s *scene) { geom.WorldTransform.Require(s.k.w, s.posed).Rotation += 0.5 }, false, false},
		{"a hidden sprite", func(_ *testing.T, s *scene) { drawable.Hidden.Add(s.k.w, s.ents[10]) }, false, false},
		{"a sprite born", func(_ *testing.T, s *scene) { s.k.sprite(40, 40, drawable.Picture{Region: hero}) }, false, false},
		{"a sprite dead", func(_ *testing.T, s *scene) { s.k.w.Destroy(s.ents[196]) }, false, false},
		{"a shape", func(_ *testing.T, s *scene) { s.k.shape(50, 50, drawable.Rect(10, 10, color.NRGBA{0, 0, 0xff, 0xff})) }, false, true},
		{"a screen sprite", func(_ *testing.T, s *scene) { drawable.Screen.Add(s.k.w, s.ents[20]) }, false, true},
		{"the camera moves", func(_ *testing.T, s *scene) { drawable.Camera.Require(s.k.w, s.k.cam).Position.X += 3 }, false, false},
		{"the camera zooms", func(_ *testing.T, s *scene) { drawable.Camera.Require(s.k.w, s.k.cam).Zoom = 2 }, false, false},
		{"the camera's background", func(_ *testing.T, s *scene) {
			drawable.Camera.Require(s.k.w, s.k.cam).Background = color.NRGBA{0, 0x40, 0, 0xff}
		}, false, false},
		{"a second camera", func(_ *testing.T, s *scene) { s.k.camera(cameraAt(100, 100)) }, false, true},
		{"another screen", func(_ *testing.T, s *scene) { s.screen = image.Rect(0, 0, 300, 200) }, false, false},
		{"a reload of a picture drawn", func(t *testing.T, s *scene) { touch(t, s.k) }, false, false},
		{"blocks not kept", func(_ *testing.T, s *scene) { s.k.r.SetKeepBlocks(false) }, false, true},
		{"another world, the same sprites", func(t *testing.T, s *scene) {
			// The same components joined in the same order: the same
			// structure epoch as k.w's.
			w := world.New()
			world.Spawn1(w, drawable.Camera, *drawable.Camera.Require(s.k.w, s.k.cam))
			for _, e := range s.ents {
				world.Spawn2(w, geom.Position, *geom.Position.Require(s.k.w, e), drawable.Sprite, *drawable.Sprite.Require(s.k.w, e))
			}
			geom.WorldTransform.Add(w, s.posed, *geom.WorldTransform.Require(s.k.w, s.posed))
			if w.StructureEpoch() != s.k.w.StructureEpoch() {
				t.Fatalf("the other world's structure epoch is %d, want k.w's %d", w.StructureEpoch(), s.k.w.StructureEpoch())
			}
			s.w = w
		}, false, false},
		{"let go", func(_ *testing.T, s *scene) { s.k.r.Release() }, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newKit(t, render.Options{})
			k.cam = k.lookAt(320, 240)
			s := &scene{k: k, w: k.w, ref: render.New(k.c, render.Options{}), screen: image.Rect(0, 0, 320, 240), alpha: 0.5}
			s.ref.SetKeepBlocks(false)
			for i := range 200 { // four blocks, the last of heroes
				p := drawable.Picture{Region: frame(i % 4)}
				if i >= 192 {
					p.Region = hero
				}
				s.ents = append(s.ents, k.sprite(float64(i%20)*15, float64(i/20)*20, p))
			}
			s.posed = s.ents[150]
			geom.WorldTransform.Add(k.w, s.posed, geom.Pose{Rotation: 0.2})
			// Frames are drawn inside the game loop's Draw (onScreen), as
			// every drawing test here does: ebitengine's images are the
			// loop's, and drawing beside it, from the test's goroutine,
			// left other tests' pictures drawn otherwise now and then
			// (TestSpritePathsAgree, a few channels off). The screens go
			// when the case ends.
			screens := map[image.Rectangle]*ebiten.Image{}
			t.Cleanup(func() {
				onScreen(func(*ebiten.Image) {
					for _, img := range screens {
						img.Deallocate()
					}
				})
			})
			// frame draws a frame through both renderers, after a step if
			// the scene steps and then between, and reports whether the
			// renderer under test repeated the last.
			frame := func(f int, between func()) (repeated bool) {
				t.Helper()
				if s.stepping {
					k.r.BeforeStep(s.w)
					s.ref.BeforeStep(s.w)
				}
				if between != nil {
					between()
				}
				before := k.r.Repeats()
				onScreen(func(*ebiten.Image) {
					dst := screens[s.screen]
					if dst == nil {
						dst = ebiten.NewImage(s.screen.Dx(), s.screen.Dy())
						screens[s.screen] = dst
					}
					k.r.Draw(dst, s.w, s.alpha)
					s.ref.Draw(dst, s.w, s.alpha)
				})
				sameBatches(t, fmt.Sprintf("frame %d", f), k.r, s.ref)
				return k.r.Repeats() > before
			}
			k.r.BeforeStep(k.w)
			s.ref.BeforeStep(k.w)
			for f := range 4 {
				// The first frame places every sprite, the second keeps
				// every block, the others repeat.
				if got, want := frame(f, nil), f >= 2; got != want {
					t.Fatalf("before the change, frame %d repeated %v, want %v", f, got, want)
				}
			}
			tc.change(t, s)
			if got := frame(4, nil); got != tc.repeats {
				t.Errorf("after the change, the frame repeated %v, want %v", got, tc.repeats)
			}
			// Quiet again, with steps between frames so that what moved
			// stands still: the frames still match, and (unless the change
			// left something the straight path does not keep) repeat.
			s.stepping = true
			repeated := false
			for f := 5; f < 10; f++ {
				repeated = frame(f, nil)
			}
			if repeated == tc.lasting {
				t.Errorf("quiet again, the last frame repeated %v, want %v", repeated, !tc.lasting)
			}
			// A settle gives the history a new id: the repeated frame
			// after it notes where the sprites are, for the next step to
			// interpolate a sprite that moves from there.
			k.r.Settle()
			s.ref.Settle()
			if got := frame(10, nil); got == tc.lasting {
				t.Errorf("after a settle, the frame repeated %v, want %v", got, !tc.lasting)
			}
			frame(11, func() { geom.Position.Require(s.w, s.ents[5]).X += 10 })
		})
	}
}

// sameBatches fails t unless renderers got and want drew the same
// batches, vertex for vertex and op for op, and report the same Stats.
func sameBatches(t *testing.T, what string, got, want *render.Renderer) {
	t.Helper()
	g, w := got.Batches(), want.Batches()
	if len(g) != len(w) {
		t.Fatalf("%s: %d batches, want %d", what, len(g), len(w))
	}
	for i := range g {
		if !slices.Equal(g[i].Vertices, w[i].Vertices) || !slices.Equal(g[i].Ops, w[i].Ops) {
			t.Fatalf("%s: batch %d differs from the reference's", what, i)
		}
	}
	if g, w := got.Stats(), want.Stats(); g != w {
		t.Fatalf("%s: stats %+v, want %+v", what, g, w)
	}
}

// TestRepeatAtHistoryWrap: a repeated frame whose BeginDraw wraps the
// history's ids around (which clears every note) is not repeated: the
// frame is prepared whole and notes every sprite again, so that a sprite
// that moves after the next step is interpolated from where it was.
func TestRepeatAtHistoryWrap(t *testing.T) {
	k := newKit(t, render.Options{})
	k.cam = k.lookAt(320, 240)
	ref := render.New(k.c, render.Options{})
	ref.SetKeepBlocks(false)
	var ents []world.Entity
	for i := range 100 {
		ents = append(ents, k.sprite(float64(i%10)*30, float64(i/10)*20, drawable.Picture{Region: hero}))
	}
	screen := image.Rect(0, 0, 320, 240)
	both := func(f func(r *render.Renderer)) { f(k.r); f(ref) }
	step := func() { both(func(r *render.Renderer) { r.BeforeStep(k.w) }) }
	prepare := func(what string) {
		t.Helper()
		both(func(r *render.Renderer) { r.Prepare(screen, k.w, 0.5) })
		sameBatches(t, what, k.r, ref)
	}
	prepare("the first frame") // its notes get id 1
	step()
	prepare("placed")
	prepare("kept")
	prepare("repeated")
	step() // the notes' buffer is id 1's again
	prepare("repeated, its notes under id 1 and 2")
	// One id left, which a settle takes: the step after it swaps in a
	// buffer whose id the settle retired, and the next frame's BeginDraw
	// wraps the ids around to give it a new one.
	both(func(r *render.Renderer) { r.SkipHistoryIDs(1); r.Settle() })
	step()
	before := k.r.Repeats()
	prepare("the frame whose ids wrap")
	if k.r.Repeats() != before {
		t.Error("the frame whose ids wrapped repeated the last")
	}
	step()
	geom.Position.Require(k.w, ents[5]).X += 10
	prepare("a sprite moved after the wrap")
}

// TestRepeatAfterStraightOff: a renderer told to leave the straight path
// stops repeating its frames, and draws as one that never took it.
func TestRepeatAfterStraightOff(t *testing.T) {
	k := newKit(t, render.Options{})
	k.cam = k.lookAt(320, 240)
	ref := render.New(k.c, render.Options{})
	ref.SetStraight(false)
	for i := range 100 {
		k.sprite(float64(i%10)*30+0.3, float64(i/10)*20+0.7, drawable.Picture{Region: hero, Rotation: 0.1 * float64(i)})
	}
	screen := image.Rect(0, 0, 320, 240)
	k.r.BeforeStep(k.w)
	ref.BeforeStep(k.w)
	for f := range 6 {
		if f == 3 {
			if k.r.Repeats() == 0 {
				t.Fatal("no frame repeated before the straight path was turned off")
			}
			k.r.SetStraight(false)
		}
		k.r.Prepare(screen, k.w, 0.5)
		ref.Prepare(screen, k.w, 0.5)
		if f >= 3 {
			if k.r.Straight() {
				t.Fatalf("frame %d: the straight path, after SetStraight(false)", f)
			}
			sameBatches(t, fmt.Sprintf("frame %d, the straight path off", f), k.r, ref)
		}
	}
}
