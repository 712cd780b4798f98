package render_test

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"slices"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestKeptBlocksMatchPlacing draws one world through two renderers, one
// keeping the quads of the blocks of sprites that did not change and one
// placing every sprite every frame, and checks that their batches are
// the same, vertex for vertex, frame after frame. Between frames a few
// sprites move, change any field of their picture, turn or scale by
// their world pose (a third have a WorldTransform, or all in two seeds), gain or lose one,
// teleport, are hidden or shown, die or are born, some of it between a
// draw and the next step; there are frames with
// no step, one or two (the second without a draw before it), settles, a
// camera that moves, zooms, turns and is bounded, a screen that changes
// size, a cache reload, and every alpha. Half the frames change nothing,
// though they may step, so that in runs of them every block is kept and
// frames repeat the last (see TestRepeatedFrames). Half the seeds change
// no structure and step at most once a frame, so that the history's
// buffers keep their ids for long.
func TestKeptBlocksMatchPlacing(t *testing.T) {
	for seed := range uint64(64) {
		rng := rand.New(rand.NewPCG(seed, 11))
		calm := seed%2 == 1
		allPosed := seed/2 == 1 // every sprite spawned with a pose: blocks whose poses are noted as a run
		k := newKit(t, render.Options{})
		cam := k.lookAt(320, 240)
		ref := render.New(k.c, render.Options{})
		ref.SetKeepBlocks(false)
		// Mostly frames of the sheet, one texture, so that most blocks
		// can be kept; the hero, another texture, in runs of its own.
		pictures := []drawable.Picture{
			{Region: frame(0)},
			{Region: frame(1), Origin: geom.Vec2{X: 0.5, Y: 1}},
			{Region: frame(2), Tint: color.NRGBA{0xff, 0x80, 0x80, 0xc0}},
			{Region: frame(2), Flip: drawable.FlipX},
			{Region: frame(3), Scale: geom.Vec2{X: 2, Y: 1}},
			{Region: frame(1), Rotation: 0.3},
		}
		var ents []world.Entity
		spawn := func() {
			p := pictures[0]
			if rng.IntN(4) == 0 {
				p = pictures[rng.IntN(len(pictures))]
			}
			if len(ents)/64%4 == 3 {
				// Blocks of heroes: the camera holds slot 0, so the
				// sprites' slots start at 1, as their run and blocks do.
				p.Region = hero
			}
			e := k.sprite(rng.Float64()*340-10, rng.Float64()*260-10, p)
			if allPosed || rng.IntN(3) == 0 {
				geom.WorldTransform.Add(k.w, e, randomPose(rng))
			}
			ents = append(ents, e)
		}
		for range 700 {
			spawn()
		}
		change := func() {
			e := ents[rng.IntN(len(ents))]
			if !k.w.IsAlive(e) {
				return
			}
			p, pic := geom.Position.Require(k.w, e), drawable.Sprite.Require(k.w, e)
			op := rng.IntN(14)
			wt, posed := geom.WorldTransform.Get(k.w, e)
			if calm && (op >= 8 && op <= 10 || op >= 12 && !posed) {
				op = 0 // no change of structure: the history's ids last
			}
			switch op {
			case 0, 1, 2:
				p.X += rng.Float64()*4 - 2
			case 3:
				if calm && pic.Region == hero {
					break // a block of one texture stays one: it can be kept
				}
				pic.Region = frame(rng.IntN(4))
			case 4:
				pic.Tint = color.NRGBA{uint8(rng.IntN(256)), 0xff, 0xff, 0xff}
			case 5:
				pic.Origin.X = rng.Float64()
			case 6:
				pic.Flip ^= drawable.FlipY
			case 7:
				p.Y = rng.Float64() * 240
				geom.Teleport(k.w, e)
			case 8:
				if k.w.Has(e, drawable.Hidden) {
					k.w.Remove(e, drawable.Hidden)
				} else {
					drawable.Hidden.Add(k.w, e)
				}
			case 9:
				k.w.Destroy(e)
			case 10:
				spawn()
			case 12, 13:
				switch {
				case !posed:
					geom.WorldTransform.Add(k.w, e, randomPose(rng))
				case op == 12:
					wt.Rotation += rng.Float64() - 0.5
				case calm || rng.IntN(4) > 0:
					wt.Scale.X = rng.Float64() * 2
				default:
					k.w.Remove(e, geom.WorldTransform)
				}
			default:
				pic.Scale = geom.Vec2{X: 1 + rng.Float64(), Y: 1}
			}
		}
		kept := 0
		screen := image.Rect(0, 0, 320, 240)
		for f := range 200 {
			// A quiet frame changes nothing, though it may step: runs of
			// them give frames whose every block is kept, and then frames
			// that repeat the last one's batch, until a change.
			quiet := rng.IntN(2) == 0
			steps := rng.IntN(3)
			if calm || quiet {
				steps = rng.IntN(2) // no step without a draw before it
			}
			if steps > 0 && !quiet && rng.IntN(4) == 0 {
				change() // between the last draw and the step, as a handler of the frame's start may
			}
			for range steps {
				for _, r := range []*render.Renderer{k.r, ref} {
					r.BeforeStep(k.w)
				}
				for range rng.IntN(3) {
					if !quiet {
						change()
					}
				}
			}
			for range rng.IntN(3) {
				if !quiet {
					change()
				}
			}
			event := rng.IntN(20)
			if quiet {
				event = -1
			}
			switch event {
			case 0:
				// Every field that places the camera, and one that does not
				// (its background: a placing again that gives the same view).
				c := drawable.Camera.Require(k.w, cam)
				switch rng.IntN(5) {
				case 0:
					c.Position.X += 3
				case 1:
					c.Zoom = []float64{0, 1.5}[rng.IntN(2)]
				case 2:
					c.Rotation = []float64{0, 0.2}[rng.IntN(2)]
				case 3:
					c.Bounds = []geom.Rectangle{{}, geom.Rect(0, 0, 300, 220)}[rng.IntN(2)]
				case 4:
					c.Background.A ^= 0xff
				}
			case 1:
				if !calm {
					k.r.Settle()
					ref.Settle()
				}
			case 2:
				if !calm {
					touch(t, k)
				}
			case 3:
				screen = []image.Rectangle{image.Rect(0, 0, 320, 240), image.Rect(0, 0, 300, 220)}[rng.IntN(2)]
			}
			alpha := []float64{0, 0.5, 1, rng.Float64()}[rng.IntN(4)]
			k.r.Prepare(screen, k.w, alpha)
			ref.Prepare(screen, k.w, alpha)
			got, want := k.r.FirstBatch(), ref.FirstBatch()
			if !slices.Equal(got.Vertices, want.Vertices) || !slices.Equal(got.Ops, want.Ops) || k.r.Stats() != ref.Stats() {
				t.Fatalf("seed %d, frame %d: the batches differ (%d and %d vertices, %v and %v ops, stats %+v and %+v)",
					seed, f, len(got.Vertices), len(want.Vertices), len(got.Ops), len(want.Ops), k.r.Stats(), ref.Stats())
			}
			if k.r.Straight() != ref.Straight() {
				t.Fatalf("seed %d, frame %d: straight path %v and %v", seed, f, k.r.Straight(), ref.Straight())
			}
			kept += k.r.KeptBlocks()
		}
		if kept == 0 {
			t.Errorf("seed %d: no block was ever kept", seed)
		}
		if calm && k.r.Repeats() == 0 {
			t.Errorf("seed %d: no frame repeated the last", seed)
		}
	}
}

