package window

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/scene"
)

// Drawer is the escape hatch for drawing of a scene's own: a scene that
// implements it has Draw called every frame while it is on the stack,
// after the runtime has drawn the scene's world. The screen is the logical
// screen, of the configured width and height. A game draws through
// components (package render/drawable); Drawer is for what they cannot
// say, such as a shader effect. Draw must not change the world: what the
// runtime drew is where the next fixed step starts from, for
// interpolation.
type Drawer interface {
	Draw(screen *ebiten.Image)
}

// scenes draws every scene on the stack from its own world, bottom
// first, each with a renderer of its own over the engine's one cache.
type scenes struct {
	e         *engine.Engine
	cache     *render.Cache
	opts      render.Options
	renderers map[scene.Scene]*render.Renderer
	stats     render.Stats // of the last frame, summed over the scenes
}

func newScenes(e *engine.Engine, opts render.Options) *scenes {
	d := &scenes{e: e, cache: render.NewCache(e.Assets()), opts: opts, renderers: make(map[scene.Scene]*render.Renderer)}
	e.SetStepObserver(func(s scene.Scene) { d.rendererOf(s).BeforeStep(s.World()) })
	e.Events().Subscribe(d.changed)
	return d
}

// rendererOf returns s's renderer, making it on first use.
func (d *scenes) rendererOf(s scene.Scene) *render.Renderer {
	r := d.renderers[s]
	if r == nil {
		r = render.New(d.cache, d.opts)
		d.renderers[s] = r
	}
	return r
}

// changed drops the renderer of a scene that left the stack, and settles
// that of a scene another covers: it stops stepping, so it is drawn where
// its last step left it, now and once uncovered, until it steps again.
func (d *scenes) changed(ev engine.Event) {
	if ev.Kind != engine.EventScene {
		return
	}
	c := ev.Change
	if c.From == nil {
		return
	}
	r := d.renderers[c.From]
	if r == nil {
		return
	}
	if c.Kind == scene.Pushed {
		r.Settle()
		return
	}
	r.Release()
	delete(d.renderers, c.From)
}

// draw draws every scene on screen: the top one alpha of the way between
// its last two steps, the ones beneath it (which do not step) as they
// are. It reports what the renderers could not load as error events.
func (d *scenes) draw(screen *ebiten.Image, alpha float64) {
	d.stats = render.Stats{}
	top := d.e.Scenes().Top()
	for s := range d.e.Scenes().All() {
		a := 1.0
		if s == top {
			a = alpha
		}
		r := d.rendererOf(s)
		r.Draw(screen, s.World(), a)
		d.stats = d.stats.Add(r.Stats())
		if dr, ok := s.(Drawer); ok {
			dr.Draw(screen)
		}
	}
	for _, err := range d.cache.TakeErrors() {
		d.e.Events().Emit(engine.Event{Kind: engine.EventError, Err: err, Step: d.e.Loop().Steps(), Now: d.e.Loop().Now()})
	}
}
