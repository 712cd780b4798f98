package game

import (
	"context"
	"image/color"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Title is the scene the game starts on ([Options.Title]) when its save
// slot holds a save: its name, and what the player may do: a new game, or
// continue the save. A save that does not load is shown on the scene,
// which stays. With no save there is nothing to choose, and the game
// starts in its first room at once.
type Title struct {
	scene.Base
	game    *Game
	problem world.Entity // the line that shows a save's problem
	err     error
}

// titleBack is the title scene's background.
var titleBack = color.NRGBA{R: 24, G: 20, B: 34, A: 255}

// OnEnter loads the game's data (reading its configuration, for a game
// of [FromConfig]) and lays the scene out; a game whose options say no
// title, a demo, or a game with no save goes on to the start room at
// once.
func (t *Title) OnEnter() error {
	g, w := t.game, t.World()
	if err := g.load(w); err != nil {
		return err
	}
	if !g.opts.Title || g.opts.Demo || !g.HasSave() {
		t.Scenes().Replace(g.first)
		return nil
	}
	v := g.opts.View
	screenRect(w, 0, 0, v.X, v.Y, titleBack)
	screenText(w, v.X/2, v.Y/2-30, 32, "walk-room", inkColor, center)
	screenText(w, v.X/2, v.Y/2+14, 14, "Enter, Space or A: a new game", inkColor, center)
	screenText(w, v.X/2, v.Y/2+36, 14, "C or Y: continue the saved game", inkColor, center)
	t.problem = screenText(w, v.X/2, v.Y-24, 11, "", hintColor, center)
	return w.AddSystem(world.System{Name: "walk-room.title", Phase: world.Fixed, Run: t.choose,
		Writes: []world.ComponentType{drawable.Text}, ReadsResources: []world.ResourceType{engine.InputResource}})
}

// choose starts a new game or continues the saved one, as pressed.
func (t *Title) choose(ctx *world.Context) error {
	in, g := engine.InputOf(ctx), t.game
	switch {
	case in.JustPressed(NewGameAction):
		t.Scenes().Replace(g.first)
	case in.JustPressed(ContinueAction) && g.HasSave():
		r, err := g.Continue(context.Background())
		if err != nil {
			t.err = err
			if l, ok := drawable.Text.Get(ctx.World, t.problem); ok {
				l.Text = "the save does not load: " + err.Error()
			}
			return nil
		}
		t.Scenes().Replace(r)
	}
	return nil
}

// Err returns why the last continue failed, or nil.
func (t *Title) Err() error { return t.err }
