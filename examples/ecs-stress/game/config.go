package game

import (
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
)

// The input actions, bound in the configuration (input.actions.add and
// input.actions.remove in tessera.yaml rebind them).
const (
	ActionAdd    = "add"    // add a batch of bodies
	ActionRemove = "remove" // remove a batch of bodies
)

// The game's configuration keys: flags (-bodies 50000, -collide),
// variables (TESSERA_BODIES=50000) or keys of tessera.yaml. The headless
// timing table reads collide and seed too, and takes bodies and walk as
// lists of its own.
const (
	KeyBodies  = "bodies"
	KeyWalk    = "walk"
	KeyCollide = "collide"
	KeySeed    = "seed"
)

// Keys returns the game's configuration keys, for engine.Game.Keys.
func Keys() []engine.Key {
	return []engine.Key{
		{Name: KeyBodies, Default: 0, Min: 0, Max: 10_000_000, Usage: "bodies the field starts with (0: the field prefab's)"},
		{Name: KeyWalk, Default: "slots", Usage: "how the move system walks the world: slots, each, query or each-object"},
		{Name: KeyCollide, Default: false, Usage: "collide the bodies with one another (systems.Collision); they flash as they meet"},
		{Name: KeySeed, Default: 1, Min: 0, Max: 1 << 31, Usage: "seed of the bodies' places, speeds and kinds"},
	}
}

// Config returns the example's engine configuration by default: a
// 1280x720 logical screen in a 960x540 window, FPS and steps per frame in
// the title, and the add and remove actions on the arrow keys, + and -,
// and the gamepad's shoulder buttons.
func Config() engine.Config {
	return engine.Config{
		Window: engine.WindowConfig{Title: "Tessera ecs-stress", Width: 1280, Height: 720, Zoom: 0.75},
		Debug:  engine.DebugConfig{ShowFPS: true},
		Input: engine.InputConfig{Actions: map[string][]string{
			ActionAdd:    {"ArrowUp", "Equal", "NumpadAdd", "GamepadRB", "GamepadUp"},
			ActionRemove: {"ArrowDown", "Minus", "NumpadSubtract", "GamepadLB", "GamepadDown"},
		}},
	}
}

// OptionsOf returns the options of a windowed game that cfg's game keys
// ([Keys]) and window size say, with the HUD; a key cfg lacks takes its
// default.
func OptionsOf(cfg engine.Config) Options {
	o := Options{Walk: "slots", Seed: 1, HUD: true}
	if v, ok := cfg.Game[KeyBodies].(int); ok {
		o.Bodies = v
	}
	if v, ok := cfg.Game[KeyWalk].(string); ok && v != "" {
		o.Walk = v
	}
	if v, ok := cfg.Game[KeyCollide].(bool); ok {
		o.Collide = v
	}
	if v, ok := cfg.Game[KeySeed].(int); ok && v >= 0 {
		o.Seed = uint64(v)
	}
	if cfg.Window.Width > 0 && cfg.Window.Height > 0 {
		o.View = geom.Vec2{X: float64(cfg.Window.Width), Y: float64(cfg.Window.Height)}
	}
	return o
}
