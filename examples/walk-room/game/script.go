package game

import "github.com/tessera-engine/tessera/engine"

// Steps of the [DemoScript], for tests that check what happens when.
const (
	DemoWalk    = 10  // the move right begins
	DemoPause   = 100 // pause pressed (released 4 steps later)
	DemoUnpause = 160 // pause pressed again (released 4 steps later)
	DemoStop    = 600 // the move right ends
)

// DemoScript is scripted input that, from the hall's start, walks right
// over the first coin, pauses for a while, walks on through the east door
// into the study and across it over the study's coin. The headless run
// plays it, and the tests check it does what it says.
func DemoScript() []engine.ScriptedInput {
	return []engine.ScriptedInput{
		{Step: DemoWalk, Action: MoveRight, Down: true},
		{Step: DemoPause, Action: PauseAction, Down: true},
		{Step: DemoPause + 4, Action: PauseAction, Down: false},
		{Step: DemoUnpause, Action: PauseAction, Down: true},
		{Step: DemoUnpause + 4, Action: PauseAction, Down: false},
		{Step: DemoStop, Action: MoveRight, Down: false},
	}
}
