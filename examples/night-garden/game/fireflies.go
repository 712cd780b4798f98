package game

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// spawnFirefly spawns a firefly of prefab kind at at: its light (a circle
// whose opacity and size pulse, through two endless yoyo tweens), its
// bounds (the garden less its margin, which systems.Confine keeps it in)
// and its first rest, after which its timer sends it flying.
func (g *Garden) spawnFirefly(kind string, at geom.Vec2) (world.Entity, error) {
	p, ok := g.lib.Lookup(kind)
	if !ok {
		return 0, fmt.Errorf("firefly: %w %q", prefab.ErrUnknownPrefab, kind)
	}
	w := g.World()
	e := p.SpawnWith(w, prefab.SpawnOptions{With: []prefab.Part{prefab.Value(geom.Position, at)}})
	if !w.Has(e, FireflyData) {
		w.Destroy(e)
		return 0, fmt.Errorf("firefly: prefab %q has no %s component", kind, FireflyData.Name())
	}
	wander.Add(w, e, wandering{kind: kind, target: at})
	g.dressFirefly(e)
	rest := draw(g.rng, FireflyData.Require(w, e).Pause)
	wander.Require(w, e).timer = g.timers.Start(systems.Timer{Name: "firefly.wander", Delay: rest, Entity: e, Do: g.onWander})
	return e, nil
}

// dressFirefly gives firefly e what its Firefly data makes of it: its
// light and halo, its bounds and the tweens that pulse its glow, in place
// of those it had. Where it is, where it is going and its timer are its
// own and stay: a reload of its prefab dresses it again.
func (g *Garden) dressFirefly(e world.Entity) {
	w := g.World()
	f := *FireflyData.Require(w, e) // the pointer lasts only until the next structural change
	wd := wander.Require(w, e)
	for _, id := range wd.glow {
		if id != 0 {
			g.tweens.Stop(id)
		}
	}
	wd.glow = [3]systems.TweenID{}
	light := f.Color
	light.A = unit(f.Glow.Min)
	fig := drawable.Circle(f.Radius, light.NRGBA())
	fig.Order = drawable.Order{Layer: layerFireflies}
	drawable.Shape.Add(w, e, fig)
	if f.Halo > 0 {
		drawable.Sprite.Add(w, e, drawable.Picture{
			Region: drawable.Image(GlowImage),
			Origin: geom.Vec2{X: 0.5, Y: 0.5},
			Scale:  geom.Vec2{X: f.Halo / glowRadius, Y: f.Halo / glowRadius},
			Tint:   color.NRGBA{R: f.Color.R, G: f.Color.G, B: f.Color.B, A: unit(f.Glow.Min * haloOpacity)},
			Order:  drawable.Order{Layer: layerFireflies},
		})
	} else {
		w.Remove(e, drawable.Sprite)
	}
	systems.Bounds.Add(w, e, systems.Boundary{Rect: g.settings.Bounds(), Mode: systems.Clamp})
	if gl := f.Glow; gl.Seconds > 0 {
		// A random delay, so that fireflies do not pulse in step.
		pulse := systems.Tween{Seconds: gl.Seconds, Delay: gl.Seconds * 2 * g.rng.Float64(),
			Repeat: -1, Yoyo: true, Ease: systems.InOutSine, Name: "firefly.glow"}
		pulse.To = float64(unit(gl.Max))
		var glow [3]systems.TweenID
		glow[0] = systems.TweenField(g.tweens, e, drawable.Shape, figureAlpha, pulse)
		if f.Halo > 0 {
			pulse.To, pulse.Name = float64(unit(gl.Max*haloOpacity)), "firefly.halo"
			glow[1] = systems.TweenField(g.tweens, e, drawable.Sprite, pictureAlpha, pulse)
		}
		if gl.Grow > 0 && gl.Grow != 1 {
			pulse.To, pulse.Name = f.Radius*gl.Grow, "firefly.grow"
			glow[2] = systems.TweenField(g.tweens, e, drawable.Shape, figureRadius, pulse)
		}
		wander.Require(w, e).glow = glow
	}
}

// fly sends firefly e to a new target: a random point within its reach,
// inside the garden's bounds, eased toward at its speed by two tweens
// (one per axis, so the path is straight whatever the easing). Its timer
// then fires after the flight and a rest, to send it off again. w is the
// world of the system running: the input system's ctx.World, which
// declares its access, or the garden's for the timers.
func (g *Garden) fly(w *world.World, e world.Entity) {
	wd, ok := wander.Get(w, e)
	if !ok {
		return
	}
	f, p := FireflyData.Require(w, e), geom.Position.Require(w, e)
	g.timers.Stop(wd.timer)
	g.tweens.Stop(wd.x)
	g.tweens.Stop(wd.y)

	angle := 2 * math.Pi * g.rng.Float64()
	dist := f.Reach * (0.25 + 0.75*g.rng.Float64())
	target := clampTo(g.settings.Bounds(), p.Add(vec2(math.Cos(angle)*dist, math.Sin(angle)*dist)))
	secs := target.Sub(*p).Len() / max(f.Speed, 1)
	move := systems.Tween{Seconds: secs, Ease: f.Ease.Func(), Name: "firefly.fly"}
	move.To = target.X
	wd.x = systems.TweenField(g.tweens, e, geom.Position, positionX, move)
	move.To = target.Y
	wd.y = systems.TweenField(g.tweens, e, geom.Position, positionY, move)
	wd.target = target
	wd.timer = g.timers.Start(systems.Timer{Name: "firefly.wander", Delay: secs + draw(g.rng, f.Pause), Entity: e, Do: g.onWander})
}

// The fields the firefly tweens drive.
func positionX(p *geom.Vec2) *float64            { return &p.X }
func positionY(p *geom.Vec2) *float64            { return &p.Y }
func figureAlpha(f *drawable.Figure) *uint8      { return &f.Color.A }
func figureRadius(f *drawable.Figure) *float64   { return &f.Radius }
func pictureScaleX(p *drawable.Picture) *float64 { return &p.Scale.X }
func pictureScaleY(p *drawable.Picture) *float64 { return &p.Scale.Y }
func pictureAlpha(p *drawable.Picture) *uint8    { return &p.Tint.A }

// glowRadius is the radius of the halo's image, GlowImage, in pixels.
const glowRadius = 8

// haloOpacity is the halo's opacity over the light's.
const haloOpacity = 0.8

// unit turns an opacity from 0 to 1 into a colour channel.
func unit(k float64) uint8 { return uint8(math.Round(255 * clamp01(k))) }

// draw returns a random number of seconds in r.
func draw(rng *rand.Rand, r Range) float64 {
	lo, hi := max(r.Min, 0), max(r.Max, r.Min, 0)
	return lo + (hi-lo)*rng.Float64()
}

// randomPoint returns a random point of r.
func randomPoint(rng *rand.Rand, r geom.Rectangle) geom.Vec2 {
	return vec2(r.Min.X+r.Dx()*rng.Float64(), r.Min.Y+r.Dy()*rng.Float64())
}

// clampTo returns the point of r nearest p.
func clampTo(r geom.Rectangle, p geom.Vec2) geom.Vec2 {
	return vec2(min(max(p.X, r.Min.X), r.Max.X), min(max(p.Y, r.Min.Y), r.Max.Y))
}

func vec2(x, y float64) geom.Vec2 { return geom.Vec2{X: x, Y: y} }
