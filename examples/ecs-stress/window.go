//go:build tesserawindow

package main

import (
	"fmt"
	"image/color"
	"io"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gomedium"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	_ "github.com/tessera-engine/tessera/engine/window" // the runtime engine.Run uses
	"github.com/tessera-engine/tessera/examples/ecs-stress/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/world"
)

// runWindow runs the game in a window through engine.Run: the first body
// count given (else the field prefab's), moved by the first walk, drawn
// by package render with the debug overlay on the configured key.
func runWindow(o options, stdout, stderr io.Writer) int {
	lib, err := game.LoadPrefabs()
	if err != nil {
		fmt.Fprintln(stderr, "ecs-stress:", err)
		return 1
	}
	v := &view{
		overlay:    o.overlay,
		overlayKey: o.engine.Game[game.OverlayKeyKey].(string),
		collide:    o.collide,
		screen:     geom.Vec2{X: float64(o.engine.Window.Width), Y: float64(o.engine.Window.Height)},
	}
	opts := game.Options{Walk: o.walks[0], Collide: o.collide, Seed: o.seed, Look: &v.look}
	if o.bodiesSet {
		opts.Bodies = o.bodies[0]
	}
	v.Scene = game.New(lib, opts)
	if err := v.load(); err != nil {
		fmt.Fprintln(stderr, "ecs-stress:", err)
		return 1
	}
	cfg := o.engine
	if o.frames > 0 {
		cfg.Debug.Frames = o.frames
	}
	if o.screenshot != "" {
		cfg.Debug.ScreenshotFrame, cfg.Debug.ScreenshotPath = o.frames, o.screenshot
	}
	start := time.Now()
	if err := engine.Run(cfg, v); err != nil {
		fmt.Fprintln(stderr, "ecs-stress:", err)
		return 1
	}
	el := time.Since(start).Seconds()
	fmt.Fprintf(stdout, "window: %d bodies, walk %s: %d frames in %.1f s, %.1f FPS, %.2f steps/frame\n",
		v.Bodies(), v.Walk(), v.frames, el, float64(v.frames)/el, float64(v.steps)/float64(max(v.frames, 1)))
	return 0
}

// view is the game's scene with a renderer, a sprite for the bodies and a
// label showing the body count, the frame rate and the steps per frame.
type view struct {
	*game.Scene
	overlay    bool
	overlayKey string
	r          *render.Renderer
	look       game.Look
	collide    bool
	screen     geom.Vec2        // the logical screen's size
	face       *text.GoTextFace // the label's, made for faceZoom
	faceZoom   float64
	label      world.Entity
	shown      int // the body count the label shows

	frames, steps uint64 // since the start, for the summary
	// The label's numbers are over the frames since lastFrames.
	lastAt                time.Time
	lastSteps, lastFrames uint64
	fps, spf              float64
}

// labelEvery is how many frames the label's numbers average over, and
// labelFirst after how many frames they first show.
const (
	labelEvery = 30
	labelFirst = 5
)

// The label's text size, line spacing and panel width on the screen, in
// pixels.
const (
	labelPx   = 15
	labelLine = 21
	labelW    = 440
)

// load makes the renderer and gives it the body sprite. It runs before
// the window opens, so that a bad overlay key or a broken image is an
// error of the command rather than of the first scene.
func (v *view) load() error {
	r, err := render.New(render.Options{OverlayKey: v.overlayKey, ShowOverlay: v.overlay})
	if err != nil {
		return err
	}
	img, err := assets.New(game.Assets()).Image(game.SpritePath)
	if err != nil {
		return err
	}
	v.r = r
	v.look = game.Look{Region: r.AddAsset(img), Side: float64(img.Bounds().Dx())}
	return nil
}

// OnEnter installs the renderer, builds the field and fits the camera to
// it.
func (v *view) OnEnter() error {
	w := v.World()
	if err := v.r.Install(w); err != nil { // first: its snapshot starts each step
		return err
	}
	if err := v.Scene.OnEnter(); err != nil {
		return err
	}
	return v.place(v.Settings())
}

// place fits the field to the screen and adds the label.
func (v *view) place(st game.Settings) error {
	zoom := min(v.screen.X/st.Width, v.screen.Y/st.Height)
	cam := v.r.Camera()
	cam.Position = geom.Vec2{X: st.Width / 2, Y: st.Height / 2}
	cam.Zoom = zoom
	cam.Background = st.Background
	if v.face == nil || v.faceZoom != zoom {
		// The Go font ships as bytes in x/image; the MapFS hands them to
		// the assets loader, which the renderer makes faces from.
		font, err := assets.New(fstest.MapFS{"gomedium.ttf": {Data: gomedium.TTF}}).Font("gomedium.ttf")
		if err != nil {
			return err
		}
		f, err := v.r.Face(font, labelPx/zoom)
		if err != nil {
			return err
		}
		v.face, v.faceZoom = f, zoom
	}
	w := v.World()
	pad, panelH := 8/zoom, (2*labelLine+8)/zoom
	top := st.Height - panelH - pad // the bottom left, clear of the overlay
	w.Spawn(
		geom.Position.With(geom.Vec2{X: pad, Y: top}),
		render.Shape.With(withOrder(render.Rect(labelW/zoom, panelH, color.NRGBA{0, 0, 0, 0xa8}), 9)),
	)
	lbl := render.Label{
		Text:        v.labelText(),
		Face:        v.face,
		Color:       color.NRGBA{0xf0, 0xf0, 0xf0, 0xff},
		LineSpacing: labelLine / zoom,
		Order:       render.Order{Layer: 10},
	}
	v.label = w.Spawn(geom.Position.With(geom.Vec2{X: 2 * pad, Y: top + pad/2}), render.Text.With(lbl))
	v.shown = v.Bodies()
	v.lastAt = time.Now()
	return nil
}

// withOrder returns f drawn on layer.
func withOrder(f render.Figure, layer render.Layer) render.Figure {
	f.Order = render.Order{Layer: layer}
	return f
}

// labelText says what the field shows.
func (v *view) labelText() string {
	mode := v.Walk()
	if v.collide {
		mode += ", collide"
	}
	batch := v.Settings().Batch
	return fmt.Sprintf("%d bodies (%s)   %.0f FPS   %.2f steps/frame\nUp/Down: %+d/%d bodies   %s: overlay",
		v.Bodies(), mode, v.fps, v.spf, batch, -batch, v.overlayKey)
}

// FixedUpdate counts the steps.
func (v *view) FixedUpdate(dt float64) {
	v.steps++
	v.Scene.FixedUpdate(dt)
}

// Update counts the frames and refreshes the label's numbers every
// labelEvery frames. The frame rate is measured with the wall clock, for
// the label only: nothing in a step reads it.
func (v *view) Update(dt, alpha float64) {
	v.frames++
	refresh := v.Bodies() != v.shown
	if n := v.frames - v.lastFrames; n >= labelEvery || (v.lastFrames == 0 && n >= labelFirst) {
		now := time.Now()
		if el := now.Sub(v.lastAt).Seconds(); el > 0 {
			v.fps = float64(n) / el
		}
		v.spf = float64(v.steps-v.lastSteps) / float64(n)
		v.lastAt, v.lastSteps, v.lastFrames = now, v.steps, v.frames
		refresh = true
	}
	if lbl, ok := render.Text.Get(v.World(), v.label); ok && refresh {
		lbl.Text, v.shown = v.labelText(), v.Bodies()
	}
	v.Scene.Update(dt, alpha)
}

// Draw draws the field, the label, and the overlay when it is shown.
func (v *view) Draw(screen *ebiten.Image) { v.r.Draw(screen) }
