package systems_test

import (
	"errors"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

func stepTransforms(t *testing.T, w *world.World) {
	t.Helper()
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		t.Fatal(err)
	}
}

func nearVec(a, b systems.Vec2) bool { return math.Abs(a.X-b.X) < 1e-9 && math.Abs(a.Y-b.Y) < 1e-9 }

// TestTransformsPlaceChildrenParentFirst: a three-level hierarchy made
// leaves first (so slot order is child before parent) is placed right in
// one step, with offsets scaled and rotated by each ancestor.
func TestTransformsPlaceChildrenParentFirst(t *testing.T) {
	w := world.New()
	mustOK(t, w.AddSystem(systems.Transforms()))
	leaf := w.Create()
	mid := w.Create()
	root := world.Spawn2(w, systems.Position, systems.Vec2{X: 100, Y: 50},
		geom.WorldTransform, geom.Pose{Rotation: math.Pi / 2, Scale: systems.Vec2{X: 2, Y: 2}})
	systems.LocalTransform.Add(w, mid, systems.Transform{Offset: systems.Vec2{X: 10}})
	systems.LocalTransform.Add(w, leaf, systems.Transform{Offset: systems.Vec2{X: 0, Y: 5}, Rotation: math.Pi / 2, Scale: systems.Vec2{X: 0.5}})
	mustOK(t, world.ChildOf.Set(w, mid, root))
	mustOK(t, world.ChildOf.Set(w, leaf, mid))
	stepTransforms(t, w)

	// mid: 10 along x, scaled by 2 and turned a quarter: 20 down.
	if got := *systems.Position.Require(w, mid); !nearVec(got, systems.Vec2{X: 100, Y: 70}) {
		t.Errorf("mid at %v, want {100 70}", got)
	}
	// mid's pose: a quarter turn, scale 2; leaf: 5 along y, scaled 2 and
	// turned a quarter: 10 to the left.
	if got := *systems.Position.Require(w, leaf); !nearVec(got, systems.Vec2{X: 90, Y: 70}) {
		t.Errorf("leaf at %v, want {90 70}", got)
	}
	if got := *geom.WorldTransform.Require(w, leaf); math.Abs(got.Rotation-math.Pi) > 1e-9 || got.Scale != (systems.Vec2{X: 1, Y: 2}) {
		t.Errorf("leaf pose %v, want a half turn and scale {1 2}", got)
	}

	// The parent moves: the children follow in the next step.
	systems.Position.Require(w, root).X += 1
	stepTransforms(t, w)
	if got := *systems.Position.Require(w, leaf); !nearVec(got, systems.Vec2{X: 91, Y: 70}) {
		t.Errorf("after the root moved, leaf at %v, want {91 70}", got)
	}
	// Reparented to the root itself.
	mustOK(t, world.ChildOf.Set(w, leaf, root))
	stepTransforms(t, w)
	if got := *systems.Position.Require(w, leaf); !nearVec(got, systems.Vec2{X: 91, Y: 50}) {
		t.Errorf("reparented leaf at %v, want {91 50}", got)
	}
}

// TestTransformsLeaveWhatTheyDoNotPlace: an entity with LocalTransform but
// no parent, and a child without one, keep their positions; children of
// the latter are placed from it.
func TestTransformsLeaveWhatTheyDoNotPlace(t *testing.T) {
	w := world.New()
	mustOK(t, w.AddSystem(systems.Transforms()))
	orphan := world.Spawn1(w, systems.LocalTransform, systems.Transform{Offset: systems.Vec2{X: 3}})
	systems.Position.Add(w, orphan, systems.Vec2{X: 7})
	root := world.Spawn1(w, systems.Position, systems.Vec2{X: 1})
	free := w.Spawn(systems.Position.With(systems.Vec2{X: 40, Y: 40}), world.ChildOf.With(root))
	kid := w.Spawn(systems.LocalTransform.With(systems.Transform{Offset: systems.Vec2{Y: 1}}), world.ChildOf.With(free))
	stepTransforms(t, w)
	if got := *systems.Position.Require(w, orphan); got != (systems.Vec2{X: 7}) {
		t.Errorf("orphan at %v, want where it was", got)
	}
	if got := *systems.Position.Require(w, free); got != (systems.Vec2{X: 40, Y: 40}) {
		t.Errorf("child without a LocalTransform at %v, want where it was", got)
	}
	if got := *systems.Position.Require(w, kid); got != (systems.Vec2{X: 40, Y: 41}) {
		t.Errorf("its child at %v, want {40 41}", got)
	}
	// LocalTransform requires Position and WorldTransform.
	if !w.Has(kid, geom.WorldTransform) {
		t.Errorf("LocalTransform did not bring WorldTransform")
	}
}

func TestTransformsDeepChainAndTrackers(t *testing.T) {
	w := world.New()
	mustOK(t, w.AddSystem(systems.Transforms()))
	root := world.Spawn1(w, systems.Position, systems.Vec2{})
	e := root
	for range 10000 {
		e = w.Spawn(systems.LocalTransform.With(systems.Transform{Offset: systems.Vec2{X: 1}}), world.ChildOf.With(e))
	}
	moved := w.Track(systems.Position)
	for range moved.Changed() {
	}
	stepTransforms(t, w)
	if got := *systems.Position.Require(w, e); got != (systems.Vec2{X: 10000}) {
		t.Errorf("the last of a 10000-deep chain at %v, want {10000 0}", got)
	}
	n := 0
	for range moved.Changed() {
		n++
	}
	if n != 10000 {
		t.Errorf("trackers saw %d positions change, want 10000", n)
	}
	if a := testing.AllocsPerRun(5, func() { w.Run(world.Context{Phase: world.Fixed}, nil) }); a != 0 {
		t.Errorf("a step allocates %v times, want 0", a)
	}
}

func TestTransformsRefuseNaN(t *testing.T) {
	w := world.New()
	mustOK(t, w.AddSystem(systems.Transforms()))
	root := world.Spawn1(w, systems.Position, systems.Vec2{X: math.NaN()})
	w.Spawn(systems.LocalTransform.With(systems.Transform{}), world.ChildOf.With(root))
	err := w.Run(world.Context{Phase: world.Fixed}, nil)
	if !errors.Is(err, world.ErrNaN) {
		t.Errorf("Run = %v, want the NaN refused", err)
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
