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

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/prefab/prefabcmd"
)

func main() {
	os.Exit(prefabcmd.Run(library(), os.Args[1:], os.Stdout, os.Stderr))
}

// library returns a library that knows the components the engine ships
// ([engine.Components]). They come from packages that never link
// ebitengine, so this command runs without a display.
func library() *prefab.Library {
	return prefab.NewLibrary(engine.Components()...)
}