// randomPose returns a world pose with a random turn and scale, zero
// axes among them.
func randomPose(rng *rand.Rand) geom.Pose {
	axis := func() float64 {
		if rng.IntN(4) == 0 {
			return 0 // means 1
		}
		return 0.25 + rng.Float64()*2
	}
	return geom.Pose{Rotation: rng.Float64()*8 - 4, Scale: geom.Vec2{X: axis(), Y: axis()}}
}

// touch changes a pixel of hero.png, gives it a new modification time
// and reloads the kit's files, as an edit on disk does in dev mode: the
// cache uploads the picture again if it has drawn it. (A reload of the
// same bytes gives no asset a new generation, and the cache would have
// nothing to do.)
func touch(t *testing.T, k *kit) {
	t.Helper()
	// Loaded first: a reload looks only at files in the cache, and no
	// hero may have been drawn yet (a seed's first heroes spawn late).
	if _, err := k.l.Image("hero.png"); err != nil {
		t.Fatal(err)
	}
	f := k.fs["hero.png"]
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	draw.Draw(img, img.Bounds(), decode(t, f.Data), image.Point{}, draw.Src)
	img.Pix[len(img.Pix)-4] ^= 0xff // the red of the last pixel
	k.fs["hero.png"] = &fstest.MapFile{Data: encode(img), ModTime: f.ModTime.Add(time.Second)}
	n := k.l.Reloads()
	if ev := k.l.Reload(); ev.Err != nil {
		t.Fatalf("Reload() = %+v", ev)
	}
	if k.l.Reloads() == n {
		t.Fatal("the reload gave hero.png no new generation")
	}
}

