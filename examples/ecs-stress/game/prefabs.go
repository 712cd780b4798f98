package game

import (
	"embed"
	"io/fs"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images"
	"golang.org/x/image/font/gofont/gomedium"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
)

// embedded holds the example's own files: the prefab files
// (prefabs/*.yaml), their schema and the monsters' atlas file.
//
//go:embed assets
var embedded embed.FS

// Files returns the example's files, rooted at the assets directory:
// "prefabs/bodies.yaml", "sprites/monsters.yaml", ... and, beside them,
// the picture the monsters are cut from, ebitengine's spritesheet.png
// (the RLTiles set, public domain; see the README), and the Go Medium
// font of the HUD.
func Files() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // "assets" is a valid path, embedded above
	}
	return assets.WithFiles(sub, map[string][]byte{
		"sprites/spritesheet.png": images.Spritesheet_png,
		HUDFont:                   gomedium.TTF,
	})
}

// Paths in [Files].
const (
	PrefabsDir  = "prefabs"
	SchemaPath  = "prefabs/prefabs.schema.json"
	FieldPrefab = "field" // the prefab holding the Field settings
	HUDFont     = "fonts/gomedium.ttf"
)

// Prefabs returns an empty library that knows the components the
// example's prefab files may name: the engine's (engine.Components:
// Position, Velocity, Sprite, ...) and the game's Radius, Body and Field.
// Load the files with LoadFS(Files(), PrefabsDir), or [LoadPrefabs].
func Prefabs() *prefab.Library {
	return prefab.NewLibrary(append(engine.Components(),
		prefab.Component(Radius),
		prefab.Component(Body),
		prefab.Component(Field),
	)...)
}

// LoadPrefabs returns [Prefabs] with the prefab files of fsys loaded.
func LoadPrefabs(fsys fs.FS) (*prefab.Library, error) {
	lib := Prefabs()
	if err := lib.LoadFS(fsys, PrefabsDir); err != nil {
		return nil, err
	}
	return lib, nil
}
