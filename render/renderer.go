package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// Options configure a [Renderer]. The zero value draws sprites with
// nearest-neighbour filtering, shapes without anti-aliasing, texts in Go
// Regular unless they name a face, and has an overlay no key shows.
type Options struct {
	// OverlayKey names the key that shows and hides the debug overlay,
	// as the configuration names keys (ebitengine's names: "F3",
	// "Backquote"); "" means no key. A game usually reads it from a
	// configuration key of its own, such as debug.overlay_key.
	OverlayKey string
	// ShowOverlay shows the overlay from the start.
	ShowOverlay bool
	// Face is the face of labels that have none; nil means the built-in
	// Go Regular at DefaultFaceSize pixels ([DefaultFace]).
	Face text.Face
	// Filter is how sprites are sampled when scaled or turned; the zero
	// value is ebiten.FilterNearest, right for pixel art.
	Filter ebiten.Filter
	// AntiAlias smooths the edges of shapes, at the cost of more draw
	// calls; the zero value draws hard edges.
	AntiAlias bool
	// OnAnimationEnd, if not nil, is called by the animation system when
	// a clip played [Once] ends, after the sprite shows its last frame.
	OnAnimationEnd func(AnimationEnd)
}

// ErrInstallOrder is wrapped by the error [Renderer.Install] returns for a
// world whose fixed systems were added before it.
var ErrInstallOrder = errors.New("render: Install must come before the world's fixed systems")

// Renderer draws a world: its sprites, shapes and texts, through its
// cameras, between the last two fixed steps, and the debug overlay.
//
// A Renderer lives as long as the game wants it to: it owns the images,
// regions, clips and faces added to it, and its cameras. A scene installs
// it in its world when entered ([Renderer.Install], first thing in
// OnEnter) and draws it from its Draw method:
//
//	func (s *Level) Draw(screen *ebiten.Image) { s.r.Draw(screen) }
//
// A Renderer is not safe for concurrent use: use it on the game loop's
// goroutine.
type Renderer struct {
	opts Options
	w    *world.World

	textures []texture
	regions  []region // index 0 is the zero Region
	sheets   []sheet
	white    *ebiten.Image // a white pixel shapes are drawn with
	sources  map[*assets.Font]*text.GoTextFaceSource

	clips []clip // index 0 is the zero Clip
	ended []AnimationEnd

	cams []*camera.Camera
	dsts []viewport // by camera

	hist     core.History
	alpha    float64
	dt       float64       // frame time since the last Draw, for cameras
	stepLen  time.Duration // the last fixed step's length
	hidden   bool          // whether any entity is Hidden this frame
	onScreen bool          // whether any entity has the Screen tag this frame
	items    []core.Item
	order    core.Order
	hud      core.Order // the Screen items, drawn after the cameras
	hudBatch core.Batch
	shapes   []core.Shape
	labels   []labelRef
	batches  []core.Batch // by camera
	figures  map[world.Entity]*figureCache
	texts    map[world.Entity]*labelCache
	draws    uint64 // Draw calls, for sweeping the caches
	stats    Stats
	triOpts  ebiten.DrawTrianglesOptions
	meshOpts ebiten.DrawTrianglesOptions
	textOpts text.DrawOptions

	overlay Overlay

	// Method values made once, so the walks allocate nothing.
	snapshotFn func(world.Entity, *geom.Vec2)
	animateFn  func(world.Entity, *Playback, *Picture)
	spriteFn   func(world.Entity, *geom.Vec2, *Picture)
	shapeFn    func(world.Entity, *geom.Vec2, *Figure)
	textFn     func(world.Entity, *geom.Vec2, *Label)
	animDT     float64
}

// rendererOf finds the renderer installed in a world.
var rendererOf = world.DefineResource[Renderer]("render.Renderer")

// New returns a renderer with one camera that covers the screen. It
// returns an error if opts.OverlayKey names no key.
func New(opts Options) (*Renderer, error) {
	if opts.Face == nil {
		opts.Face = DefaultFace(DefaultFaceSize)
	}
	r := &Renderer{
		opts:    opts,
		regions: make([]region, 1),
		clips:   make([]clip, 1),
		figures: make(map[world.Entity]*figureCache),
		texts:   make(map[world.Entity]*labelCache),
	}
	if err := r.overlay.init(r, opts); err != nil {
		return nil, err
	}
	white := ebiten.NewImage(3, 3)
	white.Fill(color.White)
	r.white = white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	r.triOpts.Filter = opts.Filter
	r.meshOpts.AntiAlias = opts.AntiAlias
	r.snapshotFn = r.snapshotOne
	r.animateFn = r.animateOne
	r.spriteFn = r.collectSprite
	r.shapeFn = r.collectShape
	r.textFn = r.collectText
	r.AddCamera(&camera.Camera{})
	return r, nil
}

