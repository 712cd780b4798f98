package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Options configure a [Game]; [OptionsOf] reads them from the game's
// configuration keys ([Keys]). The zero value starts in the room "hall"
// with seed 0, no demo, for a 640×360 screen.
type Options struct {
	// Room is the room the game starts in; "" means [DefaultRoom].
	Room string
	// Seed seeds where scattered items go.
	Seed uint64
	// Demo makes the game play its demo walk (see [DemoWalk]) on top of
	// the player's input.
	Demo bool
	// View is the size of the logical screen, in world units, that the
	// camera shows; the zero value means 640×360.
	View geom.Vec2
	// Title starts the game on its title scene when the save slot holds a
	// save: a new game, or continue the save. A demo skips it.
	Title bool
	// SaveFile is the save slot's file; "" means [DefaultSaveFile].
	SaveFile string
}

// DefaultRoom is the room a game starts in when [Options.Room] is empty.
const DefaultRoom = "hall"

// The game's configuration keys: flags (-room study), variables
// (TESSERA_ROOM=study) or keys of a config file (room: study).
const (
	KeyRoom  = "room"
	KeySeed  = "seed"
	KeyDemo  = "demo"
	KeyTitle = "title"
	KeySave  = "save"
)

// Keys returns the game's configuration keys, for engine.Game.Keys.
func Keys() []engine.Key {
	return []engine.Key{
		{Name: KeyRoom, Default: DefaultRoom, Usage: "room the game starts in (hall, study)"},
		{Name: KeySeed, Default: 1, Min: 0, Max: 1 << 31, Usage: "seed of where the study's gems are scattered"},
		{Name: KeyDemo, Default: false, Usage: "play the demo walk: through the hall, a pause, the door, the study"},
		{Name: KeyTitle, Default: true, Usage: "with a saved game, start on the title scene: a new game, or continue it"},
		{Name: KeySave, Default: "", Usage: "the save slot's file (F5 saves); empty: walk-room/slot.yaml in the user's config directory"},
	}
}

// Config returns the engine configuration the game runs with by default:
// a 640×360 logical screen at zoom 1.5, and the input of [Actions].
func Config() engine.Config {
	return engine.Config{
		Window: engine.WindowConfig{Title: "Tessera: walk-room", Width: 640, Height: 360, Zoom: 1.5},
		Input:  Actions(),
	}
}

// OptionsOf returns the options that cfg's game keys ([Keys]) and
// window size say; a key cfg lacks takes its default.
func OptionsOf(cfg engine.Config) Options {
	o := Options{Room: DefaultRoom, Seed: 1}
	if v, ok := cfg.Game[KeyRoom].(string); ok {
		o.Room = v
	}
	if v, ok := cfg.Game[KeySeed].(int); ok && v >= 0 {
		o.Seed = uint64(v)
	}
	if v, ok := cfg.Game[KeyDemo].(bool); ok {
		o.Demo = v
	}
	if v, ok := cfg.Game[KeyTitle].(bool); ok {
		o.Title = v
	}
	if v, ok := cfg.Game[KeySave].(string); ok {
		o.SaveFile = v
	}
	if cfg.Window.Width > 0 && cfg.Window.Height > 0 {
		o.View = geom.Vec2{X: float64(cfg.Window.Width), Y: float64(cfg.Window.Height)}
	}
	return o
}

// Game is the walk-room game: its data, loaded through the engine's files
// when the first room is entered, and the state that outlives a room (the
// items picked up). It makes the scenes; the engine runs and draws them.
type Game struct {
	opts       Options
	configured bool // the first room takes the options of the configuration ([FromConfig])
	data       *Data
	first      *Room
	title      *Title
	pause      *Pause
	// watch has a watcher of each room's map, by name, with the
	// engine's assets.dir: a room saved in Tiled is rebuilt.
	watch map[string]*level.Watcher

	room     *Room           // the room entered last
	items    int             // items picked up so far
	taken    map[string]bool // ids of the items picked up, by room
	entered  int             // rooms entered so far, counting re-entries
	paused   int             // steps run by the pause scene
	lastDoor string          // the door the player last went through
}

// New returns a game ready to run from [Game.First]. It loads nothing:
// the first room loads the prefabs and rooms through the engine's files
// (engine.AssetsOf), and an error there is its OnEnter's.
func New(opts Options) *Game {
	g := &Game{opts: withDefaults(opts), taken: make(map[string]bool)}
	g.first = g.newRoom("", "") // the start room, once the options are known
	g.title = &Title{game: g}
	g.pause = &Pause{game: g}
	return g
}

