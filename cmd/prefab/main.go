// Command prefab checks prefab files against the components the engine
// ships, and writes their JSON Schema for editors:
//
//	prefab check [-assets DIR] PATH...  check prefab files, or directories of them; print every problem
//	prefab schema [-o FILE]             write the JSON Schema of prefab files
//	prefab components                   list the components prefab files may use
//
// With -assets, check also checks that every asset the prefabs name (by
// path, such as a sprite's image) is a file under DIR, the game's asset
// root, that the asset loader accepts.
//
// It exits 1 when check finds problems and 2 on a usage error. A game
// with components of its own builds the same command around its own
// library in a few lines: see package prefab/prefabcmd.
package main

import (
	"os"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/prefab/prefabcmd"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
)

func main() {
	os.Exit(prefabcmd.Run(library(), os.Args[1:], os.Stdout, os.Stderr))
}

// library returns a library that knows the components the engine ships.
func library() *prefab.Library {
	return prefab.NewLibrary(engineComponents()...)
}

// engineComponents lists the components the engine ships that prefab data
// may use: the geometry and systems components, and the drawables that
// data can describe (shapes, visibility; sprites and animations name
// regions and clips a renderer hands out at run time, so they are set in
// code). They come from render/drawable, not render, so this command never
// links ebitengine and runs without a display.
func engineComponents() []prefab.Registration {
	return []prefab.Registration{
		prefab.Component(geom.Position),
		prefab.Component(geom.Velocity),
		prefab.Component(systems.Acceleration),
		prefab.Component(systems.Damping),
		prefab.Component(systems.MaxSpeed),
		prefab.Component(systems.Bounds),
		prefab.Component(systems.Lifetime),
		prefab.Component(systems.Collider),
		prefab.Component(systems.Mover),
		prefab.Component(drawable.Shape),
		prefab.Component(drawable.Hidden),
	}
}
