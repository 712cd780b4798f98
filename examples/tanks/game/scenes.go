package game

import (
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Title is the title scene: the game's name over a corner of the arena
// with the tank and the monsters on it, the best score, and how to
// start (or continue the saved game).
type Title struct {
	scene.Base
	game *Game
}

// Game returns the game the title belongs to.
func (t *Title) Game() *Game { return t.game }

// OnEnter loads the game's data on the first visit and builds the
// screen. In a demo it hands over to a play at once.
func (t *Title) OnEnter() error {
	g, w := t.game, t.World()
	if err := g.load(w); err != nil {
		return err
	}
	if g.opts.Demo {
		t.Scenes().Replace(g.NewPlay())
		return nil
	}
	// The backdrop is the arena itself, its lower left part, where the
	// tank starts: the level's tiles, under a camera that stands still.
	v := g.opts.View
	m := g.data.Levels[g.opts.Level]
	cam := camera.Camera{Position: geom.Vec2{X: v.X / 2, Y: m.Size().Y - v.Y/2 - TileSize}, Bounds: m.Bounds(), Background: outside}
	world.Spawn1(w, drawable.Camera, cam)
	m.SpawnTiles(w)
	o := cam.Position.Sub(v.Scale(0.5)) // the screen's top-left corner in the world
	actor := func(frame string, x, y, scale, rot float64) {
		world.Spawn2(w, geom.Position, o.Add(geom.Vec2{X: x, Y: y}), drawable.Sprite, drawable.Picture{
			Region: drawable.Frame("sprites/actors.yaml", frame), Origin: geom.Vec2{X: 0.5, Y: 0.5},
			Scale: geom.Vec2{X: scale, Y: scale}, Rotation: rot, Order: drawable.Order{Layer: LayerActors},
		})
	}
	actor("hull-0", v.X/2, v.Y*0.62, 2, -0.3)
	world.Spawn2(w, geom.Position, o.Add(geom.Vec2{X: v.X / 2, Y: v.Y * 0.62}), drawable.Sprite, drawable.Picture{
		Region: drawable.Frame("sprites/actors.yaml", "turret"), Origin: geom.Vec2{X: 0.3, Y: 0.5},
		Scale: geom.Vec2{X: 2, Y: 2}, Rotation: -0.9, Order: drawable.Order{Layer: LayerActors, Z: 1},
	})
	actor("ogre-0", v.X*0.18, v.Y*0.7, 2, 0)
	actor("demon-0", v.X*0.82, v.Y*0.66, 2, 0)
	actor("wraith-0", v.X*0.7, v.Y*0.88, 1.5, 0)
	screenRect(w, 0, v.Y*0.12, v.X, 96, hudBack)
	screenText(w, v.X/2, v.Y*0.12+34, 44, "TANKS", goldColor, drawable.AlignCenter)
	screenText(w, v.X/2, v.Y*0.12+74, 12, "clear the arena of monsters: drive, turn the turret, fire", inkColor, drawable.AlignCenter)
	screenRect(w, 0, v.Y-44, v.X, 44, hudBack)
	hint := "Enter or Start: new game"
	if g.HasSave() {
		hint += "   ·   C or Y: continue the saved game"
	}
	screenText(w, v.X/2, v.Y-30, 13, hint, inkColor, drawable.AlignCenter)
	controls := "arrows/WASD/stick drive · Q/E or LB/RB turn · Space/K/A fire · Esc pause · F3 debug overlay"
	if g.Best > 0 {
		controls = fmt.Sprintf("best score %d · %s", g.Best, controls)
	}
	screenText(w, v.X/2, v.Y-12, 10, controls, hintColor, drawable.AlignCenter)
	return w.AddSystem(world.System{Name: "tanks.title", Phase: world.Fixed, Run: t.start,
		ReadsResources: []world.ResourceType{engine.InputResource}})
}

// start begins a new play when start or fire is pressed, or continues
// the saved one when continue is.
func (t *Title) start(ctx *world.Context) error {
	in, g := engine.InputOf(ctx), t.game
	switch {
	case in.JustPressed(StartAction) || in.JustPressed(FireAction):
		t.Scenes().Replace(g.NewPlay())
	case in.JustPressed(ContinueAction) && g.HasSave():
		p, err := g.ContinuePlay()
		if err != nil {
			return err // the slot's file went, or cannot be read: the engine reports it, the title stays
		}
		t.Scenes().Replace(p)
	}
	return nil
}

// Pause is the scene pushed over a play when the pause action is
// pressed. While it is on top the play beneath does not step, but is
// still drawn; the pause scene dims it and says what the keys do: go on,
// save the game in the slot, or quit to the title.
type Pause struct {
	scene.Base
	game  *Game
	note  world.Entity
	saved bool
}

// dim is what the pause and game-over scenes lay over the play.
var dim = color.NRGBA{A: 150}

// OnEnter builds the screen and the system that reads the keys. The
// scene is pushed every time the game pauses, and its world is cleared
// when it pops, so it builds its screen anew each time.
func (p *Pause) OnEnter() error {
	w, v := p.World(), p.game.opts.View
	p.saved = false
	screenRect(w, 0, 0, v.X, v.Y, dim)
	screenText(w, v.X/2, v.Y/2-20, 28, "Paused", inkColor, drawable.AlignCenter)
	screenText(w, v.X/2, v.Y/2+12, 12, "Esc, P or Start: go on   ·   F5 or X: save   ·   Backspace or B: quit to the title", hintColor, drawable.AlignCenter)
	p.note = screenText(w, v.X/2, v.Y/2+36, 12, "", goldColor, drawable.AlignCenter)
	return w.AddSystem(world.System{Name: "tanks.unpause", Phase: world.Fixed, Run: p.keys,
		Writes: []world.ComponentType{drawable.Text}, ReadsResources: []world.ResourceType{engine.InputResource}})
}

// keys pops the pause scene, saves the play beneath, or quits to the
// title, as the keys say.
func (p *Pause) keys(ctx *world.Context) error {
	in, g := engine.InputOf(ctx), p.game
	switch {
	case in.JustPressed(PauseAction):
		p.Scenes().Pop()
	case in.JustPressed(SaveAction):
		msg := "saved: C on the title screen continues from here"
		if err := g.Save(); err != nil {
			msg = "could not save: " + err.Error()
		}
		drawable.Text.Require(ctx.World, p.note).Text = msg
	case in.JustPressed(QuitAction):
		p.Scenes().Pop()
		p.Scenes().Replace(g.title)
	}
	return nil
}

// Over is the scene pushed over a play that ended, which stays on the
// screen as it was: won or lost, the score, and how to play again.
type Over struct {
	scene.Base
	game  *Game
	tally Tally
	wait  float64 // seconds before a press counts, so a held trigger does not restart at once
}

// Tally returns the tally of the play that ended.
func (o *Over) Tally() Tally { return o.tally }

// OnEnter builds the screen.
func (o *Over) OnEnter() error {
	w, v := o.World(), o.game.opts.View
	o.wait = 0.75
	screenRect(w, 0, 0, v.X, v.Y, dim)
	head, col := "TANK DESTROYED", color.NRGBA{R: 240, G: 110, B: 90, A: 255}
	if o.tally.Outcome == Won {
		head, col = "ARENA CLEAR!", goldColor
	}
	screenText(w, v.X/2, v.Y/2-34, 32, head, col, drawable.AlignCenter)
	best := ""
	if o.tally.Score >= o.game.Best && o.tally.Score > 0 {
		best = "  (best!)"
	}
	screenText(w, v.X/2, v.Y/2+4, 14, fmt.Sprintf("score %d · %d monsters · %d shells%s", o.tally.Score, o.tally.Kills, o.tally.Shots, best), inkColor, drawable.AlignCenter)
	screenText(w, v.X/2, v.Y/2+30, 12, "Enter or Start: play again   ·   Backspace or B: title", hintColor, drawable.AlignCenter)
	return w.AddSystem(world.System{Name: "tanks.again", Phase: world.Fixed, Run: o.again,
		ReadsResources: []world.ResourceType{engine.InputResource}})
}

// again starts a new play, or goes back to the title, once the wait is
// over.
func (o *Over) again(ctx *world.Context) error {
	if o.wait > 0 {
		o.wait -= ctx.DT
		return nil
	}
	in := engine.InputOf(ctx)
	switch {
	case in.JustPressed(StartAction):
		o.Scenes().Pop()
		o.Scenes().Replace(o.game.NewPlay())
	case in.JustPressed(QuitAction):
		o.Scenes().Pop()
		o.Scenes().Replace(o.game.title)
	}
	return nil
}
