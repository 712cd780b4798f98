package game

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The components prefab data names. Both are object components: a few
// dozen entities have them, and systems reach them through the entities
// the garden keeps, not by walking columns.
var (
	// FireflyData is what a firefly prefab sets: how a firefly looks,
	// glows and wanders. Prefab files name it Firefly.
	FireflyData = world.DefineComponent[Firefly]("Firefly")
	// FlowerData is what a flower prefab sets: its colours, stem and how
	// it opens. Prefab files name it Flower.
	FlowerData = world.DefineComponent[Flower]("Flower")
)

// Firefly is the value of [FireflyData]. A firefly rests for a time in
// Pause, then a timer picks a new target within Reach of it (inside the
// garden) and a tween eases it there at Speed; meanwhile its glow pulses.
type Firefly struct {
	Color  Color   `yaml:"color"`  // the light's colour; its alpha is replaced by the glow
	Radius float64 `yaml:"radius"` // the light's radius, in pixels
	Halo   float64 `yaml:"halo"`   // the radius of the soft halo around it, in pixels; 0: none
	Speed  float64 `yaml:"speed"`  // pixels a second, on average, toward a target
	Reach  float64 `yaml:"reach"`  // the farthest a new target lies from the firefly
	Pause  Range   `yaml:"pause"`  // seconds of rest between two flights
	Ease   Easing  `yaml:"ease"`   // the shape of a flight
	Glow   Glow    `yaml:"glow"`   // how the light pulses
}

// Range is an interval of seconds, from Min to Max; a random draw from it
// is uniform.
type Range struct {
	Min float64 `yaml:"min"`
	Max float64 `yaml:"max"`
}

// Glow is how a firefly's light pulses: its opacity and size go from Min
// to Max and back, every 2×Seconds.
type Glow struct {
	Min     float64 `yaml:"min"`     // opacity at its dimmest, 0 to 1
	Max     float64 `yaml:"max"`     // opacity at its brightest, 0 to 1
	Grow    float64 `yaml:"grow"`    // the radius at its brightest, over Radius (1: no change)
	Seconds float64 `yaml:"seconds"` // from dim to bright
}

// Flower is the value of [FlowerData]: a flower head (the embedded
// flower sprite, tinted Petals) on a stem, with a Center bud. When night
// falls a tween scales the petals from Closed to Open over Seconds; at
// dawn another closes them.
type Flower struct {
	Petals  Color   `yaml:"petals"`  // tint of the petal sprite
	Center  Color   `yaml:"center"`  // the bud in the middle
	Stem    Color   `yaml:"stem"`    // the stem's colour
	Height  float64 `yaml:"height"`  // the stem's length, in pixels
	Open    float64 `yaml:"open"`    // petal scale when open
	Closed  float64 `yaml:"closed"`  // petal scale when closed
	Seconds float64 `yaml:"seconds"` // how long opening or closing takes
	Ease    Easing  `yaml:"ease"`    // the shape of opening and closing
}

// The components the garden gives entities in code. Data never names them.
var (
	// lit makes the day/night cycle tint an entity's drawables.
	lit = world.DefineComponent[litColors]("garden.Lit")
	// wander is a firefly's running behaviour.
	wander = world.DefineComponent[wandering]("garden.Wander")
	// bloom is a flower's open state.
	bloom = world.DefineComponent[blooming]("garden.Bloom")
)

// litColors are the colours of an entity's drawables at noon; the light
// system multiplies them by the ambient colour every step. A zero colour
// leaves that drawable alone.
type litColors struct{ Shape, Sprite Color }

// wandering is what a firefly is doing: its timer, the tweens moving it
// and where it is going.
type wandering struct {
	kind   string // the prefab it was spawned from
	timer  systems.TimerID
	x, y   systems.TweenID
	glow   [3]systems.TweenID // the tweens pulsing its light, halo and size; 0 for none
	target geom.Vec2
}

// blooming is a flower's state: the prefab it was spawned from, its stem
// entity, whether it is open (or opening) and the tweens scaling it.
type blooming struct {
	kind   string
	stem   world.Entity
	open   bool
	sx, sy systems.TweenID
}
