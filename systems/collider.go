package systems

import (
	"fmt"
	"strings"

	"github.com/tessera-engine/tessera/world"
)

// Collider gives an entity a shape the collision system ([Collision])
// keeps in its space, placed at the entity's [Position] plus the
// collider's Offset. An entity needs both to collide.
var Collider = world.DefineComponent[Shape]("Collider")

// Mover marks a solid collider that the collision system moves against
// the other solids: it slides along walls and stands on floors instead of
// passing through them, and its flags say what it touched in the last
// step. See [Collision] for how.
var Mover = world.DefineComponent[Movement]("Mover")

// ShapeKind says which shape a collider has.
type ShapeKind uint8

const (
	// ShapeBox (the zero value) is an axis-aligned rectangle, Size wide
	// and high, centred on the collider's position.
	ShapeBox ShapeKind = iota
	// ShapeCircle is a circle of Radius around the collider's position.
	ShapeCircle
	// ShapePolygon is a convex polygon whose Points are relative to the
	// collider's position. For a rotated rectangle, give its corners.
	ShapePolygon
)

// String returns "box", "circle" or "polygon".
func (k ShapeKind) String() string {
	switch k {
	case ShapeBox:
		return "box"
	case ShapeCircle:
		return "circle"
	case ShapePolygon:
		return "polygon"
	}
	return fmt.Sprintf("ShapeKind(%d)", uint8(k))
}

// shapeKinds are the kinds by name, in order.
var shapeKinds = []string{"box", "circle", "polygon"}

// MarshalText returns the kind's name, as prefab data writes it: "box",
// "circle" or "polygon". It fails for a kind that has none.
func (k ShapeKind) MarshalText() ([]byte, error) {
	return nameOf(int(k), shapeKinds, "shape kind")
}

// UnmarshalText sets the kind from its name, so prefab data says
// kind: circle. An unknown name is an error listing the names, and
// leaves k as it was.
func (k *ShapeKind) UnmarshalText(b []byte) error {
	i, err := lookupName(string(b), shapeKinds, "shape kind")
	if err == nil {
		*k = ShapeKind(i)
	}
	return err
}

// nameOf returns names[i] as text, or an error for a value with no name.
func nameOf(i int, names []string, what string) ([]byte, error) {
	if i < 0 || i >= len(names) || names[i] == "" {
		return nil, fmt.Errorf("systems: no %s %d", what, i)
	}
	return []byte(names[i]), nil
}

// lookupName returns the index of name in names, or an error saying what
// the names are.
func lookupName(name string, names []string, what string) (int, error) {
	for i, n := range names {
		if n == name && n != "" {
			return i, nil
		}
	}
	var want []string
	for _, n := range names {
		if n != "" {
			want = append(want, n)
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %s)", what, name, strings.Join(want, ", "))
}

// Shape is the value of [Collider]: a box, a circle or a convex polygon,
// where it sits relative to the entity, what it is (Tags), what it meets
// (Mask), and whether it blocks movers (solid) or only reports contacts
// (Trigger). [Box], [Circle] and [Polygon] build the common cases.
//
// The collision system reads Offset, Tags, Mask and Trigger every step.
// It rebuilds the shape when Kind, Size, Radius or the Points slice
// (its length or first element's address) changes, so to reshape a
// polygon assign a new Points slice rather than editing it in place.
type Shape struct {
	Kind   ShapeKind
	Size   Vec2    // ShapeBox: width and height, both positive
	Radius float64 // ShapeCircle: positive
	// Points are a ShapePolygon's vertices, at least three, in order
	// around it (either way round), relative to the collider's position.
	// The polygon must be convex.
	Points []Vec2
	// Offset moves the shape's centre away from the entity's Position:
	// a sprite drawn from its top-left corner at Position has a box
	// collider with Offset half its size.
	Offset Vec2
	// Tags say what the collider is: one bit per kind of thing, named
	// with NewTag (var Wall = systems.NewTag("wall")) so that prefab data
	// writes them by name (tags: wall).
	Tags Tags
	// Mask says which tags this collider meets: two colliders meet when
	// each one's Mask has a bit of the other's Tags, and a Mask of 0
	// meets everything. Colliders that do not meet never touch: no
	// contact, no blocking.
	Mask Tags
	// Trigger makes the collider report contacts without ever blocking a
	// mover. The zero value, false, is a solid.
	Trigger bool
}

// Box returns a solid box collider w wide and h high, centred on the
// entity's position.
func Box(w, h float64) Shape { return Shape{Kind: ShapeBox, Size: Vec2{X: w, Y: h}} }

// Circle returns a solid circle collider of radius r around the entity's
// position.
func Circle(r float64) Shape { return Shape{Kind: ShapeCircle, Radius: r} }

// Polygon returns a solid convex polygon collider with the given vertices,
// relative to the entity's position.
func Polygon(points ...Vec2) Shape { return Shape{Kind: ShapePolygon, Points: points} }

// Movement is the value of [Mover]. Up is set by the game; the collision
// system sets the rest every step, from the solids the mover touched.
type Movement struct {
	// Up is the direction a floor pushes a mover standing on it. The zero
	// value means up the screen, (0, -1); a top-down game can ignore it.
	Up Vec2
	// OnFloor, OnWall and OnCeiling report the solids the mover touched
	// in the last step, by the direction they pushed it: within 45° of Up
	// is a floor, within 45° of down a ceiling, anything else a wall.
	OnFloor, OnWall, OnCeiling bool
	// Floor is the solid the mover stands on (the one pushing it most
	// nearly along Up), or zero when OnFloor is false.
	Floor world.Entity
}

// ColliderError reports a collider the collision system cannot use, such
// as a polygon that is not convex. The collider is ignored until it
// changes; the error is reported once, by the step that found it.
type ColliderError struct {
	Entity world.Entity
	Reason string
}

// Error returns a message such as
// "systems: collider of entity 3v1: polygon is not convex".
func (e *ColliderError) Error() string {
	return fmt.Sprintf("systems: collider of entity %v: %s", e.Entity, e.Reason)
}

// Unwrap returns [ErrBadCollider].
func (e *ColliderError) Unwrap() error { return ErrBadCollider }
