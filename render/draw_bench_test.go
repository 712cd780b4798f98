package render_test

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// BenchmarkSpriteDraw_1k, _10k and _50k measure the CPU cost of drawing
// a frame of n 8×8 sprites from one atlas through the renderer (walk,
// interpolation, sort, culling, quads, DrawTriangles), interleaved frame
// by frame in one process with its limit: the same sprites drawn by
// hand-written DrawTriangles calls over a vertex slice built beforehand
// ([spriteLimit]), which is what ebitengine itself costs. Run them with
//
//	go test ./render -run '^$' -bench SpriteDraw -benchtime 200x -count 2
//
// Each iteration is one frame of the game loop, in which both draw, in
// turn (which goes first alternates), and the time counted is the time
// spent in each draw call, once the GPU (software GL, on the same cores)
// has finished the frames before: the CPU side of preparing and issuing
// the frame. ns/op is not the figure to read; the medians per sprite of
// both and their ratio are. allocs/frame counts the process's allocations
// during the renderer's draw, ebitengine's included.
func BenchmarkSpriteDraw_1k(b *testing.B)  { benchSpriteDraw(b, 1_000) }
func BenchmarkSpriteDraw_10k(b *testing.B) { benchSpriteDraw(b, 10_000) }
func BenchmarkSpriteDraw_50k(b *testing.B) { benchSpriteDraw(b, 50_000) }

// spriteScene spawns n 8×8 sprites of the sheet's frames at random places
// on the screen, recorded by a step so that they interpolate.
func spriteScene(b *testing.B, n int) *kit {
	k := newKit(b, render.Options{})
	k.lookAt(screenW, screenH)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		k.sprite(rng.Float64()*(screenW-8), rng.Float64()*(screenH-8), drawable.Picture{Region: frame(i % 4)})
	}
	k.step(b)
	k.alpha = 0.5
	return k
}

// spriteLimit is the least a program can do to draw the sprites of w as
// sheet's frames: a vertex slice and the index pattern, built once, drawn
// with one DrawTriangles call per 16384 quads (what 16-bit indices
// reach).
type spriteLimit struct {
	sheet   *ebiten.Image
	vs      []ebiten.Vertex
	indices []uint16
	opts    ebiten.DrawTrianglesOptions
}

func newSpriteLimit(b *testing.B, w *world.World) *spriteLimit {
	l := &spriteLimit{sheet: ebiten.NewImageFromImage(decode(b, sheetPNG()))}
	for e, p := range world.Query1(w, geom.Position) {
		s, ok := drawable.Sprite.Get(w, e)
		if !ok {
			continue
		}
		f := 0
		fmt.Sscan(s.Region.Frame.String(), &f)
		x0, y0, x1, y1 := float32(p.X), float32(p.Y), float32(p.X+8), float32(p.Y+8)
		u0, u1 := float32(8*f), float32(8*f+8)
		for _, c := range [4][4]float32{{x0, y0, u0, 0}, {x1, y0, u1, 0}, {x0, y1, u0, 8}, {x1, y1, u1, 8}} {
			l.vs = append(l.vs, ebiten.Vertex{DstX: c[0], DstY: c[1], SrcX: c[2], SrcY: c[3], ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1})
		}
	}
	for q := range min(len(l.vs)/4, core.MaxQuads) {
		i := uint16(4 * q)
		l.indices = append(l.indices, i, i+1, i+2, i+1, i+3, i+2)
	}
	return l
}

func (l *spriteLimit) draw(dst *ebiten.Image) {
	for v0 := 0; v0 < len(l.vs); v0 += 4 * core.MaxQuads {
		v1 := min(v0+4*core.MaxQuads, len(l.vs))
		dst.DrawTriangles(l.vs[v0:v1], l.indices[:(v1-v0)/4*6], l.sheet, &l.opts)
	}
}

