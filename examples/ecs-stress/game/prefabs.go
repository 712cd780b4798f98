package game

import (
	"embed"
	"io/fs"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
)

//go:generate go run ./internal/genbody -o assets/body.png

// Assets holds the example's files: the body sprite (body.png), the prefab
// files (prefabs/*.yaml) and their schema (prefabs/prefabs.schema.json).
//
//go:embed assets
var embedded embed.FS

// Assets returns the example's embedded files, rooted at the assets
// directory: "body.png", "prefabs/bodies.yaml", ...
func Assets() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // "assets" is a valid path, embedded above
	}
	return sub
}

// Paths of the embedded files, in [Assets].
const (
	SpritePath  = "body.png"
	PrefabsDir  = "prefabs"
	SchemaPath  = "prefabs/prefabs.schema.json"
	FieldPrefab = "field" // the prefab holding the Field settings
)

// Look is the spawn argument of a body: the sprite region the windowed
// build registered for body.png, and the image's side in pixels, from
// which the sprite's scale follows the body's Radius.
type Look struct {
	Region drawable.Region
	Side   float64
}

// Prefabs returns an empty library that knows the components the
// example's prefab files may name (Position, Velocity, Radius, Tint,
// Body, Field, Hidden) and attaches the body's sprite factory to the
// "body" prefab, as the game builds it at start-up; load the files with
// LoadFS(Assets(), PrefabsDir). The sprite is set in code because its
// region is handed out by the renderer at run time.
func Prefabs() *prefab.Library {
	lib := prefab.NewLibrary(
		prefab.Component(geom.Position),
		prefab.Component(geom.Velocity),
		prefab.Component(Radius),
		prefab.Component(Tint),
		prefab.Component(Body),
		prefab.Component(Field),
		prefab.Component(drawable.Hidden),
	)
	if err := lib.Attach("body", prefab.Factory(drawable.Sprite, bodySprite)); err != nil {
		panic(err) // cannot fail: an empty library, one part
	}
	return lib
}

// LoadPrefabs returns [Prefabs] with the embedded prefab files loaded.
func LoadPrefabs() (*prefab.Library, error) {
	lib := Prefabs()
	if err := lib.LoadFS(Assets(), PrefabsDir); err != nil {
		return nil, err
	}
	return lib, nil
}

// bodySprite makes a body's sprite from its spawn argument (a *Look), its
// Radius and its Tint: the region centred on the position, scaled to the
// radius. With no Look it is the zero Picture, which draws nothing.
func bodySprite(s prefab.Spawn) drawable.Picture {
	look, ok := s.Args.(*Look)
	if !ok || look == nil || look.Side <= 0 {
		return drawable.Picture{}
	}
	pic := drawable.Picture{Region: look.Region, Origin: geom.Vec2{X: 0.5, Y: 0.5}}
	if r, ok := Radius.Get(s.World, s.Entity); ok && r.R > 0 {
		k := 2 * r.R / look.Side
		pic.Scale = geom.Vec2{X: k, Y: k}
	}
	if t, ok := Tint.Get(s.World, s.Entity); ok {
		pic.Tint = *t
	}
	return pic
}
