package scene

import "github.com/tessera-engine/tessera/world"

// Scene is one screen of a game: a level, a menu, a pause dialog. Embed
// [Base] in a struct to make one; Base supplies the world and empty
// versions of every method, so a scene overrides only what it needs.
//
// The methods are called by the [Manager] and the engine, on the loop's
// goroutine:
//
//   - OnEnter each time the scene becomes active, the first time and
//     every time after (pushed again after a pop, replaced back, restarted
//     by a Replace with itself): add systems to [Scene.World], spawn
//     entities, and reset the fields a run of the scene changes (see
//     [Base]). The world is empty. An error is reported with the change;
//     the scene stays entered with whatever OnEnter built.
//   - FixedUpdate(dt) once per fixed step, after the world's fixed systems;
//     dt is one step in seconds.
//   - Update(dt, alpha) once per frame, after the world's frame systems; dt
//     is the frame's length in seconds and alpha the share of a step
//     accumulated since the last fixed step (0–1).
//   - OnExit when the scene leaves; its world is cleared right after. The
//     scene is off the manager's stack already (Top is the scene beneath
//     it, if any), but Scenes still returns the manager, to ask for a
//     change.
//
// OnEnter and OnExit only ask for changes ([Manager.Replace] and the
// others queue them): the manager makes them once the change in progress
// is done. Only the top scene of the manager's stack updates; those
// beneath it are still drawn.
type Scene interface {
	OnEnter() error
	OnExit()
	FixedUpdate(dt float64)
	Update(dt, alpha float64)
	// World returns the scene's own world.
	World() *world.World

	base() *Base
}

// Base is embedded in every [Scene]. Its zero value is ready to use: the
// world is made on first use and kept for the scene's life, cleared each
// time the scene leaves.
//
// A scene value outlives its entries: its world is cleared when it leaves,
// but its own fields keep what the last entry left in them (so that the
// game can still read a finished level's score). A scene that is entered
// more than once starts each entry clean by keeping the fields a run
// changes in one struct and setting it first thing in OnEnter, apart from
// the fields its constructor sets:
//
//	type Level struct {
//		scene.Base
//		file string    // set by the constructor, kept
//		play levelPlay // what a run changes
//	}
//
//	func (l *Level) OnEnter() error {
//		l.play = levelPlay{lives: 3} // a fresh run, re-entered or not
//		...
//	}
type Base struct {
	world  *world.World
	scenes *Manager
}

// World returns the scene's world, making it on the first call.
func (b *Base) World() *world.World {
	if b.world == nil {
		b.world = world.New()
	}
	return b.world
}

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
