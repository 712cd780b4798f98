package systems_test

import (
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

type pos32 struct{ X, Y float32 }

var pos32C = world.DefineFields[pos32]("Pos32")

func TestMirrorPositions(t *testing.T) {
	col := mustCollision(t, systems.CollisionOptions{})
	w := newWorld(t, systems.MirrorPositions("mirror", pos32C), col.System())
	a := world.Spawn2(w, pos32C, pos32{10, 10}, systems.Position, systems.Vec2{})
	b := world.Spawn2(w, pos32C, pos32{100, 10}, systems.Position, systems.Vec2{})
	only32 := world.Spawn1(w, pos32C, pos32{1, 2})
	for _, e := range []world.Entity{a, b} {
		systems.Collider.Add(w, e, systems.Circle(5))
	}
	step(t, w, 1)
	if p := *systems.Position.Require(w, b); p != (systems.Vec2{X: 100, Y: 10}) {
		t.Errorf("mirrored position %v, want {100 10}", p)
	}
	if w.Has(only32, systems.Position) {
		t.Errorf("an entity without Position got one")
	}
	pos32C.Require(w, b).X = 15.5
	step(t, w, 1)
	if cs := col.Contacts(); len(cs) != 1 || cs[0].Kind != systems.ContactEnter {
		t.Errorf("contacts after moving b's float32 position next to a: %v", cs)
	}
}
