package game

import (
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// Layout is a room file (assets/rooms/NAME.yaml): the room's size and
// floor, how its camera follows the player, and which prefab goes where.
// It is the room's whole layout, so that it can move to a map editor's
// file without the game changing.
type Layout struct {
	// Name is the room's name: its file name without .yaml. Set by the
	// loader.
	Name string `yaml:"-"`
	// Size is the room's width and height in world units; the room spans
	// (0, 0) to Size, and the camera never shows beyond it.
	Size geom.Vec2 `yaml:"size"`
	// Floor is what the floor is made of.
	Floor Floor `yaml:"floor"`
	// Camera says how the camera follows the player.
	Camera CameraSettings `yaml:"camera"`
	// Start is where the player appears when the game starts in this
	// room; arriving through a door puts it by that door instead.
	Start geom.Vec2 `yaml:"start"`
	// Things are the room's walls, furniture, items and doors.
	Things []Thing `yaml:"things"`
}

// Floor is a room's floor: a prefab (usually a tiled sprite) stretched
// over the whole room, tinted.
type Floor struct {
	// Prefab is the floor's prefab; "" means [FloorPrefab].
	Prefab string `yaml:"prefab"`
	// Tint multiplies the floor sprite's colours; the zero value leaves
	// them as they are.
	Tint color.NRGBA `yaml:"tint"`
}

// prefab returns the floor's prefab name.
func (f Floor) prefab() string {
	if f.Prefab == "" {
		return FloorPrefab
	}
	return f.Prefab
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

// Thing is one entry of a room's layout: a prefab placed in the room.
type Thing struct {
	// Prefab is the name of the prefab to spawn.
	Prefab string `yaml:"prefab"`
	// At is where the thing's centre goes.
	At geom.Vec2 `yaml:"at"`
	// Size, if set, stretches the thing's Collider box and its Sprite (or,
	// with a Tile, repeats the sprite) to this width and height: one wall
	// prefab makes every wall.
	Size geom.Vec2 `yaml:"size"`
	// Door, for a door, is its name in this room; To the room it leads to
	// and Arrive the name of the door there where the player appears.
	Door   string `yaml:"door"`
	To     string `yaml:"to"`
	Arrive string `yaml:"arrive"`
	// Scatter, for an item, spawns Count copies at random points of Area
	// instead of one at At, clear of the room's solids. The points come
	// from the game's seed, the same for every visit.
	Scatter *Scatter `yaml:"scatter"`
}

// Scatter spreads copies of an item over part of a room.
type Scatter struct {
	Count int            `yaml:"count"`
	Area  geom.Rectangle `yaml:"area"`
}

// ErrLayout is wrapped by the errors of room layouts that load but make no
// sense: an unknown prefab, a door to a room or door that does not exist.
var ErrLayout = errors.New("walk-room: bad room layout")

// LoadLayouts reads every room file in dir of l's files, in name order,
// and checks them against lib and against each other (every door leads to
// a room that has the door it names). It returns every problem, joined,
// each naming the file and the thing.
func LoadLayouts(loader *assets.Loader, dir string, lib *prefab.Library) (map[string]*Layout, error) {
	entries, err := fs.ReadDir(loader.FS(), dir)
	if err != nil {
		return nil, fmt.Errorf("walk-room: rooms: %w", err)
	}
	rooms := make(map[string]*Layout)
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		file := path.Join(dir, e.Name())
		l := &Layout{Name: strings.TrimSuffix(e.Name(), ".yaml")}
		if err := loader.Decode(file, l); err != nil {
			errs = append(errs, err)
			continue
		}
		rooms[l.Name] = l
	}
	if len(rooms) == 0 && len(errs) == 0 {
		return nil, fmt.Errorf("%w: no room files in %s", ErrLayout, dir)
	}
	names := make([]string, 0, len(rooms))
	for name := range rooms {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		errs = append(errs, checkLayout(dir, rooms[name], rooms, lib)...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return rooms, nil
}

// checkLayout returns the problems of one room's layout.
func checkLayout(dir string, l *Layout, rooms map[string]*Layout, lib *prefab.Library) []error {
	file := path.Join(dir, l.Name+".yaml")
	var errs []error
	bad := func(i int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %s: things[%d]: %s", ErrLayout, file, i, fmt.Sprintf(format, args...)))
	}
	if l.Size.X <= 0 || l.Size.Y <= 0 {
		errs = append(errs, fmt.Errorf("%w: %s: size %v is not positive", ErrLayout, file, l.Size))
	}
	if _, ok := lib.Lookup(l.Floor.prefab()); !ok {
		errs = append(errs, fmt.Errorf("%w: %s: floor: unknown prefab %q", ErrLayout, file, l.Floor.prefab()))
	}
	for i, t := range l.Things {
		p, ok := lib.Lookup(t.Prefab)
		if !ok {
			bad(i, "unknown prefab %q", t.Prefab)
			continue
		}
		isDoor := slices.ContainsFunc(p.Components(), func(c world.ComponentType) bool { return c.ID() == Door.ID() })
		switch {
		case isDoor && t.Door == "":
			bad(i, "door %q has no door name", t.Prefab)
		case isDoor && rooms[t.To] == nil:
			bad(i, "door %q leads to unknown room %q", t.Door, t.To)
		case isDoor && !rooms[t.To].hasDoor(t.Arrive):
			bad(i, "door %q leads to room %q, which has no door %q", t.Door, t.To, t.Arrive)
		case !isDoor && (t.Door != "" || t.To != "" || t.Arrive != ""):
			bad(i, "prefab %q is not a door but has door, to or arrive", t.Prefab)
		}
		if t.Scatter != nil && (t.Scatter.Count < 1 || t.Scatter.Area.Empty()) {
			bad(i, "scatter needs a count of at least 1 and a non-empty area")
		}
		if t.Size.X < 0 || t.Size.Y < 0 {
			bad(i, "size %v is negative", t.Size)
		}
	}
	return errs
}

// hasDoor reports whether the room has a door called name.
func (l *Layout) hasDoor(name string) bool {
	return slices.ContainsFunc(l.Things, func(t Thing) bool { return t.Door == name })
}