func benchSpriteDraw(b *testing.B, n int) {
	k := spriteScene(b, n)
	limit := newSpriteLimit(b, k.w)
	timeInterleaved(b, n, nil, k.draw, limit.draw).report(b, "ns/sprite")
}

// BenchmarkSpriteDrawReading_1k and _10k are BenchmarkSpriteDraw_1k and
// _10k against another limit: the hand-written DrawTriangles calls of
// [spriteLimit], after a pass that reads every byte of the drawn slots'
// Position and Sprite values (foldWords). That pass is the least a
// program that draws the world's sprites as they are must do each frame
// to know they did not change, and what the renderer's frame reads
// besides (its own records of the last frame) is what its ratio here has
// above 1. No target: it splits BenchmarkSpriteDraw_1k's ratio into what
// reading the world costs (the cache misses of about 88 KB a frame after
// the GPU's work) and what is the renderer's.
func BenchmarkSpriteDrawReading_1k(b *testing.B)  { benchSpriteDrawReading(b, 1_000) }
func BenchmarkSpriteDrawReading_10k(b *testing.B) { benchSpriteDrawReading(b, 10_000) }

func benchSpriteDrawReading(b *testing.B, n int) {
	k := spriteScene(b, n)
	reading, sink := readingLimit(b, k)
	timeInterleaved(b, n, nil, k.draw, reading).report(b, "ns/sprite")
	if *sink == 1 {
		b.Log("") // keeps the fold
	}
}

// readingLimit returns the limit of BenchmarkSpriteDrawReading: a pass
// folding the memory of the drawn slots' Position and Sprite values into
// the returned sink, then spriteLimit's DrawTriangles calls.
func readingLimit(b *testing.B, k *kit) (draw func(*ebiten.Image), sink *uint64) {
	limit := newSpriteLimit(b, k.w)
	runs := k.w.Slots(geom.Position, drawable.Sprite).Runs()
	sink = new(uint64)
	return func(dst *ebiten.Image) {
		pc, sc := geom.Position.Column(k.w), drawable.Sprite.Column(k.w)
		for _, r := range runs {
			*sink ^= foldWords(pc[r.Start:r.End]) ^ foldWords(sc[r.Start:r.End])
		}
		limit.draw(dst)
	}, sink
}

// BenchmarkSpriteReadingCost_1k and _10k time the two limits against each
// other, interleaved frame by frame as the draws are: the limit that
// reads the world's sprites before drawing them
// (BenchmarkSpriteDrawReading's) against the one that only draws
// (BenchmarkSpriteDraw's). Its ratio is what reading 88 bytes a sprite
// costs, cold after the GPU's work, over the DrawTriangles calls alone:
// the floor of BenchmarkSpriteDraw's ratio for any program that draws the
// world as it is without a mark of which values were written. No target.
func BenchmarkSpriteReadingCost_1k(b *testing.B)  { benchSpriteReadingCost(b, 1_000) }
func BenchmarkSpriteReadingCost_10k(b *testing.B) { benchSpriteReadingCost(b, 10_000) }

func benchSpriteReadingCost(b *testing.B, n int) {
	k := spriteScene(b, n)
	reading, sink := readingLimit(b, k)
	limit := newSpriteLimit(b, k.w)
	timeInterleaved(b, n, nil, reading, limit.draw).report(b, "reading-ns/sprite")
	if *sink == 1 {
		b.Log("") // keeps the fold
	}
}

// foldWords XORs the memory of vs as 64-bit words, four at a time in
// separate accumulators so that the loads do not wait on each other; vs's
// size must be a multiple of 8 bytes.
func foldWords[T any](vs []T) uint64 {
	if len(vs) == 0 {
		return 0
	}
	n := len(vs) * int(unsafe.Sizeof(vs[0])) / 8
	ws := unsafe.Slice((*uint64)(unsafe.Pointer(&vs[0])), n)
	var a, b, c, d uint64
	for len(ws) >= 4 {
		a, b, c, d = a^ws[0], b^ws[1], c^ws[2], d^ws[3]
		ws = ws[4:]
	}
	for _, w := range ws {
		a ^= w
	}
	return a ^ b ^ c ^ d
}