// Install makes the renderer draw w and adds its systems to w, named
// with the prefix "render.":
//
//   - render.snapshot (fixed) records every [geom.Position] at the start
//     of each step, which interpolation draws from;
//   - render.animate (fixed) plays animations;
//   - render.frame (frame) takes the frame's alpha and length, and runs
//     the overlay's key and counters.
//
// render.snapshot must run first in each step, so Install must come
// before the world's fixed systems are added: it returns an error
// wrapping [ErrInstallOrder] otherwise, and one from [world.World.AddSystem]
// if the systems are there already. Call it in the scene's OnEnter; the
// world's Clear, when the scene is left, removes the systems and the
// renderer lets go of the world.
func (r *Renderer) Install(w *world.World) error {
	if names := w.SystemNames(world.Fixed); len(names) > 0 {
		return fmt.Errorf("%w (it has %q)", ErrInstallOrder, names)
	}
	for _, s := range []world.System{
		{Name: "render.snapshot", Phase: world.Fixed, Run: r.snapshot, Dispose: func() { r.detach(w) }},
		{Name: "render.animate", Phase: world.Fixed, Run: r.animate},
		{Name: "render.frame", Phase: world.Frame, Run: r.frame},
	} {
		if err := w.AddSystem(s); err != nil {
			return err
		}
	}
	w.SetRunObserver(&r.overlay) // the overlay times every system
	if r.w != nil && r.w != w {
		geom.RemoveTeleporter(r.w, r) // the world drawn before keeps its entities, not this renderer
	}
	r.w = w
	r.hist.Reset()
	r.alpha, r.dt = 0, 0
	clear(r.figures)
	clear(r.texts)
	rendererOf.Set(w, r)
	geom.AddTeleporter(w, r) // geom.Teleport, from any system, reaches Renderer.Teleport
	return nil
}

// detach forgets w if it is the world drawn.
func (r *Renderer) detach(w *world.World) {
	if r.w == w {
		r.w = nil
	}
}

// Installed returns the world the renderer draws, or nil before Install
// and after the world is cleared. (It is not called World so that a scene
// may embed its renderer beside scene.Base, whose World it would shadow:
// the scene then has the renderer's Draw, Camera and the rest.)
func (r *Renderer) Installed() *world.World { return r.w }

// Teleport makes e draw at its current position rather than between its
// last two, until the next fixed step: call it when an entity jumps
// (respawns, goes through a portal), so that it is not drawn sliding
// across the screen for a frame. It is [geom.Teleport], which code
// without a renderer at hand (systems' Confine, on a wrap) calls; it does
// nothing in a world no renderer is installed in. O(1).
func Teleport(w *world.World, e world.Entity) { geom.Teleport(w, e) }

// Teleport is [Teleport] for the world the renderer draws: the renderer
// is the world's [geom.Teleporter] once installed.
func (r *Renderer) Teleport(e world.Entity) {
	if r.w != nil && r.w.IsAlive(e) {
		r.hist.Teleport(e.Slot(), e.Generation())
	}
}

// snapshot is the render.snapshot system.
func (r *Renderer) snapshot(ctx *world.Context) error {
	r.stepLen = time.Duration(ctx.DT * float64(time.Second))
	r.hist.NextStep()
	world.Each1(ctx.World, geom.Position, r.snapshotFn)
	return nil
}

func (r *Renderer) snapshotOne(e world.Entity, p *geom.Vec2) {
	r.hist.Record(e.Slot(), e.Generation(), *p)
}

// frame is the render.frame system.
func (r *Renderer) frame(ctx *world.Context) error {
	r.alpha = ctx.Alpha
	r.dt += ctx.DT
	r.overlay.frame(ctx)
	return nil
}

// Camera returns the renderer's first camera, which New made to cover
// the whole screen.
func (r *Renderer) Camera() *camera.Camera { return r.cams[0] }

// Cameras returns the renderer's cameras in the order they draw: later
// ones draw over earlier ones. The slice is the renderer's own; do not
// modify it.
func (r *Renderer) Cameras() []*camera.Camera { return r.cams }

// AddCamera adds a camera, drawn after (over) the others: a split-screen
// half, a minimap. Set its Viewport; an empty one covers the whole screen.
func (r *Renderer) AddCamera(c *camera.Camera) {
	r.cams = append(r.cams, c)
	r.dsts = append(r.dsts, viewport{})
	r.batches = append(r.batches, core.Batch{})
}

// RemoveCamera removes c and reports whether it was there. The renderer
// always keeps one camera: removing the last one does nothing.
func (r *Renderer) RemoveCamera(c *camera.Camera) bool {
	for i, x := range r.cams {
		if x == c && len(r.cams) > 1 {
			r.cams = append(r.cams[:i], r.cams[i+1:]...)
			r.dsts = append(r.dsts[:i], r.dsts[i+1:]...)
			r.batches = append(r.batches[:i], r.batches[i+1:]...)
			return true
		}
	}
	return false
}

// CameraAt returns the last-drawn camera whose area holds the screen
// point s, such as the mouse cursor, for picking with
// [camera.Camera.ScreenToWorld]; false if none does. Areas are those of
// the last Draw.
func (r *Renderer) CameraAt(s geom.Vec2) (*camera.Camera, bool) {
	for i := len(r.cams) - 1; i >= 0; i-- {
		if r.cams[i].Contains(s) {
			return r.cams[i], true
		}
	}
	return nil, false
}

// Overlay returns the renderer's debug overlay.
func (r *Renderer) Overlay() *Overlay { return &r.overlay }

// Stats counts what the last [Renderer.Draw] did.
type Stats struct {
	Items     int // drawables collected: visible entities' sprites, shapes and texts
	Drawn     int // drawables drawn, summed over the cameras
	Culled    int // drawables outside a camera's view, summed over the cameras
	DrawCalls int // DrawTriangles calls and texts drawn
}

// Stats returns what the last Draw did.
func (r *Renderer) Stats() Stats { return r.stats }

// viewport is a camera's part of the screen, kept between frames because
// SubImage allocates.
type viewport struct {
	screen *ebiten.Image
	rect   image.Rectangle
	img    *ebiten.Image
}

// of returns the part of screen at rect.
func (v *viewport) of(screen *ebiten.Image, rect image.Rectangle) *ebiten.Image {
	if rect == screen.Bounds() {
		return screen
	}
	if v.screen != screen || v.rect != rect {
		v.screen, v.rect = screen, rect
		v.img = screen.SubImage(rect).(*ebiten.Image)
	}
	return v.img
}
