package game

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
)

//go:generate go run ./internal/gensound -o assets/sounds
//go:generate go run ./internal/genart -o assets/sprites

//go:embed assets
var embedded embed.FS

// Files returns the game's files, the directory assets/ embedded: the
// prefabs and their schema (prefabs/), the rooms, Tiled maps (rooms/),
// the sound effects (sounds/, synthesized by internal/gensound), and the
// sprite sheet with its atlas file and Tiled tileset
// (sprites/room.png, room.yaml and room.tsx, written by
// internal/genart, partly from pictures ebitengine's module ships; see
// the README). They are all in that directory, so the engine's
// assets.dir can name it: the game then runs from it, and a room saved
// in Tiled is rebuilt while it runs.
func Files() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	return sub
}

// Where the data lives inside [Files].
const (
	PrefabDir = "prefabs"
	RoomDir   = "rooms"
	// SchemaFile is the JSON Schema the prefab files point their editor at.
	SchemaFile = PrefabDir + "/prefabs.schema.json"
)

// components are the components the game's prefab files, and its maps'
// object properties, may name: the engine's (engine.Components:
// position, colliders, movers, sprites, animations, shapes, texts...) and
// the game's Walker, Item and Door.
func components() []prefab.Registration {
	return append(engine.Components(),
		prefab.Component(Walker),
		prefab.Component(Item),
		prefab.Component(Door),
	)
}

// Prefabs returns an empty prefab library that knows every component the
// game's prefab files may name. Load files into it with
// [prefab.Library.LoadFS]; [LoadPrefabs] loads a directory of them.
func Prefabs() *prefab.Library { return prefab.NewLibrary(components()...) }

// LoadPrefabs returns the library of [Prefabs] with the prefab files of
// fsys (the directory [PrefabDir]) loaded.
func LoadPrefabs(fsys fs.FS) (*prefab.Library, error) {
	lib := Prefabs()
	if err := lib.LoadFS(fsys, PrefabDir); err != nil {
		return nil, fmt.Errorf("walk-room: prefabs: %w", err)
	}
	return lib, nil
}
