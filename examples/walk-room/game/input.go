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
	// SaveAction saves the game to its slot, in a room.
	SaveAction = "save"
	// NewGameAction and ContinueAction start a new game or continue the
	// saved one, on the title scene.
	NewGameAction  = "new_game"
	ContinueAction = "continue"
)

// Actions returns the default bindings: the arrows and WASD, the gamepad's
// D-pad and left stick (analog: the player walks as fast as the stick is
// pushed), Escape, P or the gamepad's Start to pause, F5 to save; on the
// title scene Enter, Space or the gamepad's A for a new game and C or the
// gamepad's Y to continue the saved one.
func Actions() engine.InputConfig {
	return engine.InputConfig{
		Actions: map[string][]string{
			MoveLeft:       {"ArrowLeft", "A", "GamepadLeft", "GamepadLStickLeft"},
			MoveRight:      {"ArrowRight", "D", "GamepadRight", "GamepadLStickRight"},
			MoveUp:         {"ArrowUp", "W", "GamepadUp", "GamepadLStickUp"},
			MoveDown:       {"ArrowDown", "S", "GamepadDown", "GamepadLStickDown"},
			PauseAction:    {"Escape", "P", "GamepadStart"},
			SaveAction:     {"F5"},
			NewGameAction:  {"Enter", "Space", "GamepadA"},
			ContinueAction: {"C", "GamepadY"},
		},
		Axes: map[string]engine.AxisConfig{
			MoveAxis: {Left: MoveLeft, Right: MoveRight, Up: MoveUp, Down: MoveDown},
		},
	}
}
