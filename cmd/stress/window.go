//go:build tesserawindow

package main

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/window"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// windowBodies is the body count of the window mode when -bodies is not
// given.
const windowBodies = 10000

// bodySize is the side of a body's square, in logical pixels.
const bodySize = 3.0

// runWindow draws the bodies in a window, moved by the first walk other
// than the limit through the engine's fixed-step loop, and prints a summary
// when the window closes.
func runWindow(cfg config, stdout, stderr io.Writer) int {
	n := windowBodies
	if cfg.bodiesSet {
		n = cfg.bodies[0]
	}
	walkName := cfg.walks[slices.IndexFunc(cfg.walks, func(w string) bool { return w != limitWalk })]
	wk, _ := lookupWalk(walkName)
	s := &field{init: spawnBodies(n, cfg.seed), walk: wk}
	ecfg := engine.Config{
		Window: engine.WindowConfig{
			Title: fmt.Sprintf("tessera stress: %d bodies, %s", n, walkName),
			Width: fieldW, Height: fieldH, Zoom: 0.75,
		},
		Debug: engine.DebugConfig{ShowFPS: true, Frames: cfg.frames},
	}
	if cfg.screenshot != "" {
		ecfg.Debug.ScreenshotFrame, ecfg.Debug.ScreenshotPath = cfg.frames, cfg.screenshot
	}
	e, err := engine.New(ecfg, s)
	if err != nil {
		fmt.Fprintln(stderr, "stress:", err)
		return 1
	}
	var failed error
	e.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError && failed == nil {
			failed = ev.Err
			e.Stop()
		}
	})
	start := time.Now()
	if err := window.RunEngine(e); err != nil {
		fmt.Fprintln(stderr, "stress:", err)
		return 1
	}
	if failed != nil {
		fmt.Fprintln(stderr, "stress:", failed)
		return 1
	}
	el := time.Since(start).Seconds()
	frames, steps := e.Frames(), e.Loop().Steps()
	fmt.Fprintf(stdout, "window: %d bodies, walk %s: %d frames in %.1f s, %.1f FPS, %.2f steps/frame, %d steps dropped\n",
		n, walkName, frames, el, float64(frames)/el, float64(steps)/float64(max(frames, 1)), e.Loop().Dropped())
	return 0
}

// field is the window mode's scene: the bodies in its world, moved by one
// fixed system, drawn as squares by its Draw.
type field struct {
	scene.Base
	init  bodies
	walk  walk
	ents  []world.Entity
	white *ebiten.Image // its centre texel, which no edge bleeds into
	opts  ebiten.DrawTrianglesOptions
	verts []ebiten.Vertex
	index []uint16
}

func (f *field) OnEnter() error {
	w := f.World()
	f.ents = f.ents[:0]
	for i := range f.init.pos {
		f.ents = append(f.ents, world.Spawn3(w, positionC, f.init.pos[i], velocityC, f.init.vel[i], bodyC, f.init.body[i]))
	}
	if f.white == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		f.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return w.AddSystem(world.System{Name: "move-" + f.walk.name, Phase: world.Fixed, Run: f.walk.run})
}

// background is the colour of the field.
var background = color.RGBA{0x10, 0x14, 0x20, 0xff}

// quadsPerBatch keeps a batch's vertex indices within uint16.
const quadsPerBatch = 1<<16/4 - 1

// Draw draws every body as a square tinted by its direction, in batches of
// DrawTriangles over one white texel; the slices are reused, so a frame
// allocates nothing.
func (f *field) Draw(screen *ebiten.Image) {
	screen.Fill(background)
	w := f.World()
	ps, vs := positionC.Column(w), velocityC.Column(w)
	f.verts, f.index = f.verts[:0], f.index[:0]
	flush := func() {
		if len(f.verts) > 0 {
			screen.DrawTriangles(f.verts, f.index, f.white, &f.opts)
			f.verts, f.index = f.verts[:0], f.index[:0]
		}
	}
	for _, r := range w.Slots(positionC, velocityC).Runs() {
		for i := r.Start; i < r.End; i++ {
			p, v := ps[i], vs[i]
			cr, cg, cb := float32(0.3), float32(0.8), float32(1.0) // tinted by direction
			if v.X < 0 {
				cr, cb = 1, 0.6
			}
			if v.Y < 0 {
				cg = 0.5
			}
			base := uint16(len(f.verts))
			x0, y0 := p.X-bodySize/2, p.Y-bodySize/2
			for _, c := range [4][2]float32{{0, 0}, {bodySize, 0}, {0, bodySize}, {bodySize, bodySize}} {
				f.verts = append(f.verts, ebiten.Vertex{DstX: x0 + c[0], DstY: y0 + c[1], SrcX: 1, SrcY: 1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: 1})
			}
			f.index = append(f.index, base, base+1, base+2, base+1, base+3, base+2)
			if len(f.verts) >= quadsPerBatch*4 {
				flush()
			}
		}
	}
	flush()
}
