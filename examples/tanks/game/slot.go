package game

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The save slot: one saved game, made on the pause screen ([Game.Save])
// and continued from the title ([Game.ContinuePlay]). It is a save of
// package save (YAML) of the play's whole world: each entity as its
// prefab and what differs from it, the rest (tiles, colliders, the HUD,
// the camera) whole, the world's random generator and free ids, so that
// the continued play is the saved one, hash for hash, and goes on as it
// would have. With [Options.Slot] set it is also a file, written
// atomically, which a later run of the game continues; without, it lasts
// as long as the game.

// ErrNoSave is returned by [Game.ContinuePlay] when the slot is empty.
var ErrNoSave = errors.New("tanks: no saved game")

// codec returns the game's save codec, made once its data is loaded: the
// prefab library, the variants the levels make for the objects whose
// properties patch their prefabs, and every component a play's world
// holds.
func (g *Game) codec() (*save.Codec, error) {
	if g.saves != nil {
		return g.saves, nil
	}
	if g.data == nil {
		return nil, errors.New("tanks: the game's data is not loaded")
	}
	c, err := save.New(g.data.Library, save.Prefabs(level.Variants(slices.Collect(maps.Values(g.data.Levels))...)),
		save.Component(geom.Position), save.Component(geom.Velocity),
		save.Component(systems.LocalTransform), save.Component(geom.WorldTransform),
		save.Component(systems.Collider), save.Component(systems.Mover), save.Component(systems.Lifetime),
		save.Component(drawable.Sprite), save.Component(drawable.Animation), save.Component(drawable.Shape),
		save.Component(drawable.Text), save.Component(drawable.Camera), save.Component(&drawable.Screen.Component),
		save.Component(&drawable.Hidden.Component),
		save.Component(Tank), save.Component(Turret), save.Component(Monster), save.Component(Nest),
		save.Component(Repair), save.Component(Bar), save.Component(Shell),
		save.Component(Stats), save.Component(HUD), save.Component(&HUDPart.Component),
	)
	if err != nil {
		return nil, err
	}
	g.saves = c
	return c, nil
}

// HasSave reports whether the save slot holds a game to continue: one
// saved in this run, or the slot's file.
func (g *Game) HasSave() bool {
	if g.slot != nil {
		return true
	}
	if g.opts.Slot == "" {
		return false
	}
	_, err := os.Stat(g.opts.Slot)
	return err == nil
}

// Save saves the play entered last into the save slot, and into the
// slot's file when there is one. A play that has ended is not saved.
func (g *Game) Save() error {
	p := g.play
	if p == nil || p.Tally().Outcome != Playing {
		return errors.New("tanks: no play going on to save")
	}
	c, err := g.codec()
	if err != nil {
		return err
	}
	data, err := c.Save(p.World(), save.SaveOptions{Format: save.YAML})
	if err != nil {
		return err
	}
	if g.opts.Slot != "" {
		if err := c.WriteFile(p.World(), g.opts.Slot, save.SaveOptions{Format: save.YAML}); err != nil {
			return err
		}
	}
	g.slot = data
	return nil
}

// SaveData returns the save in the slot, read from the slot's file if
// this run saved none; nil and [ErrNoSave] when there is none.
func (g *Game) SaveData() ([]byte, error) {
	if g.slot != nil {
		return g.slot, nil
	}
	if g.opts.Slot == "" {
		return nil, ErrNoSave
	}
	data, err := os.ReadFile(g.opts.Slot)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoSave
	}
	return data, err
}

// SetSaveData puts a save (as [Game.SaveData] returns) in the slot, in
// memory, for the title to continue.
func (g *Game) SetSaveData(data []byte) { g.slot = data }

// ContinuePlay returns a play that continues the game in the save slot:
// entering it loads the save into its world (a bad save is its OnEnter's
// error, naming the file, line and entity).
func (g *Game) ContinuePlay() (*Play, error) {
	data, err := g.SaveData()
	if err != nil {
		return nil, err
	}
	p := g.NewPlay()
	p.resume = data
	return p, nil
}

// restore loads the play's save into its world and finds in it the tank,
// the turret, the tally, the level and the HUD.
func (p *Play) restore() error {
	g, w := p.game, p.World()
	c, err := g.codec()
	if err != nil {
		return err
	}
	name := g.opts.Slot
	if name == "" {
		name = "save slot"
	}
	if _, err := c.Load(context.Background(), w, p.resume, save.LoadOptions{Name: name}); err != nil {
		return err
	}
	if err := p.find(); err != nil {
		return err
	}
	t := *Stats.Require(w, p.stats)
	if p.m = g.data.Levels[t.Level]; p.m == nil {
		return fmt.Errorf("%w: the save plays level %q, which the game has not", ErrData, t.Level)
	}
	b, ok := HUD.Get(w, p.stats)
	if !ok {
		return fmt.Errorf("%w: the save has no HUD", ErrData)
	}
	p.hud = hud{Board: *b, shown: [3]int{-1, -1, -1}}
	// The camera's screen size is not among its exported fields, which
	// are what a save holds: give it the screen, as a new play does.
	for _, cam := range world.Query1(w, drawable.Camera) {
		cam.SetScreen(g.opts.View.X, g.opts.View.Y)
	}
	return nil
}
