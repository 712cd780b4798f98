package game

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Collider tags, one bit per kind of thing. Prefab YAML writes them by
// name (Collider: {tags: solid}); the bits never reach the data.
var (
	// TagSolid ("solid") marks walls and furniture: solids the player
	// cannot walk through.
	TagSolid = systems.NewTag("solid")
	// TagPlayer ("player") marks the player.
	TagPlayer = systems.NewTag("player")
	// TagDoor ("door") marks a door's trigger.
	TagDoor = systems.NewTag("door")
)

// Draw layers, low to high, named so that prefab YAML writes them by name
// (Sprite: {order: {layer: items}}), and a map's layers by their property
// "layer".
var (
	// LayerFloor ("floor") is the floor's tiles.
	LayerFloor = drawable.NameLayer("floor", 0)
	// LayerDecor ("decor") is what lies on the floor: rugs, and doors.
	LayerDecor = drawable.NameLayer("decor", 1)
	// LayerSolids ("solids") is walls and furniture.
	LayerSolids = drawable.NameLayer("solids", 2)
	// LayerItems ("items") is the coins and gems.
	LayerItems = drawable.NameLayer("items", 3)
	// LayerPlayer ("player") is the player, over everything.
	LayerPlayer = drawable.NameLayer("player", 4)
)

// Walking is the value of [Walker]: how the player walks.
type Walking struct {
	// Speed is the walking speed in world units a second.
	Speed float64 `yaml:"speed"`
}

// Pickup is the value of [Item]: a thing the player picks up by touching
// it.
type Pickup struct {
	// Name is what the item is ("coin", "gem"), for messages and tests.
	Name string `yaml:"name"`
	// Radius is how close, in world units, the player's collider must come
	// to the item's position to pick it up.
	Radius float64 `yaml:"radius"`
	// ID names this item in its room's layout, so an item picked up stays
	// gone when the player comes back. The room sets it when it spawns the
	// item.
	ID string `yaml:"-"`
}

// Doorway is the value of [Door]: where a door leads. Each door object of
// a room's map says it, in its properties Door.to and Door.arrive.
type Doorway struct {
	// Name is the door's name in its room, such as "east": its object's
	// name in the map. The room sets it.
	Name string `yaml:"-"`
	// To is the room the door leads to.
	To string `yaml:"to"`
	// Arrive is the name of the door in room To where the player appears.
	Arrive string `yaml:"arrive"`
	// Offset is where the player appears relative to this door when
	// arriving through it: inside the room, clear of the door's trigger.
	Offset geom.Vec2 `yaml:"offset"`
}

// The game's components; prefab YAML names them Walker, Item and Door,
// and a map's object properties Walker.speed, Item.radius, Door.to.
var (
	// Walker makes an entity the player: it walks by the move axis.
	Walker = world.DefineComponent[Walking]("Walker")
	// Item makes an entity an item the player picks up by touching it.
	Item = world.DefineComponent[Pickup]("Item")
	// Door makes an entity a door to another room; it also needs a trigger
	// Collider tagged TagDoor.
	Door = world.DefineComponent[Doorway]("Door")
)
