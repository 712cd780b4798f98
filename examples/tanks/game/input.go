package game

import "github.com/tessera-engine/tessera/engine"

// The input actions and axis the game reads. Configuration rebinds them
// (input.actions.fire: [Space, K, GamepadA]); names are lower case, as
// configuration keys are.
const (
	MoveLeft    = "move_left"
	MoveRight   = "move_right"
	MoveUp      = "move_up"
	MoveDown    = "move_down"
	MoveAxis    = "move"
	TurnLeft    = "turn_left"
	TurnRight   = "turn_right"
	FireAction  = "fire"
	PauseAction = "pause"
	// StartAction starts a game on the title and the game-over screens.
	StartAction = "start"
	// ContinueAction continues the saved game, on the title screen.
	ContinueAction = "continue"
	// SaveAction saves the game, on the pause screen.
	SaveAction = "save"
	// QuitAction leaves the game for the title, on the pause screen.
	QuitAction = "quit"
)

// Actions returns the default bindings: the arrows and WASD, the D-pad
// and the left stick drive; Q and E, J and L or the shoulder buttons turn
// the turret; Space, K or A fires; Escape, P or Start pauses; Enter (or
// Start, or fire) starts, C or Y continues, F5 or X saves, Backspace or B
// quits to the title.
func Actions() engine.InputConfig {
	return engine.InputConfig{
		Actions: map[string][]string{
			MoveLeft:       {"ArrowLeft", "A", "GamepadLeft", "GamepadLStickLeft"},
			MoveRight:      {"ArrowRight", "D", "GamepadRight", "GamepadLStickRight"},
			MoveUp:         {"ArrowUp", "W", "GamepadUp", "GamepadLStickUp"},
			MoveDown:       {"ArrowDown", "S", "GamepadDown", "GamepadLStickDown"},
			TurnLeft:       {"Q", "J", "GamepadLB"},
			TurnRight:      {"E", "L", "GamepadRB"},
			FireAction:     {"Space", "K", "GamepadA"},
			PauseAction:    {"Escape", "P", "GamepadStart"},
			StartAction:    {"Enter", "GamepadStart"},
			ContinueAction: {"C", "GamepadY"},
			SaveAction:     {"F5", "GamepadX"},
			QuitAction:     {"Backspace", "GamepadB"},
		},
		Axes: map[string]engine.AxisConfig{
			MoveAxis: {Left: MoveLeft, Right: MoveRight, Up: MoveUp, Down: MoveDown},
		},
	}
}
