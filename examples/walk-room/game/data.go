package game

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
)

//go:embed assets
var embedded embed.FS

// Files returns the game's data: prefabs/ (prefab YAML and its schema),
// rooms/ (room layouts) and sounds/ (the sound effects' WAV files).
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

// Prefabs returns an empty prefab library that knows every component the
// game's prefab files may name: the engine's position, collider, mover and
// shape, and the game's Walker, Item and Door. Load files into it with
// [prefab.Library.LoadFS]; [LoadPrefabs] loads the embedded ones.
func Prefabs() *prefab.Library {
	return prefab.NewLibrary(
		prefab.Component(geom.Position),
		prefab.Component(systems.Collider),
		prefab.Component(systems.Mover),
		prefab.Component(drawable.Shape),
		prefab.Component(drawable.Hidden),
		prefab.Component(Walker),
		prefab.Component(Item),
		prefab.Component(Door),
	)
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
