package main // catch the falling star: the game docs/FIRST_GAME.md walks through

import (
	"errors"
	"fmt"

	"github.com/tessera-engine/tessera/engine"
	_ "github.com/tessera-engine/tessera/engine/window" // the window engine.Main opens
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

type Game struct { // the only scene: its world holds the entities, its renderer draws them
	scene.Base
	*render.Renderer
	paddle, star, score world.Entity
	caught              int
}

func (g *Game) OnEnter() (err error) { // the screen is 640×360 pixels, (0, 0) in the middle, y down
	if g.Renderer, err = render.New(render.Options{}); err != nil {
		return err
	}
	w := g.World()
	g.paddle = world.Spawn2(w, geom.Position, geom.Vec2{X: -40, Y: 150}, render.Shape, render.Rect(80, 10, nil))
	g.star = world.Spawn3(w, geom.Position, geom.Vec2{Y: -180}, geom.Velocity, geom.Vec2{Y: 150},
		render.Shape, render.Circle(8, nil))
	systems.Bounds.Add(w, g.star, systems.Boundary{Rect: geom.Rect(-320, -180, 320, 180), Mode: systems.Wrap})
	g.score = world.Spawn2(w, geom.Position, geom.Vec2{X: -312, Y: -172}, render.Text, render.Label{Text: "caught: 0"})
	play := world.System{Name: "play", Phase: world.Fixed, Run: g.play}
	return errors.Join(g.Install(w), w.AddSystem(play), w.AddSystem(systems.Motion()), w.AddSystem(systems.Confine()))
}

func (g *Game) play(ctx *world.Context) error { // every fixed step: move the paddle, catch the star
	x, _ := engine.InputOf(ctx).Axis("move") // -1 left, 1 right: arrows, A/D, D-pad or stick
	p, s := geom.Position.Require(ctx.World, g.paddle), geom.Position.Require(ctx.World, g.star)
	p.X = min(max(p.X+400*x*ctx.DT, -320), 240) // 400 pixels a second, kept on the screen
	if geom.Rect(p.X-8, p.Y-8, p.X+88, p.Y+18).Contains(*s) {
		g.caught++
		*s = geom.Vec2{X: float64(ctx.Step*7919%600) - 300, Y: -180} // back to the top, somewhere else
		render.Teleport(ctx.World, g.star)                           // drawn there at once, not sliding up
		render.Text.Require(ctx.World, g.score).Text = fmt.Sprint("caught: ", g.caught)
	}
	return nil
}

func main() { engine.Main(engine.Config{Input: engine.StandardInput()}, &Game{}) }