// BenchmarkSpriteDrawPosed_10k is BenchmarkSpriteDraw_10k with every
// sprite's entity given a geom.WorldTransform (a turn and a scale, the
// same every frame), as the children of a hierarchy have: each sprite is
// then looked up in the WorldTransform column, and a kept block compares
// its sprites' poses with the last frame's. Its limit is the same
// sprites drawn turned and scaled, by the same hand-written DrawTriangles
// calls. No target: it shows what a pose costs, against
// BenchmarkSpriteDraw_10k, where no entity has one.
func BenchmarkSpriteDrawPosed_10k(b *testing.B) {
	const n = 10_000
	k := spriteScene(b, n)
	pose := geom.Pose{Rotation: 0.5, Scale: geom.Vec2{X: 1.5, Y: 1.5}}
	for e := range world.Query1(k.w, drawable.Sprite) {
		geom.WorldTransform.Add(k.w, e, pose)
	}
	k.step(b)
	limit := newSpriteLimit(b, k.w)
	sin, cos := math.Sincos(pose.Rotation)
	for i := 0; i < len(limit.vs); i += 4 {
		v := limit.vs[i : i+4]
		x, y := v[0].DstX, v[0].DstY
		for c := range v {
			dx, dy := float64(v[c].DstX-x)*pose.Scale.X, float64(v[c].DstY-y)*pose.Scale.Y
			v[c].DstX, v[c].DstY = x+float32(cos*dx-sin*dy), y+float32(sin*dx+cos*dy)
		}
	}
	timeInterleaved(b, n, nil, k.draw, limit.draw).report(b, "ns/sprite")
}

// BenchmarkSpriteDrawTurning_10k is BenchmarkSpriteDrawPosed_10k with
// every pose turning: each frame a fixed step (untimed) turns every
// sprite's WorldTransform a little, and the renderer draws each between
// its last two poses (core.Poses) at alpha 0.5, noting each for the next
// step. Its limit turns its own
// copy of the angles as the step does and writes each quad's corners
// from the angle half way between, with a Sincos a sprite, the least a
// program drawing turning sprites smoothly does. No target: it shows
// what a turning pose costs, against BenchmarkSpriteDrawPosed_10k, whose
// poses stand still.
func BenchmarkSpriteDrawTurning_10k(b *testing.B) {
	const n = 10_000
	k := spriteScene(b, n)
	const scale = 1.5
	var ents []world.Entity
	for e := range world.Query1(k.w, drawable.Sprite) {
		geom.WorldTransform.Add(k.w, e, geom.Pose{Rotation: float64(len(ents)%628) / 100, Scale: geom.Vec2{X: scale, Y: scale}})
		ents = append(ents, e)
	}
	k.step(b)
	limit := newSpriteLimit(b, k.w)
	corners := slices.Clone(limit.vs) // unturned, to turn from
	prev, cur := make([]float64, len(ents)), make([]float64, len(ents))
	for i, e := range ents {
		cur[i] = geom.WorldTransform.Require(k.w, e).Rotation
	}
	step := func() {
		k.r.BeforeStep(k.w)
		for i, e := range ents {
			geom.WorldTransform.Require(k.w, e).Rotation += 0.05
			prev[i], cur[i] = cur[i], cur[i]+0.05
		}
	}
	limitDraw := func(dst *ebiten.Image) {
		for i := range cur {
			sin, cos := math.Sincos(prev[i] + (cur[i]-prev[i])*k.alpha)
			c, v := corners[4*i:4*i+4:4*i+4], limit.vs[4*i:4*i+4:4*i+4]
			x, y := c[0].DstX, c[0].DstY
			for j := range v {
				dx, dy := float64(c[j].DstX-x)*scale, float64(c[j].DstY-y)*scale
				v[j].DstX, v[j].DstY = x+float32(cos*dx-sin*dy), y+float32(sin*dx+cos*dy)
			}
		}
		limit.draw(dst)
	}
	timeInterleaved(b, n, step, k.draw, limitDraw).report(b, "ns/sprite")
}

