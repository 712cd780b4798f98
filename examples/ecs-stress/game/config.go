package game

import "github.com/tessera-engine/tessera/engine"

// The input actions, bound in the configuration (input.actions.add and
// input.actions.remove in tessera.yaml rebind them).
const (
	ActionAdd    = "add"    // add a batch of bodies
	ActionRemove = "remove" // remove a batch of bodies
)

// OverlayKeyKey is the game's configuration key naming the key that shows
// and hides the renderer's debug overlay.
const OverlayKeyKey = "debug.overlay_key"

// ConfigDefaults returns the example's defaults for engine.LoadConfig: a
// 1280x720 logical screen in a 960x540 window, FPS and steps per frame in
// the title, and the add and remove actions on the arrow keys, + and -,
// and the gamepad's shoulder buttons.
func ConfigDefaults() engine.Config {
	return engine.Config{
		Window: engine.WindowConfig{Title: "Tessera ecs-stress", Width: 1280, Height: 720, Zoom: 0.75},
		Debug:  engine.DebugConfig{ShowFPS: true},
		Input: engine.InputConfig{Actions: map[string][]string{
			ActionAdd:    {"ArrowUp", "Equal", "NumpadAdd", "GamepadRB", "GamepadUp"},
			ActionRemove: {"ArrowDown", "Minus", "NumpadSubtract", "GamepadLB", "GamepadDown"},
		}},
	}
}

// Keys returns the example's own configuration keys.
func Keys() []engine.Key {
	return []engine.Key{
		{Name: OverlayKeyKey, Default: "F3", Usage: "key that shows and hides the debug overlay"},
	}
}
