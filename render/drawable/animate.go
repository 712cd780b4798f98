package drawable

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// AnimationEnd reports a clip played once (mode once) that ended on an
// entity.
type AnimationEnd struct {
	Entity world.Entity
	Atlas  assets.Path
	Clip   assets.Name
}

// endsOf is where an Animator leaves the ends of the step it ran, in the
// world it ran in, for [AnimationEnds].
var endsOf = world.DefineResource[[]AnimationEnd]("drawable.AnimationEnds")

// AnimationEnds returns the clips played once that ended on w's entities
// in the current fixed step, for systems (the animation runs at the start
// of each step, before them): an attack's animation ending gives the turn
// back to the player. The slice is the animator's, valid until the next
// step; nil when nothing ended or no animator runs.
func AnimationEnds(w *world.World) []AnimationEnd {
	if p, ok := endsOf.Lookup(w); ok {
		return *p
	}
	return nil
}

// Animator plays every [Animation] of a world on its [Sprite]: each fixed
// step it advances the playback by the step and shows the clip's frame
// due, a frame of the atlas the playback names. Clips come from atlas
// files through one [assets.Loader] and are looked up once per atlas (and
// again when a reload changes it), so a step allocates nothing. The
// engine runs one for the scene that steps, before the scene's systems;
// a test may run one itself.
//
// An Animator is not safe for concurrent use.
type Animator struct {
	loader  *assets.Loader
	atlases []animAtlas // by assets.Path
	ends    []AnimationEnd
	errs    []error
	dt      float64
	one     func(world.Entity, *Playback, *Picture)
}

// animAtlas is what an Animator knows of one atlas: its clips by name.
type animAtlas struct {
	loaded bool // tried: atlas is nil if it failed
	atlas  *assets.Atlas
	gen    uint64
	clips  []animClip // by assets.Name; made as clips are asked for
}

type animClip struct {
	known  bool // looked up
	ok     bool // the atlas has it
	frames []assets.Name
	fps    float64
	mode   core.Mode
}

// NewAnimator returns an animator loading atlases through l.
func NewAnimator(l *assets.Loader) *Animator {
	a := &Animator{loader: l}
	a.one = a.animate
	return a
}

// Step advances every playback of w by dt seconds and shows its frames.
// A playback whose atlas does not load, or names a clip its atlas does
// not have, leaves its sprite as it is; Step returns such problems as an
// error, each once (per atlas, per clip), naming the atlas and the clip.
func (a *Animator) Step(w *world.World, dt float64) error {
	a.ends, a.errs = a.ends[:0], a.errs[:0]
	a.dt = dt
	world.Each2(w, Animation, Sprite, a.one)
	endsOf.Set(w, &a.ends)
	return errors.Join(a.errs...) // nil when there are none; it copies the slice
}

// Ended returns the ends of the last Step, as [AnimationEnds] does.
func (a *Animator) Ended() []AnimationEnd { return a.ends }

func (a *Animator) animate(e world.Entity, p *Playback, s *Picture) {
	c := a.clip(p.Atlas, p.Clip)
	if c == nil {
		return
	}
	n := len(c.frames)
	before := p.Elapsed
	p.Elapsed += a.dt
	f, ended := core.FrameAt(n, c.fps, c.mode, p.Elapsed)
	// A looping clip's time wraps at its period, so that the rounding of
	// a sum of steps stays a step's, not a run's.
	if period := core.Period(n, c.fps, c.mode); period > 0 && p.Elapsed >= period {
		p.Elapsed = math.Mod(p.Elapsed, period)
	}
	s.Region = Region{Atlas: p.Atlas, Frame: c.frames[f]}
	if ended {
		if _, was := core.FrameAt(n, c.fps, c.mode, before); !was {
			a.ends = append(a.ends, AnimationEnd{Entity: e, Atlas: p.Atlas, Clip: p.Clip})
		}
	}
}

// clip returns the clip called name of the atlas at path, or nil if there
// is none (reported once).
func (a *Animator) clip(path assets.Path, name assets.Name) *animClip {
	if path == 0 || name == 0 {
		return nil
	}
	if int(path) >= len(a.atlases) {
		a.atlases = slices.Grow(a.atlases, int(path)+1-len(a.atlases))[:int(path)+1]
	}
	at := &a.atlases[path]
	if !at.loaded {
		at.loaded = true
		atlas, err := a.loader.Atlas(path.String())
		if err != nil {
			a.errs = append(a.errs, fmt.Errorf("drawable: animation: %w", err))
			return nil
		}
		at.atlas, at.gen = atlas, atlas.Generation()
	}
	if at.atlas == nil {
		return nil
	}
	if g := at.atlas.Generation(); g != at.gen {
		at.gen = g
		clear(at.clips) // a reload: look every clip up again
	}
	if int(name) >= len(at.clips) {
		at.clips = slices.Grow(at.clips, int(name)+1-len(at.clips))[:int(name)+1]
	}
	c := &at.clips[name]
	if !c.known {
		a.lookUp(c, at.atlas, path, name)
	}
	if !c.ok || len(c.frames) == 0 {
		return nil
	}
	return c
}

// lookUp fills c with the clip called name of atlas.
func (a *Animator) lookUp(c *animClip, atlas *assets.Atlas, path assets.Path, name assets.Name) {
	c.known = true
	ac, ok := atlas.Clip(name.String())
	if !ok {
		a.errs = append(a.errs, fmt.Errorf("drawable: animation: atlas %s has no clip %q%s", path, name, clipList(atlas)))
		return
	}
	c.ok = true
	c.fps = ac.FPS
	c.mode = modeOf(ac.Mode)
	c.frames = c.frames[:0]
	for _, i := range ac.Frames {
		c.frames = append(c.frames, FrameName(atlas, i))
	}
}

// modeOf maps an atlas clip's mode to the frame arithmetic's.
func modeOf(m assets.ClipMode) core.Mode {
	switch m {
	case assets.ClipOnce:
		return core.Once
	case assets.ClipPingPong:
		return core.PingPong
	}
	return core.Loop
}
