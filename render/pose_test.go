package render_test

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// referenceQuad returns the screen corners of a w×h region drawn by
// picture p at pos with world pose wt (nil for none), through cam: the
// drawing rule written out plainly, corner by corner, in the batches'
// order (top-left, top-right, bottom-left, bottom-right).
func referenceQuad(cam camera.Affine, pos geom.Vec2, w, h float64, p drawable.Picture, wt *geom.Pose) [4]geom.Vec2 {
	sx, sy := 1.0, 1.0
	if p.Scale != (geom.Vec2{}) { // the zero Scale means (1, 1)
		sx, sy = p.Scale.X, p.Scale.Y
	}
	rot := p.Rotation
	if wt != nil {
		if wt.Scale.X != 0 { // a zero axis of a pose means 1
			sx *= wt.Scale.X
		}
		if wt.Scale.Y != 0 {
			sy *= wt.Scale.Y
		}
		rot += wt.Rotation
	}
	var out [4]geom.Vec2
	for i, c := range [4]geom.Vec2{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: 1, Y: 1}} {
		lx, ly := (c.X-p.Origin.X)*w*sx, (c.Y-p.Origin.Y)*h*sy
		world := geom.Vec2{X: pos.X + math.Cos(rot)*lx - math.Sin(rot)*ly, Y: pos.Y + math.Sin(rot)*lx + math.Cos(rot)*ly}
		out[i] = cam.Apply(world)
	}
	return out
}

// TestSpritePosesMatchReference draws random sprites, a random share of
// them with a random WorldTransform, through a zoomed and turned camera,
// on the straight path and on the items' path, and checks every quad of
// both batches against referenceQuad: each sprite turns by its pose's
// rotation plus its own and scales by its pose's scale times its own.
func TestSpritePosesMatchReference(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 14))
		k := newKit(t, render.Options{})
		k.camera(camera.Camera{Position: geom.Vec2{X: 160, Y: 120}, Zoom: 0.5 + rng.Float64(), Rotation: rng.Float64() - 0.5})
		type sprite struct {
			pos geom.Vec2
			pic drawable.Picture
			wt  *geom.Pose
		}
		var want []sprite
		for range 1 + rng.IntN(300) {
			s := sprite{
				pos: geom.Vec2{X: 140 + rng.Float64()*40, Y: 100 + rng.Float64()*40}, // in view, however turned
				pic: drawable.Picture{Region: frame(rng.IntN(4)), Origin: geom.Vec2{X: rng.Float64(), Y: rng.Float64()}},
			}
			if rng.IntN(2) == 0 {
				s.pic.Rotation = rng.Float64()*4 - 2
			}
			if rng.IntN(2) == 0 {
				s.pic.Scale = geom.Vec2{X: rng.Float64() * 2, Y: rng.Float64()*2 - 1}
			}
			e := k.sprite(s.pos.X, s.pos.Y, s.pic)
			if rng.IntN(3) > 0 {
				p := randomPose(rng)
				s.wt = &p
				geom.WorldTransform.Add(k.w, e, p)
			}
			want = append(want, s)
		}
		for _, straight := range []bool{true, false} {
			k.r.SetStraight(straight)
			k.r.Prepare(image.Rect(0, 0, screenW, screenH), k.w, 1)
			if k.r.Straight() != straight {
				t.Fatalf("seed %d: straight path %v, want %v", seed, k.r.Straight(), straight)
			}
			if st := k.r.Stats(); st.Drawn != len(want) || st.Culled != 0 {
				t.Fatalf("seed %d, straight %v: stats %+v, want %d drawn", seed, straight, st, len(want))
			}
			cam := k.r.Views()[0].Transform()
			vs := k.r.FirstBatch().Vertices
			for i, s := range want {
				ref := referenceQuad(cam, s.pos, 8, 8, s.pic, s.wt)
				for c := range 4 {
					v := vs[4*i+c]
					if math.Abs(float64(v.DstX)-ref[c].X) > 1e-3 || math.Abs(float64(v.DstY)-ref[c].Y) > 1e-3 {
						t.Fatalf("seed %d, straight %v: sprite %d (%+v, pose %v) corner %d at (%v, %v), want %v",
							seed, straight, i, s.pic, s.wt, c, v.DstX, v.DstY, ref[c])
					}
				}
			}
		}
	}
}

