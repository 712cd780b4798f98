//go:build tesserawindow

package main

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"runtime"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/internal/stresskit"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The rows the sprite mode prints for each body count, in order: a sprite
// game's fixed step beside its limit and beside the limit reading each
// body's rectangle from a slice, as systems.Confine reads each body's
// Bounds, and the Go side of its draw beside its limit.
const (
	rowStep       = "sprites-step"
	rowStepLimit  = "limit-step"
	rowStepBounds = "limit-bounds"
	rowDraw       = "sprites-draw"
	rowDrawLimit  = "limit-draw"
)

// spriteWarmUp is how many frames run before the timed ones.
const spriteWarmUp = 8

// runSprites runs the sprite workload for each body count inside
// ebitengine's game loop, which drawing needs, and prints its rows and
// the ratios to the limits.
func runSprites(cfg config, stdout, stderr io.Writer) int {
	table, err := stresskit.NewTable(stdout, cfg.json)
	if err != nil {
		fmt.Fprintln(stderr, "stress:", err)
		return 1
	}
	g := &spriteGame{cfg: cfg, table: table, stdout: stdout}
	ebiten.SetWindowTitle("tessera stress: sprites")
	ebiten.SetWindowSize(320, 180)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	if err := ebiten.RunGame(g); err != nil {
		g.err = errors.Join(g.err, err)
	}
	if g.err == nil {
		g.err = table.Done(cfg.steps + spriteWarmUp)
	}
	if g.err != nil {
		fmt.Fprintln(stderr, "stress:", g.err)
		return 1
	}
	return 0
}

// spriteGame measures one frame of the current body count per Update.
type spriteGame struct {
	cfg    config
	table  *stresskit.Table
	stdout io.Writer
	next   int          // the index of the next body count
	bench  *spriteBench // the body count being measured
	err    error
}

func (g *spriteGame) Update() error {
	if g.bench == nil {
		if g.next == len(g.cfg.bodies) || g.err != nil {
			return ebiten.Termination
		}
		g.bench, g.err = newSpriteBench(g.cfg.bodies[g.next], g.cfg.seed)
		g.next++
		if g.err != nil {
			return ebiten.Termination
		}
	}
	if err := g.bench.frame(); err != nil {
		g.err = err
		return ebiten.Termination
	}
	if g.bench.frames == spriteWarmUp+g.cfg.steps {
		g.err = g.bench.report(g.table, g.stdout, g.cfg)
		g.bench.release()
		g.bench = nil
	}
	return nil
}

func (g *spriteGame) Draw(*ebiten.Image) {}

func (g *spriteGame) Layout(int, int) (int, int) { return 320, 180 }

// spriteBench is the sprite workload over n bodies: a world of sprites
// moved and bounced off the field's edges by systems.MotionInBounds
// (Motion and Confine in one pass), stepped with the renderer's snapshot
// and drawn by the
// renderer, beside its limits, plain slices moved by one loop doing the
// same arithmetic and drawn by one DrawTriangles call per 16384 quads
// over a vertex slice whose corners it rewrites.
type spriteBench struct {
	n     int
	w     *world.World
	r     *render.Renderer
	ents  []world.Entity // in spawn order
	ctx   world.Context
	dst   *ebiten.Image
	field geom.Rectangle

	pos, vel []geom.Vec2
	pos2     []geom.Vec2 // limitStepBounds's bodies
	vel2     []geom.Vec2
	bounds   []geom.Rectangle
	square   *ebiten.Image
	vs       []ebiten.Vertex
	indices  []uint16
	opts     ebiten.DrawTrianglesOptions

	frames  int
	ns      [5][]float64 // per row: ns per body of each timed frame
	mallocs [5][]float64
	ratios  [3][]float64 // step, step against limit-bounds, draw: frame by frame
}

