package game

import "github.com/tessera-engine/tessera/world"

// Steps of the demo walk ([Options.Demo]), for tests that check what
// happens when. They count the engine's fixed steps (world.Context.Step),
// whichever scene runs them.
const (
	DemoWalk    = 10  // the walk right begins
	DemoPause   = 100 // pause is pressed
	DemoUnpause = 160 // pause is pressed again
	DemoStop    = 600 // the walk right ends
)

// The demo walk is the game playing itself: from the hall's start it
// walks right over the first coin, pauses for a while, walks on through
// the east door into the study and across it over the study's coin. It
// is game logic, not input: the room's systems read it beside the input
// actions, so it plays the same in a window and headless, step for step.

// demoAxis returns the move axis the demo holds at step.
func (g *Game) demoAxis(ctx *world.Context) (x, y float64) {
	if g.opts.Demo && ctx.Step >= DemoWalk && ctx.Step < DemoStop {
		return 1, 0
	}
	return 0, 0
}

// demoPause reports whether the demo presses pause at step.
func (g *Game) demoPause(ctx *world.Context) bool {
	return g.opts.Demo && (ctx.Step == DemoPause || ctx.Step == DemoUnpause)
}
