package world_test

import (
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// Components shared by the unit tests.
type position struct{ X, Y float32 }
type velocity struct{ X, Y float32 }
type health struct{ HP, Max int }

var (
	tPos    = world.DefineFields[position]("Position")
	tVel    = world.DefineFields[velocity]("Velocity")
	tHealth = world.DefineComponent[health]("Health")
	tName   = world.DefineComponent[string]("Name")
	tPlayer = world.DefineTag("Player")
)

// mustPanicWith runs f and returns the error it panicked with, failing the
// test if it did not panic or panicked with something that is not an error.
func mustPanicWith(t *testing.T, f func()) (err error) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatalf("no panic")
		}
		var ok bool
		if err, ok = r.(error); !ok {
			t.Fatalf("panic value %T(%v) is not an error", r, r)
		}
	}()
	f()
	return nil
}

func sortedEntities(es []world.Entity) []world.Entity {
	es = slices.Clone(es)
	slices.Sort(es)
	return es
}
