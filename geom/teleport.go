package geom

import (
	"slices"

	"github.com/tessera-engine/tessera/world"
)

// Teleporter is told when an entity's [Position] jumps instead of moving.
// What keeps positions of its own installs one: a renderer that draws
// entities between their last two positions (render's), so that an entity
// that wraps around the screen, respawns or goes through a portal is drawn
// at its new place rather than sliding there for a frame; a collision
// system that sweeps movers (systems'), so that the mover is not dragged
// through everything on the way.
type Teleporter interface {
	Teleport(e world.Entity)
}

// ManyTeleporter is a [Teleporter] that also hears many teleports in one
// call, in a loop of its own: [TeleportAll] calls TeleportAll rather than
// Teleport for each entity. A renderer's teleport is a store or two at
// a scattered place: one loop over many entities spares each of them a
// look-up of the world's Teleporters and a dynamic call. TeleportAll(es)
// must do what Teleport does for each of es, in order.
type ManyTeleporter interface {
	Teleporter
	TeleportAll(es []world.Entity)
}

// teleporters holds a world's Teleporters as a resource, and beside
// each its ManyTeleporter side (nil for a plain Teleporter), found once
// when it is added rather than by a type assertion on every TeleportAll.
type teleporters struct {
	list []Teleporter
	many []ManyTeleporter
}

var teleportersOf = world.DefineResource[teleporters]("geom.Teleporters")

// AddTeleporter makes t hear every [Teleport] in w, after those added
// before it; adding it again does nothing. Clearing the world removes
// them all. Teleporters are compared with ==, so t must be comparable: a
// pointer, as the renderer and the collision system are.
func AddTeleporter(w *world.World, t Teleporter) {
	ts, ok := teleportersOf.Lookup(w)
	if !ok {
		ts = &teleporters{}
		teleportersOf.Set(w, ts)
	}
	if !slices.Contains(ts.list, t) {
		m, _ := t.(ManyTeleporter)
		ts.list, ts.many = append(ts.list, t), append(ts.many, m)
	}
}

// RemoveTeleporter stops t hearing w's teleports.
func RemoveTeleporter(w *world.World, t Teleporter) {
	if ts, ok := teleportersOf.Lookup(w); ok {
		if i := slices.Index(ts.list, t); i >= 0 {
			ts.list, ts.many = slices.Delete(ts.list, i, i+1), slices.Delete(ts.many, i, i+1)
		}
	}
}

// Teleport says that e's Position jumped: game code and systems call it
// after moving an entity discontinuously (systems' Confine does on a
// wrap). A renderer then draws e where it is, and with its
// [WorldTransform] as it is (a snap of a turn), until the next step. It
// tells w's Teleporters, in the order they were added, and does nothing
// in a world without any. O(1) per Teleporter, no allocation.
func Teleport(w *world.World, e world.Entity) {
	if ts, ok := teleportersOf.Lookup(w); ok {
		for _, t := range ts.list {
			t.Teleport(e)
		}
	}
}

// TeleportAll says that the Position of each of es jumped, as [Teleport]
// does for each: a system that moves many entities discontinuously in a
// step (systems' Confine, on wraps) tells them at once. Each of w's
// Teleporters, in the order they were added, hears all of es in order
// before the next hears any: through TeleportAll when it is a
// [ManyTeleporter], one Teleport call per entity otherwise. O(len(es))
// per Teleporter, no allocation; es is not kept.
func TeleportAll(w *world.World, es []world.Entity) {
	if len(es) == 0 {
		return
	}
	ts, ok := teleportersOf.Lookup(w)
	if !ok {
		return
	}
	for i, t := range ts.list {
		if m := ts.many[i]; m != nil {
			m.TeleportAll(es)
			continue
		}
		for _, e := range es {
			t.Teleport(e)
		}
	}
}