// TestKeptBlockThatStops: a block of sprites moves for a few steps and
// stops, one draw a step and no change of structure; each frame matches a
// renderer that places every sprite. While the block is kept its notes
// are written only into the history's buffer that does not hold them yet.
func TestKeptBlockThatStops(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(320, 240)
	ref := render.New(k.c, render.Options{})
	ref.SetKeepBlocks(false)
	var ents []world.Entity
	for i := range 3 * 64 {
		ents = append(ents, k.sprite(float64(i%100)*3, float64(i/100)*10, drawable.Picture{Region: frame(i % 4)}))
	}
	screen := image.Rect(0, 0, 320, 240)
	for f := range 12 {
		for _, r := range []*render.Renderer{k.r, ref} {
			r.BeforeStep(k.w)
		}
		if f >= 2 && f < 5 {
			for _, e := range ents[64:128] {
				geom.Position.Require(k.w, e).X += 5
			}
		}
		k.r.Prepare(screen, k.w, 0.5)
		ref.Prepare(screen, k.w, 0.5)
		if got, want := k.r.FirstBatch(), ref.FirstBatch(); !slices.Equal(got.Vertices, want.Vertices) {
			t.Fatalf("frame %d: the batches differ", f)
		}
	}
	if k.r.KeptBlocks() != 3 {
		t.Errorf("the last frame kept %d blocks, want all 3", k.r.KeptBlocks())
	}
}

// keptAndPlaced is a world of ten still sprites, the sixth of them
// posed, drawn by two renderers: one that keeps blocks and one that
// places every sprite every frame.
type keptAndPlaced struct {
	k      *kit
	ref    *render.Renderer
	posed  world.Entity
	screen image.Rectangle
}

func newKeptAndPlaced(t *testing.T, pose geom.Pose) *keptAndPlaced {
	k := newKit(t, render.Options{})
	k.lookAt(320, 240)
	p := &keptAndPlaced{k: k, ref: render.New(k.c, render.Options{}), screen: image.Rect(0, 0, 320, 240)}
	p.ref.SetKeepBlocks(false)
	for i := range 10 {
		e := k.sprite(40+float64(i)*20, 60, drawable.Picture{Region: frame(i % 2), Origin: geom.Vec2{X: 0.5, Y: 0.5}})
		if i == 5 {
			geom.WorldTransform.Add(k.w, e, pose)
			p.posed = e
		}
	}
	return p
}

// step starts a fixed step for both renderers.
func (p *keptAndPlaced) step() {
	for _, r := range []*render.Renderer{p.k.r, p.ref} {
		r.BeforeStep(p.k.w)
	}
}

// draw prepares a frame at alpha 0.5 with both and fails t, saying when,
// if their batches differ.
func (p *keptAndPlaced) draw(t *testing.T, when string) {
	t.Helper()
	p.k.r.Prepare(p.screen, p.k.w, 0.5)
	p.ref.Prepare(p.screen, p.k.w, 0.5)
	if got, want := p.k.r.FirstBatch(), p.ref.FirstBatch(); !slices.Equal(got.Vertices, want.Vertices) || !slices.Equal(got.Ops, want.Ops) {
		t.Fatalf("%s: the renderer that keeps blocks (kept %d, repeated %d) draws otherwise than placing every sprite",
			when, p.k.r.KeptBlocks(), p.k.r.Repeats())
	}
}

// TestKeptPoseChangedBeforeStep: a sprite whose pose stands still is
// kept from frame to frame; then something between a draw and the next
// step (a handler of the frame's start, say) turns it, and the step turns
// it back. It is drawn as placing every sprite draws it.
func TestKeptPoseChangedBeforeStep(t *testing.T) {
	still, turned := geom.Pose{Rotation: 0.2}, geom.Pose{Rotation: 1.4}
	p := newKeptAndPlaced(t, still)
	p.step()
	p.draw(t, "the first frame")
	p.draw(t, "a frame that keeps the block")
	if p.k.r.KeptBlocks() == 0 {
		t.Fatal("the still block was not kept: the test shows nothing")
	}
	*geom.WorldTransform.Require(p.k.w, p.posed) = turned // between the draw and the step
	p.step()
	*geom.WorldTransform.Require(p.k.w, p.posed) = still // the step turns it back
	p.draw(t, "after the step")
}

// TestKeptTeleportInPlace: a teleport that neither moves nor turns a
// sprite of a kept block drops its note from the buffer its step started
// from; two draws later that buffer is the draw's again, and the block,
// still kept, must note the sprite anew there, so that when the sprite
// moves or turns in the next step it is drawn between, as placing every
// sprite draws it. (Found by a review: a buffer that kept its id while a
// teleport emptied a slot left the slot without a note.)
func TestKeptTeleportInPlace(t *testing.T) {
	for _, turn := range []bool{false, true} {
		t.Run(map[bool]string{false: "move", true: "turn"}[turn], func(t *testing.T) {
			p := newKeptAndPlaced(t, geom.Pose{Rotation: 0.2})
			p.step()
			p.draw(t, "frame 1")
			p.step()
			p.draw(t, "frame 2")
			p.step()
			geom.Teleport(p.k.w, p.posed) // in place: nothing changes
			p.draw(t, "frame 3")
			p.step()
			p.draw(t, "frame 4")
			p.step()
			if turn {
				geom.WorldTransform.Require(p.k.w, p.posed).Rotation += 1
			} else {
				geom.Position.Require(p.k.w, p.posed).X += 10
			}
			p.draw(t, "frame 5")
		})
	}
}
