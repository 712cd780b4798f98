package game

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The names of the scene's systems, in the order they run each step.
const (
	ControlsName = "ecs-stress.controls" // adds and removes bodies on input
	MoveName     = "ecs-stress.move"     // moves and bounces every body
	HitsName     = "ecs-stress.hits"     // flashes bodies that meet, with collision
	HUDName      = "ecs-stress.hud"      // counts the steps and frames, writes the HUD
)

// Options configure a Scene. The zero value runs the field as its YAML
// says, walked by slots, without collision, from seed 0, with no HUD.
type Options struct {
	// Bodies is how many bodies the field starts with; 0 means the Field
	// settings' Bodies.
	Bodies int
	// Walk names the move system's walk (see [Walks]); "" means "slots".
	Walk string
	// Collide gives every body a circle collider of its Radius and adds
	// the collision system (systems.Collision) after the move; bodies
	// flash with the Field settings' Hit colour for the step they meet
	// another. Collision reports contacts and moves nothing.
	Collide bool
	// Seed seeds the bodies' positions, speeds and kinds.
	Seed uint64
	// HUD puts a panel on the screen saying the body count, the walk, the
	// frame rate and the keys ([Scene.HUDText]). The timing table runs
	// without it: its text changes allocate.
	HUD bool
	// View is the logical screen the camera fits the field into; the zero
	// value means 1280x720.
	View geom.Vec2
}

// Scene is the field of bouncing bodies. Make one with [New]; it loads its
// prefabs through the engine's files and builds its world on entering, so
// it runs in a window or headless alike.
type Scene struct {
	scene.Base
	opts Options
	// configured makes OnEnter take the options the engine's
	// configuration gives ([FromConfig]).
	configured bool

	lib      *prefab.Library
	settings Settings
	kinds    []*prefab.Prefab
	radii    []float64 // by kind: its bodies' collider radius, with collision
	rng      *rand.Rand
	bodies   []world.Entity // in spawn order
	hits     hits
	hud      hud
}

// New returns a scene of the field that the engine's files describe
// (prefabs/*.yaml of [Files]).
func New(opts Options) *Scene {
	if opts.Walk == "" {
		opts.Walk = "slots"
	}
	if opts.View == (geom.Vec2{}) {
		opts.View = geom.Vec2{X: 1280, Y: 720}
	}
	return &Scene{opts: opts}
}

// FromConfig returns a scene of the field whose options are those the
// configuration of the engine running it gives ([OptionsOf]: the game's
// [Keys] and the window's size), read when it is entered: what a game's
// main hands engine.Main, so that the keys come from flags, variables,
// tessera.yaml or a web page's query string alike.
func FromConfig() *Scene { return &Scene{configured: true} }

// Options returns the scene's options, defaults filled in: those it was
// made with, or once it is entered, those of its configuration.
func (s *Scene) Options() Options { return s.opts }

// OnEnter loads the prefabs, spawns the field and its bodies, points the
// camera at the field, and adds the systems and the HUD.
func (s *Scene) OnEnter() error {
	w := s.World()
	if cfg, ok := engine.ConfigOf(w); ok && s.configured {
		s.opts = New(OptionsOf(cfg)).opts
	}
	l := engine.AssetsOf(w)
	if l == nil {
		return errors.New("ecs-stress: no engine runs the scene, so it has no files")
	}
	lib, err := LoadPrefabs(l.FS())
	if err != nil {
		return err
	}
	s.lib = lib
	fe, err := s.lib.Spawn(w, FieldPrefab, nil)
	if err != nil {
		return err
	}
	set, ok := Field.Get(w, fe)
	if !ok {
		return fmt.Errorf("ecs-stress: prefab %q has no Field component", FieldPrefab)
	}
	s.settings = *set
	if err := s.settings.check(); err != nil {
		return err
	}
	s.kinds = s.kinds[:0]
	for _, name := range s.settings.Kinds {
		p, ok := s.lib.Lookup(name)
		if !ok {
			return fmt.Errorf("ecs-stress: field kind %q is not a prefab (have %v)", name, s.lib.Names())
		}
		s.kinds = append(s.kinds, p)
	}
	parts := s.measureKinds()
	s.rng = rand.New(rand.NewPCG(s.opts.Seed, 0xb0d1e5))
	s.bodies = s.bodies[:0]
	n := s.opts.Bodies
	if n <= 0 {
		n = s.settings.Bodies
	}
	s.add(w, n)
	st := &s.settings
	world.Spawn1(w, drawable.Camera, camera.Camera{
		Position:   geom.Vec2{X: st.Width / 2, Y: st.Height / 2},
		Zoom:       min(s.opts.View.X/st.Width, s.opts.View.Y/st.Height),
		Background: st.Background,
	})

	move, ok := moveSystem(s.opts.Walk, s.settings.Width, s.settings.Height)
	if !ok {
		return fmt.Errorf("ecs-stress: unknown walk %q (have %v)", s.opts.Walk, Walks())
	}
	errs := []error{
		w.AddSystem(world.System{Name: ControlsName, Phase: world.Fixed, Run: s.controls,
			Spawns: parts, Destroys: parts, ReadsResources: []world.ResourceType{engine.InputResource}}),
		w.AddSystem(move),
	}
	if s.opts.Collide {
		errs = append(errs, s.addCollision(w))
	}
	if s.opts.HUD {
		errs = append(errs, s.hud.spawn(s, w))
	}
	return errors.Join(errs...)
}