// TestShapePoses: a shape and a text of an entity with a WorldTransform
// are turned by the pose's rotation plus their own and scaled by the
// pose's scale: the shape's vertices are those of the same shape without
// a pose, mapped by the pose, and the text's box is scaled with it.
func TestShapePoses(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(screenW, screenH)
	at := geom.Vec2{X: 100, Y: 80}
	f := drawable.Rect(20, 10, red)
	f.Origin, f.Rotation = geom.Vec2{X: 0.5, Y: 0.5}, 0.25
	e := k.shape(at.X, at.Y, f)
	screen := image.Rect(0, 0, screenW, screenH)
	k.r.Prepare(screen, k.w, 1)
	plain := append([]core.Vertex(nil), k.r.FirstBatch().Vertices...)
	if len(plain) == 0 {
		t.Fatal("the shape drew no vertices")
	}
	pose := geom.Pose{Rotation: 1, Scale: geom.Vec2{X: 2, Y: 0.5}}
	geom.WorldTransform.Add(k.w, e, pose)
	k.r.Prepare(screen, k.w, 1)
	posed := k.r.FirstBatch().Vertices
	if len(posed) != len(plain) {
		t.Fatalf("%d vertices with a pose, %d without", len(posed), len(plain))
	}
	// Undo the shape's own turn, then scale, then turn by both.
	sin0, cos0 := math.Sincos(-f.Rotation)
	sin1, cos1 := math.Sincos(pose.Rotation + f.Rotation)
	for i, v := range plain {
		x, y := float64(v.DstX)-at.X, float64(v.DstY)-at.Y
		x, y = cos0*x-sin0*y, sin0*x+cos0*y
		x, y = x*pose.Scale.X, y*pose.Scale.Y
		want := geom.Vec2{X: at.X + cos1*x - sin1*y, Y: at.Y + sin1*x + cos1*y}
		if got := posed[i]; math.Abs(float64(got.DstX)-want.X) > 1e-3 || math.Abs(float64(got.DstY)-want.Y) > 1e-3 {
			t.Fatalf("vertex %d at (%v, %v) with the pose, want %v", i, got.DstX, got.DstY, want)
		}
	}
}

// TestPoseGolden: a parent sprite turned and scaled by its WorldTransform,
// with a child sprite, a child shape and a child text placed by
// systems.Transforms, each turning and scaling with it on top of its own
// rotation; and the same picture through the items' path.
func TestPoseGolden(t *testing.T) {
	for _, straight := range []bool{true, false} {
		k := newKit(t, render.Options{})
		k.lookAt(screenW, screenH)
		if err := k.w.AddSystem(systems.Transforms()); err != nil {
			t.Fatal(err)
		}
		k.r.SetStraight(straight)
		centre := drawable.Picture{Region: hero, Origin: geom.Vec2{X: 0.5, Y: 0.5}}
		// A plain sprite for comparison, then the parent.
		k.sprite(40, 60, centre)
		parent := k.sprite(130, 60, centre)
		geom.WorldTransform.Add(k.w, parent, geom.Pose{Rotation: math.Pi / 6, Scale: geom.Vec2{X: 2, Y: 1.5}})
		child := func(off geom.Vec2, rot float64) world.Entity {
			return k.w.Spawn(world.ChildOf.With(parent), systems.LocalTransform.With(systems.Transform{Offset: off, Rotation: rot}))
		}
		c := child(geom.Vec2{X: 16}, 0)
		drawable.Sprite.Add(k.w, c, drawable.Picture{Region: drawable.Frame("parts.yaml", "green"), Origin: geom.Vec2{X: 0, Y: 0.5}, Rotation: math.Pi / 2})
		s := child(geom.Vec2{X: -14}, 0)
		drawable.Shape.Add(k.w, s, drawable.Figure{Kind: drawable.RectFigure, Size: geom.Vec2{X: 6, Y: 12}, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Color: yellow})
		l := child(geom.Vec2{Y: 18}, -math.Pi/6)
		drawable.Text.Add(k.w, l, drawable.Label{Text: "hi", Size: 8, Color: white, Align: drawable.AlignCenter})
		k.step(t)
		img := grab(screenW, screenH, bg, k.draw)
		golden(t, "poses", img)
		if k.r.Straight() != straight {
			t.Errorf("straight path %v, want %v", k.r.Straight(), straight)
		}
	}
}

