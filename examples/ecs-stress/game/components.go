package game

import (
	"image/color"

	"github.com/tessera-engine/tessera/world"
)

// Kind is the value of Body: which kind of body an entity is.
type Kind struct {
	Name string
}

// Disc is the value of Radius.
type Disc struct {
	R float64 // radius in world units (pixels)
}

// Settings is the value of Field: the tuning of the field and its bodies,
// which designers set in prefabs/field.yaml.
type Settings struct {
	// Width and Height are the field's size, in world units; bodies bounce
	// off its edges.
	Width  float64 `yaml:"width"`
	Height float64 `yaml:"height"`
	// Bodies is how many bodies the field starts with, unless the bodies
	// key says otherwise.
	Bodies int `yaml:"bodies"`
	// Batch is how many bodies one press of "add" adds or "remove"
	// removes.
	Batch int `yaml:"batch"`
	// MinSpeed and MaxSpeed bound a new body's speed, in units a second;
	// its direction is uniform.
	MinSpeed float64 `yaml:"min_speed"`
	MaxSpeed float64 `yaml:"max_speed"`
	// Kinds are the prefabs new bodies are spawned from, each as likely.
	Kinds []string `yaml:"kinds"`
	// Background is the colour behind the bodies: the camera's.
	Background color.NRGBA `yaml:"background"`
	// Hit tints a body's sprite for the step it meets another, when
	// collision is on.
	Hit color.NRGBA `yaml:"hit"`
}

// The game's components. Positions and velocities are geom.Position and
// geom.Velocity, which the engine draws the sprites at and systems
// collides; a body's picture is a drawable.Sprite its prefab names.
var (
	// Body is an object component every body has: its kind. Naming it in
	// a walk takes the walk off the slot view (see the each-object walk).
	Body = world.DefineComponent[Kind]("Body")
	// Radius is a body's size: with collision, its collider's radius.
	Radius = world.DefineFields[Disc]("Radius")
	// Field holds the field's settings, on the one entity spawned from the
	// "field" prefab.
	Field = world.DefineComponent[Settings]("Field")
)
