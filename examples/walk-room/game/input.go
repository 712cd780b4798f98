package game

import "github.com/tessera-engine/tessera/engine"

// The input actions and axis the game reads. Configuration rebinds them
// (input.actions.move_left: [ArrowLeft, A, GamepadLeft]); the names are
// lower case, as configuration keys are.
const (
	MoveLeft    = "move_left"
	MoveRight   = "move_right"
	MoveUp      = "move_up"
	MoveDown    = "move_down"
	MoveAxis    = "move"
	PauseAction = "pause"
)

// Actions returns the default bindings: the arrows and WASD, the gamepad's
// D-pad, and Escape, P or the gamepad's Start to pause. The engine maps
// buttons only, so an analog stick does not walk.
func Actions() engine.InputConfig {
	return engine.InputConfig{
		Actions: map[string][]string{
			MoveLeft:    {"ArrowLeft", "A", "GamepadLeft"},
			MoveRight:   {"ArrowRight", "D", "GamepadRight"},
			MoveUp:      {"ArrowUp", "W", "GamepadUp"},
			MoveDown:    {"ArrowDown", "S", "GamepadDown"},
			PauseAction: {"Escape", "P", "GamepadStart"},
		},
		Axes: map[string]engine.AxisConfig{
			MoveAxis: {Left: MoveLeft, Right: MoveRight, Up: MoveUp, Down: MoveDown},
		},
	}
}
