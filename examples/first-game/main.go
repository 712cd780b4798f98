// Command first-game is the game docs/FIRST_GAME.md walks through: catch the falling star.
package main

import (
	"errors"
	"log"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/tessera-engine/tessera/engine"
	_ "github.com/tessera-engine/tessera/engine/window" // the window that engine.Run opens
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

type game struct { // the only scene: its World holds the entities and systems, r draws them
	scene.Base
	r *render.Renderer
}

func (g *game) Draw(screen *ebiten.Image) { g.r.Draw(screen) } // engine/window calls it every frame
func (g *game) OnEnter() error {
	w, caught := g.World(), 0 // (0, 0) is the middle of the 640×360 screen; y grows downwards
	paddle := w.Spawn(systems.Position.With(systems.Vec2{X: -40, Y: 150}), render.Shape.With(render.Rect(80, 10, nil)))
	star := w.Spawn(systems.Position.With(systems.Vec2{Y: -190}), systems.Velocity.With(systems.Vec2{Y: 200}),
		render.Shape.With(render.Circle(8, nil)), systems.Bounds.With(systems.Boundary{Rect: systems.Rect(-320, -190, 320, 190), Mode: systems.Wrap}))
	play := world.System{Name: "play", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		x, _ := engine.InputOf(ctx).Axis("move")
		p, s := systems.Position.Require(w, paddle), systems.Position.Require(w, star)
		p.X = min(max(p.X+400*x*ctx.DT, -320), 240)                 // 400 units a second, kept on the screen
		if systems.Rect(p.X-8, p.Y-8, p.X+88, p.Y+8).Contains(*s) { // caught: the star starts again, a dot scores it
			*s, caught = systems.Vec2{X: float64(ctx.Step*7919%600) - 300, Y: -190}, caught+1 // s is valid until Spawn
			w.Spawn(systems.Position.With(systems.Vec2{X: float64(caught*8 - 318), Y: -170}), render.Shape.With(render.Circle(3, nil)))
		}
		return nil
	}}
	return errors.Join(g.r.Install(w), w.AddSystem(play), w.AddSystem(systems.Motion()), w.AddSystem(systems.Confine()))
}

func main() {
	r, err := render.New(render.Options{})
	cfg, err2 := engine.LoadConfig(engine.LoadOptions{Args: os.Args[1:], File: "examples/first-game/tessera.yaml"})
	if err := errors.Join(err, err2); err != nil {
		log.Fatal(err)
	} else if err := engine.Run(cfg, &game{r: r}); err != nil {
		log.Fatal(err)
	}
}
