package game

import (
	"reflect"
	"slices"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// applyPrefabReload respawns, in place, every firefly and flower whose
// prefab the reload changed (or whose prefab extends one it changed), so
// the new colour, speed or shape shows at once. A failed reload, or
// prefabs the settings no longer fit, are kept as the problem to show;
// the garden goes on with the entities it has.
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
	// another kind of thing: check them again before spawning any.
	g.prefabProblem = g.settings.Check(g.lib)
	if g.prefabProblem != nil {
		g.logf("prefabs do not fit the settings: %v", g.prefabProblem)
		return
	}
	changed := func(kind string) bool {
		p, ok := g.lib.Lookup(kind)
		return !ok || slices.ContainsFunc(r.Changed, p.Is)
	}
	w := g.World()
	for i, e := range g.fireflies {
		wd := wander.Require(w, e)
		if !changed(wd.kind) {
			continue
		}
		at := *geom.Position.Require(w, e)
		kind := wd.kind
		w.Destroy(e)
		if ne, err := g.spawnFirefly(kind, at); err == nil {
			g.fireflies[i] = ne
		}
	}
	for i, e := range g.flowers {
		b := bloom.Require(w, e)
		if !changed(b.kind) {
			continue
		}
		kind, base := b.kind, *geom.Position.Require(w, b.stem)
		g.destroyFlower(e)
		if ne, err := g.spawnFlower(kind, base, g.night); err == nil {
			g.flowers[i] = ne
		}
	}
	g.fireflies = slices.DeleteFunc(g.fireflies, func(e world.Entity) bool { return !w.IsAlive(e) })
	g.flowers = slices.DeleteFunc(g.flowers, func(e world.Entity) bool { return !w.IsAlive(e) })
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
