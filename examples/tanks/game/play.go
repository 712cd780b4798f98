package game

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Outcome is how a play ended, or that it goes on.
type Outcome string

// The outcomes of a play.
const (
	Playing Outcome = ""
	Won     Outcome = "won"  // every monster is dead and every nest empty
	Lost    Outcome = "lost" // the tank was destroyed
)

// Tally is the value of [Stats]: a play's score, kept in its world (on
// an entity of its own) so that a save of the world holds it.
type Tally struct {
	// Level is the level played.
	Level string `yaml:"level"`
	// Ticks counts the play's steps; its random streams are keyed by it.
	Ticks   uint64  `yaml:"ticks"`
	Score   int     `yaml:"score"`
	Kills   int     `yaml:"kills"`
	Shots   int     `yaml:"shots"`
	Outcome Outcome `yaml:"outcome"`
}

// Stats holds a play's [Tally], on the one entity that has it.
var Stats = world.DefineComponent[Tally]("Stats")

// HUDPart tags the entities of the HUD, which a play rebuilds rather than
// saves.
var HUDPart = world.DefineTag("HUDPart")

// Play is the scene of one play of a level: its world holds what the
// level's map spawns (the ground's and walls' tiles and colliders, the
// tank with its turret, the monsters, the nests, the repair kits), the
// shells and explosions of the fight, the camera that follows the tank,
// the HUD and the play's [Tally]. A play is entered once; playing again
// makes a new one. Its fixed systems are listed in [Play.OnEnter].
type Play struct {
	scene.Base
	game *Game
	m    *level.Map

	col    *systems.Collision
	tank   world.Entity
	turret world.Entity
	stats  world.Entity
	hud    hud
	over   bool           // the Over scene is pushed
	spent  []world.Entity // the shells spent in a step, kept for its capacity
	resume []byte         // the save a continued play loads
}

// NewPlay returns a new play of the game's level.
func (g *Game) NewPlay() *Play {
	g.plays++
	return &Play{game: g}
}

// Game returns the game the play belongs to.
func (p *Play) Game() *Game { return p.game }

// Tank returns the tank's entity.
func (p *Play) Tank() world.Entity { return p.tank }

// Turret returns the turret's entity, the tank's child.
func (p *Play) Turret() world.Entity { return p.turret }

// Collision returns the play's collision system.
func (p *Play) Collision() *systems.Collision { return p.col }

// Tally returns the play's score and outcome so far.
func (p *Play) Tally() Tally {
	if t, ok := Stats.Get(p.World(), p.stats); ok {
		return *t
	}
	return Tally{}
}

// TankState returns the tank's value, or the zero Driving when it is
// gone.
func (p *Play) TankState() Driving {
	if t, ok := Tank.Get(p.World(), p.tank); ok {
		return *t
	}
	return Driving{}
}

// Monsters returns how many monsters are alive, and how many the nests
// will still let out.
func (p *Play) Monsters() (alive, coming int) { return monsters(p.World()) }

// monsters counts w's monsters alive and to come, as [Play.Monsters]
// says; systems call it with their context's world.
func monsters(w *world.World) (alive, coming int) {
	for range world.Query1(w, Monster) {
		alive++
	}
	for _, n := range world.Query1(w, Nest) {
		coming += max(n.Count-n.Spawned, 0)
	}
	return alive, coming
}

// outside is the colour the camera shows where the arena is not.
var outside = color.NRGBA{R: 20, G: 26, B: 18, A: 255}

// OnEnter builds the play from its level's map: the tiles and their
// colliders, the objects' prefabs (the tank, monsters, nests, kits), the
// camera, the HUD and the play's tally, seeds the world's random
// generator from the configuration's random.seed, and adds the systems of
// a step, in this order:
//
//	tanks.tick     the tally counts the play's steps
//	tanks.pause    the pause action pushes the pause scene
//	tanks.drive    the move axis drives the tank; its hull faces the way it goes
//	tanks.aim      the turn actions turn the turret
//	tanks.hunt     monsters walk at the tank, straying at random
//	tanks.nests    nests let monsters out
//	systems.motion, systems.transform (the turret and the health bars follow their parents)
//	tanks.fire     the fire action fires a shell from the turret's muzzle, where it is now
//	systems.collision
//	tanks.shells   shells that hit a wall puff, and hurt the monster they hit
//	tanks.bite     monsters that reach the tank hurt it
//	tanks.pickup   the tank picks up repair kits
//	tanks.bars     health bars show their monster's health
//	systems.lifetime (shells, explosions and puffs expire)
//	tanks.outcome  a clear arena wins, a destroyed tank loses: the Over scene
//	tanks.hud      the HUD's hearts, score and monster count
//
// The first scene entered loads the game's data. A play made by
// [Game.ContinuePlay] loads the save into its world instead of the map.
func (p *Play) OnEnter() error {
	g, w := p.game, p.World()
	if err := g.load(w); err != nil {
		return err
	}
	g.play = p
	var err error
	if p.col, err = systems.NewCollision(systems.CollisionOptions{}); err != nil {
		return err
	}
	if p.resume != nil {
		err = p.restore()
	} else {
		err = p.start()
	}
	if err != nil {
		return err
	}
	return p.addSystems()
}

