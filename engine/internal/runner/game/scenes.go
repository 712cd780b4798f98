package game

import (
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The look of the scenes.
var (
	sky      = color.NRGBA{R: 120, G: 180, B: 235, A: 255}
	ink      = color.NRGBA{R: 255, G: 250, B: 235, A: 255}
	shade    = color.NRGBA{A: 150}
	hudFont  = assets.PathOf("fonts/gobold.ttf")
	center   = geom.Vec2{X: ScreenW / 2, Y: ScreenH / 2}
	hudOrder = drawable.Order{Layer: LayerHUD}
)

// spawnCamera gives w a camera that shows the screen with (0, 0) at its
// top-left corner, over the sky.
func spawnCamera(w *world.World) {
	world.Spawn1(w, drawable.Camera, camera.Camera{Position: center, Background: sky})
}

// spawnText puts a line of text on the screen, centred at x, y.
func spawnText(w *world.World, x, y, size float64, s string) world.Entity {
	e := world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Text, drawable.Label{
		Text: s, Font: hudFont, Size: size, Color: ink, Align: drawable.AlignCenter, VAlign: drawable.AlignCenter, Order: hudOrder,
	})
	drawable.Screen.Add(w, e)
	return e
}

// spawnGround lays the ground and the bushes behind it, scrolling at
// speed (0 for a still ground), wrapping round the screen.
func (g *Game) spawnGround(w *world.World) error {
	wrap := geom.Rect(-16, -ScreenH, ScreenW, 2*ScreenH)
	y := g.tuning.Ground
	for x := -16.0; x < ScreenW; x += 16 {
		for _, name := range []string{"ground", "dirt", "dirt"} {
			e, err := g.lib.Spawn(w, name, nil)
			if err != nil {
				return err
			}
			world.Add(w, e, geom.Position, geom.Vec2{X: x, Y: y})
			scroll(w, e, 1, wrap)
			y += 16
		}
		y = g.tuning.Ground
	}
	bushes := geom.Rect(-96, -ScreenH, ScreenW+96, 2*ScreenH)
	for x := -96.0; x < ScreenW+96; x += 104 {
		e, err := g.lib.Spawn(w, "bush", nil)
		if err != nil {
			return err
		}
		world.Add(w, e, geom.Position, geom.Vec2{X: x, Y: g.tuning.Ground + 4})
		scroll(w, e, 0.4, bushes)
	}
	return nil
}

// scroll makes e move left with the world at factor of its speed,
// wrapping round within r.
func scroll(w *world.World, e world.Entity, factor float64, r geom.Rectangle) {
	world.Add(w, e, geom.Velocity, geom.Vec2{})
	world.Add(w, e, Scrolls, Scroll{Factor: factor})
	world.Add(w, e, systems.Bounds, systems.Boundary{Rect: r, Mode: systems.Wrap})
}

// Title is the title scene: the game's name, the best score, the runner
// standing, and a word on how to start.
type Title struct {
	scene.Base
	game *Game
}

// OnEnter loads the game's data on the first visit and builds the
// screen.
func (t *Title) OnEnter() error {
	g, w := t.game, t.World()
	if err := g.load(w); err != nil {
		return err
	}
	spawnCamera(w)
	if err := g.spawnGround(w); err != nil {
		return err
	}
	r, err := g.lib.Spawn(w, "runner", nil)
	if err != nil {
		return err
	}
	world.Add(w, r, geom.Position, geom.Vec2{X: ScreenW / 2, Y: g.tuning.Ground})
	drawable.Animation.Require(w, r).Play("idle")
	spawnText(w, ScreenW/2, 40, 28, "RUNNER")
	spawnText(w, ScreenW/2, 70, 10, "jump the blocks: Space, Up, W or A")
	if g.Best > 0 {
		spawnText(w, ScreenW/2, 86, 10, fmt.Sprintf("best %d", g.Best))
	}
	return w.AddSystem(world.System{Name: "title.start", Phase: world.Fixed, Run: t.start})
}

// start begins a run when confirm or jump is pressed.
func (t *Title) start(ctx *world.Context) error {
	in := engine.InputOf(ctx)
	if in.JustPressed("confirm") || in.JustPressed("jump") {
		t.Scenes().Replace(t.game.newRun())
	}
	return nil
}

// Over is the game-over scene, pushed over the run that ended, which
// stays on the screen as it was: the score, and how to run again.
type Over struct {
	scene.Base
	game  *Game
	score int
	wait  float64 // seconds before a press counts, so a mashed jump does not restart at once
}

// OnEnter builds the screen: a shade over the run, the score.
func (o *Over) OnEnter() error {
	w := o.World()
	o.wait = 0.5
	shadow := world.Spawn2(w, geom.Position, geom.Vec2{}, drawable.Shape, drawable.Rect(ScreenW, ScreenH, shade))
	drawable.Screen.Add(w, shadow)
	spawnText(w, ScreenW/2, 60, 24, "GAME OVER")
	best := ""
	if o.score >= o.game.Best {
		best = " (best!)"
	}
	spawnText(w, ScreenW/2, 90, 12, fmt.Sprintf("score %d%s", o.score, best))
	spawnText(w, ScreenW/2, 110, 10, "Space, Enter or A to run again")
	return w.AddSystem(world.System{Name: "over.again", Phase: world.Fixed, Run: o.again})
}

// again starts a new run when confirm or jump is pressed, once the wait
// is over.
func (o *Over) again(ctx *world.Context) error {
	if o.wait > 0 {
		o.wait -= ctx.DT
		return nil
	}
	in := engine.InputOf(ctx)
	if in.JustPressed("confirm") || in.JustPressed("jump") {
		o.Scenes().Pop()
		o.Scenes().Replace(o.game.newRun())
	}
	return nil
}
