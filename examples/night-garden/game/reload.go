package game

import (
	"reflect"
	"slices"

	"github.com/tessera-engine/tessera/prefab"
)

// applyPrefabReload brings the live fireflies and flowers up to date
// with the prefabs the reload changed: [prefab.Library.Apply] gives each
// the new values of the fields it has not changed since spawn (here,
// every field of its Firefly or Flower data), then the garden dresses it
// again from them, so the new colour, speed or shape shows at once while
// where it is, where it is flying and whether it is open stay its own. A
// failed reload, or prefabs the settings no longer fit, are kept as the
// problem to show; the garden goes on with the entities it has.
func (g *Garden) applyPrefabReload(r prefab.Reload) {
	if r.Err != nil {
		g.prefabProblem = r.Err
		g.logf("prefabs not reloaded: %v", r.Err)
		return
	}
	if len(r.Changed) > 0 {
		g.logf("prefabs reloaded: %v", r.Changed)
	}
	// The settings may name a prefab the reload removed or turned into
	// another kind of thing: check them again before touching any.
	g.prefabProblem = g.settings.Check(g.lib)
	if g.prefabProblem != nil {
		g.logf("prefabs do not fit the settings: %v", g.prefabProblem)
		return
	}
	w := g.World()
	if a := g.lib.Apply(w); a.Err != nil {
		g.prefabProblem = a.Err
		g.logf("prefabs not applied: %v", a.Err)
	}
	changed := func(kind string) bool {
		p, ok := g.lib.Lookup(kind)
		return ok && slices.ContainsFunc(r.Changed, p.Is)
	}
	for _, e := range g.fireflies {
		if wd := wander.Require(w, e); changed(wd.kind) {
			g.dressFirefly(e)
		}
	}
	for _, e := range g.flowers {
		b := bloom.Require(w, e)
		if !changed(b.kind) {
			continue
		}
		g.dressFlower(e)
		b = bloom.Require(w, e) // dressing may have moved it
		// Send the petals to the new open or closed scale from where
		// they are.
		open := b.open
		b.open = !open
		g.turnFlower(e, open)
	}
}

// applySettingsReload applies the settings file the engine reloaded:
// the cycle, the sky and the scenery change at once; a changed garden
// size or population lays the garden out again (the cycle goes on where
// it was). A settings file that fails to decode or check keeps the
// settings the garden had. (A file that is no longer YAML never gets
// here: the engine keeps the old one, and reports why.) The sprites
// reload by themselves: the engine draws them through the same loader.
func (g *Garden) applySettingsReload() {
	s, err := g.loadSettings()
	if err != nil {
		g.settingsProblem = err
		g.logf("settings not applied: %v", err)
		return
	}
	g.settingsProblem = nil
	old := g.settings
	g.settings = s
	g.logf("settings reloaded")
	w := g.World()
	for _, e := range g.scenery {
		w.Destroy(e)
	}
	g.buildScenery()
	g.placeSkyBodies()
	g.placeCamera()
	if old.Garden != s.Garden || !reflect.DeepEqual(old.Fireflies, s.Fireflies) || !reflect.DeepEqual(old.Flowers, s.Flowers) {
		g.unpopulate()
		if err := g.populate(); err != nil {
			g.settingsProblem = err
		}
	}
}
