package game

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// DefaultSaveFile returns where the save slot is when [Options.SaveFile]
// is empty: walk-room/slot.yaml in the user's configuration directory
// (os.UserConfigDir), or in the working directory when there is none.
func DefaultSaveFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = "."
	}
	return filepath.Join(dir, "tessera", "walk-room", "slot.yaml")
}

// slotState is what the save slot holds beside the room's world: the
// game's state that outlives rooms, and the room's own.
type slotState struct {
	Room     string          `yaml:"room"`
	Items    int             `yaml:"items"`
	Taken    map[string]bool `yaml:"taken"`
	Entered  int             `yaml:"entered"`
	Paused   int             `yaml:"paused"`
	LastDoor string          `yaml:"lastDoor"`
	Player   world.Entity    `yaml:"player"`
	Camera   world.Entity    `yaml:"camera"`
	HUD      world.Entity    `yaml:"hud"`
	Shown    int             `yaml:"shown"`
}

// codec returns the save codec of the game's rooms: every component a
// room's world holds, the library's prefabs and the variants the rooms'
// maps make for their objects.
func (g *Game) codec() (*save.Codec, error) {
	var rooms []*level.Map // in any order: each room is its own file
	for _, r := range g.data.Rooms {
		rooms = append(rooms, r.Map)
	}
	view := g.opts.View
	return save.New(g.data.Library,
		save.Prefabs(level.Variants(rooms...)),
		save.Component(geom.Position), save.Component(geom.Velocity),
		save.Component(systems.Collider), save.Component(systems.Mover),
		save.Component(drawable.Sprite), save.Component(drawable.Animation),
		save.Component(drawable.Shape), save.Component(drawable.Text),
		save.Component[struct{}](drawable.Screen),
		// The camera's screen size is the game's view, set again on load.
		save.Custom(drawable.Camera, func(c *camera.Camera) camera.Camera { return *c }, func(c *camera.Camera, s camera.Camera) error {
			s.SetScreen(view.X, view.Y)
			*c = s
			return nil
		}),
		save.Component(Walker), save.Component(Item), save.Component(Door))
}

// SaveFile returns the file of the game's save slot.
func (g *Game) SaveFile() string {
	if g.opts.SaveFile != "" {
		return g.opts.SaveFile
	}
	return DefaultSaveFile()
}

// Save writes the room playing and the game's state to the save slot
// ([Game.SaveFile]), replacing what it held; a crash mid-write leaves the
// old save whole. It reads the world only, so a system may call it.
func (g *Game) Save() error {
	r := g.room
	if r == nil || r.layout == nil {
		return errors.New("walk-room: no room to save")
	}
	codec, err := g.codec()
	if err != nil {
		return err
	}
	st := slotState{Room: r.layout.Name, Items: g.items, Taken: g.taken, Entered: g.entered, Paused: g.paused,
		LastDoor: g.lastDoor, Player: r.player, Camera: r.camera, HUD: r.hud.count, Shown: r.hud.shown}
	return codec.WriteFile(r.World(), g.SaveFile(), save.SaveOptions{Format: save.Compact, Game: st})
}

// HasSave reports whether the save slot holds a save.
func (g *Game) HasSave() bool {
	_, err := os.Stat(g.SaveFile())
	return err == nil
}

// resume is a save read from the slot, waiting for its room to be
// entered.
type resume struct {
	save  *save.Prepared
	state slotState
}

// Continue reads the save slot and returns the room it continues in, to
// enter in place of the scene playing: the room is built from its map as
// any room is, then the saved world replaces its world, and the game takes
// the saved state. A save that does not load is an error naming its
// problems, with their lines, and changes nothing.
func (g *Game) Continue(ctx context.Context) (*Room, error) {
	codec, err := g.codec()
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(g.SaveFile())
	if err != nil {
		return nil, err
	}
	p, err := codec.Prepare(ctx, data, save.LoadOptions{Name: g.SaveFile()})
	if err != nil {
		return nil, err
	}
	var st slotState
	if err := p.Info().Game(&st); err != nil {
		return nil, err
	}
	if g.data.Rooms[st.Room] == nil {
		return nil, fmt.Errorf("walk-room: %s: no room %q", g.SaveFile(), st.Room)
	}
	r := g.newRoom(st.Room, "")
	r.resume = &resume{save: p, state: st}
	return r, nil
}

// resumeSave puts the room's save in place once the room is built.
func (r *Room) resumeSave() error {
	res, g := r.resume, r.game
	r.resume = nil
	if _, err := res.save.Commit(r.World()); err != nil {
		return err
	}
	st := res.state
	g.items, g.entered, g.paused, g.lastDoor = st.Items, st.Entered, st.Paused, st.LastDoor
	g.taken = st.Taken
	if g.taken == nil {
		g.taken = make(map[string]bool)
	}
	r.player, r.camera, r.hud.count, r.hud.shown = st.Player, st.Camera, st.HUD, st.Shown
	if !r.World().IsAlive(r.player) || !r.World().Has(r.player, Walker) {
		return fmt.Errorf("walk-room: %s: the saved player %v is not in the saved room", g.SaveFile(), r.player)
	}
	return nil
}

// saveOnPress is the fixed system that notes a press of the save
// action; the frame system saveNoted saves then, once the frame's steps
// and the engine's part of them (the cameras' moves) are done, so that
// the slot holds the state at a step's end, whence a continued game
// steps on exactly as this one does.
func (r *Room) saveOnPress(ctx *world.Context) error {
	if engine.InputOf(ctx).JustPressed(SaveAction) {
		r.saveAsked = true
	}
	return nil
}

// saveNoted is the frame system that saves the game when a step asked.
func (r *Room) saveNoted(*world.Context) error {
	if !r.saveAsked {
		return nil
	}
	r.saveAsked = false
	return r.game.Save()
}
