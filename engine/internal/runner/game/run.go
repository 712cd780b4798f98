package game

import (
	"fmt"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// obstacleKinds are the prefabs obstacles are made of.
var obstacleKinds = []string{"obstacle-stone", "obstacle-block", "obstacle-log"}

// Run is the scene of one run: the runner, the ground scrolling under it,
// the obstacles coming, the score. A run is entered once; the next run is
// a new Run.
type Run struct {
	scene.Base
	game *Game
	n    int // which run this is, for its random numbers
	rng  *rand.Rand

	runner   world.Entity
	score    world.Entity // the score's text
	points   int
	time     float64 // seconds run
	next     float64 // when the next obstacle comes
	airborne bool
	over     bool

	// Walks' callbacks, made once.
	scrollFn func(world.Entity, *Scroll, *geom.Vec2)
	passFn   func(world.Entity, *Obstacle, *geom.Vec2)
}

// newRun returns the scene of the next run.
func (g *Game) newRun() *Run {
	g.Runs++
	r := &Run{game: g, n: g.Runs, rng: g.rng(g.Runs)}
	r.scrollFn, r.passFn = r.scrollOne, r.passOne
	return r
}

// Points returns the score of the run so far.
func (r *Run) Points() int { return r.points }

// Runner returns the runner's entity.
func (r *Run) Runner() world.Entity { return r.runner }

// Over reports whether the runner hit an obstacle.
func (r *Run) Over() bool { return r.over }

// OnEnter builds the run and its systems.
func (r *Run) OnEnter() error {
	g, w := r.game, r.World()
	if err := g.load(w); err != nil {
		return err
	}
	spawnCamera(w)
	if err := g.spawnGround(w); err != nil {
		return err
	}
	var err error
	if r.runner, err = g.lib.Spawn(w, "runner", nil); err != nil {
		return err
	}
	world.Add(w, r.runner, geom.Position, geom.Vec2{X: 64, Y: g.tuning.Ground})
	world.Add(w, r.runner, geom.Velocity, geom.Vec2{})
	world.Add(w, r.runner, systems.Acceleration, geom.Vec2{Y: RunnerFields.Require(w, r.runner).Gravity})
	r.score = world.Spawn2(w, geom.Position, geom.Vec2{X: ScreenW - 8, Y: 6}, drawable.Text, drawable.Label{
		Text: "0", Font: hudFont, Size: 14, Color: ink, Align: drawable.AlignEnd, Order: hudOrder,
	})
	drawable.Screen.Add(w, r.score)
	r.next = 1
	for _, s := range []world.System{
		{Name: "run.jump", Phase: world.Fixed, Run: r.jump},
		{Name: "run.scroll", Phase: world.Fixed, Run: r.scroll},
		systems.Motion(),
		systems.Confine(),
		{Name: "run.land", Phase: world.Fixed, Run: r.land},
		{Name: "run.spawn", Phase: world.Fixed, Run: r.spawn},
		{Name: "run.hit", Phase: world.Fixed, Run: r.hit},
	} {
		if err := w.AddSystem(s); err != nil {
			return err
		}
	}
	return nil
}

// speed returns how fast the world scrolls now.
func (r *Run) speed() float64 { return r.game.tuning.Speed + r.game.tuning.Speedup*float64(r.points) }

// jump starts a jump when the runner is on the ground and jump is pressed.
func (r *Run) jump(ctx *world.Context) error {
	if r.airborne || !engine.InputOf(ctx).JustPressed("jump") {
		return nil
	}
	w := ctx.World
	geom.Velocity.Require(w, r.runner).Y = -RunnerFields.Require(w, r.runner).Jump
	drawable.Animation.Require(w, r.runner).Play("jump")
	r.airborne = true
	engine.PlaySound(w, SoundJump)
	return nil
}

// scroll sets everything that scrolls to the world's speed.
func (r *Run) scroll(ctx *world.Context) error {
	r.time += ctx.DT
	world.Each2(ctx.World, Scrolls, geom.Velocity, r.scrollFn)
	return nil
}

func (r *Run) scrollOne(_ world.Entity, s *Scroll, v *geom.Vec2) { v.X = -r.speed() * s.Factor }

// land stops the runner on the ground.
func (r *Run) land(ctx *world.Context) error {
	w := ctx.World
	p, v := geom.Position.Require(w, r.runner), geom.Velocity.Require(w, r.runner)
	if ground := r.game.tuning.Ground; p.Y >= ground {
		p.Y, v.Y = ground, 0
		if r.airborne {
			r.airborne = false
			drawable.Animation.Require(w, r.runner).Play("run")
		}
	}
	return nil
}

// spawn sends the next obstacle when its time comes, at a random gap
// after the last.
func (r *Run) spawn(ctx *world.Context) error {
	if r.time < r.next {
		return nil
	}
	gap := r.game.tuning.Gap
	r.next = r.time + gap.Min + r.rng.Float64()*(gap.Max-gap.Min)
	w := ctx.World
	e, err := r.game.lib.Spawn(w, obstacleKinds[r.rng.IntN(len(obstacleKinds))], nil)
	if err != nil {
		return err
	}
	world.Add(w, e, geom.Position, geom.Vec2{X: ScreenW + 24, Y: r.game.tuning.Ground})
	world.Add(w, e, geom.Velocity, geom.Vec2{X: -r.speed()})
	world.Add(w, e, Scrolls, Scroll{Factor: 1})
	world.Add(w, e, systems.Bounds, systems.Boundary{Rect: geom.Rect(-48, -ScreenH, ScreenW+48, 2*ScreenH), Mode: systems.DestroyOutside})
	return nil
}

// hit ends the run if the runner touches an obstacle, and scores the
// obstacles it has cleared.
func (r *Run) hit(ctx *world.Context) error {
	w := ctx.World
	world.Each2(w, Obstacles, geom.Position, r.passFn)
	if r.over {
		engine.PlaySound(w, SoundHit)
		r.game.Last = r.points
		r.game.Best = max(r.game.Best, r.points)
		r.Scenes().Push(&Over{game: r.game, score: r.points})
	}
	return nil
}

func (r *Run) passOne(e world.Entity, o *Obstacle, p *geom.Vec2) {
	if r.over {
		return
	}
	w := r.World()
	rp := geom.Position.Require(w, r.runner)
	me := box(*rp, RunnerFields.Require(w, r.runner).Box)
	if box(*p, o.Box).Overlaps(me) {
		r.over = true
		return
	}
	if !o.passed && p.X+o.Box.X/2 < me.Min.X {
		o.passed = true
		r.points += o.Points
		drawable.Text.Require(w, r.score).Text = fmt.Sprint(r.points)
		engine.PlaySound(w, SoundPoint)
	}
}
