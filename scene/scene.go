package scene

import "github.com/tessera-engine/tessera/world"

// Scene is one screen of a game: a level, a menu, a pause dialog. Embed
// [Base] in a struct to make one; Base supplies the world, the root and
// empty versions of every method, so a scene overrides only what it needs.
//
// The methods are called by the [Manager] and the engine, on the loop's
// goroutine:
//
//   - OnEnter when the scene becomes active: add systems to [Scene.World],
//     spawn entities, build nodes under [Scene.Root]. An error is reported
//     by [Manager.Apply]; the scene stays entered with whatever OnEnter
//     built.
//   - FixedUpdate(dt) once per fixed step, after the world's fixed systems;
//     dt is one step in seconds.
//   - Update(dt, alpha) once per frame, after the world's frame systems; dt
//     is the frame's length in seconds and alpha the share of a step
//     accumulated since the last fixed step (0–1).
//   - OnExit when the scene leaves; its world is cleared and its root
//     released right after. The scene is off the manager's stack already
//     (Top is the scene beneath it, if any).
//
// Only the top scene of the manager's stack updates; those beneath it are
// still drawn.
type Scene interface {
	OnEnter() error
	OnExit()
	FixedUpdate(dt float64)
	Update(dt, alpha float64)
	// World returns the scene's own world.
	World() *world.World
	// Root returns the root of the scene's display list.
	Root() *Node

	base() *Base
}

// Base is embedded in every [Scene]. Its zero value is ready to use: the
// world is made on first use and kept for the scene's life, cleared each
// time the scene leaves.
type Base struct {
	world  *world.World
	root   Node
	scenes *Manager
}

// World returns the scene's world, making it on the first call.
func (b *Base) World() *world.World {
	if b.world == nil {
		b.world = world.New()
	}
	return b.world
}

// Root returns the root node of the scene's display list. Nodes added under
// it are drawn while the scene is on the manager's stack and released when
// it leaves.
func (b *Base) Root() *Node { return &b.root }

// Scenes returns the manager running the scene, or nil while the scene is
// not entered. Systems use it to change scene:
// s.Scenes().Replace(next) takes effect at the end of the step.
func (b *Base) Scenes() *Manager { return b.scenes }

// OnEnter does nothing and returns nil.
func (b *Base) OnEnter() error { return nil }

// OnExit does nothing.
func (b *Base) OnExit() {}

// FixedUpdate does nothing.
func (b *Base) FixedUpdate(dt float64) {}

// Update does nothing.
func (b *Base) Update(dt, alpha float64) {}

func (b *Base) base() *Base { return b }
