package game

import (
	"time"

	"github.com/tessera-engine/tessera/engine"
)

// The game's configuration keys: flags (-seed 9, -dev DIR), variables
// (TESSERA_SEED=9) or keys of tessera.yaml.
const (
	KeySeed = "seed"
	KeyDev  = "dev"
)

// Keys returns the game's configuration keys, for engine.Game.Keys.
func Keys() []engine.Key {
	return []engine.Key{
		{Name: KeySeed, Default: 1, Min: 0, Max: 1 << 31, Usage: "seed of the garden's random numbers: where flowers grow, where fireflies fly"},
		{Name: KeyDev, Default: "", Usage: "read the garden's files from this directory (examples/night-garden/game/assets) and apply every save while it runs"},
	}
}

// watchInterval is how often a -dev run looks at its files.
const watchInterval = 250 * time.Millisecond

// OptionsOf returns the options cfg's game keys ([Keys]) say; a key cfg
// lacks takes its default. A dev directory turns watching on.
func OptionsOf(cfg engine.Config) Options {
	o := Options{Seed: 1}
	if v, ok := cfg.Game[KeySeed].(int); ok && v >= 0 {
		o.Seed = uint64(v)
	}
	if v, ok := cfg.Game[KeyDev].(string); ok && v != "" {
		o.Dev, o.Watch, o.WatchInterval = v, true, watchInterval
	}
	return o
}

// Config returns the engine configuration the garden runs with by default:
// a 640×360 logical screen and the input of [Actions].
func Config() engine.Config {
	return engine.Config{
		Window: engine.WindowConfig{Title: "Tessera: night garden", Width: ScreenW, Height: ScreenH},
		Input:  Actions(),
	}
}
