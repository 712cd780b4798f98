package game

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/scene"
)

// Options configure a [Game]. The zero value plays the embedded data from
// the room "hall" with seed 0, for a 640×360 view, drawing nothing.
type Options struct {
	// Files holds the prefabs and rooms ([PrefabDir], [RoomDir]); nil
	// means the embedded [Files].
	Files fs.FS
	// Room is the room the game starts in; "" means "hall".
	Room string
	// Seed seeds where scattered items go.
	Seed uint64
	// View is the size of the screen, in world units, that the camera
	// shows; the zero value means 640×360.
	View geom.Vec2
	// Wrap, if not nil, is given every scene the game makes before the
	// engine sees it, and returns the scene to run in its place: the
	// window build wraps rooms and the pause scene in types that draw
	// them. A wrapper must embed the scene it is given (so it runs the
	// same systems) and call its OnEnter from its own.
	Wrap func(scene.Scene) scene.Scene
	// Sound, if not nil, is called when something happens that makes a
	// sound: an item picked up, a door gone through. It runs inside a
	// fixed step and must not change the game's world; the window build
	// plays the sound's file ([Sound.File]) there.
	Sound func(Sound)
}

// DefaultRoom is the room a game starts in when [Options.Room] is empty.
const DefaultRoom = "hall"

// Game is the walk-room game: its data, and the state that outlives a room
// (the items picked up). It makes the scenes; the engine runs them.
type Game struct {
	opts  Options
	lib   *prefab.Library
	rooms map[string]*Layout
	first scene.Scene
	pause scene.Scene

	room     *Room           // the room entered last
	items    int             // items picked up so far
	taken    map[string]bool // ids of the items picked up, by room
	entered  int             // rooms entered so far, counting re-entries
	paused   int             // steps run by the pause scene
	lastDoor string          // the door the player last went through
}

// New loads the game's prefabs and rooms and returns the game, ready to
// run from [Game.First]. The errors name every file and line at fault.
func New(opts Options) (*Game, error) {
	if opts.Files == nil {
		opts.Files = Files()
	}
	if opts.Room == "" {
		opts.Room = DefaultRoom
	}
	if opts.View == (geom.Vec2{}) {
		opts.View = geom.Vec2{X: 640, Y: 360}
	}
	lib, err := LoadPrefabs(opts.Files)
	if err != nil {
		return nil, err
	}
	for _, name := range []string{PlayerPrefab, FloorPrefab} {
		if _, ok := lib.Lookup(name); !ok {
			err = errors.Join(err, fmt.Errorf("%w: no prefab %q", ErrLayout, name))
		}
	}
	rooms, lerr := LoadLayouts(opts.Files, RoomDir, lib)
	if err = errors.Join(err, lerr); err != nil {
		return nil, err
	}
	if rooms[opts.Room] == nil {
		return nil, fmt.Errorf("walk-room: no room %q (have %v)", opts.Room, roomNames(rooms))
	}
	g := &Game{opts: opts, lib: lib, rooms: rooms, taken: make(map[string]bool)}
	g.first = g.wrap(g.newRoom(opts.Room, ""))
	g.pause = g.wrap(&Pause{game: g})
	return g, nil
}

// The prefabs every game needs.
const (
	PlayerPrefab = "player"
	FloorPrefab  = "floor"
)

// roomNames returns the names of rooms, sorted.
func roomNames(rooms map[string]*Layout) []string {
	names := make([]string, 0, len(rooms))
	for n := range rooms {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// wrap passes s through [Options.Wrap].
func (g *Game) wrap(s scene.Scene) scene.Scene {
	if g.opts.Wrap == nil {
		return s
	}
	return g.opts.Wrap(s)
}

// First returns the scene the game starts with: the start room.
func (g *Game) First() scene.Scene { return g.first }

// Rooms returns the names of the game's rooms, sorted.
func (g *Game) Rooms() []string { return roomNames(g.rooms) }

// Layout returns the layout of the room called name, or nil.
func (g *Game) Layout(name string) *Layout { return g.rooms[name] }

// Library returns the game's prefab library.
func (g *Game) Library() *prefab.Library { return g.lib }

// Room returns the room entered last: the one playing, or the one under
// the pause scene. It is nil before the first room is entered.
func (g *Game) Room() *Room { return g.room }

// Items returns how many items the player has picked up.
func (g *Game) Items() int { return g.items }

// Options returns the game's options, defaults filled in.
func (g *Game) Options() Options { return g.opts }

// State is a snapshot of the game, for the headless summary and for tests
// that compare two runs.
type State struct {
	Room     string    // the room entered last
	Player   geom.Vec2 // the player's position in it
	Camera   geom.Vec2 // the centre of the room's camera
	Items    int       // items picked up
	Entered  int       // rooms entered, the first included
	Paused   int       // fixed steps run while paused
	LastDoor string    // the door the player went through last, "room/door"
}

// Snapshot returns the game's state now.
func (g *Game) Snapshot() State {
	s := State{Items: g.items, Entered: g.entered, Paused: g.paused, LastDoor: g.lastDoor}
	if r := g.room; r != nil {
		s.Room = r.layout.Name
		s.Player = r.PlayerPosition()
		s.Camera = r.Camera.Position
	}
	return s
}

// String formats a state on one line.
func (s State) String() string {
	return fmt.Sprintf("room %s, player at (%.1f, %.1f), camera at (%.1f, %.1f), %d items, %d rooms entered, %d steps paused, last door %q",
		s.Room, s.Player.X, s.Player.Y, s.Camera.X, s.Camera.Y, s.Items, s.Entered, s.Paused, s.LastDoor)
}
