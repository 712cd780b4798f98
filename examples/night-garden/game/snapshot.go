package game

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
)

// Snapshot is the garden's state at one moment, for tests, replays and
// the headless run's summary.
type Snapshot struct {
	Phase     Phase
	Night     bool
	Sky       Color
	Fireflies []FireflyState
	Flowers   []FlowerState
}

// FireflyState is one firefly in a [Snapshot].
type FireflyState struct {
	Kind     string
	Position geom.Vec2
	Target   geom.Vec2
	Light    Color // the colour drawn, glow included
	Radius   float64
	Data     Firefly // what its prefab gave it
}

// FlowerState is one flower in a [Snapshot].
type FlowerState struct {
	Kind  string
	Base  geom.Vec2 // where the stem meets the ground
	Open  bool      // open or opening
	Scale float64   // the petals' scale now
	Tint  Color     // the petals' tint now, lit by the cycle
	Data  Flower    // what its prefab gave it
}

// Snapshot returns the garden's state now, fireflies and flowers in the
// order they were spawned.
func (g *Garden) Snapshot() Snapshot {
	w := g.World()
	s := Snapshot{Phase: g.phase, Night: g.night, Sky: g.Sky()}
	for _, e := range g.fireflies {
		wd, fig := wander.Require(w, e), drawable.Shape.Require(w, e)
		s.Fireflies = append(s.Fireflies, FireflyState{
			Kind:     wd.kind,
			Position: *geom.Position.Require(w, e),
			Target:   wd.target,
			Light:    Color(fig.Color),
			Radius:   fig.Radius,
			Data:     *FireflyData.Require(w, e),
		})
	}
	for _, e := range g.flowers {
		b, pic := bloom.Require(w, e), drawable.Sprite.Require(w, e)
		s.Flowers = append(s.Flowers, FlowerState{
			Kind:  b.kind,
			Base:  *geom.Position.Require(w, b.stem),
			Open:  b.open,
			Scale: pic.Scale.X,
			Tint:  Color(pic.Tint),
			Data:  *FlowerData.Require(w, e),
		})
	}
	return s
}
