package game

import (
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// The garden's input actions.
const (
	// ActionSkip jumps the cycle to the next dusk or dawn.
	ActionSkip = "skip"
	// ActionScatter sends every firefly off to a new target at once.
	ActionScatter = "scatter"
	// ActionFast runs the cycle cycle.fast times as fast while held.
	ActionFast = "fast"
)

// Actions returns the input actions the garden reads and their default
// buttons, for engine.Config.Input (the configuration may rebind them).
func Actions() engine.InputConfig {
	return engine.InputConfig{Actions: map[string][]string{
		ActionSkip:    {"N", "GamepadY"},
		ActionScatter: {"Space", "GamepadA"},
		ActionFast:    {"F", "GamepadRB"},
	}}
}

// readInput is the fixed system that reads the actions: scatter now,
// skip and fast for the cycle, which runs next. It declares its access
// (the input; the fireflies' data and positions read, their wandering
// written), and hands skip and fast to the cycle through the garden: the
// cycle is exclusive, so it runs after this system, never beside it.
func (g *Garden) readInput(ctx *world.Context) error {
	in := engine.InputOf(ctx)
	if in == nil {
		g.skip, g.fast = false, false
		return nil
	}
	if in.JustPressed(ActionScatter) {
		for _, e := range g.fireflies {
			g.fly(ctx.World, e)
		}
	}
	g.skip = in.JustPressed(ActionSkip)
	g.fast = in.Pressed(ActionFast)
	return nil
}
