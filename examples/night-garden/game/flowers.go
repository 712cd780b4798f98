package game

import (
	"fmt"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// budRadius is the radius of a flower's bud, over the petals' scale.
const budRadius = 3.0

// spawnFlower spawns a flower of prefab kind growing at base: a stem (a
// line) and above it the head, whose petals are the flower sprite tinted
// by the prefab's colour, at the scale of open or closed flowers, around
// a bud (a circle). The cycle tints all of it.
func (g *Garden) spawnFlower(kind string, base geom.Vec2, open bool) (world.Entity, error) {
	p, ok := g.lib.Lookup(kind)
	if !ok {
		return 0, fmt.Errorf("flower: %w %q", prefab.ErrUnknownPrefab, kind)
	}
	w := g.World()
	e := p.SpawnWith(w, prefab.SpawnOptions{With: []prefab.Part{prefab.Value(geom.Position, base)}})
	if !w.Has(e, FlowerData) {
		w.Destroy(e)
		return 0, fmt.Errorf("flower: prefab %q has no %s component", kind, FlowerData.Name())
	}
	stem := world.Spawn1(w, geom.Position, base)
	bloom.Add(w, e, blooming{kind: kind, stem: stem, open: open})
	g.dressFlower(e)
	return e, nil
}

// dressFlower gives flower e what its Flower data makes of it: its head
// raised on its stem, its petals' tint, its bud, its stem's line and the
// colours the cycle lights. Its base, whether it is open and the petals'
// scale now (which a tween may be moving) are its own and stay: a reload
// of its prefab dresses it again.
func (g *Garden) dressFlower(e world.Entity) {
	w := g.World()
	fl, b := *FlowerData.Require(w, e), *bloom.Require(w, e)
	base := *geom.Position.Require(w, b.stem)
	*geom.Position.Require(w, e) = base.Add(vec2(0, -fl.Height))
	z := float32(base.Y) // nearer flowers over farther ones
	s := petalScale(fl, b.open)
	scale := geom.Vec2{X: s, Y: s}
	if pic, ok := drawable.Sprite.Get(w, e); ok {
		scale = pic.Scale
	}
	drawable.Sprite.Add(w, e, drawable.Picture{
		Region: drawable.Image(FlowerImage),
		Origin: geom.Vec2{X: 0.5, Y: 0.5},
		Scale:  scale,
		Tint:   fl.Petals.NRGBA(),
		Order:  drawable.Order{Layer: layerFlowers, Z: z},
	})
	bud := drawable.Circle(budRadius, fl.Center.NRGBA())
	bud.Order = drawable.Order{Layer: layerFlowers, Z: z}
	drawable.Shape.Add(w, e, bud)
	lit.Add(w, e, litColors{Shape: fl.Center, Sprite: fl.Petals})

	line := drawable.Line(vec2(0, -fl.Height), 2, fl.Stem.NRGBA())
	line.Order = drawable.Order{Layer: layerFlowers, Z: z - 0.5}
	drawable.Shape.Add(w, b.stem, line)
	lit.Add(w, b.stem, litColors{Shape: fl.Stem})
}

// turnFlower starts opening (open) or closing flower e: a tween on each
// axis of its petals' scale, from where they are to the open or closed
// scale, over the prefab's seconds.
func (g *Garden) turnFlower(e world.Entity, open bool) {
	w := g.World()
	b, ok := bloom.Get(w, e)
	if !ok || b.open == open {
		return
	}
	f := FlowerData.Require(w, e)
	g.tweens.Stop(b.sx)
	g.tweens.Stop(b.sy)
	name := "flower.close"
	if open {
		name = "flower.open"
	}
	t := systems.Tween{To: petalScale(*f, open), Seconds: f.Seconds, Ease: f.Ease.Func(), Name: name}
	b.sx = systems.TweenField(g.tweens, e, drawable.Sprite, pictureScaleX, t)
	b.sy = systems.TweenField(g.tweens, e, drawable.Sprite, pictureScaleY, t)
	b.open = open
}

// petalScale returns the scale of f's petals when open or closed. A
// picture's zero scale means 1, so it is never below a hundredth.
func petalScale(f Flower, open bool) float64 {
	if open {
		return max(f.Open, 0.01)
	}
	return max(f.Closed, 0.01)
}

// destroyFlower destroys flower e and its stem.
func (g *Garden) destroyFlower(e world.Entity) {
	w := g.World()
	if b, ok := bloom.Get(w, e); ok {
		w.Destroy(b.stem)
	}
	w.Destroy(e)
}