// start builds a new play of the game's level.
func (p *Play) start() error {
	g, w := p.game, p.World()
	p.m = g.data.Levels[g.opts.Level]
	w.Seed(seed(w))
	p.m.Spawn(w)
	p.stats = world.Spawn1(w, Stats, Tally{Level: g.opts.Level})
	if err := p.find(); err != nil {
		return err
	}
	return p.build()
}

// find finds the tank, its turret and the tally in the play's world.
func (p *Play) find() error {
	w := p.World()
	var ok bool
	if p.tank, _, ok = world.First1(w, Tank); !ok {
		return fmt.Errorf("%w: level %s spawned no tank", ErrData, p.game.opts.Level)
	}
	p.turret = 0
	for _, c := range world.ChildOf.Sources(w, p.tank) {
		if w.Has(c, Turret) {
			p.turret = c
		}
	}
	if p.turret == 0 {
		return fmt.Errorf("%w: prefab %q has no child with a Turret", ErrData, TankPrefab)
	}
	if p.stats, _, ok = world.First1(w, Stats); !ok {
		return errors.New("tanks: the play's world has no Stats")
	}
	return nil
}

// build spawns what a play shows but does not keep: the camera, which
// follows the tank, and the HUD.
func (p *Play) build() error {
	w, v := p.World(), p.game.opts.View
	cam := camera.Camera{Bounds: p.m.Bounds(), Follow: p.tank, DeadZone: geom.Vec2{X: 60, Y: 40}, Smoothing: 0.15, Background: outside}
	cam.SetScreen(v.X, v.Y)
	cam.CenterOn(*geom.Position.Require(w, p.tank))
	HUDPart.Add(w, world.Spawn1(w, drawable.Camera, cam))
	if err := p.hud.spawn(w, v, Tank.Require(w, p.tank).MaxHP); err != nil {
		return err
	}
	HUD.Add(w, p.stats, p.hud.Board)
	return nil
}

// addSystems adds the systems of a step (see [Play.OnEnter]). Each
// game system is a world.System literal: its declared access (Reads,
// Writes, Spawns, Destroys) is one line beside its Run.
func (p *Play) addSystems() error {
	w := p.World()
	var errs []error
	for _, s := range []world.System{
		{Name: "tanks.tick", Phase: world.Fixed, Run: p.tick},
		{Name: "tanks.pause", Phase: world.Fixed, Run: p.pauseOnPress,
			ReadsResources: []world.ResourceType{engine.InputResource}},
		// The systems that touch only what they declare run beside
		// others (docs/WORLD.md, "Systems in parallel"); the rest play
		// sounds, change scenes or spawn, and stay exclusive. Drive and
		// aim read the autopilot's view too (Position, Monster, Turret).
		{Name: "tanks.drive", Phase: world.Fixed, Run: p.drive,
			Reads:          []world.ComponentType{geom.Position, Monster, Turret},
			Writes:         []world.ComponentType{Tank, geom.Velocity, geom.WorldTransform, drawable.Animation, drawable.Sprite},
			ReadsResources: []world.ResourceType{engine.InputResource}},
		{Name: "tanks.aim", Phase: world.Fixed, Run: p.aim,
			Reads:          []world.ComponentType{Tank, geom.Position, Monster},
			Writes:         []world.ComponentType{Turret, systems.LocalTransform, drawable.Sprite},
			ReadsResources: []world.ResourceType{engine.InputResource}},
		{Name: "tanks.hunt", Phase: world.Fixed, Run: p.hunt,
			Reads:  []world.ComponentType{geom.Position, Stats, systems.Mover},
			Writes: []world.ComponentType{Monster, geom.Velocity, drawable.Sprite}},
		{Name: "tanks.nests", Phase: world.Fixed, Run: p.nests},
		systems.Motion(),
		systems.Transforms(),
		{Name: "tanks.fire", Phase: world.Fixed, Run: p.fire},
		p.col.System(),
		{Name: "tanks.shells", Phase: world.Fixed, Run: p.shells},
		{Name: "tanks.bite", Phase: world.Fixed, Run: p.bite},
		{Name: "tanks.pickup", Phase: world.Fixed, Run: p.pickup},
		{Name: "tanks.bars", Phase: world.Fixed, Run: p.bars,
			Reads: []world.ComponentType{Monster, Bar, world.ChildOf}, Writes: []world.ComponentType{drawable.Shape}},
		systems.Expire(),
		{Name: "tanks.outcome", Phase: world.Fixed, Run: p.outcome},
		{Name: "tanks.hud", Phase: world.Fixed, Run: p.showHUD},
	} {
		errs = append(errs, w.AddSystem(s))
	}
	return errors.Join(errs...)
}