// check reports settings the field cannot run with.
func (st *Settings) check() error {
	switch {
	case st.Width <= 0 || st.Height <= 0:
		return fmt.Errorf("ecs-stress: field size %gx%g is not positive", st.Width, st.Height)
	case st.MinSpeed < 0 || st.MaxSpeed < st.MinSpeed:
		return fmt.Errorf("ecs-stress: field speeds %g to %g: need 0 <= min_speed <= max_speed", st.MinSpeed, st.MaxSpeed)
	case len(st.Kinds) == 0:
		return errors.New("ecs-stress: field has no kinds of body")
	case st.Batch <= 0:
		return fmt.Errorf("ecs-stress: field batch %d is not positive", st.Batch)
	}
	return nil
}

// add spawns n bodies at random places, speeds and kinds.
func (s *Scene) add(w *world.World, n int) {
	st := &s.settings
	for range n {
		k := s.rng.IntN(len(s.kinds))
		pos := geom.Vec2{X: s.rng.Float64() * st.Width, Y: s.rng.Float64() * st.Height}
		angle := s.rng.Float64() * 2 * math.Pi
		speed := st.MinSpeed + s.rng.Float64()*(st.MaxSpeed-st.MinSpeed)
		vel := geom.Vec2{X: speed * math.Cos(angle), Y: speed * math.Sin(angle)}
		s.bodies = append(s.bodies, s.spawnBody(w, k, pos, vel))
	}
}

// spawnBody spawns one body of kind k. With collision, its collider comes
// with it, of the kind's radius, rather than being added after: the
// controls system that spawns bodies records its spawns, so it cannot
// read a body it has just made.
func (s *Scene) spawnBody(w *world.World, k int, pos, vel geom.Vec2) world.Entity {
	with := []prefab.Part{prefab.Value(geom.Position, pos), prefab.Value(geom.Velocity, vel)}
	if s.opts.Collide {
		with = append(with, prefab.Value(systems.Collider, systems.Circle(s.radii[k])))
	}
	return s.kinds[k].SpawnWith(w, prefab.SpawnOptions{With: with})
}

// measureKinds spawns a body of each kind into a world of its own to learn
// its collider radius (see [Options.Collide]) and what a body holds,
// which it returns: the components the controls system declares it
// spawns and destroys bodies with.
func (s *Scene) measureKinds() []world.ComponentType {
	scratch := world.New()
	s.radii = s.radii[:0]
	var parts []world.ComponentType
	seen := map[int]bool{}
	for k, kind := range s.kinds {
		s.radii = append(s.radii, radiusOf(scratch, kind.Spawn(scratch, nil)))
		for _, c := range scratch.ComponentsOf(s.spawnBody(scratch, k, geom.Vec2{}, geom.Vec2{})) {
			if !seen[c.ID()] {
				seen[c.ID()] = true
				parts = append(parts, c)
			}
		}
	}
	return parts
}

// remove destroys the n bodies spawned last, or all of them if there are
// fewer.
func (s *Scene) remove(w *world.World, n int) {
	n = min(n, len(s.bodies))
	for _, e := range s.bodies[len(s.bodies)-n:] {
		w.Destroy(e)
	}
	s.bodies = s.bodies[:len(s.bodies)-n]
}

// controls adds or removes a batch of bodies for each press of the add and
// remove actions.
func (s *Scene) controls(ctx *world.Context) error {
	in := engine.InputOf(ctx)
	if in.JustPressed(ActionAdd) {
		s.add(ctx.World, s.settings.Batch)
	}
	if in.JustPressed(ActionRemove) {
		s.remove(ctx.World, s.settings.Batch)
	}
	return nil
}

// Bodies returns how many bodies the field holds.
func (s *Scene) Bodies() int { return len(s.bodies) }

// Walk returns the name of the move system's walk.
func (s *Scene) Walk() string { return s.opts.Walk }

// Settings returns the field's settings, as loaded from its prefab.
func (s *Scene) Settings() Settings { return s.settings }

// State returns the bodies' positions and velocities in spawn order, in
// new slices.
func (s *Scene) State() (ps, vs []geom.Vec2) {
	w := s.World()
	ps, vs = make([]geom.Vec2, len(s.bodies)), make([]geom.Vec2, len(s.bodies))
	for i, e := range s.bodies {
		ps[i], vs[i] = *geom.Position.Require(w, e), *geom.Velocity.Require(w, e)
	}
	return ps, vs
}
