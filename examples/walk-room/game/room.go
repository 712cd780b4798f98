package game

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Room is the scene of one room: its world holds the floor, the things of
// its [Layout] and the player, and its fixed systems walk, collide, pick up,
// go through doors and move the camera. A door replaces the room with a new
// Room of the next layout, so a room is entered once; the items picked up
// are remembered by the [Game].
type Room struct {
	scene.Base
	game   *Game
	layout *Layout
	arrive string // the door the player arrives by; "" starts at Layout.Start

	// Camera follows the player every fixed step, with the layout's dead
	// zone and smoothing, its view kept inside the room. It is game state,
	// so headless runs and tests see it; the window build gives the
	// renderer's camera the same settings.
	Camera camera.Camera

	col     *systems.Collision
	player  world.Entity
	radius  float64   // of the player's collider
	at      geom.Vec2 // the player's position, for the pickup walk
	pick    func(world.Entity, *Pickup, *geom.Vec2)
	leaving bool // a door has asked for the next room
}

// newRoom returns the scene of the room called name, which the player
// enters by the door called arrive ("" for the room's start).
func (g *Game) newRoom(name, arrive string) *Room {
	return &Room{game: g, layout: g.rooms[name], arrive: arrive}
}

// Game returns the game the room belongs to.
func (r *Room) Game() *Game { return r.game }

// Layout returns the room's layout.
func (r *Room) Layout() *Layout { return r.layout }

// Player returns the player's entity in the room's world.
func (r *Room) Player() world.Entity { return r.player }

// Bounds returns the room's rectangle, from (0, 0) to its size.
func (r *Room) Bounds() geom.Rectangle { return geom.Rect(0, 0, r.layout.Size.X, r.layout.Size.Y) }

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

// OnEnter builds the room: the floor, its things, the player (at the start,
// or by the door it arrives through) and the systems of a step.
func (r *Room) OnEnter() error {
	g, w, l := r.game, r.World(), r.layout
	g.room, g.entered = r, g.entered+1
	r.leaving = false
	var err error
	if r.col, err = systems.NewCollision(systems.CollisionOptions{}); err != nil {
		return err
	}
	floor, err := r.spawn(FloorPrefab, geom.Vec2{X: l.Size.X / 2, Y: l.Size.Y / 2}, l.Size)
	if err != nil {
		return err
	}
	if s, ok := drawable.Shape.Get(w, floor); ok && l.Floor.A != 0 {
		s.Color = l.Floor
	}
	r.layTiles()
	if err := r.spawnThings(); err != nil {
		return err
	}
	start, err := r.arrival()
	if err != nil {
		return err
	}
	if r.player, err = r.spawn(PlayerPrefab, start, geom.Vec2{}); err != nil {
		return err
	}
	geom.Velocity.Add(w, r.player, geom.Vec2{})
	if !w.Has(r.player, Walker) || !w.Has(r.player, systems.Collider) {
		return fmt.Errorf("walk-room: prefab %q needs a Walker and a Collider", PlayerPrefab)
	}
	if !w.Has(r.player, systems.Mover) {
		systems.Mover.Add(w, r.player, systems.Movement{})
	}
	r.radius = collisionRadius(*systems.Collider.Require(w, r.player))

	r.Camera = camera.Camera{
		Bounds:    r.Bounds(),
		DeadZone:  l.Camera.DeadZone,
		Smoothing: l.Camera.Smoothing,
	}
	r.Camera.SetScreen(g.opts.View.X, g.opts.View.Y)
	r.Camera.CenterOn(start)

	r.pick = r.pickItem
	return errors.Join(
		w.AddSystem(world.System{Name: "walk-room.walk", Phase: world.Fixed, Run: r.walk}),
		w.AddSystem(world.System{Name: "walk-room.pause", Phase: world.Fixed, Run: r.pauseOnPress}),
		w.AddSystem(systems.Motion()),
		w.AddSystem(r.col.System()),
		w.AddSystem(world.System{Name: "walk-room.pickup", Phase: world.Fixed, Run: r.pickup}),
		w.AddSystem(world.System{Name: "walk-room.doors", Phase: world.Fixed, Run: r.doors}),
		w.AddSystem(world.System{Name: "walk-room.camera", Phase: world.Fixed, Run: r.follow}),
	)
}

