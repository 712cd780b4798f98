package game

import (
	"errors"
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Room is the scene of one room: its world holds what the room's map
// spawns (the floor's and walls' tiles and colliders, the furniture, the
// items, the doors, the player), the camera that follows the player and
// the HUD, and its fixed systems walk, collide, pick up and go through
// doors. A door replaces the room with a new Room of the next layout, so
// a room is entered once; the items picked up are remembered by the
// [Game]. With the engine's assets.dir, a frame system watches the
// rooms' maps, and a room whose map is saved is rebuilt in place.
type Room struct {
	scene.Base
	game   *Game
	name   string // "" for the start room, until the options are known
	layout *Layout
	arrive string     // the door the player arrives by; "" starts at Layout.Start
	at     *geom.Vec2 // where the player stands, for a room rebuilt with its map

	col     *systems.Collision
	player  world.Entity
	camera  world.Entity
	hud     hud
	radius  float64      // of the player's collider
	reach   geom.Vec2    // the player's position, for the pickup walk
	picking *world.World // the pickup system's ctx.World, for the walk's function
	pick    func(world.Entity, *Pickup, *geom.Vec2)
	leaving bool    // a door (or a saved map) has asked for the next room
	resume  *resume // a save to put in place once the room is built ([Game.Continue])
	// saveAsked is set by a step in which the save action was pressed,
	// for the frame to save
	saveAsked bool
}

// outside is the colour the camera shows where the room is not: only
// when the screen is larger than the room.
var outside = color.NRGBA{R: 12, G: 10, B: 18, A: 255}

// newRoom returns the scene of the room called name, which the player
// enters by the door called arrive ("" for the room's start).
func (g *Game) newRoom(name, arrive string) *Room {
	return &Room{game: g, name: name, arrive: arrive}
}

// Game returns the game the room belongs to.
func (r *Room) Game() *Game { return r.game }

// Layout returns the room's layout; nil before the room is entered.
func (r *Room) Layout() *Layout { return r.layout }

// Player returns the player's entity in the room's world.
func (r *Room) Player() world.Entity { return r.player }

// Camera returns the room's camera: an entity of its world with the
// drawable.Camera component, which the engine moves after every fixed
// step towards the player, with the layout's dead zone and smoothing, its
// view kept inside the room. It is game state: headless runs and tests
// read it. nil before the room is entered. The pointer is valid until the
// world's next structural change.
func (r *Room) Camera() *camera.Camera {
	if r.layout == nil {
		return nil
	}
	c, _ := drawable.Camera.Get(r.World(), r.camera)
	return c
}

// Bounds returns the room's rectangle, from (0, 0) to its size.
func (r *Room) Bounds() geom.Rectangle { return r.layout.Map.Bounds() }

// PlayerPosition returns where the player is, or the zero Vec2 if the room
// is not entered.
func (r *Room) PlayerPosition() geom.Vec2 {
	if p, ok := geom.Position.Get(r.World(), r.player); ok {
		return *p
	}
	return geom.Vec2{}
}

// Collision returns the room's collision system, for queries.
func (r *Room) Collision() *systems.Collision { return r.col }

// OnEnter builds the room from its map: the tiles and their colliders,
// the objects' prefabs (the player by its start, by the door it arrives
// through, or where it stood before the map was saved), the camera, the
// HUD and the systems of a step. The first room loads the game's data.
func (r *Room) OnEnter() error {
	g, w := r.game, r.World()
	if err := g.load(w); err != nil {
		return err
	}
	if r.name == "" {
		r.name = g.opts.Room
	}
	r.layout = g.data.Rooms[r.name] // the first room is checked by load, doors by LoadLayouts
	l := r.layout
	g.room = r
	if r.at == nil {
		g.entered++
	}
	r.leaving = false
	var err error
	if r.col, err = systems.NewCollision(systems.CollisionOptions{}); err != nil {
		return err
	}
	l.Map.SpawnTiles(w)
	if err := r.spawnObjects(); err != nil {
		return err
	}
	start, err := r.arrival()
	if err != nil {
		return err
	}
	*geom.Position.Require(w, r.player) = start
	geom.Velocity.Add(w, r.player, geom.Vec2{})
	if !w.Has(r.player, Walker) || !w.Has(r.player, systems.Collider) {
		return fmt.Errorf("walk-room: prefab %q needs a Walker and a Collider", PlayerPrefab)
	}
	if !w.Has(r.player, systems.Mover) {
		systems.Mover.Add(w, r.player, systems.Movement{})
	}
	r.radius = collisionRadius(*systems.Collider.Require(w, r.player))

	cam := camera.Camera{
		Bounds:     r.Bounds(),
		Follow:     r.player,
		DeadZone:   l.Camera.DeadZone,
		Smoothing:  l.Camera.Smoothing,
		Background: outside,
	}
	cam.SetScreen(g.opts.View.X, g.opts.View.Y)
	cam.CenterOn(start)
	r.camera = world.Spawn1(w, drawable.Camera, cam)
	if err := r.hud.spawn(w, g.opts.View, l.Name); err != nil {
		return err
	}

	r.pick = r.pickItem
	if r.resume != nil {
		if err := r.resumeSave(); err != nil {
			return err
		}
	}
	input := []world.ResourceType{engine.InputResource}
	return errors.Join(
		w.AddSystem(world.System{Name: "walk-room.walk", Phase: world.Fixed, Run: r.walk,
			Reads: []world.ComponentType{Walker}, Writes: []world.ComponentType{geom.Velocity},
			ReadsResources: input}),
		w.AddSystem(world.System{Name: "walk-room.pause", Phase: world.Fixed, Run: r.pauseOnPress,
			ReadsResources: input}),
		w.AddSystem(systems.Motion()),
		w.AddSystem(r.col.System()),
		w.AddSystem(world.System{Name: "walk-room.pickup", Phase: world.Fixed, Run: r.pickup,
			Reads: []world.ComponentType{Item, geom.Position}, Destroys: r.itemParts(),
			WritesResources: []world.ResourceType{engine.SoundResource}}),
		w.AddSystem(world.System{Name: "walk-room.doors", Phase: world.Fixed, Run: r.doors}),
		w.AddSystem(world.System{Name: "walk-room.face", Phase: world.Fixed, Run: r.face,
			Reads: []world.ComponentType{geom.Velocity}, Writes: []world.ComponentType{drawable.Sprite}}),
		w.AddSystem(world.System{Name: "walk-room.hud", Phase: world.Fixed, Run: r.showHUD,
			Writes: []world.ComponentType{drawable.Text}}),
		w.AddSystem(world.System{Name: "walk-room.save", Phase: world.Fixed, Run: r.saveOnPress,
			ReadsResources: input}),
		w.AddSystem(world.System{Name: "walk-room.saved", Phase: world.Frame, Run: r.saveNoted}),
		w.AddSystem(world.System{Name: "walk-room.reload", Phase: world.Frame, Run: r.reload}),
	)
}

// itemParts returns what the room's items hold, which the pickup system
// declares it destroys: every component of every entity holding Item,
// once each. Items are only made as the room is entered (from its map or
// a save), before the systems are added, so the list holds for the room's
// life.
func (r *Room) itemParts() []world.ComponentType {
	w := r.World()
	var parts []world.ComponentType
	seen := map[int]bool{}
	for e := range world.Query1(w, Item) {
		for _, c := range w.ComponentsOf(e) {
			if !seen[c.ID()] {
				seen[c.ID()] = true
				parts = append(parts, c)
			}
		}
	}
	if parts == nil {
		parts = []world.ComponentType{Item} // declared, though there is nothing to pick up
	}
	return parts
}

// spawnObjects spawns the map's objects, but for the items picked up
// already; scattered items come last, placed clear of the solids.
func (r *Room) spawnObjects() error {
	w, l := r.World(), r.layout
	var scattered []*level.Object
	for _, o := range l.Map.Objects() {
		if _, ok := o.Properties.Lookup(ScatterProperty); ok {
			scattered = append(scattered, o)
			continue
		}
		e := r.spawn(o)
		if o.Prefab() != nil && o.Prefab().Is(PlayerPrefab) {
			r.player = e
		}
		r.placeItem(e, itoa(o.ID))
	}
	var solids []geom.Rectangle
	world.Each2(w, systems.Collider, geom.Position, func(_ world.Entity, c *systems.Shape, at *geom.Vec2) {
		if !c.Trigger {
			solids = append(solids, box(*at, *c))
		}
	})
	rng := rand.New(rand.NewPCG(r.game.opts.Seed, hashName(l.Name)))
	for _, o := range scattered {
		n, _ := o.Properties.Lookup(ScatterProperty)
		count, _ := n.Int() // checked by layoutOf
		area := geom.Rect(o.Position.X-o.Size.X/2, o.Position.Y-o.Size.Y/2, o.Position.X+o.Size.X/2, o.Position.Y+o.Size.Y/2)
		for k := range count {
			e := r.spawn(o)
			margin := 0.0
			if it, ok := Item.Get(w, e); ok {
				margin = it.Radius
			}
			*geom.Position.Require(w, e) = scatterPoint(rng, area, margin, solids)
			r.placeItem(e, fmt.Sprintf("%d.%d", o.ID, k))
		}
	}
	if !w.IsAlive(r.player) {
		return fmt.Errorf("%w: room %s has no player", ErrLayout, l.Name) // checked by layoutOf
	}
	return nil
}

// spawn spawns a map's object: its prefab, a door named as the object,
// a box collider of no size made the object's size.
func (r *Room) spawn(o *level.Object) world.Entity {
	w := r.World()
	e := o.Spawn(w)
	if c, ok := systems.Collider.Get(w, e); ok && c.Kind == systems.ShapeBox && c.Size == (geom.Vec2{}) {
		c.Size = o.Size
	}
	if d, ok := Door.Get(w, e); ok {
		d.Name = o.Name
	}
	return e
}

// placeItem gives an item its id (its room and its object's id, which
// Tiled keeps across edits), and destroys it if the player picked it up
// on an earlier visit. Other things are left alone.
func (r *Room) placeItem(e world.Entity, id string) {
	w := r.World()
	it, ok := Item.Get(w, e)
	if !ok {
		return
	}
	it.ID = r.layout.Name + "/" + id
	if r.game.taken[it.ID] {
		w.Destroy(e)
	}
}

// arrival returns where the player appears: where it stood before the
// map was saved, by the door it arrives through, or at the start.
func (r *Room) arrival() (geom.Vec2, error) {
	switch {
	case r.at != nil:
		return *r.at, nil
	case r.arrive == "":
		return r.layout.Start, nil
	}
	for e, d := range world.Query1(r.World(), Door) {
		if d.Name == r.arrive {
			return geom.Position.Require(r.World(), e).Add(d.Offset), nil
		}
	}
	return geom.Vec2{}, fmt.Errorf("%w: room %s has no door %q", ErrLayout, r.layout.Name, r.arrive)
}

// box returns the rectangle a collider at at covers, roughly: a circle's
// bounding box, a polygon's, or the box itself.
func box(at geom.Vec2, s systems.Shape) geom.Rectangle {
	c := at.Add(s.Offset)
	var half geom.Vec2
	switch s.Kind {
	case systems.ShapeBox:
		half = geom.Vec2{X: s.Size.X / 2, Y: s.Size.Y / 2}
	case systems.ShapeCircle:
		half = geom.Vec2{X: s.Radius, Y: s.Radius}
	default:
		for _, p := range s.Points {
			half.X, half.Y = max(half.X, math.Abs(p.X)), max(half.Y, math.Abs(p.Y))
		}
	}
	return geom.Rect(c.X-half.X, c.Y-half.Y, c.X+half.X, c.Y+half.Y)
}

// itoa formats n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }

// collisionRadius returns the radius of a circle collider, or half the
// smaller side of a box: how close the player's centre comes to what it
// touches.
func collisionRadius(s systems.Shape) float64 {
	if s.Kind == systems.ShapeCircle {
		return s.Radius
	}
	return min(s.Size.X, s.Size.Y) / 2
}

// scatterTries is how many random points scatterPoint tries before it
// settles for one that overlaps a solid.
const scatterTries = 64

// scatterPoint returns a random point of area at least margin away from
// every solid, or the last point it tried if it finds none.
func scatterPoint(rng *rand.Rand, area geom.Rectangle, margin float64, solids []geom.Rectangle) geom.Vec2 {
	var p geom.Vec2
	for range scatterTries {
		p = geom.Vec2{
			X: area.Min.X + rng.Float64()*area.Dx(),
			Y: area.Min.Y + rng.Float64()*area.Dy(),
		}
		around := geom.Rect(p.X-margin, p.Y-margin, p.X+margin, p.Y+margin)
		clear := true
		for _, s := range solids {
			if s.Overlaps(around) {
				clear = false
				break
			}
		}
		if clear {
			break
		}
	}
	return p
}

// hashName hashes a room's name into the second word of its random
// source's seed, so every room scatters differently for one game seed.
func hashName(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}