// midPose returns the pose drawn alpha of the way from a to b: the turn
// the short way round, the scale (zero axes made 1) in a straight line.
func midPose(a, b geom.Pose, alpha float64) geom.Pose {
	d := b.Rotation - a.Rotation
	d = math.Atan2(math.Sin(d), math.Cos(d)) // in (-π, π]
	ka, kb := a.UnitScale(), b.UnitScale()
	return geom.Pose{Rotation: a.Rotation + d*alpha, Scale: geom.Vec2{X: ka.X + (kb.X-ka.X)*alpha, Y: ka.Y + (kb.Y-ka.Y)*alpha}}
}

// TestPoseInterpolation: sprites whose world poses turned and scaled in
// the last step are drawn alpha of the way between their poses at its
// start and now, on the straight path and the items' path alike, the turn
// the short way round (a pose that turned by a whole circle more is drawn
// turning by the rest); a teleported one is drawn with its pose now.
func TestPoseInterpolation(t *testing.T) {
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 15))
		k := newKit(t, render.Options{})
		k.camera(camera.Camera{Position: geom.Vec2{X: 160, Y: 120}, Zoom: 0.5 + rng.Float64(), Rotation: rng.Float64() - 0.5})
		type sprite struct {
			e          world.Entity
			pos        geom.Vec2
			pic        drawable.Picture
			start, now geom.Pose
		}
		var ss []sprite
		for range 1 + rng.IntN(200) {
			s := sprite{
				pos:   geom.Vec2{X: 140 + rng.Float64()*40, Y: 100 + rng.Float64()*40},
				pic:   drawable.Picture{Region: frame(rng.IntN(4)), Origin: geom.Vec2{X: rng.Float64(), Y: rng.Float64()}, Rotation: rng.Float64() - 0.5},
				start: randomPose(rng),
			}
			s.e = k.sprite(s.pos.X, s.pos.Y, s.pic)
			geom.WorldTransform.Add(k.w, s.e, s.start)
			ss = append(ss, s)
		}
		k.r.BeforeStep(k.w)
		for i := range ss {
			s := &ss[i]
			switch rng.IntN(4) {
			case 0: // stands still
				s.now = s.start
			case 1: // a turn past ±π, and whole circles more
				s.now = s.start
				s.now.Rotation += (rng.Float64()*2-1)*3 + 2*math.Pi*float64(rng.IntN(5)-2)
			default:
				s.now = randomPose(rng)
			}
			*geom.WorldTransform.Require(k.w, s.e) = s.now
		}
		jumped := ss[rng.IntN(len(ss))].e
		geom.Teleport(k.w, jumped)
		for _, alpha := range []float64{0, 0.25, 0.5, 1, 0.5} {
			for _, straight := range []bool{true, false} {
				k.r.SetStraight(straight)
				k.r.Prepare(image.Rect(0, 0, screenW, screenH), k.w, alpha)
				if k.r.Straight() != straight {
					t.Fatalf("seed %d: straight path %v, want %v", seed, k.r.Straight(), straight)
				}
				cam := k.r.Views()[0].Transform()
				vs := k.r.FirstBatch().Vertices
				if len(vs) != 4*len(ss) {
					t.Fatalf("seed %d: %d vertices, want %d", seed, len(vs), 4*len(ss))
				}
				for i, s := range ss {
					want := midPose(s.start, s.now, alpha)
					if s.e == jumped {
						want = s.now
					}
					ref := referenceQuad(cam, s.pos, 8, 8, s.pic, &want)
					for c := range 4 {
						v := vs[4*i+c]
						if math.Abs(float64(v.DstX)-ref[c].X) > 1e-3 || math.Abs(float64(v.DstY)-ref[c].Y) > 1e-3 {
							t.Fatalf("seed %d, straight %v, alpha %v: sprite %d (from %v to %v) corner %d at (%v, %v), want %v",
								seed, straight, alpha, i, s.start, s.now, c, v.DstX, v.DstY, ref[c])
						}
					}
				}
			}
		}
	}
}

