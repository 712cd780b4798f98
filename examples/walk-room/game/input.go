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
// D-pad and left stick (analog: the player walks as fast as the stick is
// pushed), and Escape, P or the gamepad's Start to pause.
func Actions() engine.InputConfig {
	return engine.InputConfig{
		Actions: map[string][]string{
			MoveLeft:    {"ArrowLeft", "A", "GamepadLeft", "GamepadLStickLeft"},
			MoveRight:   {"ArrowRight", "D", "GamepadRight", "GamepadLStickRight"},
			MoveUp:      {"ArrowUp", "W", "GamepadUp", "GamepadLStickUp"},
			MoveDown:    {"ArrowDown", "S", "GamepadDown", "GamepadLStickDown"},
			PauseAction: {"Escape", "P", "GamepadStart"},
		},
		Axes: map[string]engine.AxisConfig{
			MoveAxis: {Left: MoveLeft, Right: MoveRight, Up: MoveUp, Down: MoveDown},
		},
	}
}
