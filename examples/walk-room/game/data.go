package game

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images"
	"golang.org/x/image/font/gofont/gomedium"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
)

//go:generate go run ./internal/gensound -o assets/sounds
//go:generate go run ./internal/genart -o assets/sprites

//go:embed assets
var embedded embed.FS

// Files returns the game's files: under assets/, the prefabs and their
// schema (prefabs/), the room layouts (rooms/), the sound effects
// (sounds/, synthesized by internal/gensound) and the furniture's sprite
// sheet and atlas (sprites/room.png and room.yaml, drawn by
// internal/genart); beside them, the pictures ebitengine's module ships
// (sprites/spritesheet.png, the RLTiles set, public domain;
// sprites/tiles.png, orthographic outdoor tiles, CC0; sprites/cobbles.png,
// ebitengine's tile.png, CC0; see the README) and the Go Medium font.
func Files() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	return assets.WithFiles(sub, map[string][]byte{
		"sprites/spritesheet.png": images.Spritesheet_png,
		"sprites/tiles.png":       images.Tiles_png,
		"sprites/cobbles.png":     images.Tile_png,
		HUDFont:                   gomedium.TTF,
	})
}

// Where the data lives inside [Files].
const (
	PrefabDir = "prefabs"
	RoomDir   = "rooms"
	// SchemaFile is the JSON Schema the prefab files point their editor at.
	SchemaFile = PrefabDir + "/prefabs.schema.json"
	// HUDFont is the font of the HUD and the pause screen.
	HUDFont = "fonts/gomedium.ttf"
)

// Prefabs returns an empty prefab library that knows every component the
// game's prefab files may name: the engine's (engine.Components: position,
// colliders, movers, sprites, animations, shapes, texts...) and the game's
// Walker, Item, Door and Tile. Load files into it with
// [prefab.Library.LoadFS]; [LoadPrefabs] loads a directory of them.
func Prefabs() *prefab.Library {
	return prefab.NewLibrary(append(engine.Components(),
		prefab.Component(Walker),
		prefab.Component(Item),
		prefab.Component(Door),
		prefab.Component(Tile),
	)...)
}

// LoadPrefabs returns the library of [Prefabs] with the prefab files of
// fsys (the directory [PrefabDir]) loaded.
func LoadPrefabs(fsys fs.FS) (*prefab.Library, error) {
	lib := Prefabs()
	if err := lib.LoadFS(fsys, PrefabDir); err != nil {
		return nil, fmt.Errorf("walk-room: prefabs: %w", err)
	}
	return lib, nil
}