// TestShapePoseInterpolation: a shape whose world pose changed in the
// last step is drawn, at alpha, as the same shape posed by the pose
// between is drawn with no step to interpolate.
func TestShapePoseInterpolation(t *testing.T) {
	start := geom.Pose{Rotation: 2.5, Scale: geom.Vec2{X: 2}}
	now := geom.Pose{Rotation: -2.9, Scale: geom.Vec2{X: 1, Y: 3}}
	f := drawable.Rect(20, 10, red)
	f.Origin, f.Rotation = geom.Vec2{X: 0.5, Y: 0.5}, 0.25
	screen := image.Rect(0, 0, screenW, screenH)
	for _, alpha := range []float64{0, 0.3, 1} {
		k := newKit(t, render.Options{})
		k.lookAt(screenW, screenH)
		e := k.shape(100, 80, f)
		geom.WorldTransform.Add(k.w, e, start)
		k.r.BeforeStep(k.w)
		*geom.WorldTransform.Require(k.w, e) = now
		k.r.Prepare(screen, k.w, alpha)
		got := k.r.FirstBatch().Vertices

		ref := newKit(t, render.Options{})
		ref.lookAt(screenW, screenH)
		geom.WorldTransform.Add(ref.w, ref.shape(100, 80, f), midPose(start, now, alpha))
		ref.r.Prepare(screen, ref.w, 1)
		want := ref.r.FirstBatch().Vertices
		if len(got) != len(want) || len(got) == 0 {
			t.Fatalf("alpha %v: %d vertices, want %d", alpha, len(got), len(want))
		}
		for i := range got {
			if math.Abs(float64(got[i].DstX-want[i].DstX)) > 1e-3 || math.Abs(float64(got[i].DstY-want[i].DstY)) > 1e-3 {
				t.Fatalf("alpha %v: vertex %d at (%v, %v), want (%v, %v)", alpha, i, got[i].DstX, got[i].DstY, want[i].DstX, want[i].DstY)
			}
		}
	}
}

// TestPoseStartsWithPosition: a world restored between a draw and the
// next step (as a load at the frame's start does) is drawn from where the
// draw found it, position and pose alike: half way at alpha 0.5, both.
func TestPoseStartsWithPosition(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(320, 240)
	e := world.Spawn3(k.w, geom.Position, geom.Vec2{X: 200, Y: 100}, drawable.Sprite, drawable.Picture{Region: frame(1)},
		geom.WorldTransform, geom.Pose{Rotation: 1})
	var saved world.Snapshot
	k.w.Snapshot(&saved)
	*geom.Position.Require(k.w, e) = geom.Vec2{X: 100, Y: 100}
	*geom.WorldTransform.Require(k.w, e) = geom.Pose{}
	screen := image.Rect(0, 0, 320, 240)
	k.r.BeforeStep(k.w)
	k.r.Prepare(screen, k.w, 1) // drawn at x 100, not turned
	if err := k.w.Restore(&saved); err != nil {
		t.Fatal(err)
	}
	k.r.BeforeStep(k.w) // a step that changes nothing
	k.r.Prepare(screen, k.w, 0.5)
	v := k.r.FirstBatch().Vertices
	turn := math.Atan2(float64(v[1].DstY-v[0].DstY), float64(v[1].DstX-v[0].DstX))
	if math.Abs(float64(v[0].DstX)-150) > 1e-3 || math.Abs(turn-0.5) > 1e-6 {
		t.Errorf("drawn at x %v turned by %v at alpha 0.5, want 150 and 0.5: both from where the draw found it", v[0].DstX, turn)
	}
}
