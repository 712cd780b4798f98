package game

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

//go:generate go run ./internal/gensound -o assets/sounds
//go:generate go run ./internal/genart -o assets/sprites

//go:embed assets
var embedded embed.FS

// Files returns the game's files, the directory assets/ embedded: the
// prefabs (prefabs/), the levels, Tiled maps (levels/), the sprites
// (sprites/: the arena's tileset and the actors' atlas, drawn by
// internal/genart partly from pictures ebitengine's module ships) and the
// sound effects (sounds/, synthesized by internal/gensound). The engine's
// assets.dir may name that directory: the game then runs from it.
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
	LevelDir  = "levels"
)

// The prefabs the game spawns by name; the rest are spawned by the
// levels' objects or the nests.
const (
	TankPrefab      = "tank"
	ShellPrefab     = "shell"
	ExplosionPrefab = "explosion"
	PuffPrefab      = "puff"
)

// components are the components the game's prefab files and its maps'
// object properties may name: the engine's (systems.LocalTransform among
// them, which places prefab children given "at") and the game's own.
func components() []prefab.Registration {
	return append(engine.Components(),
		prefab.Component(Tank), prefab.Component(Turret), prefab.Component(Monster),
		prefab.Component(Nest), prefab.Component(Repair), prefab.Component(Bar),
		prefab.Component(Shell),
	)
}

// Prefabs returns an empty prefab library that knows every component
// the game's prefab files may name.
func Prefabs() *prefab.Library { return prefab.NewLibrary(components()...) }

// ErrData is wrapped by the errors of data that loads but does not make
// a game: a level without a tank, a nest that spawns what is no monster.
var ErrData = errors.New("tanks: bad data")

// Data is what the game loads from its files: the prefab library and the
// levels, by name (a map's file name without .tmx).
type Data struct {
	Library *prefab.Library
	Levels  map[string]*level.Map
}

// Load loads the prefabs and every level of l's files and checks them
// against each other. The errors name every file and line at fault.
func Load(l *assets.Loader) (*Data, error) {
	lib := Prefabs()
	if err := lib.LoadFS(l.FS(), PrefabDir); err != nil {
		return nil, fmt.Errorf("tanks: prefabs: %w", err)
	}
	for _, name := range []string{TankPrefab, ShellPrefab, ExplosionPrefab, PuffPrefab} {
		if _, ok := lib.Lookup(name); !ok {
			return nil, fmt.Errorf("%w: no prefab %q", ErrData, name)
		}
	}
	entries, err := fs.ReadDir(l.FS(), LevelDir)
	if err != nil {
		return nil, fmt.Errorf("tanks: levels: %w", err)
	}
	d := &Data{Library: lib, Levels: map[string]*level.Map{}}
	var errs []error
	opts := level.Options{Prefabs: lib, Components: components()}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".tmx") {
			continue
		}
		m, err := level.Load(l, path.Join(LevelDir, e.Name()), opts)
		if err == nil {
			err = check(m, lib)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		d.Levels[strings.TrimSuffix(e.Name(), ".tmx")] = m
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if len(d.Levels) == 0 {
		return nil, fmt.Errorf("%w: no levels (*.tmx) in %s", ErrData, LevelDir)
	}
	return d, nil
}

// check reports what makes no game in a level: not one tank, or a nest
// that spawns a prefab that is no monster.
func check(m *level.Map, lib *prefab.Library) error {
	tanks := 0
	var errs []error
	scratch := world.New() // to read what a nest's prefab and properties say
	for _, o := range m.Objects() {
		p := o.Prefab()
		if p == nil {
			continue
		}
		if p.Is(TankPrefab) {
			tanks++
		}
		if !hasComponent(p, Nest) {
			continue
		}
		for _, kind := range Nest.Require(scratch, o.Spawn(scratch)).Kinds {
			k, ok := lib.Lookup(kind)
			if !ok || !hasComponent(k, Monster) {
				errs = append(errs, &level.LoadError{File: o.File, Line: o.Line, Col: o.Col, Layer: o.Layer.Name, Object: o.String(),
					Err: fmt.Errorf("%w: the nest spawns %q, which is no prefab with a Monster", ErrData, kind)})
			}
		}
	}
	if tanks != 1 {
		errs = append(errs, &level.LoadError{File: m.Path(), Line: 1, Err: fmt.Errorf("%w: %d tanks: a level has one object of class %q, where the player starts", ErrData, tanks, TankPrefab)})
	}
	return errors.Join(errs...)
}

// hasComponent reports whether p's entities get c.
func hasComponent(p *prefab.Prefab, c world.ComponentType) bool {
	return slices.ContainsFunc(p.Components(), func(t world.ComponentType) bool { return t.ID() == c.ID() })
}