func newSpriteBench(n int, seed uint64) (*spriteBench, error) {
	init := spawnBodies(n, seed)
	b := &spriteBench{
		n:     n,
		w:     world.New(),
		ctx:   world.Context{Phase: world.Fixed, DT: stepDT},
		field: geom.Rect(0, 0, fieldW, fieldH),
		pos:   make([]geom.Vec2, n),
		vel:   make([]geom.Vec2, n),
		ents:  make([]world.Entity, n),
	}
	files := assets.WithFiles(nil, map[string][]byte{squareFile: squarePNG()})
	b.r = render.New(render.NewCache(assets.New(files)), render.Options{})
	world.Spawn1(b.w, drawable.Camera, camera.Camera{Position: geom.Vec2{X: fieldW / 2, Y: fieldH / 2}})
	picture := drawable.Picture{Region: drawable.Image(squareFile), Origin: geom.Vec2{X: 0.5, Y: 0.5}}
	for i := range n {
		b.pos[i] = geom.Vec2{X: float64(init.pos[i].X), Y: float64(init.pos[i].Y)}
		b.vel[i] = geom.Vec2{X: float64(init.vel[i].X), Y: float64(init.vel[i].Y)}
		e := world.Spawn3(b.w, geom.Position, b.pos[i], geom.Velocity, b.vel[i], drawable.Sprite, picture)
		systems.Bounds.Add(b.w, e, systems.Boundary{Rect: b.field, Mode: systems.Bounce})
		b.ents[i] = e
	}
	b.pos2, b.vel2 = slices.Clone(b.pos), slices.Clone(b.vel)
	b.bounds = make([]geom.Rectangle, n)
	for i := range b.bounds {
		b.bounds[i] = b.field
	}
	if err := b.w.AddSystem(systems.MotionInBounds()); err != nil {
		return nil, err
	}
	// Unmanaged keeps the images out of ebitengine's atlas, as the screen
	// is, so that neither side pays for moving them between atlas pages.
	b.dst = ebiten.NewImageWithOptions(image.Rect(0, 0, fieldW, fieldH), &ebiten.NewImageOptions{Unmanaged: true})
	b.square = ebiten.NewImageFromImage(squareImage())
	b.vs = make([]ebiten.Vertex, 4*n)
	for i := range b.vs {
		c := i % 4
		b.vs[i] = ebiten.Vertex{SrcX: float32(c % 2 * bodySize), SrcY: float32(c / 2 * bodySize), ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
	}
	for q := range min(n, maxQuads) {
		i := uint16(4 * q)
		b.indices = append(b.indices, i, i+1, i+2, i+1, i+3, i+2)
	}
	return b, nil
}

// maxQuads is the most quads one DrawTriangles call reaches with 16-bit
// indices.
const maxQuads = 1 << 16 / 4

// frame runs one frame: each side's step, then each side's draw, each
// timed in the CPU time of the game loop's thread once the GPU has
// finished what came before; which side goes first alternates.
func (b *spriteBench) frame() error {
	var d [5]time.Duration
	var m [5]uint64
	var err error
	step := func() {
		b.r.BeforeStep(b.w)
		err = errors.Join(err, b.w.Run(b.ctx, nil))
	}
	sides := [5]func(){
		step,
		func() { limitStep(b.pos, b.vel, b.field, stepDT) },
		func() { limitStepBounds(b.pos2, b.vel2, b.bounds, stepDT) },
		func() { b.r.Draw(b.dst, b.w, 0.5) },
		b.limitDraw,
	}
	orders := [3][5]int{{0, 1, 2, 3, 4}, {1, 2, 0, 4, 3}, {2, 0, 1, 3, 4}}
	for _, i := range orders[b.frames%3] {
		d[i], m[i] = b.timed(sides[i])
	}
	b.frames++
	if err != nil || b.frames <= spriteWarmUp {
		return err
	}
	for i := range d {
		b.ns[i] = append(b.ns[i], float64(d[i].Nanoseconds())/float64(b.n))
		b.mallocs[i] = append(b.mallocs[i], float64(m[i]))
	}
	b.ratios[0] = append(b.ratios[0], float64(d[0])/float64(d[1]))
	b.ratios[1] = append(b.ratios[1], float64(d[0])/float64(d[2]))
	b.ratios[2] = append(b.ratios[2], float64(d[3])/float64(d[4]))
	return nil
}

// timed runs f once the GPU is idle and returns the CPU time it took and
// the heap allocations made meanwhile (process-wide).
func (b *spriteBench) timed(f func()) (time.Duration, uint64) {
	b.dst.At(0, 0) // reading a pixel waits for the GPU to finish
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := stresskit.ThreadTime()
	f()
	d := stresskit.ThreadTime() - start
	runtime.ReadMemStats(&after)
	return d, after.Mallocs - before.Mallocs
}

// limitStep moves and bounces plain slices as systems.MotionInBounds
// (Bounce) moves and bounces the world's bodies: the same
// arithmetic in one loop.
func limitStep(pos, vel []geom.Vec2, r geom.Rectangle, dt float64) {
	vel = vel[:len(pos)]
	for i := range pos {
		p, v := &pos[i], &vel[i]
		p.X += v.X * dt
		p.Y += v.Y * dt
		if !r.Contains(*p) {
			p.X = bounceAxis(p.X, r.Min.X, r.Max.X, &v.X)
			p.Y = bounceAxis(p.Y, r.Min.Y, r.Max.Y, &v.Y)
		}
	}
}

// limitStepBounds is limitStep with each body's own rectangle.
func limitStepBounds(pos, vel []geom.Vec2, bounds []geom.Rectangle, dt float64) {
	vel, bounds = vel[:len(pos)], bounds[:len(pos)]
	for i := range pos {
		p, v, r := &pos[i], &vel[i], &bounds[i]
		p.X += v.X * dt
		p.Y += v.Y * dt
		if !r.Contains(*p) {
			p.X = bounceAxis(p.X, r.Min.X, r.Max.X, &v.X)
			p.Y = bounceAxis(p.Y, r.Min.Y, r.Max.Y, &v.Y)
		}
	}
}

// bounceAxis is systems' Bounce on one axis.
func bounceAxis(x, lo, hi float64, v *float64) float64 {
	switch {
	case x < lo:
		*v = math.Abs(*v)
		x = 2*lo - x
	case x > hi:
		*v = -math.Abs(*v)
		x = 2*hi - x
	default:
		return x
	}
	return min(max(x, lo), hi)
}

// limitDraw writes the corners of each body's square from its position
// and draws them.
func (b *spriteBench) limitDraw() {
	const h = bodySize / 2
	vs := b.vs[:4*len(b.pos)]
	for i, p := range b.pos {
		x0, y0, x1, y1 := float32(p.X-h), float32(p.Y-h), float32(p.X+h), float32(p.Y+h)
		v := vs[4*i : 4*i+4 : 4*i+4]
		v[0].DstX, v[0].DstY = x0, y0
		v[1].DstX, v[1].DstY = x1, y0
		v[2].DstX, v[2].DstY = x0, y1
		v[3].DstX, v[3].DstY = x1, y1
	}
	for v0 := 0; v0 < len(vs); v0 += 4 * maxQuads {
		v1 := min(v0+4*maxQuads, len(vs))
		b.dst.DrawTriangles(vs[v0:v1], b.indices[:(v1-v0)/4*6], b.square, &b.opts)
	}
}

// report writes the four rows and the ratios, and checks that the world's
// bodies ended exactly where the limit's did.
func (b *spriteBench) report(t *stresskit.Table, stdout io.Writer, cfg config) error {
	for i, name := range []string{rowStep, rowStepLimit, rowStepBounds, rowDraw, rowDrawLimit} {
		r := stresskit.Result{Walk: name, Bodies: b.n, Steps: cfg.steps, NsPerEntity: stresskit.Median(b.ns[i]), AllocsPerStep: stresskit.Median(b.mallocs[i])}
		if err := t.Write(r); err != nil {
			return err
		}
	}
	if !cfg.json {
		if _, err := fmt.Fprintf(stdout, "%-14s %9d  step %.2fx its limit (%.2fx reading each body's bounds), draw %.2fx its limit (medians of the frames' ratios)\n",
			"ratios", b.n, stresskit.Median(b.ratios[0]), stresskit.Median(b.ratios[1]), stresskit.Median(b.ratios[2])); err != nil {
			return err
		}
	}
	for i, e := range b.ents {
		p, _ := geom.Position.Get(b.w, e)
		v, _ := geom.Velocity.Get(b.w, e)
		if p == nil || v == nil || *p != b.pos[i] || *v != b.vel[i] || b.pos2[i] != b.pos[i] || b.vel2[i] != b.vel[i] {
			return fmt.Errorf("sprites: body %d of %d is at %v moving %v after %d steps, the limit's at %v moving %v",
				i, b.n, p, v, b.frames, b.pos[i], b.vel[i])
		}
	}
	return nil
}

// release frees the images.
func (b *spriteBench) release() {
	b.dst.Deallocate()
	b.square.Deallocate()
	b.r.Release()
}
