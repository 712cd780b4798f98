package game

import (
	"image/color"
	"math"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// tick counts the play's steps in its tally, which keys its random
// streams: a number the world holds, so a saved and continued play draws
// what the play would have drawn.
func (p *Play) tick(ctx *world.Context) error {
	Stats.Require(ctx.World, p.stats).Ticks++
	return nil
}

// pauseOnPress pushes the pause scene when the pause action is pressed,
// unless the play is over. The push takes effect after the step; from
// then on the play does not step.
func (p *Play) pauseOnPress(ctx *world.Context) error {
	if engine.InputOf(ctx).JustPressed(PauseAction) && !p.over {
		p.Scenes().Push(p.game.pause)
	}
	return nil
}

// drive sets the tank's velocity from the move axis (and the
// autopilot's): its speed in the axis's direction, scaled by how far a
// stick is pushed. The hull faces the way it drives (its WorldTransform
// turns its picture, and the turret, its child, with it), and its treads
// roll only while it moves.
func (p *Play) drive(ctx *world.Context) error {
	w := ctx.World
	t, ok := Tank.Get(w, p.tank)
	if !ok {
		return nil
	}
	x, y := engine.InputOf(ctx).Axis(MoveAxis)
	if p.game.opts.Demo {
		d := p.autopilot(w)
		x, y = x+d.Move.X, y+d.Move.Y
	}
	if l := math.Hypot(x, y); l > 1 {
		x, y = x/l, y/l
	}
	*geom.Velocity.Require(w, p.tank) = geom.Vec2{X: x * t.Speed, Y: y * t.Speed}
	anim := drawable.Animation.Require(w, p.tank)
	if x == 0 && y == 0 {
		anim.Clip = 0 // the treads stop on the frame they show
		return nil
	}
	t.Heading = math.Atan2(y, x)
	geom.WorldTransform.Require(w, p.tank).Rotation = t.Heading
	if anim.Clip == 0 {
		anim.Play("drive")
	}
	return nil
}

// aim turns the turret by the turn actions (and the autopilot's), at the
// tank's turning speed, whatever the hull does. The turret is the hull's
// child: the transform system turns it with the hull, by its local
// rotation on top of the hull's heading, so that local rotation is the
// angle between the two, and the turret keeps pointing where it was
// turned when the hull turns.
func (p *Play) aim(ctx *world.Context) error {
	w := ctx.World
	t, ok := Tank.Get(w, p.tank)
	if !ok {
		return nil
	}
	in := engine.InputOf(ctx)
	turn := in.Value(TurnRight) - in.Value(TurnLeft)
	if p.game.opts.Demo {
		turn += p.autopilot(w).Turn
	}
	turn = max(-1, min(1, turn))
	a := Turret.Require(w, p.turret)
	a.Angle = math.Remainder(a.Angle+turn*t.Turn*ctx.DT, 2*math.Pi)
	systems.LocalTransform.Require(w, p.turret).Rotation = math.Remainder(a.Angle-t.Heading, 2*math.Pi)
	return nil
}

// muzzle is how far from the turret's pivot a shell leaves the barrel.
const muzzle = 28

// fire fires a shell along the turret while the fire action is held (or
// the autopilot fires), one every Reload seconds.
func (p *Play) fire(ctx *world.Context) error {
	w := ctx.World
	t, ok := Tank.Get(w, p.tank)
	if !ok {
		return nil
	}
	t.Cooldown = max(t.Cooldown-ctx.DT, 0)
	pull := engine.InputOf(ctx).Pressed(FireAction) || (p.game.opts.Demo && p.autopilot(w).Fire)
	if !pull || t.Cooldown > 0 {
		return nil
	}
	t.Cooldown = t.Reload
	angle := Turret.Require(w, p.turret).Angle
	dir := geom.Vec2{X: math.Cos(angle), Y: math.Sin(angle)}
	at := geom.Position.Require(w, p.turret).Add(dir.Scale(muzzle))
	s, err := p.game.data.Library.Spawn(w, ShellPrefab, nil)
	if err != nil {
		return err
	}
	world.Add(w, s, geom.Position, at)
	*geom.Velocity.Require(w, s) = dir.Scale(t.ShellSpeed)
	drawable.Sprite.Require(w, s).Rotation = angle
	Stats.Require(w, p.stats).Shots++
	engine.PlaySound(w, SoundFire)
	return nil
}

// hunt walks every monster at the tank, off the straight line by its
// stray, which it draws anew from the world's random generator every
// 0.6 to 1.4 seconds (from a stream keyed by the play's tick and the
// monster, so the draws depend neither on the order monsters are visited
// in nor on the engine's step count, which a continued game does not
// share with the saved one); a
// monster that walked into a wall turns a quarter further round first,
// the other way, so it works its way round the wall. Monsters
// face the way they walk; with the tank gone they stand.
func (p *Play) hunt(ctx *world.Context) error {
	w := ctx.World
	target, alive := geom.Position.Get(w, p.tank)
	tick := Stats.Require(w, p.stats).Ticks
	for e, m := range world.Query1(w, Monster) {
		v := geom.Velocity.Require(w, e)
		if !alive {
			*v = geom.Vec2{}
			continue
		}
		m.Rethink -= ctx.DT
		if mv, ok := systems.Mover.Get(w, e); ok && mv.OnWall && m.Rethink > 0.3 {
			m.Rethink = 0 // stuck on a wall: think again, further round
			m.Stray = math.Copysign(math.Pi/2, -m.Stray)
		}
		if m.Rethink <= 0 {
			s := w.Rand().Stream(tick).Stream(uint64(e))
			m.Stray = m.Stray/2 + s.RangeFloat64(-m.Wander, m.Wander)
			m.Rethink = s.RangeFloat64(0.6, 1.4)
		}
		d := target.Sub(*geom.Position.Require(w, e))
		if d.Len() < 1 {
			*v = geom.Vec2{}
			continue
		}
		angle := math.Atan2(d.Y, d.X) + m.Stray
		*v = geom.Vec2{X: math.Cos(angle) * m.Speed, Y: math.Sin(angle) * m.Speed}
		pic := drawable.Sprite.Require(w, e)
		if v.X < 0 {
			pic.Flip = drawable.FlipX
		} else {
			pic.Flip = 0
		}
	}
	return nil
}

// nests let a monster out of each nest whose wait is over, of a kind
// drawn at random from its kinds, until it has let out its count; each
// wait is drawn between half and one and a half of its Every.
func (p *Play) nests(ctx *world.Context) error {
	w := ctx.World
	tick := Stats.Require(w, p.stats).Ticks
	for e, n := range world.Query1(w, Nest) {
		if n.Spawned >= n.Count {
			continue
		}
		if n.Wait -= ctx.DT; n.Wait > 0 {
			continue
		}
		s := w.Rand().Stream(tick).Stream(uint64(e))
		kind := n.Kinds[s.IntN(len(n.Kinds))]
		n.Spawned++
		n.Wait = n.Every * s.RangeFloat64(0.5, 1.5)
		at := *geom.Position.Require(w, e)
		m, err := p.game.data.Library.Spawn(w, kind, nil)
		if err != nil {
			return err
		}
		world.Add(w, m, geom.Position, at)
	}
	return nil
}

// shells handles the shells that just touched something: each stops at
// the first thing it touches (a wall or crate puffs; a monster loses the
// shell's damage, and dies at 0 in an explosion that scores its points).
// It reads the collision system's contacts, so it runs after it.
func (p *Play) shells(ctx *world.Context) error {
	w := ctx.World
	spent := p.spent[:0]
	for _, c := range p.col.Contacts() {
		if c.Kind != systems.ContactEnter {
			continue
		}
		shell, other := c.A, c.B
		if !w.Has(shell, Shell) {
			shell, other = other, shell
		}
		r, ok := Shell.Get(w, shell)
		if !ok || contains(spent, shell) {
			continue
		}
		spent = append(spent, shell)
		at := *geom.Position.Require(w, shell)
		w.Destroy(shell)
		m, ok := Monster.Get(w, other)
		if !ok {
			if err := p.effect(w, PuffPrefab, at); err != nil {
				return err
			}
			continue
		}
		if m.HP <= 0 {
			continue // killed by another shell this step
		}
		if m.HP -= r.Damage; m.HP > 0 {
			engine.PlaySound(w, SoundHit)
			continue
		}
		st := Stats.Require(w, p.stats)
		st.Score += m.Points
		st.Kills++
		if err := p.effect(w, ExplosionPrefab, *geom.Position.Require(w, other)); err != nil {
			return err
		}
		w.Destroy(other) // its health bar goes with it
		engine.PlaySound(w, SoundBoom)
	}
	p.spent = spent
	return nil
}

// contains reports whether es holds e.
func contains(es []world.Entity, e world.Entity) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

// effect spawns the prefab name (an explosion, a puff) at at.
func (p *Play) effect(w *world.World, name string, at geom.Vec2) error {
	e, err := p.game.data.Library.Spawn(w, name, nil)
	if err != nil {
		return err
	}
	world.Add(w, e, geom.Position, at)
	return nil
}

// reach is how close, beyond their colliders' radii, a monster comes to
// bite the tank.
const reach = 3

// bite lets every monster that reaches the tank bite it, unless the
// tank's armour from the last bite still holds: the tank loses the
// monster's damage and flashes red while the armour holds. At 0 it
// explodes, and its turret goes with it.
func (p *Play) bite(ctx *world.Context) error {
	w := ctx.World
	t, ok := Tank.Get(w, p.tank)
	if !ok {
		return nil
	}
	t.Hurt = max(t.Hurt-ctx.DT, 0)
	at := *geom.Position.Require(w, p.tank)
	r := radius(w, p.tank)
	for e, m := range world.Query1(w, Monster) {
		if t.Hurt > 0 || t.HP <= 0 {
			break
		}
		if geom.Position.Require(w, e).Sub(at).Len() >= r+radius(w, e)+reach {
			continue
		}
		t.HP -= m.Damage
		t.Hurt = t.Armour
		engine.PlaySound(w, SoundHurt)
	}
	flash := color.NRGBA{}
	if t.Hurt > 0 && int(t.Hurt*10)%2 == 0 {
		flash = color.NRGBA{R: 255, G: 120, B: 110, A: 255}
	}
	drawable.Sprite.Require(w, p.tank).Tint = flash
	drawable.Sprite.Require(w, p.turret).Tint = flash
	if t.HP <= 0 {
		if err := p.effect(w, ExplosionPrefab, at); err != nil {
			return err
		}
		engine.PlaySound(w, SoundBoom)
		w.Destroy(p.tank) // the turret goes with it
	}
	return nil
}

// radius returns the radius of e's circle collider, or 0.
func radius(w *world.World, e world.Entity) float64 {
	if c, ok := systems.Collider.Get(w, e); ok {
		return c.Radius
	}
	return 0
}

// pickup mends the tank with every repair kit it just drove over.
func (p *Play) pickup(ctx *world.Context) error {
	w := ctx.World
	for _, c := range p.col.Contacts() {
		if c.Kind != systems.ContactEnter {
			continue
		}
		kit, ok := c.Other(p.tank)
		if !ok {
			continue
		}
		fix, ok := Repair.Get(w, kit)
		t, alive := Tank.Get(w, p.tank)
		if !ok || !alive {
			continue
		}
		t.HP = min(t.HP+fix.HP, t.MaxHP)
		w.Destroy(kit)
		engine.PlaySound(w, SoundRepair)
	}
	return nil
}

// bars makes each monster's health bar as long as its health, green to
// red.
func (p *Play) bars(ctx *world.Context) error {
	w := ctx.World
	for e, m := range world.Query1(w, Monster) {
		for _, c := range world.ChildOf.Sources(w, e) {
			b, ok := Bar.Get(w, c)
			if !ok {
				continue
			}
			k := float64(max(m.HP, 0)) / float64(max(m.MaxHP, 1))
			f := drawable.Shape.Require(w, c)
			f.Size.X = b.Width * k
			f.Color = color.NRGBA{R: uint8(230 - 110*k), G: uint8(60 + 170*k), B: 60, A: 255}
		}
	}
	return nil
}

// outcome ends the play when the tank is gone (lost) or when no monster
// is alive and no nest will let one out (won): the tally says so and the
// Over scene is pushed over the play, which stays on the screen.
func (p *Play) outcome(ctx *world.Context) error {
	w := ctx.World
	st := Stats.Require(w, p.stats)
	if st.Outcome != Playing || p.over {
		return nil
	}
	if !w.IsAlive(p.tank) {
		st.Outcome = Lost
	} else if alive, coming := monsters(w); alive == 0 && coming == 0 {
		st.Outcome = Won
		engine.PlaySound(w, SoundWin)
	} else {
		return nil
	}
	p.over = true
	p.game.Best = max(p.game.Best, st.Score)
	p.Scenes().Push(&Over{game: p.game, tally: *st})
	return nil
}
