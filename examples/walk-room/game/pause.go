package game

import (
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Pause is the scene pushed over a room when the pause action is pressed.
// While it is on top the room beneath does not step (the player stands
// still, however long a key is held) but is still drawn; pressing the
// pause action again pops it.
type Pause struct {
	scene.Base
	game *Game
}

// Game returns the game the pause scene belongs to.
func (p *Pause) Game() *Game { return p.game }

// OnEnter adds the system that pops the scene when the pause action is
// pressed again.
func (p *Pause) OnEnter() error {
	return p.World().AddSystem(world.System{Name: "walk-room.unpause", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if engine.InputOf(ctx).JustPressed(PauseAction) {
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
