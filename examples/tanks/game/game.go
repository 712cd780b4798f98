package game

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Options configure a [Game]; [OptionsOf] reads them from the game's
// configuration keys ([Keys]). The zero value plays the level "arena"
// from the title screen on a 640×360 screen.
type Options struct {
	// Level is the level played; "" means [DefaultLevel].
	Level string
	// Demo skips the title and lets the autopilot play (see [Autopilot])
	// on top of the player's input.
	Demo bool
	// View is the size of the logical screen, in world units, that the
	// camera shows; the zero value means 640×360.
	View geom.Vec2
	// Slot is the file of the save slot; "" keeps the slot in memory,
	// for as long as the game runs.
	Slot string
}

// DefaultLevel is the level played when [Options.Level] is empty.
const DefaultLevel = "arena"

// The game's configuration keys: flags (-level arena), variables
// (TESSERA_DEMO=true) or keys of a config file (demo: true).
const (
	KeyLevel = "level"
	KeyDemo  = "demo"
	KeySlot  = "slot"
)

// DefaultSlot returns the save slot's file [Keys] gives by default:
// tessera/tanks-slot.yaml in the user's configuration directory, or ""
// (the slot in memory) where there is none, as in a browser.
func DefaultSlot() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "tessera", "tanks-slot.yaml")
}

// Keys returns the game's configuration keys, for engine.Game.Keys.
func Keys() []engine.Key {
	return []engine.Key{
		{Name: KeyLevel, Default: DefaultLevel, Usage: "level played (a map of the game's levels/)"},
		{Name: KeyDemo, Default: false, Usage: "skip the title and let the autopilot drive, aim and fire"},
		{Name: KeySlot, Default: DefaultSlot(), Usage: "file of the save slot (the pause screen saves, the title continues); empty keeps it in memory"},
	}
}

// Config returns the engine configuration the game runs with by default:
// a 640×360 logical screen at zoom 1.5, and the input of [Actions].
func Config() engine.Config {
	return engine.Config{
		Window: engine.WindowConfig{Title: "Tessera: tanks", Width: 640, Height: 360, Zoom: 1.5},
		Input:  Actions(),
	}
}

// OptionsOf returns the options that cfg's game keys ([Keys]) and
// window size say; a key cfg lacks takes its default.
func OptionsOf(cfg engine.Config) Options {
	var o Options
	if v, ok := cfg.Game[KeyLevel].(string); ok {
		o.Level = v
	}
	if v, ok := cfg.Game[KeyDemo].(bool); ok {
		o.Demo = v
	}
	if v, ok := cfg.Game[KeySlot].(string); ok {
		o.Slot = v
	}
	if cfg.Window.Width > 0 && cfg.Window.Height > 0 {
		o.View = geom.Vec2{X: float64(cfg.Window.Width), Y: float64(cfg.Window.Height)}
	}
	return withDefaults(o)
}

// withDefaults fills in the zero fields of o that have defaults.
func withDefaults(o Options) Options {
	if o.Level == "" {
		o.Level = DefaultLevel
	}
	if o.View == (geom.Vec2{}) {
		o.View = geom.Vec2{X: 640, Y: 360}
	}
	return o
}

// Game is the tanks game: its data, loaded through the engine's files
// when the first scene is entered, the scenes, and what outlives a play
// (the best score, the save slot). It makes the scenes; the engine runs
// and draws them.
type Game struct {
	opts       Options
	configured bool // the first scene takes the options of the configuration
	data       *Data

	title *Title
	pause *Pause
	play  *Play // the play entered last
	plays int   // plays started, for tests

	slot  []byte      // the saved game, nil if none
	saves *save.Codec // made once the data is loaded

	// Best is the best score of this session.
	Best int
}

// New returns a game ready to run from [Game.First]. It loads nothing:
// the first scene loads the prefabs and levels through the engine's
// files, and an error there is its OnEnter's.
func New(opts Options) *Game {
	g := &Game{opts: withDefaults(opts)}
	g.title = &Title{game: g}
	g.pause = &Pause{game: g}
	return g
}

// FromConfig returns a game whose options are those of the
// configuration of the engine running it ([OptionsOf]), read when the
// first scene is entered: what main hands engine.Main.
func FromConfig() *Game {
	g := New(Options{})
	g.configured = true
	return g
}

// First returns the scene the game starts with: the title, or with
// [Options.Demo] a play. A game made by [FromConfig] learns whether it
// is a demo only when that scene is entered, so it starts with the title,
// which hands over to a play at once in a demo.
func (g *Game) First() scene.Scene {
	if g.opts.Demo && !g.configured {
		return g.NewPlay()
	}
	return g.title
}

// Options returns the game's options, defaults filled in.
func (g *Game) Options() Options { return g.opts }

// Title returns the title scene.
func (g *Game) Title() *Title { return g.title }

// Play returns the play entered last, or nil.
func (g *Game) Play() *Play { return g.play }

// Paused reports whether the pause scene is on top.
func (g *Game) Paused() bool {
	s := g.pause.Scenes()
	return s != nil && s.Top() == g.pause
}

// load loads the game's data through w's engine the first time a scene
// needs it, with the options of the engine's configuration for a game of
// [FromConfig].
func (g *Game) load(w *world.World) error {
	if g.data != nil {
		return nil
	}
	if cfg, ok := engine.ConfigOf(w); ok && g.configured {
		g.opts = OptionsOf(cfg)
	}
	l := engine.AssetsOf(w)
	if l == nil {
		return errors.New("tanks: no engine runs this scene, so it has no files")
	}
	d, err := Load(l)
	if err != nil {
		return err
	}
	if d.Levels[g.opts.Level] == nil {
		return fmt.Errorf("tanks: no level %q (have %v)", g.opts.Level, slices.Sorted(maps.Keys(d.Levels)))
	}
	g.data = d
	return nil
}

// seed returns the configuration's random.seed for w's engine, or 1.
func seed(w *world.World) uint64 {
	if cfg, ok := engine.ConfigOf(w); ok && cfg.Random.Seed > 0 {
		return uint64(cfg.Random.Seed)
	}
	return 1
}
