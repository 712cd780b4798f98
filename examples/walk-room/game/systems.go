package game

import (
	"math"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// walk sets the player's velocity from the move axis (and the demo's):
// the Walker's speed in the axis's direction, scaled by how far a stick is
// pushed; keys give full speed, diagonals as fast as straight lines.
func (r *Room) walk(ctx *world.Context) error {
	x, y := engine.InputOf(ctx).Axis(MoveAxis)
	dx, dy := r.game.demoAxis(ctx)
	x, y = x+dx, y+dy
	if l := math.Hypot(x, y); l > 1 {
		x, y = x/l, y/l
	}
	speed := Walker.Require(ctx.World, r.player).Speed
	*geom.Velocity.Require(ctx.World, r.player) = geom.Vec2{X: x * speed, Y: y * speed}
	return nil
}

// face turns the player's sprite the way it walks: left or right.
func (r *Room) face(ctx *world.Context) error {
	pic, ok := drawable.Sprite.Get(ctx.World, r.player)
	if !ok {
		return nil
	}
	switch v := geom.Velocity.Require(ctx.World, r.player); {
	case v.X < 0:
		pic.Flip = drawable.FlipX
	case v.X > 0:
		pic.Flip = 0
	}
	return nil
}

// pauseOnPress pushes the pause scene when the pause action is pressed (or
// the demo presses it). The push takes effect after the step; from then on
// the room does not step.
func (r *Room) pauseOnPress(ctx *world.Context) error {
	if (engine.InputOf(ctx).JustPressed(PauseAction) || r.game.demoPause(ctx)) && !r.leaving {
		r.Scenes().Push(r.game.pause)
	}
	return nil
}

// pickup walks the items and picks up those the player touches: each adds
// one to the game's count, is destroyed (when the walk ends) and asks for
// the pickup sound, and the game remembers its id so it stays gone.
func (r *Room) pickup(ctx *world.Context) error {
	r.reach, r.picking = *geom.Position.Require(ctx.World, r.player), ctx.World
	world.Each2(ctx.World, Item, geom.Position, r.pick)
	r.picking = nil
	return nil
}

// pickItem is pickup's per-item function, made once per room so the walk
// allocates nothing. It destroys and asks for the sound through the
// system's ctx.World (r.picking), which records both while the system
// runs beside others.
func (r *Room) pickItem(e world.Entity, it *Pickup, p *geom.Vec2) {
	d := p.Sub(r.reach)
	reach := r.radius + it.Radius
	if d.Dot(d) >= reach*reach {
		return
	}
	r.game.items++
	r.game.taken[it.ID] = true
	r.picking.Destroy(e) // through ctx.World: the system declares its access
	engine.PlaySound(r.picking, SoundPickup)
}

// doors replaces the room with the next one when the player has just
// touched a door's trigger, asking for the door sound. It reads the
// collision system's contacts, so it runs after it.
func (r *Room) doors(ctx *world.Context) error {
	if r.leaving {
		return nil
	}
	for _, c := range r.col.Contacts() {
		if c.Kind != systems.ContactEnter {
			continue
		}
		other, ok := c.Other(r.player)
		if !ok {
			continue
		}
		d, ok := Door.Get(ctx.World, other)
		if !ok {
			continue
		}
		r.leaving = true
		r.game.lastDoor = r.layout.Name + "/" + d.Name
		engine.PlaySound(ctx.World, SoundDoor)
		r.Scenes().Replace(r.game.newRoom(d.To, d.Arrive))
		return nil
	}
	return nil
}
