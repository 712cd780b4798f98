package game

import (
	"errors"
	"fmt"
	"log"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Options configure [New]; [OptionsOf] reads them from the game's
// configuration keys ([Keys]). The zero value runs with seed 0.
type Options struct {
	// Seed seeds the garden's random numbers (firefly targets and
	// pauses, the flowers' places): the same seed and input give the same
	// garden.
	Seed uint64
	// Log is told about every reload and every problem a reload found;
	// nil means the standard logger.
	Log func(msg string)
}

// Garden is the scene: a garden of fireflies and flowers under a sky that
// goes from day to night, with a help line at the bottom of the screen.
// Make one with [New].
type Garden struct {
	scene.Base

	opts       Options
	configured bool   // OnEnter takes the options of the configuration ([FromConfig])
	dir        string // the engine's assets.dir: the files are that directory's, watched
	lib        *prefab.Library
	loader     *assets.Loader
	settings   Settings

	libWatch *prefab.Watcher
	// settingsFile is the settings as the loader holds them, and
	// settingsGen its generation when they were applied: the engine
	// reloads the file (with assets.dir), and the garden applies it
	// when the generation moves.
	settingsFile *assets.Data
	settingsGen  uint64
	// The last reload problems, nil once the files are good again.
	prefabProblem, settingsProblem error

	timers *systems.Timers
	tweens *systems.Tweens
	rng    *rand.Rand
	phase  Phase
	night  bool // the phase at the last step was night
	skip   bool // the skip action was pressed this step
	fast   bool // the fast action is held

	fireflies []world.Entity
	flowers   []world.Entity
	scenery   []world.Entity
	stars     []world.Entity
	sun, moon world.Entity
	camera    world.Entity
	help      help
	onWander  func(systems.TimerEvent)

	// The light system's state: the ambient colour of this step and its
	// walks' callbacks, made once so a step allocates nothing for them.
	ambient    Color
	shapeTint  func(world.Entity, *litColors, *drawable.Figure)
	spriteTint func(world.Entity, *litColors, *drawable.Picture)
}

// New returns the garden scene. It loads nothing yet: entering it loads
// the prefabs and settings through the engine's files (engine.AssetsOf),
// and their problems are its OnEnter's error, each naming its file, line
// and key.
func New(opts Options) *Garden {
	g := &Garden{opts: opts}
	g.onWander = func(ev systems.TimerEvent) { g.fly(g.World(), ev.Entity) }
	g.shapeTint, g.spriteTint = g.tintShape, g.tintSprite
	return g
}

// FromConfig returns the garden scene with the options the
// configuration of the engine running it gives ([OptionsOf]), read when
// it is first entered: what main hands engine.Main, so that the seed
// comes from a flag, a variable, tessera.yaml or a web page's query
// string alike.
func FromConfig() *Garden {
	g := New(Options{})
	g.configured = true
	return g
}

// Options returns the garden's options: those it was made with, or once
// it is entered, those of its configuration.
func (g *Garden) Options() Options { return g.opts }

// load loads the prefabs and settings through w's engine, once. With
// the engine's assets.dir set, the files are that directory's: the
// garden watches its prefab files, and applies the settings file each
// time the engine reloads it.
func (g *Garden) load(w *world.World) error {
	if g.loader != nil {
		return nil
	}
	l := engine.AssetsOf(w)
	if l == nil {
		return errors.New("night-garden: no engine runs the garden, so it has no files")
	}
	if cfg, ok := engine.ConfigOf(w); ok {
		g.dir = cfg.Assets.Dir
		if g.configured {
			g.opts.Seed = OptionsOf(cfg).Seed
		}
	}
	lib := Prefabs()
	if err := lib.LoadFS(l.FS(), PrefabDir); err != nil {
		return g.fromDir(err)
	}
	g.lib, g.loader = lib, l
	s, err := g.loadSettings()
	if err != nil {
		g.loader = nil
		return g.fromDir(err)
	}
	g.settings = s
	if g.dir != "" {
		g.libWatch = g.lib.Watch(engine.WatchInterval)
	}
	return nil
}

// fromDir says which directory a load error comes from, with assets.dir.
func (g *Garden) fromDir(err error) error {
	if g.dir != "" {
		return fmt.Errorf("night-garden: files from %s: %w", g.dir, err)
	}
	return err
}

// loadSettings decodes SettingsFile and checks it against the library.
func (g *Garden) loadSettings() (Settings, error) {
	d, err := g.loader.Data(SettingsFile)
	if err != nil {
		return Settings{}, err
	}
	g.settingsFile, g.settingsGen = d, d.Generation()
	var s Settings
	if err := d.Decode(&s); err != nil {
		return Settings{}, err
	}
	return s, s.Check(g.lib)
}

// Library returns the garden's prefab library; nil before the garden is
// entered.
func (g *Garden) Library() *prefab.Library { return g.lib }

// Loader returns the loader of the garden's files: the engine's, through
// which it draws the sprites too (so they reload with the rest). nil
// before the garden is entered.
func (g *Garden) Loader() *assets.Loader { return g.loader }

// Settings returns the settings in force.
func (g *Garden) Settings() Settings { return g.settings }

// Phase returns where the day/night cycle is.
func (g *Garden) Phase() Phase { return g.phase }

// Sky returns the colour of the sky now: the camera's background.
func (g *Garden) Sky() Color { return SkyColor(g.settings.Sky, g.phase) }

// Problem returns what is wrong with the files since the last reload,
// or nil: the garden goes on with the data it had.
func (g *Garden) Problem() error { return errors.Join(g.prefabProblem, g.settingsProblem) }

// Draw order: the sky's bodies, then hills and ground, then stems and
// flowers (sorted by depth), then the fireflies over everything.
const (
	layerSky drawable.Layer = iota
	layerGround
	layerFlowers
	layerFireflies
	layerHelp
)

// OnEnter loads the files on the first visit, starts the cycle at the
// settings' start phase, adds the garden's systems, lays the garden out
// and puts the camera over it and the help line under it.
func (g *Garden) OnEnter() error {
	w := g.World()
	if err := g.load(w); err != nil {
		return err
	}
	g.timers, g.tweens = systems.NewTimers(), systems.NewTweens()
	g.rng = rand.New(rand.NewPCG(g.opts.Seed, g.opts.Seed^0x9e3779b97f4a7c15))
	g.phase = Phase(g.settings.Cycle.Start)
	g.night = g.phase.Night()
	g.fireflies, g.flowers, g.scenery = nil, nil, nil
	for _, s := range []world.System{
		{Name: "garden.input", Phase: world.Fixed, Run: g.readInput, Reads: []world.ComponentType{FireflyData, geom.Position},
			Writes: []world.ComponentType{wander}, ReadsResources: []world.ResourceType{engine.InputResource}},
		{Name: "garden.cycle", Phase: world.Fixed, Run: g.runCycle},
		g.timers.System(),
		g.tweens.System(),
		systems.Confine(),
		{Name: "garden.light", Phase: world.Fixed, Run: g.runLight, Reads: []world.ComponentType{lit},
			Writes: []world.ComponentType{drawable.Shape, drawable.Sprite, drawable.Camera}},
		{Name: "garden.help", Phase: world.Frame, Run: g.showHelp},
	} {
		if err := w.AddSystem(s); err != nil {
			return err
		}
	}
	g.buildScenery()
	if err := g.populate(); err != nil {
		return err
	}
	g.placeSkyBodies()
	g.camera = world.Spawn1(w, drawable.Camera, camera.Camera{})
	g.placeCamera()
	g.help.spawn(w)
	return nil
}

// Update applies the files that changed, between steps: the prefabs its
// watcher reloaded, and the settings file if the engine reloaded it.
func (g *Garden) Update(dt, alpha float64) {
	if g.libWatch != nil {
		if r, ok := g.libWatch.Poll(); ok {
			g.applyPrefabReload(r)
		}
	}
	if d := g.settingsFile; d != nil && d.Generation() != g.settingsGen {
		g.settingsGen = d.Generation()
		g.applySettingsReload()
	}
}

// logf tells [Options.Log], or the standard logger.
func (g *Garden) logf(format string, args ...any) {
	if g.opts.Log != nil {
		g.opts.Log(fmt.Sprintf(format, args...))
		return
	}
	log.Printf("night-garden: "+format, args...)
}

// populate spawns the fireflies and flowers the settings ask for.
func (g *Garden) populate() error {
	s := g.settings
	area := s.Bounds()
	for i := range s.Fireflies.Count {
		kind := s.Fireflies.Kinds[i%len(s.Fireflies.Kinds)]
		at := randomPoint(g.rng, area)
		e, err := g.spawnFirefly(kind, at)
		if err != nil {
			return err
		}
		g.fireflies = append(g.fireflies, e)
	}
	n := s.Flowers.Count
	for i := range n {
		kind := s.Flowers.Kinds[i%len(s.Flowers.Kinds)]
		slot := s.Garden.Width / float64(n)
		base := vec2(slot*(float64(i)+0.5)+(g.rng.Float64()-0.5)*slot*0.5,
			s.Garden.Horizon+(s.Garden.Height-s.Garden.Horizon)*(0.3+0.6*g.rng.Float64()))
		e, err := g.spawnFlower(kind, base, g.night)
		if err != nil {
			return err
		}
		g.flowers = append(g.flowers, e)
	}
	return nil
}

// unpopulate destroys the fireflies and flowers; their timers and tweens
// stop with them.
func (g *Garden) unpopulate() {
	w := g.World()
	for _, e := range g.fireflies {
		w.Destroy(e)
	}
	for _, e := range g.flowers {
		g.destroyFlower(e)
	}
	g.fireflies, g.flowers = g.fireflies[:0], g.flowers[:0]
}