// BenchmarkSpriteDrawMoving_10k is BenchmarkSpriteDraw_10k with every
// sprite moving: each frame a fixed step moves them all (untimed), and
// the renderer draws them between their last two positions. Its limit
// writes the corners of its prebuilt vertices from the new positions
// before drawing them, the least a program drawing moving sprites does.
// No target: it shows what a sprite that moves costs, against the
// standing sprites of BenchmarkSpriteDraw, whose blocks the renderer
// keeps from frame to frame.
func BenchmarkSpriteDrawMoving_10k(b *testing.B) {
	const n = 10_000
	k := spriteScene(b, n)
	limit := newSpriteLimit(b, k.w)
	pos := geom.Position.Column(k.w)
	runs := k.w.Slots(geom.Position, drawable.Sprite).Runs()
	lpos := make([]geom.Vec2, 0, n)
	for _, r := range runs {
		lpos = append(lpos, pos[r.Start:r.End]...)
	}
	t := 0
	move := func(p *geom.Vec2, i int) {
		p.X += float64((i+t)%3 - 1)
		p.Y += float64((i+t)%5-2) / 2
	}
	step := func() {
		t++
		k.r.BeforeStep(k.w)
		i := 0
		for _, r := range runs {
			for s := r.Start; s < r.End; s++ {
				move(&pos[s], i)
				i++
			}
		}
		for i := range lpos {
			move(&lpos[i], i)
		}
	}
	limitDraw := func(dst *ebiten.Image) {
		vs := limit.vs[:4*len(lpos)]
		for i, p := range lpos {
			x0, y0, x1, y1 := float32(p.X), float32(p.Y), float32(p.X+8), float32(p.Y+8)
			v := vs[4*i : 4*i+4 : 4*i+4]
			v[0].DstX, v[0].DstY = x0, y0
			v[1].DstX, v[1].DstY = x1, y0
			v[2].DstX, v[2].DstY = x0, y1
			v[3].DstX, v[3].DstY = x1, y1
		}
		limit.draw(dst)
	}
	timeInterleaved(b, n, step, k.draw, limitDraw).report(b, "ns/sprite")
}

// interleaved is what timeInterleaved measured: medians of a and b per
// sprite, the median of their frame-by-frame ratio, the same over the
// frames in which a went first and over those in which b did, and a's
// allocations a frame.
type interleaved struct {
	a, b, ratio, aFirst, bFirst, allocs float64
}

// report reports what r holds, a's time per sprite in unit: ratio is the
// figure; ratio-a-first and ratio-b-first show whether going first (and
// meeting the code and data the other left cold) moves it.
func (r interleaved) report(b *testing.B, unit string) {
	b.ReportMetric(r.a, unit)
	b.ReportMetric(r.b, "limit-ns/sprite")
	b.ReportMetric(r.ratio, "ratio")
	b.ReportMetric(r.aFirst, "ratio-a-first")
	b.ReportMetric(r.bFirst, "ratio-b-first")
	b.ReportMetric(r.allocs, "allocs/frame")
}

