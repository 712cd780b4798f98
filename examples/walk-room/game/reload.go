package game

import (
	"errors"
	"fmt"
	"maps"

	"github.com/tessera-engine/tessera/world"
)

// reload, a frame system of the room playing, polls the rooms' maps
// (with the engine's assets.dir set), between frames: a saved map that
// loads, and whose doors still lead to doors the other rooms have,
// replaces its room's layout, and the room playing is rebuilt from its
// new map, the player where it stands (the items picked up stay gone:
// they are known by their objects' ids, which Tiled keeps). A map that
// fails keeps the layout it had; the failure is this system's error,
// which the engine reports (once: the watcher tells it once, until the
// map is saved again).
func (r *Room) reload(ctx *world.Context) error {
	g := r.game
	if g.watch == nil || r.leaving {
		return nil
	}
	var errs []error
	rebuild := false
	for _, name := range roomNames(g.data.Rooms) {
		res, ok := g.watch[name].Poll()
		if !ok {
			continue
		}
		lay, err := res.Map, res.Err
		var next *Layout
		if err == nil {
			if next, err = layoutOf(lay); err == nil {
				rooms := maps.Clone(g.data.Rooms)
				rooms[name] = next
				err = errors.Join(checkDoors(rooms)...)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("walk-room: room %s kept as it was: %w", name, err))
			continue
		}
		g.data.Rooms[name] = next
		rebuild = rebuild || name == r.name
	}
	if rebuild {
		at := r.PlayerPosition()
		r.leaving = true
		r.Scenes().Replace(&Room{game: g, name: r.name, at: &at})
	}
	return errors.Join(errs...)
}
