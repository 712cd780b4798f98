package render_test

import (
	"image"
	"image/color"
	"slices"
	"testing"

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
	}{
		{"nothing", func(*testing.T, *scene) {}, true},
		{"another alpha", func(_ *testing.T, s *scene) { s.alpha = 0.25 }, true},
		{"a step that moves nothing", func(_ *testing.T, s *scene) { s.stepping = true }, true},
		{"a settle", func(_ *testing.T, s *scene) { s.k.r.Settle(); s.ref.Settle() }, true},
		{"a teleport of a sprite that stands still", func(_ *testing.T, s *scene) { geom.Teleport(s.k.w, s.ents[70]) }, true},
		{"a sprite that moves", func(_ *testing.T, s *scene) { geom.Position.Require(s.k.w, s.ents[130]).X += 2 }, false},
		{"a sprite that moves and teleports", func(_ *testing.T, s *scene) {
			geom.Position.Require(s.k.w, s.ents[130]).Y += 9
			geom.Teleport(s.k.w, s.ents[130])
		}, false},
		{"another frame", func(_ *testing.T, s *scene) { drawable.Sprite.Require(s.k.w, s.ents[3]).Region = frame(2) }, false},
		{"another tint", func(_ *testing.T, s *scene) {
			drawable.Sprite.Require(s.k.w, s.ents[199]).Tint = color.NRGBA{0xff, 0, 0, 0xff}
		}, false},
		{"a flip", func(_ *testing.T, s *scene) { drawable.Sprite.Require(s.k.w, s.ents[64]).Flip = drawable.FlipX }, false},
		{"a turned pose", func(_ *testing.T, s *scene) { geom.WorldTransform.Require(s.k.w, s.posed).Rotation += 0.5 }, false},
		{"a hidden sprite", func(_ *testing.T, s *scene) { drawable.Hidden.Add(s.k.w, s.ents[10]) }, false},
		{"a sprite born", func(_ *testing.T, s *scene) { s.k.sprite(40, 40, drawable.Picture{Region: hero}) }, false},
		{"a sprite dead", func(_ *testing.T, s *scene) { s.k.w.Destroy(s.ents[196]) }, false},
		{"a shape", func(_ *testing.T, s *scene) { s.k.shape(50, 50, drawable.Rect(10, 10, color.NRGBA{0, 0, 0xff, 0xff})) }, false},
		{"a screen sprite", func(_ *testing.T, s *scene) { drawable.Screen.Add(s.k.w, s.ents[20]) }, false},
		{"the camera moves", func(_ *testing.T, s *scene) { drawable.Camera.Require(s.k.w, s.k.cam).Position.X += 3 }, false},
		{"the camera zooms", func(_ *testing.T, s *scene) { drawable.Camera.Require(s.k.w, s.k.cam).Zoom = 2 }, false},
		{"the camera's background", func(_ *testing.T, s *scene) {
			drawable.Camera.Require(s.k.w, s.k.cam).Background = color.NRGBA{0, 0x40, 0, 0xff}
		}, false},
		{"a second camera", func(_ *testing.T, s *scene) { s.k.camera(cameraAt(100, 100)) }, false},
		{"another screen", func(_ *testing.T, s *scene) { s.screen = image.Rect(0, 0, 300, 200) }, false},
		{"a reload of a picture drawn", func(t *testing.T, s *scene) { touch(t, s.k) }, false},
		{"blocks not kept", func(_ *testing.T, s *scene) { s.k.r.SetKeepBlocks(false) }, false},
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
		}, false},
		{"let go", func(_ *testing.T, s *scene) { s.k.r.Release() }, false},
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
			frame := func(f int) (repeated bool) {
				t.Helper()
				if s.stepping {
					k.r.BeforeStep(s.w)
					s.ref.BeforeStep(s.w)
				}
				before := k.r.Repeats()
				k.r.Prepare(s.screen, s.w, s.alpha)
				s.ref.Prepare(s.screen, s.w, s.alpha)
				if got, want := k.r.Batches(), s.ref.Batches(); len(got) != len(want) {
					t.Fatalf("frame %d: %d batches, want %d", f, len(got), len(want))
				} else {
					for i := range got {
						if !slices.Equal(got[i].Vertices, want[i].Vertices) || !slices.Equal(got[i].Ops, want[i].Ops) {
							t.Fatalf("frame %d: batch %d differs from placing every sprite", f, i)
						}
					}
				}
				if got, want := k.r.Stats(), s.ref.Stats(); got != want {
					t.Fatalf("frame %d: stats %+v, want %+v", f, got, want)
				}
				return k.r.Repeats() > before
			}
			k.r.BeforeStep(k.w)
			s.ref.BeforeStep(k.w)
			for f := range 4 {
				// The first frame places every sprite, the second keeps
				// every block, the others repeat.
				if got, want := frame(f), f >= 2; got != want {
					t.Fatalf("before the change, frame %d repeated %v, want %v", f, got, want)
				}
			}
			tc.change(t, s)
			if got := frame(4); got != tc.repeats {
				t.Errorf("after the change, the frame repeated %v, want %v", got, tc.repeats)
			}
			// Quiet again, with steps between frames so that what moved
			// stands still: the frames still match, and (unless the change
			// left something the straight path does not keep) repeat.
			s.stepping = true
			repeated := false
			for f := 5; f < 10; f++ {
				repeated = frame(f)
			}
			lasting := map[string]bool{"a shape": true, "a screen sprite": true, "a second camera": true, "blocks not kept": true}
			if repeated == lasting[tc.name] {
				t.Errorf("quiet again, the last frame repeated %v, want %v", repeated, !lasting[tc.name])
			}
		})
	}
}
