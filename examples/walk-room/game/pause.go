package game

import (
	"image/color"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Pause is the scene pushed over a room when the pause action is pressed.
// While it is on top the room beneath does not step (the player stands
// still, however long a key is held) but is still drawn, as it was; the
// pause scene dims it and says how to go on. Pressing the pause action
// again pops it.
type Pause struct {
	scene.Base
	game *Game
}

// Game returns the game the pause scene belongs to.
func (p *Pause) Game() *Game { return p.game }

// dim is what the pause scene lays over the room.
var dim = color.NRGBA{A: 150}

// OnEnter spawns the screen (a dimming over the room, a word on how to go
// on) and the system that pops the scene when pause is pressed again. The
// scene is pushed every time the game pauses, and its world is cleared
// when it pops, so it builds its screen anew each time.
func (p *Pause) OnEnter() error {
	w := p.World()
	v := p.game.opts.View
	screenRect(w, 0, 0, v.X, v.Y, dim)
	screenText(w, v.X/2, v.Y/2-12, 24, "Paused", inkColor, center)
	screenText(w, v.X/2, v.Y/2+14, 12, "Esc, P or Start to go on", hintColor, center)
	return w.AddSystem(world.System{Name: "walk-room.unpause", Phase: world.Fixed,
		ReadsResources: []world.ResourceType{engine.InputResource},
		Run: func(ctx *world.Context) error {
			if engine.InputOf(ctx).JustPressed(PauseAction) || p.game.demoPause(ctx) {
				p.Scenes().Pop()
			}
			return nil
		}})
}

// FixedUpdate counts the steps run while paused.
func (p *Pause) FixedUpdate(float64) { p.game.paused++ }

// Paused reports whether the pause scene is on top.
func (g *Game) Paused() bool {
	if g.room == nil {
		return false
	}
	s := g.room.Scenes()
	return s != nil && s.Top() == g.pause
}