// spawn spawns the prefab called name with its centre at at. A size that is
// not zero stretches its Collider box and its Shape rectangle; a Collider
// box of no size takes the size of the Shape rectangle.
func (r *Room) spawn(name string, at, size geom.Vec2) (world.Entity, error) {
	w := r.World()
	e, err := r.game.lib.Spawn(w, name, nil)
	if err != nil {
		return e, fmt.Errorf("walk-room: room %s: %w", r.layout.Name, err)
	}
	geom.Position.Add(w, e, at)
	s, hasShape := drawable.Shape.Get(w, e)
	hasShape = hasShape && s.Kind == drawable.RectFigure
	if hasShape && size != (geom.Vec2{}) {
		s.Size = size
	}
	if c, ok := systems.Collider.Get(w, e); ok && c.Kind == systems.ShapeBox {
		switch {
		case size != (geom.Vec2{}):
			c.Size = size
		case c.Size == (geom.Vec2{}) && hasShape:
			c.Size = s.Size // a box with no size takes its rectangle's
		}
	}
	return e, nil
}

// spawnThings spawns the layout's things, but for the items picked up
// already; scattered items come last, placed clear of the solids.
func (r *Room) spawnThings() error {
	w, l := r.World(), r.layout
	var solids []geom.Rectangle
	for i, t := range l.Things {
		if t.Scatter != nil {
			continue
		}
		e, err := r.spawn(t.Prefab, t.At, t.Size)
		if err != nil {
			return err
		}
		if c, ok := systems.Collider.Get(w, e); ok && !c.Trigger {
			solids = append(solids, box(t.At, *c))
		}
		if d, ok := Door.Get(w, e); ok {
			d.Name, d.To, d.Arrive = t.Door, t.To, t.Arrive
		}
		r.placeItem(e, fmt.Sprint(i))
	}
	rng := rand.New(rand.NewPCG(r.game.opts.Seed, hashName(l.Name)))
	for i, t := range l.Things {
		if t.Scatter == nil {
			continue
		}
		for k := range t.Scatter.Count {
			e, err := r.spawn(t.Prefab, geom.Vec2{}, t.Size)
			if err != nil {
				return err
			}
			margin := 0.0
			if it, ok := Item.Get(w, e); ok {
				margin = it.Radius
			}
			*geom.Position.Require(w, e) = scatterPoint(rng, t.Scatter.Area, margin, solids)
			r.placeItem(e, fmt.Sprintf("%d.%d", i, k))
		}
	}
	return nil
}

// placeItem gives an item its id, and destroys it if the player picked it
// up on an earlier visit. Other things are left alone.
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

// arrival returns where the player appears: by the door it arrives
// through, or at the layout's start.
func (r *Room) arrival() (geom.Vec2, error) {
	if r.arrive == "" {
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
			half.X, half.Y = max(half.X, abs(p.X)), max(half.Y, abs(p.Y))
		}
	}
	return geom.Rect(c.X-half.X, c.Y-half.Y, c.X+half.X, c.Y+half.Y)
}

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

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// layTiles lays the layout's checkerboard over the floor: a rectangle on
// every other square, drawn just above the floor (layer 0, Z 1), clipped
// at the room's far edges.
func (r *Room) layTiles() {
	t, size := r.layout.Tiles, r.layout.Size
	if t.Size <= 0 || t.Color.A == 0 {
		return
	}
	w := r.World()
	for row, y := 0, 0.0; y < size.Y; row, y = row+1, y+t.Size {
		for col, x := 0, 0.0; x < size.X; col, x = col+1, x+t.Size {
			if (row+col)%2 == 1 {
				continue
			}
			tile := drawable.Rect(min(t.Size, size.X-x), min(t.Size, size.Y-y), t.Color)
			tile.Order = drawable.Order{Layer: LayerFloor, Z: 1}
			world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Shape, tile)
		}
	}
}
