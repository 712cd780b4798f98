package render

import (
	"math"
	"slices"

	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// clip is what a Clip stands for.
type clip struct {
	frames []Region
	fps    float64
	mode   core.Mode
}

// AnimationEnd reports a clip played [Once] that ended on an entity.
type AnimationEnd struct {
	Entity world.Entity
	Clip   Clip
}

// AddClip returns a clip showing frames in order at fps frames a second,
// played as mode says. Frames usually come from one sheet
// ([Sheet.Frames]), so the sprite keeps batching with its neighbours. A
// clip with no frames or no positive rate leaves the sprite as it is.
func (r *Renderer) AddClip(fps float64, mode Mode, frames ...Region) Clip {
	r.clips = append(r.clips, clip{frames: slices.Clone(frames), fps: fps, mode: core.Mode(mode)})
	return Clip(len(r.clips) - 1)
}

// Ended returns the clips played Once that ended in the current fixed
// step, for systems that run after the animation system (which runs at
// the start of each step, after render.snapshot): an attack's
// animation ending gives the turn back to the player. The slice is the
// renderer's own, valid until the next step.
func (r *Renderer) Ended() []AnimationEnd { return r.ended }

// animate is the render.animate system: it advances every playback by the
// step and shows the frame due on its sprite.
func (r *Renderer) animate(ctx *world.Context) error {
	r.ended = r.ended[:0]
	r.animDT = ctx.DT
	world.Each2(ctx.World, Animation, Sprite, r.animateFn)
	if cb := r.opts.OnAnimationEnd; cb != nil {
		for _, end := range r.ended {
			cb(end)
		}
	}
	return nil
}

func (r *Renderer) animateOne(e world.Entity, p *Playback, s *Picture) {
	if p.Clip == 0 || int(p.Clip) >= len(r.clips) {
		return
	}
	c := &r.clips[p.Clip]
	before := p.Elapsed
	p.Elapsed += r.animDT
	n := len(c.frames)
	f, ended := core.FrameAt(n, c.fps, c.mode, p.Elapsed)
	if n == 0 || c.fps <= 0 {
		return
	}
	// A looping clip's time wraps at its period, so that the rounding of
	// a sum of steps stays a step's, not a run's (after minutes, frames
	// fell a step late). The wrapped time shows the same frame.
	if period := core.Period(n, c.fps, c.mode); period > 0 && p.Elapsed >= period {
		p.Elapsed = math.Mod(p.Elapsed, period)
	}
	s.Region = c.frames[f]
	if ended {
		if _, was := core.FrameAt(n, c.fps, c.mode, before); !was {
			r.ended = append(r.ended, AnimationEnd{Entity: e, Clip: p.Clip})
		}
	}
}
