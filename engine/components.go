package engine

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
)

// Components returns the registrations of every component the engine
// ships that prefab data may name: positions, velocities and
// WorldTransform, a root's rotation and scale (package geom), motion, bounds, lifetimes, collision and LocalTransform, which
// places prefab children given `at:` (package systems), and
// the drawables (package render/drawable: sprites, animations, shapes,
// texts, cameras, Hidden and Screen). A game's library starts from them
// and adds its own:
//
//	lib := prefab.NewLibrary(append(engine.Components(), prefab.Component(Health))...)
//
// Each call returns a new slice.
func Components() []prefab.Registration {
	return []prefab.Registration{
		prefab.Component(geom.Position),
		prefab.Component(geom.Velocity),
		prefab.Component(geom.WorldTransform), // a root's pose; systems.Transforms computes a placed child's
		prefab.Component(systems.Acceleration),
		prefab.Component(systems.Damping),
		prefab.Component(systems.MaxSpeed),
		prefab.Component(systems.Bounds),
		prefab.Component(systems.Lifetime),
		prefab.Component(systems.Collider),
		prefab.Component(systems.Mover),
		prefab.Component(systems.LocalTransform).At("offset"), // places prefab children: `at:`
		prefab.Component(drawable.Sprite),
		prefab.Component(drawable.Animation),
		prefab.Component(drawable.Shape),
		prefab.Component(drawable.Text),
		prefab.Component(drawable.Camera),
		prefab.Component(drawable.Hidden),
		prefab.Component(drawable.Screen),
	}
}