// timeInterleaved runs a and b once each per frame of the game loop,
// alternating which goes first, on a screen-sized image, each timed after
// the GPU has finished what came before. step, if not nil, runs before
// each frame's draws, untimed.
func timeInterleaved(b *testing.B, n int, step func(), drawA, drawB func(dst *ebiten.Image)) interleaved {
	// Unmanaged keeps the image out of ebitengine's texture atlas, as the
	// screen is, so that neither side pays for moving it between atlas
	// pages.
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, screenW, screenH), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	var as, bs, ratios []float64
	var byFirst [2][]float64 // the ratios of the frames in which a, b went first
	var mallocs uint64
	frames := 0
	timed := func(draw func(*ebiten.Image)) (time.Duration, uint64) {
		// Reading a pixel waits for the GPU to finish the frames before,
		// so that it does not compete with the draw being timed.
		dst.At(0, 0)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := threadTime()
		draw(dst)
		d := threadTime() - start
		runtime.ReadMemStats(&after)
		return d, after.Mallocs - before.Mallocs
	}
	frame := func(count bool) {
		if step != nil {
			step()
		}
		onScreen(func(*ebiten.Image) {
			var da, db time.Duration
			var ma uint64
			first := frames % 2
			if first == 0 {
				da, ma = timed(drawA)
				db, _ = timed(drawB)
			} else {
				db, _ = timed(drawB)
				da, ma = timed(drawA)
			}
			frames++
			if count {
				as = append(as, float64(da.Nanoseconds())/float64(n))
				bs = append(bs, float64(db.Nanoseconds())/float64(n))
				ratios = append(ratios, float64(da)/float64(db))
				byFirst[first] = append(byFirst[first], float64(da)/float64(db))
				mallocs += ma
			}
		})
	}
	for range 4 {
		frame(false)
	}
	b.ReportAllocs()
	for b.Loop() {
		frame(true)
	}
	return interleaved{a: median(as), b: median(bs), ratio: median(ratios),
		aFirst: median(byFirst[0]), bFirst: median(byFirst[1]), allocs: float64(mallocs) / float64(len(as))}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkSpritePrepare_10k measures the part of BenchmarkSpriteDraw_10k
// that needs no GPU (Renderer.Prepare), warm: for profiles. _10 is a
// steady frame of 10 sprites, nearly all of it the frame's fixed cost:
// a profile of it names the code a steady frame runs.
func BenchmarkSpritePrepare_10k(b *testing.B) { benchSpritePrepare(b, 10_000) }
func BenchmarkSpritePrepare_10(b *testing.B)  { benchSpritePrepare(b, 10) }

func benchSpritePrepare(b *testing.B, n int) {
	k := spriteScene(b, n)
	screen := image.Rect(0, 0, screenW, screenH)
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadTime()
	for b.Loop() {
		k.r.Prepare(screen, k.w, 0.5)
	}
	b.ReportMetric(float64((threadTime()-start).Nanoseconds())/float64(b.N*n), "cpu-ns/sprite")
}

// BenchmarkSpriteDrawParts_1k and _10k split the renderer's side of
// BenchmarkSpriteDraw into its two halves, each timed in the CPU time of
// the game loop's thread once the GPU has finished the frames before:
// prepare-ns/sprite is Renderer.Prepare (walk, interpolation, culling,
// placing: what is the renderer's alone), issue-ns/sprite the
// DrawTriangles calls over the batch it built, and limit-ns/sprite the
// limit's DrawTriangles calls, run after them in the same frame. issue
// and limit are what ebitengine costs; prepare is what a ratio to the
// limit has above 1. At 1,000 sprites most of prepare is a frame's fixed
// cost, paid in cache misses after the GPU's work: prepare-warm-µs/frame
// is a second Prepare run at once after the first, with what the first
// read still in the caches, and the difference between the two is what
// the frame's cache misses cost. Two more split it, each from one frame
// in three (the other figures are from the third):
// prepare-after-wait-µs/frame is the cold Prepare timed after a 10 µs
// spin, and prepare-code-warm-µs/frame after another renderer has
// prepared a frame of its own world instead (its code warm, this
// renderer's data cold). docs/RENDERING.md (stop 27) says what they show.
func BenchmarkSpriteDrawParts_10(b *testing.B)  { benchSpriteDrawParts(b, 10) }
func BenchmarkSpriteDrawParts_100(b *testing.B) { benchSpriteDrawParts(b, 100) }
func BenchmarkSpriteDrawParts_1k(b *testing.B)  { benchSpriteDrawParts(b, 1_000) }
func BenchmarkSpriteDrawParts_10k(b *testing.B) { benchSpriteDrawParts(b, 10_000) }

