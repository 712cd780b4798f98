package game

import (
	"errors"
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Room is the scene of one room: its world holds the floor, the things of
// its [Layout], the player, the camera that follows it and the HUD, and
// its fixed systems walk, collide, pick up and go through doors. A door
// replaces the room with a new Room of the next layout, so a room is
// entered once; the items picked up are remembered by the [Game].
type Room struct {
	scene.Base
	game   *Game
	name   string
	layout *Layout
	arrive string // the door the player arrives by; "" starts at Layout.Start

	col     *systems.Collision
	player  world.Entity
	camera  world.Entity
	hud     hud
	radius  float64   // of the player's collider
	at      geom.Vec2 // the player's position, for the pickup walk
	pick    func(world.Entity, *Pickup, *geom.Vec2)
	leaving bool // a door has asked for the next room
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
// or by the door it arrives through), the camera, the HUD and the systems
// of a step. The first room loads the game's data.
func (r *Room) OnEnter() error {
	g, w := r.game, r.World()
	if err := g.load(w); err != nil {
		return err
	}
	r.layout = g.data.Rooms[r.name] // the first room is checked by load, doors by LoadLayouts
	l := r.layout
	g.room, g.entered = r, g.entered+1
	r.leaving = false
	var err error
	if r.col, err = systems.NewCollision(systems.CollisionOptions{}); err != nil {
		return err
	}
	if _, err := r.spawn(l.Floor.prefab(), geom.Vec2{X: l.Size.X / 2, Y: l.Size.Y / 2}, l.Size, l.Floor.Tint); err != nil {
		return err
	}
	if err := r.spawnThings(); err != nil {
		return err
	}
	start, err := r.arrival()
	if err != nil {
		return err
	}
	if r.player, err = r.spawn(PlayerPrefab, start, geom.Vec2{}, noTint); err != nil {
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
	return errors.Join(
		w.AddSystem(world.System{Name: "walk-room.walk", Phase: world.Fixed, Run: r.walk}),
		w.AddSystem(world.System{Name: "walk-room.pause", Phase: world.Fixed, Run: r.pauseOnPress}),
		w.AddSystem(systems.Motion()),
		w.AddSystem(r.col.System()),
		w.AddSystem(world.System{Name: "walk-room.pickup", Phase: world.Fixed, Run: r.pickup}),
		w.AddSystem(world.System{Name: "walk-room.doors", Phase: world.Fixed, Run: r.doors}),
		w.AddSystem(world.System{Name: "walk-room.face", Phase: world.Fixed, Run: r.face}),
		w.AddSystem(world.System{Name: "walk-room.hud", Phase: world.Fixed, Run: r.showHUD}),
	)
}

// noTint leaves a sprite's colours as its prefab says.
var noTint color.NRGBA

// spawn spawns the prefab called name with its centre at at. A size that
// is not zero stretches its Collider box and its Sprite to that size, or,
// for a thing with a Tile, repeats the sprite over it; a Collider box of
// no size takes the sprite's size. A tint that is not zero tints the
// sprite.
func (r *Room) spawn(name string, at, size geom.Vec2, tint color.NRGBA) (world.Entity, error) {
	w := r.World()
	e, err := r.game.data.Library.Spawn(w, name, nil)
	if err != nil {
		return e, fmt.Errorf("walk-room: room %s: %w", r.layout.Name, err)
	}
	geom.Position.Add(w, e, at)
	pic, hasPic := drawable.Sprite.Get(w, e)
	var shown geom.Vec2 // the sprite's size in the room
	if hasPic {
		if tint != noTint {
			pic.Tint = tint
		}
		px, err := regionSize(engine.AssetsOf(r.World()), pic.Region)
		if err != nil {
			return e, fmt.Errorf("walk-room: room %s: prefab %q: %w", r.layout.Name, name, err)
		}
		shown = mul(px, scaleOf(pic))
		if size != (geom.Vec2{}) {
			shown = size
		}
		if t, ok := Tile.Get(w, e); ok {
			r.lay(*pic, px, at, shown, t.Cell)
			w.Remove(e, drawable.Sprite)
		} else if size != (geom.Vec2{}) {
			pic.Scale = geom.Vec2{X: size.X / px.X, Y: size.Y / px.Y}
		}
	}
	if c, ok := systems.Collider.Get(w, e); ok && c.Kind == systems.ShapeBox {
		switch {
		case size != (geom.Vec2{}):
			c.Size = size
		case c.Size == (geom.Vec2{}):
			c.Size = shown // a box with no size takes its sprite's
		}
	}
	return e, nil
}

// lay covers the box of the given size centred on at with copies of pic,
// whose region is px pixels, in whole cells of about cell units each.
func (r *Room) lay(pic drawable.Picture, px, at, size, cell geom.Vec2) {
	if cell.X <= 0 || cell.Y <= 0 {
		cell = mul(px, scaleOf(&pic))
	}
	nx, ny := max(1, int(math.Round(size.X/cell.X))), max(1, int(math.Round(size.Y/cell.Y)))
	cw, ch := size.X/float64(nx), size.Y/float64(ny)
	pic.Origin = geom.Vec2{}
	pic.Scale = geom.Vec2{X: cw / px.X, Y: ch / px.Y}
	top := at.Sub(size.Scale(0.5))
	w := r.World()
	for j := range ny {
		for i := range nx {
			world.Spawn2(w, geom.Position, top.Add(geom.Vec2{X: float64(i) * cw, Y: float64(j) * ch}), drawable.Sprite, pic)
		}
	}
}

// scaleOf returns a sprite's scale, its zero value meaning 1.
func scaleOf(p *drawable.Picture) geom.Vec2 {
	if p.Scale == (geom.Vec2{}) {
		return geom.Vec2{X: 1, Y: 1}
	}
	return p.Scale
}

// mul multiplies a and b axis by axis.
func mul(a, b geom.Vec2) geom.Vec2 { return geom.Vec2{X: a.X * b.X, Y: a.Y * b.Y} }

// regionSize returns the size in pixels of the picture reg names.
func regionSize(l *assets.Loader, reg drawable.Region) (geom.Vec2, error) {
	if l == nil {
		return geom.Vec2{}, errors.New("no engine gives this world its files")
	}
	return drawable.RegionSize(l, reg)
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
		e, err := r.spawn(t.Prefab, t.At, t.Size, noTint)
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
			e, err := r.spawn(t.Prefab, geom.Vec2{}, t.Size, noTint)
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
			half.X, half.Y = max(half.X, math.Abs(p.X)), max(half.Y, math.Abs(p.Y))
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
