//go:build tesserawindow

package main

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"slices"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/window"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// windowBodies is the body count of the window mode when -bodies is not
// given.
const windowBodies = 10000

// bodySize is the side of a body's square, in logical pixels.
const bodySize = 3.0

// runWindow draws the bodies in a window as sprites, moved by the first
// walk other than the limit through the engine's fixed-step loop, with
// the debug overlay on F3, and prints a summary when the window closes.
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
		Debug: engine.DebugConfig{ShowFPS: true, Frames: cfg.frames, Overlay: cfg.overlay, OverlayKey: "F3"},
	}
	if cfg.screenshot != "" {
		ecfg.Debug.ScreenshotFrame, ecfg.Debug.ScreenshotPath = cfg.frames, cfg.screenshot
	}
	e, err := engine.New(ecfg, engine.Game{First: s, Assets: assets.WithFiles(nil, map[string][]byte{squareFile: squarePNG()})})
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
// fixed system, drawn as sprites by the engine.
type field struct {
	scene.Base
	init bodies
	walk walk
	ents []world.Entity
}

// squareFile is the body's picture among the window mode's files: a white
// square, tinted by direction.
const squareFile = "square.png"

// squareImage makes the body's picture.
func squareImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, bodySize, bodySize))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return img
}

// squarePNG is squareImage as a PNG file.
func squarePNG() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, squareImage()); err != nil {
		panic(err) // a bug: encoding an in-memory image does not fail
	}
	return b.Bytes()
}

// background is the colour of the field.
var background = color.NRGBA{0x10, 0x14, 0x20, 0xff}

func (f *field) OnEnter() error {
	w := f.World()
	// World coordinates are screen pixels.
	world.Spawn1(w, drawable.Camera, camera.Camera{Position: geom.Vec2{X: fieldW / 2, Y: fieldH / 2}, Background: background})
	sprite := drawable.Picture{Region: drawable.Image(squareFile), Origin: geom.Vec2{X: 0.5, Y: 0.5}}
	f.ents = f.ents[:0]
	for i := range f.init.pos {
		e := world.Spawn3(w, positionC, f.init.pos[i], velocityC, f.init.vel[i], bodyC, f.init.body[i])
		geom.Position.Add(w, e, geom.Vec2{X: float64(f.init.pos[i].X), Y: float64(f.init.pos[i].Y)})
		drawable.Sprite.Add(w, e, sprite)
		f.ents = append(f.ents, e)
	}
	return errors.Join(
		w.AddSystem(world.System{Name: "move-" + f.walk.name, Phase: world.Fixed, Run: f.walk.run}),
		w.AddSystem(world.System{Name: "sprites", Phase: world.Fixed, Run: syncSprites}),
	)
}

// Tints of the bodies, by direction.
var (
	tintRight = color.NRGBA{0x4c, 0xcc, 0xff, 0xff}
	tintLeft  = color.NRGBA{0xff, 0xcc, 0x99, 0xff}
	dimUp     = uint8(0x80) // the green of a body moving up
)

// syncSprites copies each body's float32 position into geom.Position,
// which the renderer draws (and interpolates), and tints its sprite by its
// direction. It is one flat loop over the columns, after the walk.
func syncSprites(ctx *world.Context) error {
	w := ctx.World
	ps, vs := positionC.Column(w), velocityC.Column(w)
	gs, ss := geom.Position.Column(w), drawable.Sprite.Column(w)
	for _, r := range w.Slots(positionC, velocityC, geom.Position, drawable.Sprite).Runs() {
		for i := r.Start; i < r.End; i++ {
			p, v := ps[i], vs[i]
			gs[i] = geom.Vec2{X: float64(p.X), Y: float64(p.Y)}
			t := tintRight
			if v.X < 0 {
				t = tintLeft
			}
			if v.Y < 0 {
				t.G = dimUp
			}
			ss[i].Tint = t
		}
	}
	return nil
}