func benchSpriteDrawParts(b *testing.B, n int) {
	k, other := spriteScene(b, n), spriteScene(b, 10)
	limit := newSpriteLimit(b, k.w)
	var ps, ws, cs, as, is, ls []float64
	perSprite := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(n) }
	frames := 0
	for b.Loop() {
		onScreen(func(dst *ebiten.Image) {
			dst.At(0, 0) // waits for the GPU
			frames++
			if f := frames % 3; f != 0 {
				if f == 1 {
					other.r.Prepare(dst.Bounds(), other.w, 0.5)
				} else {
					for t := time.Now(); time.Since(t) < 10*time.Microsecond; {
					}
				}
				t0 := threadTime()
				k.r.Prepare(dst.Bounds(), k.w, 0.5)
				d := float64((threadTime() - t0).Nanoseconds()) / 1e3
				if f == 1 {
					cs = append(cs, d)
				} else {
					as = append(as, d)
				}
				k.r.Issue(dst)
				dst.At(0, 0)
				limit.draw(dst) // untimed: every frame gives the GPU the same work
				return
			}
			t0 := threadTime()
			k.r.Prepare(dst.Bounds(), k.w, 0.5)
			t1 := threadTime()
			k.r.Prepare(dst.Bounds(), k.w, 0.5) // the same frame again, warm
			ws = append(ws, float64((threadTime()-t1).Nanoseconds())/1e3)
			t1 = threadTime()
			k.r.Issue(dst)
			t2 := threadTime()
			dst.At(0, 0)
			t3 := threadTime()
			limit.draw(dst)
			t4 := threadTime()
			ps, is, ls = append(ps, perSprite(t1-t0)), append(is, perSprite(t2-t1)), append(ls, perSprite(t4-t3))
		})
	}
	b.ReportMetric(median(ps), "prepare-ns/sprite")
	b.ReportMetric(median(is), "issue-ns/sprite")
	b.ReportMetric(median(ls), "limit-ns/sprite")
	b.ReportMetric(median(ps)*float64(n)/1e3, "prepare-µs/frame")
	b.ReportMetric(median(ws), "prepare-warm-µs/frame")
	b.ReportMetric(median(cs), "prepare-code-warm-µs/frame")
	b.ReportMetric(median(as), "prepare-after-wait-µs/frame")
}

// BenchmarkSpritePrepareCold_10 and _1k time Renderer.Prepare with the
// caches cold, as after the GPU's work in a game's frame: before each
// Prepare it writes 64 MB, evicting what the last frame read from every
// cache level (the L3 is 32 MB here). That is colder than the frames of
// BenchmarkSpriteDrawParts, where 10 sprites' Prepare costs about 5 µs
// against 10–20 here, but it needs no GPU and holds still under a
// profiler: cpu-µs/frame is the figure, and at 10 sprites it is the
// frame's fixed cost, for profiles of where it goes.
func BenchmarkSpritePrepareCold_10(b *testing.B) { benchSpritePrepareCold(b, 10) }
func BenchmarkSpritePrepareCold_1k(b *testing.B) { benchSpritePrepareCold(b, 1_000) }

func benchSpritePrepareCold(b *testing.B, n int) {
	k := spriteScene(b, n)
	screen := image.Rect(0, 0, screenW, screenH)
	junk := make([]byte, 64<<20)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var ts []float64
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < len(junk); i += 64 {
			junk[i]++
		}
		start := threadTime()
		k.r.Prepare(screen, k.w, 0.5)
		ts = append(ts, float64((threadTime()-start).Nanoseconds())/1e3)
	}
	b.ReportMetric(median(ts), "cpu-µs/frame")
}
