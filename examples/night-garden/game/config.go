package game

import (
	"github.com/tessera-engine/tessera/engine"
)

// The game's configuration key: a flag (-seed 9), a variable
// (TESSERA_SEED=9) or a key of tessera.yaml. The engine's assets.dir
// (-assets.dir DIR) runs the garden from a directory of its files and
// applies every save.
const KeySeed = "seed"

// Keys returns the game's configuration keys, for engine.Game.Keys.
func Keys() []engine.Key {
	return []engine.Key{
		{Name: KeySeed, Default: 1, Min: 0, Max: 1 << 31, Usage: "seed of the garden's random numbers: where flowers grow, where fireflies fly"},
	}
}

// OptionsOf returns the options cfg's game keys ([Keys]) say; a key cfg
// lacks takes its default.
func OptionsOf(cfg engine.Config) Options {
	o := Options{Seed: 1}
	if v, ok := cfg.Game[KeySeed].(int); ok && v >= 0 {
		o.Seed = uint64(v)
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
