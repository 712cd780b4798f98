package world_test

import (
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func TestResources(t *testing.T) {
	type input struct{ Jump bool }
	a := world.DefineResource[input]("Input")
	b := world.DefineResource[input]("Input") // a second resource, same name
	w1, w2 := world.New(), world.New()
	if _, ok := a.Lookup(w1); ok {
		t.Fatalf("Lookup on a world that never set it found a value")
	}
	v := &input{Jump: true}
	a.Set(w1, v)
	if got, ok := a.Lookup(w1); !ok || got != v {
		t.Errorf("Lookup = %v, %v, want the value set", got, ok)
	}
	if _, ok := b.Lookup(w1); ok {
		t.Errorf("a second resource with the same name shares the value")
	}
	if _, ok := a.Lookup(w2); ok {
		t.Errorf("another world sees the value")
	}
	a.Set(w1, nil)
	if _, ok := a.Lookup(w1); ok {
		t.Errorf("Set(nil) did not remove the value")
	}
	a.Set(w1, v)
	if n := testing.AllocsPerRun(100, func() { a.Lookup(w1) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
	w1.Clear()
	if _, ok := a.Lookup(w1); ok {
		t.Errorf("Clear kept the resource")
	}
}
