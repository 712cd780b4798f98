package main // catch the falling star: the game docs/FIRST_GAME.md walks through

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images/flappy" // the gopher: CC BY 4.0, Renee French
	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

type Game struct { // the only scene: its world holds the entities the engine draws
	scene.Base
	gopher, star, score world.Entity
	caught              int
}

func (g *Game) OnEnter() error { // the screen is 640×360 pixels, (0, 0) in the middle, y down
	w := g.World()
	g.gopher = world.Spawn2(w, geom.Position, geom.Vec2{Y: 180}, drawable.Sprite, drawable.Picture{Region: drawable.Image("gopher.png"), Origin: geom.Vec2{X: 0.5, Y: 1}})
	g.star = world.Spawn3(w, geom.Position, geom.Vec2{Y: -180}, geom.Velocity, geom.Vec2{Y: 150}, drawable.Shape, drawable.Circle(8, color.RGBA{255, 220, 60, 255}))
	systems.Bounds.Add(w, g.star, systems.Boundary{Rect: geom.Rect(-320, -180, 320, 180), Mode: systems.Wrap})
	g.score = world.Spawn2(w, geom.Position, geom.Vec2{X: -312, Y: -172}, drawable.Text, drawable.Label{Text: "caught: 0"})
	play := world.System{Name: "play", Phase: world.Fixed, Run: g.play}
	return errors.Join(w.AddSystem(play), w.AddSystem(systems.Motion()), w.AddSystem(systems.Confine()))
}

func (g *Game) play(ctx *world.Context) error { // every fixed step: move the gopher, catch the star
	x, _ := engine.InputOf(ctx).Axis("move") // -1 left, 1 right: arrows, A/D, D-pad or stick
	p, s := geom.Position.Require(ctx.World, g.gopher), geom.Position.Require(ctx.World, g.star)
	p.X = min(max(p.X+400*x*ctx.DT, -290), 290)                 // 400 pixels a second, kept on the screen
	if geom.Rect(p.X-38, p.Y-83, p.X+38, p.Y-40).Contains(*s) { // the gopher's head, grown by the star's size
		g.caught++
		*s = geom.Vec2{X: float64(ctx.Step*7919%600) - 300, Y: -180} // back to the top, somewhere else
		geom.Teleport(ctx.World, g.star)                             // drawn there at once, not sliding up
		drawable.Text.Require(ctx.World, g.score).Text = fmt.Sprint("caught: ", g.caught)
	}
	return nil
}

func main() {
	engine.Main(engine.Game{Config: engine.Config{Input: engine.StandardInput()}, First: &Game{},
		Assets: assets.WithFiles(nil, map[string][]byte{"gopher.png": flappy.Gopher_png})})
}