// FromConfig returns a game whose options are those the configuration of
// the engine running it gives ([OptionsOf]: the game's [Keys] and the
// window's size), read when the first room is entered: what main hands
// engine.Main, so that the keys come from flags, variables, tessera.yaml
// or a web page's query string alike.
func FromConfig() *Game {
	g := New(Options{})
	g.configured = true
	return g
}

// withDefaults fills in the zero fields of opts that have defaults.
func withDefaults(opts Options) Options {
	if opts.Room == "" {
		opts.Room = DefaultRoom
	}
	if opts.View == (geom.Vec2{}) {
		opts.View = geom.Vec2{X: 640, Y: 360}
	}
	return opts
}

// Data is what the game loads from its files: the prefab library and the
// rooms, by name.
type Data struct {
	Library *prefab.Library
	Rooms   map[string]*Layout
}

// PlayerPrefab is the prefab of the player: a room's map places it with
// an object of this class.
const PlayerPrefab = "player"

// Load loads the prefabs and the rooms of l's files and checks them
// against each other. The errors name every file and line at fault.
func Load(l *assets.Loader) (*Data, error) {
	lib, err := LoadPrefabs(l.FS())
	if err != nil {
		return nil, err
	}
	if _, ok := lib.Lookup(PlayerPrefab); !ok {
		return nil, fmt.Errorf("%w: no prefab %q", ErrLayout, PlayerPrefab)
	}
	rooms, err := LoadLayouts(l, RoomDir, lib)
	if err != nil {
		return nil, err
	}
	return &Data{Library: lib, Rooms: rooms}, nil
}

// load loads the game's data through w's engine the first time a room
// needs it, with the options of the engine's configuration for a game of
// [FromConfig]; with the engine's assets.dir set, it watches the rooms'
// maps.
func (g *Game) load(w *world.World) error {
	if g.data != nil {
		return nil
	}
	cfg, configured := engine.ConfigOf(w)
	if configured && g.configured {
		g.opts = withDefaults(OptionsOf(cfg))
	}
	l := engine.AssetsOf(w)
	if l == nil {
		return errors.New("walk-room: no engine runs this room, so it has no files")
	}
	d, err := Load(l)
	if err != nil {
		return err
	}
	if d.Rooms[g.opts.Room] == nil {
		return fmt.Errorf("walk-room: no room %q (have %v)", g.opts.Room, roomNames(d.Rooms))
	}
	g.data = d
	if configured && cfg.Assets.Dir != "" {
		g.watch = make(map[string]*level.Watcher, len(d.Rooms))
		for name, r := range d.Rooms {
			g.watch[name] = r.Map.Watch(engine.WatchInterval)
		}
	}
	return nil
}

// roomNames returns the names of rooms, sorted.
func roomNames(rooms map[string]*Layout) []string {
	names := make([]string, 0, len(rooms))
	for n := range rooms {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// First returns the scene the game starts with: the title scene when
// [Options.Title] says so (or, for a game of [FromConfig], the title
// scene, which goes on to the start room at once when the configuration
// says no title), else the start room.
func (g *Game) First() scene.Scene {
	if g.opts.Title || g.configured {
		return g.title
	}
	return g.first
}

// Rooms returns the names of the game's rooms, sorted; none before the
// first room is entered.
func (g *Game) Rooms() []string {
	if g.data == nil {
		return nil
	}
	return roomNames(g.data.Rooms)
}

// Layout returns the layout of the room called name, or nil.
func (g *Game) Layout(name string) *Layout {
	if g.data == nil {
		return nil
	}
	return g.data.Rooms[name]
}

// Room returns the room entered last: the one playing, or the one under
// the pause scene. It is nil before the first room is entered.
func (g *Game) Room() *Room { return g.room }

// Items returns how many items the player has picked up.
func (g *Game) Items() int { return g.items }

// Options returns the game's options, defaults filled in.
func (g *Game) Options() Options { return g.opts }

// State is a snapshot of the game, for tests that compare two runs.
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
		if c := r.Camera(); c != nil {
			s.Camera = c.Position
		}
	}
	return s
}

// String formats a state on one line.
func (s State) String() string {
	return fmt.Sprintf("room %s, player at (%.1f, %.1f), camera at (%.1f, %.1f), %d items, %d rooms entered, %d steps paused, last door %q",
		s.Room, s.Player.X, s.Player.Y, s.Camera.X, s.Camera.Y, s.Items, s.Entered, s.Paused, s.LastDoor)
}
