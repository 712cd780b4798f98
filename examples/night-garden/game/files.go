package game

import (
	"embed"
	"io/fs"

	"github.com/tessera-engine/tessera/prefab"
)

//go:generate go run ./internal/genart -o assets

// embedded holds the garden's files: the settings, the prefabs and the
// sprites.
//
//go:embed assets/garden.yaml assets/prefabs/*.yaml assets/*.png
var embedded embed.FS

// PrefabDir is the directory of the prefab files in the garden's files.
const PrefabDir = "prefabs"

// The sprites, by path in the garden's files.
const (
	MoonImage   = "moon.png"
	FlowerImage = "flower.png"
	GlowImage   = "glow.png" // a firefly's halo
)

// Files returns the garden's embedded files: SettingsFile, the prefabs
// under PrefabDir, and the sprites. While developing, run with the
// engine's assets.dir naming the assets directory instead, so saved
// changes are seen.
func Files() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // "assets" is a valid path: cannot happen
	}
	return sub
}

// Prefabs returns an empty library that knows the components garden
// prefabs may name: Firefly and Flower. The garden loads its prefab files
// into one; tests check the files against one; its schema is
// assets/prefabs/prefabs.schema.json.
func Prefabs() *prefab.Library {
	return prefab.NewLibrary(prefab.Component(FireflyData), prefab.Component(FlowerData))
}
