package world_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// The chain of requirements these tests use: Sprite requires Transform,
// which requires Position and Scale (default 1,1).
var (
	joined   []string
	logAdded = func(name string) func(*world.World, world.Entity, *position) {
		return func(*world.World, world.Entity, *position) { joined = append(joined, name) }
	}
	rqPosition = world.DefineFields("RqPosition", world.Options[position]{Added: logAdded("RqPosition")})
	rqScale    = world.DefineFields("RqScale", world.Options[position]{Default: position{X: 1, Y: 1}, Added: logAdded("RqScale")})
	rqXform    = world.DefineFields("RqTransform", world.Options[position]{Requires: []world.ComponentType{rqPosition, rqScale}, Added: logAdded("RqTransform")})
	rqSprite   = world.DefineComponent("RqSprite", world.Options[string]{Requires: []world.ComponentType{rqXform, rqScale},
		Added: func(*world.World, world.Entity, *string) { joined = append(joined, "RqSprite") }})
)

func TestRequiredJoinInDependencyOrder(t *testing.T) {
	w := world.New()
	for _, tt := range []struct {
		name  string
		spawn func() world.Entity
		pos   position
	}{
		{"Add", func() world.Entity { e := w.Create(); rqSprite.Add(w, e, "s"); return e }, position{}},
		{"Spawn1", func() world.Entity { return world.Spawn1(w, rqSprite, "s") }, position{}},
		{"Spawn with the required one after", func() world.Entity {
			return w.Spawn(rqSprite.With("s"), rqPosition.With(position{X: 5}))
		}, position{X: 5}},
		{"Spawn2 with the required one after", func() world.Entity {
			return world.Spawn2(w, rqSprite, "s", rqPosition, position{X: 5})
		}, position{X: 5}},
		{"SpawnMany", func() world.Entity {
			ids := make([]world.Entity, 1)
			world.SpawnMany1(w, ids, rqSprite, "s")
			return ids[0]
		}, position{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			joined = nil
			e := tt.spawn()
			if want := []string{"RqPosition", "RqScale", "RqTransform", "RqSprite"}; !slices.Equal(joined, want) {
				t.Errorf("joined %q, want %q (each after what it requires)", joined, want)
			}
			if got := *rqScale.Require(w, e); got != (position{1, 1}) {
				t.Errorf("Scale = %v, want its default {1 1}", got)
			}
			if got := *rqPosition.Require(w, e); got != tt.pos {
				t.Errorf("Position = %v, want %v: an explicit value wins", got, tt.pos)
			}
		})
	}
}

func TestRequiredKeepsHeldValues(t *testing.T) {
	w := world.New()
	e := world.Spawn1(w, rqScale, position{X: 3})
	rqSprite.Add(w, e, "s")
	if got := *rqScale.Require(w, e); got != (position{X: 3}) {
		t.Errorf("Scale = %v, want the value it held", got)
	}
	// Removing a required component does not cascade, and replacing the
	// component that requires it does not bring it back.
	w.Remove(e, rqXform)
	rqSprite.Add(w, e, "t")
	if w.Has(e, rqXform) || !w.Has(e, rqSprite) || !w.Has(e, rqPosition) {
		t.Errorf("after removing Transform: has Transform %v, Sprite %v, Position %v; want false, true, true",
			w.Has(e, rqXform), w.Has(e, rqSprite), w.Has(e, rqPosition))
	}
}

// TestRequiredDuringWalk: a requirement that was to be removed at the end
// of the walk stays, with its value, when something requiring it joins.
func TestRequiredDuringWalk(t *testing.T) {
	w := world.New()
	e := world.Spawn2(w, rqPosition, position{X: 9}, tPos, position{})
	world.Each1(w, tPos, func(world.Entity, *position) {
		w.Remove(e, rqPosition)
		rqXform.Add(w, e, position{})
	})
	if p, ok := rqPosition.Get(w, e); !ok || *p != (position{X: 9}) {
		t.Errorf("Position after the walk = %v, %v; want {9 0}, kept", p, ok)
	}
}

func TestBadRequirements(t *testing.T) {
	var undefined world.Fields[position]
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"nil", func() { world.DefineTag("BadNil", world.Options[struct{}]{Requires: []world.ComponentType{nil}}) }},
		{"nil pointer", func() {
			var f *world.Fields[position]
			world.DefineTag("BadNilPtr", world.Options[struct{}]{Requires: []world.ComponentType{f}})
		}},
		{"undefined", func() {
			world.DefineTag("BadUndefined", world.Options[struct{}]{Requires: []world.ComponentType{&undefined}})
		}},
		{"reverse side", func() {
			world.DefineTag("BadReverse", world.Options[struct{}]{Requires: []world.ComponentType{world.Children}})
		}},
		{"two options", func() { world.DefineTag("BadTwo", world.Options[struct{}]{}, world.Options[struct{}]{}) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := mustPanicWith(t, tt.f); !errors.Is(err, world.ErrInvalidDefinition) {
				t.Errorf("panicked with %v, want ErrInvalidDefinition", err)
			}
		})
	}
}
