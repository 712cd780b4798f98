package game

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// SettingsFile is the settings' path in the garden's files.
const SettingsFile = "garden.yaml"

// Settings are the garden-wide knobs, in SettingsFile: its size, the
// cycle, the colours of sky and ground, and how many fireflies and flowers
// live there. What each firefly and flower is like is in their prefabs.
type Settings struct {
	Garden    Area       `yaml:"garden"`
	Cycle     Cycle      `yaml:"cycle"`
	Sky       Sky        `yaml:"sky"`
	Ambient   Color      `yaml:"ambient"` // the world's tint at midnight; at noon it is white
	Ground    Color      `yaml:"ground"`
	Hills     Color      `yaml:"hills"`
	Sun       Sun        `yaml:"sun"`
	Moon      Moon       `yaml:"moon"`
	Stars     Stars      `yaml:"stars"`
	Fireflies Population `yaml:"fireflies"`
	Flowers   Population `yaml:"flowers"`
}

// Area is the garden's size, in pixels: the world is Width × Height, the
// ground starts at Horizon, and fireflies stay Margin inside the edges.
type Area struct {
	Width   float64 `yaml:"width"`
	Height  float64 `yaml:"height"`
	Horizon float64 `yaml:"horizon"`
	Margin  float64 `yaml:"margin"`
}

// Cycle is the day/night cycle: one day and one night last Seconds; the
// garden starts at phase Start (see [Phase]); holding the fast action runs
// the cycle Fast times as fast.
type Cycle struct {
	Seconds float64 `yaml:"seconds"`
	Start   float64 `yaml:"start"`
	Fast    float64 `yaml:"fast"`
}

// Sky is the background's colour at noon (Day), at dusk and dawn (Dusk)
// and at midnight (Night).
type Sky struct {
	Day   Color `yaml:"day"`
	Dusk  Color `yaml:"dusk"`
	Night Color `yaml:"night"`
}

// Sun is the disc that crosses the sky by day.
type Sun struct {
	Color  Color   `yaml:"color"`
	Radius float64 `yaml:"radius"`
}

// Moon is the sprite that crosses the sky by night, Scale times its
// image's size.
type Moon struct {
	Scale float64 `yaml:"scale"`
}

// Stars are the points of light that come out at night, above the
// horizon.
type Stars struct {
	Count int   `yaml:"count"`
	Color Color `yaml:"color"` // at midnight; they fade out by day
}

// Population says how many of a kind of entity the garden holds, and from
// which prefabs: the i-th is spawned from Kinds[i % len(Kinds)].
type Population struct {
	Count int      `yaml:"count"`
	Kinds []string `yaml:"kinds"`
}

// Bounds returns the rectangle fireflies stay in: the garden less its
// margin.
func (s Settings) Bounds() geom.Rectangle {
	m := s.Garden.Margin
	return geom.Rect(m, m, s.Garden.Width-m, s.Garden.Height-m)
}

// Check returns every problem of s, joined, each naming its key; kinds
// must name prefabs of lib, and firefly and flower prefabs must have a
// Firefly or Flower component.
func (s Settings) Check(lib *prefab.Library) error {
	var errs []error
	bad := func(key string, v any, want string) {
		errs = append(errs, fmt.Errorf("%s: %s is %v, want %s", SettingsFile, key, v, want))
	}
	g := s.Garden
	if g.Width <= 0 {
		bad("garden.width", g.Width, "> 0")
	}
	if g.Height <= 0 {
		bad("garden.height", g.Height, "> 0")
	}
	if g.Horizon < 0 || g.Horizon > g.Height {
		bad("garden.horizon", g.Horizon, "in [0, garden.height]")
	}
	if g.Margin < 0 || 2*g.Margin >= min(g.Width, g.Height) {
		bad("garden.margin", g.Margin, "≥ 0 and under half the garden")
	}
	if s.Cycle.Seconds <= 0 {
		bad("cycle.seconds", s.Cycle.Seconds, "> 0")
	}
	if s.Cycle.Start < 0 || s.Cycle.Start >= 1 {
		bad("cycle.start", s.Cycle.Start, "in [0, 1)")
	}
	if s.Cycle.Fast < 1 {
		bad("cycle.fast", s.Cycle.Fast, "≥ 1")
	}
	if s.Stars.Count < 0 || s.Stars.Count > 1000 {
		bad("stars.count", s.Stars.Count, "in [0, 1000]")
	}
	for _, p := range []struct {
		key  string
		pop  Population
		need world.ComponentType
	}{
		{"fireflies", s.Fireflies, FireflyData},
		{"flowers", s.Flowers, FlowerData},
	} {
		if p.pop.Count < 0 || p.pop.Count > 1000 {
			bad(p.key+".count", p.pop.Count, "in [0, 1000]")
		}
		if p.pop.Count > 0 && len(p.pop.Kinds) == 0 {
			bad(p.key+".kinds", "empty", "at least one prefab")
		}
		for i, k := range p.pop.Kinds {
			pf, ok := lib.Lookup(k)
			switch {
			case !ok:
				bad(fmt.Sprintf("%s.kinds[%d]", p.key, i), fmt.Sprintf("%q", k), "a prefab name")
			case !hasComponent(pf, p.need):
				bad(fmt.Sprintf("%s.kinds[%d]", p.key, i), fmt.Sprintf("%q", k), "a prefab with a "+p.need.Name()+" component")
			}
		}
	}
	return errors.Join(errs...)
}

// hasComponent reports whether p gives its entities the component c.
func hasComponent(p *prefab.Prefab, c world.ComponentType) bool {
	for _, have := range p.Components() {
		if have.ID() == c.ID() {
			return true
		}
	}
	return false
}
