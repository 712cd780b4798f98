package game

import (
	"image/color"
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// runCycle is the fixed system that moves the day/night cycle on, opens
// the flowers when night falls and closes them at dawn, and moves the sun
// and the moon.
func (g *Garden) runCycle(ctx *world.Context) error {
	c := g.settings.Cycle
	d := ctx.DT / c.Seconds
	if g.fast {
		d *= c.Fast
	}
	if g.skip {
		d = float64(nextTurn(g.phase) - g.phase)
	}
	g.phase = advance(g.phase, d)
	if night := g.phase.Night(); night != g.night {
		g.night = night
		for _, e := range g.flowers {
			g.turnFlower(e, night)
		}
	}
	g.placeSkyBodies()
	return nil
}

// runLight is the fixed system that tints every lit drawable by the
// ambient colour, and fades the moon in by night.
func (g *Garden) runLight(ctx *world.Context) error {
	w := ctx.World
	g.ambient = AmbientColor(g.settings.Ambient, g.phase)
	world.Each2(w, lit, drawable.Shape, g.shapeTint)
	world.Each2(w, lit, drawable.Sprite, g.spriteTint)
	if c, ok := drawable.Camera.Get(w, g.camera); ok {
		c.Background = g.Sky().NRGBA()
	}
	dark := 1 - Light(g.phase)
	if p, ok := drawable.Sprite.Get(w, g.moon); ok {
		p.Tint.A = unit(dark)
	}
	starA := unit(dark * float64(g.settings.Stars.Color.A) / 255)
	for _, e := range g.stars {
		drawable.Shape.Require(w, e).Color.A = starA
	}
	return nil
}

// tintShape tints a lit shape by the ambient colour.
func (g *Garden) tintShape(_ world.Entity, l *litColors, f *drawable.Figure) {
	if l.Shape != (Color{}) {
		f.Color = l.Shape.Times(g.ambient).NRGBA()
	}
}

// tintSprite tints a lit sprite by the ambient colour.
func (g *Garden) tintSprite(_ world.Entity, l *litColors, p *drawable.Picture) {
	if l.Sprite != (Color{}) {
		p.Tint = l.Sprite.Times(g.ambient).NRGBA()
	}
}

// buildScenery spawns what does not live: the hills, the ground, the sun
// and the moon.
func (g *Garden) buildScenery() {
	w := g.World()
	s := g.settings
	a := s.Garden
	ground := world.Spawn1(w, geom.Position, vec2(0, a.Horizon))
	ord := drawable.Order{Layer: layerGround}
	groundFig := drawable.Rect(a.Width, a.Height-a.Horizon, s.Ground.NRGBA())
	groundFig.Order = ord
	drawable.Shape.Add(w, ground, groundFig)
	lit.Add(w, ground, litColors{Shape: s.Ground})

	// Two rounded hills behind the ground, peaking a tenth of the
	// garden's height above the horizon.
	hills := world.Spawn1(w, geom.Position, vec2(0, a.Horizon))
	const n = 24
	pts := make([]geom.Vec2, 0, n+3)
	pts = append(pts, vec2(0, 1))
	for i := range n + 1 {
		x := a.Width * float64(i) / n
		h := a.Height / 10 * (0.6 + 0.4*math.Sin(2*math.Pi*x/a.Width*1.5+0.8))
		pts = append(pts, vec2(x, -h))
	}
	pts = append(pts, vec2(a.Width, 1))
	hillFig := drawable.Polygon(s.Hills.NRGBA(), pts...)
	hillFig.Order = drawable.Order{Layer: layerGround, Z: -1}
	drawable.Shape.Add(w, hills, hillFig)
	lit.Add(w, hills, litColors{Shape: s.Hills})

	g.sun = world.Spawn1(w, geom.Position, geom.Vec2{})
	sunFig := drawable.Circle(s.Sun.Radius, s.Sun.Color.NRGBA())
	sunFig.Order = drawable.Order{Layer: layerSky}
	drawable.Shape.Add(w, g.sun, sunFig)

	g.moon = world.Spawn1(w, geom.Position, geom.Vec2{})
	drawable.Sprite.Add(w, g.moon, drawable.Picture{
		Region: drawable.Image(MoonImage),
		Origin: geom.Vec2{X: 0.5, Y: 0.5},
		Scale:  geom.Vec2{X: s.Moon.Scale, Y: s.Moon.Scale},
		Tint:   color.NRGBA{R: 255, G: 255, B: 255, A: uint8(255 * (1 - Light(g.phase)))},
		Order:  drawable.Order{Layer: layerSky, Z: 1},
	})
	g.scenery = append(g.scenery[:0], ground, hills, g.sun, g.moon)

	g.stars = g.stars[:0]
	star := s.Stars.Color
	star.A = unit(1 - Light(g.phase))
	for range s.Stars.Count {
		e := world.Spawn1(w, geom.Position, vec2(a.Width*g.rng.Float64(), a.Horizon*0.95*g.rng.Float64()))
		fig := drawable.Circle(0.6+0.6*g.rng.Float64(), star.NRGBA())
		fig.Order = drawable.Order{Layer: layerSky, Z: -1}
		drawable.Shape.Add(w, e, fig)
		g.stars = append(g.stars, e)
	}
	g.scenery = append(g.scenery, g.stars...)
}

// placeCamera centres the camera on the garden, over the sky's colour.
func (g *Garden) placeCamera() {
	if c, ok := drawable.Camera.Get(g.World(), g.camera); ok {
		a := g.settings.Garden
		c.Position = vec2(a.Width/2, a.Height/2)
		c.Background = g.Sky().NRGBA()
	}
}

// moonSize is the side of the moon's image, MoonImage, in pixels.
const moonSize = 32

// placeSkyBodies puts the sun on its arc by day and the moon on its arc
// by night; the one whose half it is not waits below the horizon, behind
// the ground.
func (g *Garden) placeSkyBodies() {
	w := g.World()
	a := g.settings.Garden
	arc := func(t, r float64) geom.Vec2 {
		peak := min(1.5*r+8, a.Horizon) // the top of the arc
		return vec2(-r+(a.Width+2*r)*t, a.Horizon+r-(a.Horizon+r-peak)*math.Sin(math.Pi*t))
	}
	sunR := g.settings.Sun.Radius
	moonR := moonSize / 2 * g.settings.Moon.Scale
	below := func(r float64) geom.Vec2 { return vec2(a.Width/2, a.Horizon+2*r) }
	sun, moon := below(sunR), below(moonR)
	if g.phase.Night() {
		moon = arc(g.phase.Progress(), moonR)
	} else {
		sun = arc(g.phase.Progress(), sunR)
	}
	if p, ok := geom.Position.Get(w, g.sun); ok {
		*p = sun
	}
	if p, ok := geom.Position.Get(w, g.moon); ok {
		*p = moon
	}
}
