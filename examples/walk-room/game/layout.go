package game

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// Layout is a room: its Tiled map (assets/rooms/NAME.tmx), loaded and
// checked, and what the game reads of it. The map's tile layers are the
// floor and the walls (a tile whose properties say it collides makes a
// wall); its objects are the player's start, the furniture, the items
// and the doors, each spawning the prefab its class names; its own
// properties set the camera.
type Layout struct {
	// Name is the room's name: its file name without .tmx.
	Name string
	// Map is the room's map.
	Map *level.Map
	// Size is the room's width and height in world units, the map's; the
	// room spans (0, 0) to Size, and the camera never shows beyond it.
	Size geom.Vec2
	// Camera says how the camera follows the player: the map's properties
	// camera.deadzone.x, camera.deadzone.y and camera.smoothing.
	Camera CameraSettings
	// Start is where the player appears when the game starts in this
	// room: the map's player object. Arriving through a door puts it by
	// that door instead.
	Start geom.Vec2
	// Doors are the room's doors by name (their objects' names), and
	// where they lead.
	Doors map[string]Doorway

	file string
}

// CameraSettings say how a room's camera follows the player.
type CameraSettings struct {
	// DeadZone is half the size of the box around the camera's centre in
	// which the player moves without moving the camera.
	DeadZone geom.Vec2 `yaml:"deadzone"`
	// Smoothing is the half-life, in seconds, of the distance between the
	// camera and where it should be; 0 snaps.
	Smoothing float64 `yaml:"smoothing"`
}

// roomProperties are a room map's own properties.
type roomProperties struct {
	Camera CameraSettings `yaml:"camera"`
}

// ScatterProperty is the object property the game reads itself: an item
// object of a rectangle with scatter: N spawns N copies of its prefab at
// random points of the rectangle (from the game's seed, the same for
// every visit), clear of the room's solids.
const ScatterProperty = "scatter"

// ErrLayout is wrapped by the errors of rooms that load but make no
// sense together: no player, a door without a name, a door to a room or
// door that does not exist.
var ErrLayout = errors.New("walk-room: bad room")

// LoadLayouts loads every room map (*.tmx) in dir of l's files, in name
// order, with the prefabs of lib, and checks them against each other
// (every door leads to a room that has the door it names). It returns
// every problem, joined, each naming the file, line and column, the layer
// and the object.
func LoadLayouts(l *assets.Loader, dir string, lib *prefab.Library) (map[string]*Layout, error) {
	entries, err := fs.ReadDir(l.FS(), dir)
	if err != nil {
		return nil, fmt.Errorf("walk-room: rooms: %w", err)
	}
	rooms := make(map[string]*Layout)
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".tmx") {
			continue
		}
		m, err := level.Load(l, path.Join(dir, e.Name()), mapOptions(lib))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		lay, err := layoutOf(m)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rooms[lay.Name] = lay
	}
	if len(rooms) == 0 && len(errs) == 0 {
		return nil, fmt.Errorf("%w: no room maps in %s", ErrLayout, dir)
	}
	errs = append(errs, checkDoors(rooms)...)
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return rooms, nil
}

// mapOptions are what a room's map is loaded with.
func mapOptions(lib *prefab.Library) level.Options {
	return level.Options{Prefabs: lib, Components: components(), Properties: []string{ScatterProperty}}
}

// layoutOf reads what the game needs of a room's map: its camera, its
// player's start and its doors.
func layoutOf(m *level.Map) (*Layout, error) {
	lay := &Layout{
		Name: strings.TrimSuffix(path.Base(m.Path()), ".tmx"),
		Map:  m, Size: m.Size(), Doors: make(map[string]Doorway), file: m.Path(),
	}
	var props roomProperties
	errs := []error{m.Properties().Decode(&props)}
	lay.Camera = props.Camera
	players := 0
	scratch := world.New() // to read what a door's prefab says
	for _, o := range m.Objects() {
		p := o.Prefab()
		switch {
		case p == nil:
		case p.Is(PlayerPrefab):
			if players++; players > 1 {
				errs = append(errs, objectError(o, "a second player: a room has one player object, where the game starts"))
			}
			lay.Start = o.Position
		case hasComponent(p, Door):
			if o.Name == "" {
				errs = append(errs, objectError(o, "a door without a name: name it (the other room's doors arrive by name)"))
				continue
			}
			if _, dup := lay.Doors[o.Name]; dup {
				errs = append(errs, objectError(o, "a second door called %q", o.Name))
				continue
			}
			d := *Door.Require(scratch, p.Spawn(scratch, o))
			d.Name = o.Name
			lay.Doors[o.Name] = d
		}
		if n, ok := o.Properties.Lookup(ScatterProperty); ok {
			if c, err := n.Int(); err != nil || c < 1 || o.Kind != level.RectObject || o.Size.X <= 0 || o.Size.Y <= 0 {
				errs = append(errs, objectError(o, "scatter needs a whole number of at least 1, on a rectangle: the area its copies go in"))
			}
		}
	}
	if players == 0 {
		errs = append(errs, &level.LoadError{File: m.Path(), Line: 1, Err: fmt.Errorf("%w: no player: add an object of class %q where the game starts in this room", ErrLayout, PlayerPrefab)})
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return lay, nil
}

// hasComponent reports whether p's entities get c.
func hasComponent(p *prefab.Prefab, c world.ComponentType) bool {
	return slices.ContainsFunc(p.Components(), func(t world.ComponentType) bool { return t.ID() == c.ID() })
}

// objectError reports a problem of a map's object, where the map has it.
func objectError(o *level.Object, format string, args ...any) error {
	return &level.LoadError{File: o.File, Line: o.Line, Col: o.Col, Layer: o.Layer.Name, Object: o.String(),
		Err: fmt.Errorf("%w: %s", ErrLayout, fmt.Sprintf(format, args...))}
}

// checkDoors returns the problems of the rooms' doors: each must lead to
// a room that has the door it arrives by.
func checkDoors(rooms map[string]*Layout) []error {
	var errs []error
	for _, name := range roomNames(rooms) {
		r := rooms[name]
		for _, o := range r.Map.Objects() {
			d, ok := r.Doors[o.Name]
			if !ok || o.Prefab() == nil || !hasComponent(o.Prefab(), Door) {
				continue
			}
			to := rooms[d.To]
			if to == nil {
				errs = append(errs, objectError(o, "door %q leads to unknown room %q (Door.to; have %v)", d.Name, d.To, roomNames(rooms)))
				continue
			}
			if _, ok := to.Doors[d.Arrive]; !ok {
				errs = append(errs, objectError(o, "door %q leads to room %q, which has no door %q (Door.arrive)", d.Name, d.To, d.Arrive))
			}
		}
	}
	return errs
}
