package game

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Collider tags, one bit per kind of thing; prefab YAML and the tileset
// write them by name (tags: solid, mask: solid|monster).
var (
	// TagSolid ("solid") marks walls and crates: they stop tanks,
	// monsters and shells.
	TagSolid = systems.NewTag("solid")
	// TagWater ("water") marks water: it stops tanks and monsters, and
	// shells fly over it.
	TagWater = systems.NewTag("water")
	// TagTank ("tank") marks the player's tank.
	TagTank = systems.NewTag("tank")
	// TagMonster ("monster") marks monsters.
	TagMonster = systems.NewTag("monster")
	// TagShell ("shell") marks the tank's shells.
	TagShell = systems.NewTag("shell")
	// TagPickup ("pickup") marks repair kits.
	TagPickup = systems.NewTag("pickup")
)

// Draw layers, low to high, named so that prefab YAML and the map's
// layers (their property "layer") write them by name.
var (
	// LayerGround ("ground") is the grass and the dirt.
	LayerGround = drawable.NameLayer("ground", 0)
	// LayerWalls ("walls") is the walls, crates and water.
	LayerWalls = drawable.NameLayer("walls", 1)
	// LayerDecor ("decor") is what lies on the ground: nests, repair kits.
	LayerDecor = drawable.NameLayer("decor", 2)
	// LayerActors ("actors") is the tank and the monsters.
	LayerActors = drawable.NameLayer("actors", 3)
	// LayerEffects ("effects") is shells, explosions and smoke.
	LayerEffects = drawable.NameLayer("effects", 4)
	// LayerHUD ("hud") is the HUD and the scenes' screens over the arena.
	LayerHUD = drawable.NameLayer("hud", 5)
)

// Driving is the value of [Tank]: how the player's tank drives and
// shoots, and its state.
type Driving struct {
	// Speed is how fast the tank drives, in world units a second.
	Speed float64 `yaml:"speed"`
	// Turn is how fast the turret turns, in radians a second.
	Turn float64 `yaml:"turn"`
	// Reload is the seconds between two shots.
	Reload float64 `yaml:"reload"`
	// HP is the hits the tank takes before it is destroyed; MaxHP the
	// most repairs bring it to.
	HP    int `yaml:"hp"`
	MaxHP int `yaml:"maxhp"`
	// ShellSpeed is how fast shells fly, in world units a second.
	ShellSpeed float64 `yaml:"shellspeed"`
	// Armour is the seconds the tank cannot be hurt after a hit.
	Armour float64 `yaml:"armour"`

	// Heading is the direction the hull faces, in radians; drive turns
	// the tank's WorldTransform by it, which turns the hull's picture and
	// the turret with it.
	Heading float64 `yaml:"heading"`
	// Cooldown is the seconds until the gun may fire again.
	Cooldown float64 `yaml:"cooldown"`
	// Hurt is the seconds of armour left after the last hit.
	Hurt float64 `yaml:"hurt"`
}

// Aim is the value of [Turret]: where the turret points.
type Aim struct {
	// Angle is the turret's direction in the world, in radians (0 is
	// right, clockwise on the screen), whatever the hull does.
	Angle float64 `yaml:"angle"`
}

// Beast is the value of [Monster]: how a monster hunts, and its state.
type Beast struct {
	// Speed is how fast it walks, in world units a second.
	Speed float64 `yaml:"speed"`
	// HP is the hits it takes to die; MaxHP its health when whole.
	HP    int `yaml:"hp"`
	MaxHP int `yaml:"maxhp"`
	// Damage is the hit points a bite takes off the tank.
	Damage int `yaml:"damage"`
	// Points is what killing it scores.
	Points int `yaml:"points"`
	// Wander is how far, in radians, it strays from the straight line to
	// the tank; it picks a new stray at random every second or so.
	Wander float64 `yaml:"wander"`

	// Stray is its current stray from the line to the tank, in radians.
	Stray float64 `yaml:"stray"`
	// Rethink is the seconds until it picks a new stray.
	Rethink float64 `yaml:"rethink"`
}

// Lair is the value of [Nest]: a place monsters crawl out of.
type Lair struct {
	// Count is how many monsters crawl out in all.
	Count int `yaml:"count"`
	// Every is the mean seconds between two; each wait is drawn from the
	// world's random generator, between half and one and a half of it.
	Every float64 `yaml:"every"`
	// Kinds are the prefabs it may spawn, one picked at random each time.
	Kinds []string `yaml:"kinds"`

	// Spawned is how many have crawled out so far.
	Spawned int `yaml:"spawned"`
	// Wait is the seconds until the next one.
	Wait float64 `yaml:"wait"`
}

// Fix is the value of [Repair]: a kit that mends the tank.
type Fix struct {
	// HP is the hit points it gives back, up to the tank's MaxHP.
	HP int `yaml:"hp"`
}

// Health is the value of [Bar]: a health bar, a child of what it
// measures.
type Health struct {
	// Width is the bar's width when its parent is whole.
	Width float64 `yaml:"width"`
}

// Round is the value of [Shell]: a shell in flight.
type Round struct {
	// Damage is the hit points it takes off the monster it hits.
	Damage int `yaml:"damage"`
}

// The game's components; prefab YAML names them Tank, Turret, Monster,
// Nest, Repair, Bar and Shell, and a map's object properties Nest.count,
// Monster.speed and so on.
var (
	// Tank makes an entity the player's tank. It requires a
	// geom.WorldTransform, the hull's turn, which its children (the
	// turret) turn with.
	Tank = world.DefineComponent("Tank", world.Options[Driving]{Requires: []world.ComponentType{geom.WorldTransform}})
	// Turret makes an entity the tank's turret: a child of the tank that
	// aims on its own.
	Turret = world.DefineComponent[Aim]("Turret")
	// Monster makes an entity a monster that hunts the tank.
	Monster = world.DefineComponent[Beast]("Monster")
	// Nest makes an entity a lair monsters crawl out of.
	Nest = world.DefineComponent[Lair]("Nest")
	// Repair makes an entity a repair kit.
	Repair = world.DefineComponent[Fix]("Repair")
	// Bar makes an entity the health bar of its parent monster.
	Bar = world.DefineComponent[Health]("Bar")
	// Shell makes an entity a shell the tank fired.
	Shell = world.DefineComponent[Round]("Shell")
)
