package world_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/tessera-engine/tessera/world"
)

// TestHashIgnoresHistory: two worlds in the same state hash the same,
// although they got there in different orders and their object
// components' packed orders, which walks follow, differ.
func TestHashIgnoresHistory(t *testing.T) {
	build := func(order []int) *world.World {
		w := world.New()
		ids := make([]world.Entity, 4)
		for i := range ids {
			ids[i] = world.Spawn1(w, snapPos, position{X: float32(i)})
		}
		for _, i := range order {
			snapHP.Add(w, ids[i], health{HP: i})
			snapLabel.Add(w, ids[i], fmt.Sprint("n", i))
		}
		return w
	}
	a, b := build([]int{0, 1, 2, 3}), build([]int{3, 1, 0, 2})
	walk := func(w *world.World) (out []world.Entity) {
		world.Each1(w, snapHP, func(e world.Entity, _ *health) { out = append(out, e) })
		return out
	}
	if slices.Equal(walk(a), walk(b)) {
		t.Fatalf("the walks go in the same order %v: the test shows nothing", walk(a))
	}
	if a.Hash() != b.Hash() {
		t.Errorf("Hash = %x and %x for the same state, want the same", a.Hash(), b.Hash())
	}
	if d := a.Diff(b); d != nil {
		t.Errorf("Diff = %v, want none", d)
	}
}

// TestHashSeesEveryPart: a change of any part of the state changes the
// hash, and Diff names what changed.
func TestHashSeesEveryPart(t *testing.T) {
	var e0, e1, e2 world.Entity
	tests := []struct {
		name   string
		change func(w *world.World)
		want   string
	}{
		{"a field value", func(w *world.World) { snapPos.Require(w, e1).Y = 3 }, "[1v1 SnapPos: values differ]"},
		{"a field component's member", func(w *world.World) { w.Remove(e0, snapVel) }, "[0v1 SnapVel: only in the other world]"},
		{"an object value", func(w *world.World) { snapHP.Require(w, e0).Max = 9 }, "[0v1 SnapHP: values differ]"},
		{"a string", func(w *world.World) { *snapLabel.Require(w, e2) = "b" }, "[2v1 SnapLabel: values differ]"},
		{"a value through a Hash function", func(w *world.World) { snapInv.Require(w, e1).Items[0] = 7 }, "[1v1 SnapInventory: values differ]"},
		{"a tag", func(w *world.World) { snapFrozen.Add(w, e2) }, "[2v1 SnapFrozen: only in this world]"},
		{"a parent", func(w *world.World) { world.ChildOf.Set(w, e2, e0) }, "[0v1 Children: only in this world 1v1 Children: only in the other world 2v1 ChildOf: values differ]"},
		{"the order of targets", func(w *world.World) {
			snapLikes.Unset(w, e0, e1)
			snapLikes.Set(w, e0, e1)
		}, "[0v1 SnapLikes: values differ]"},
		{"an entity", func(w *world.World) { w.Destroy(e2) }, // and its links
			"[ids: slots or free slots differ 0v1 SnapLikes: values differ 1v1 Children: only in the other world 2v1: alive only in the other world]"},
		{"the free slots", func(w *world.World) {
			w.Destroy(w.Create())
		}, "[ids: slots or free slots differ]"},
		{"a draw", func(w *world.World) { w.Rand().Uint32() }, "[rand: states differ]"},
		{"the seed", func(w *world.World) { w.Seed(2) }, "[rand: states differ]"},
		{"a resource", func(w *world.World) {
			s, _ := snapScoreR.Lookup(w)
			s.Points++
		}, "[resource SnapScore: values differ]"},
	}
	base := func() *world.World {
		w := world.New()
		e0 = world.Spawn3(w, snapPos, position{X: 1}, snapVel, velocity{}, snapHP, health{HP: 1})
		e1 = world.Spawn2(w, snapPos, position{X: 2}, snapInv, snapInventory{Items: []int{1}})
		e2 = w.Spawn(snapLabel.With("a"), world.ChildOf.With(e1))
		snapLikes.Set(w, e0, e1)
		snapLikes.Set(w, e0, e2)
		snapScoreR.Set(w, &snapScore{Points: 1})
		snapInputR.Set(w, &snapScore{Points: 1})
		return w
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ref := base(), base()
			if w.Hash() != ref.Hash() {
				t.Fatalf("two worlds built alike hash differently")
			}
			tt.change(w)
			if w.Hash() == ref.Hash() {
				t.Errorf("Hash unchanged by %s", tt.name)
			}
			if got := fmt.Sprint(w.Diff(ref)); got != tt.want {
				t.Errorf("Diff = %s, want %s", got, tt.want)
			}
		})
	}
	t.Run("a resource without Copy or Hash", func(t *testing.T) {
		w, ref := base(), base()
		in, _ := snapInputR.Lookup(w)
		in.Points = 100
		if w.Hash() != ref.Hash() || w.Diff(ref) != nil {
			t.Errorf("a change of SnapInput, which is not state, changed the hash")
		}
	})
}

// TestHashLeavesOutWhatIsNotState: column entries of slots that do not
// hold the component, padding between fields and a bitmap's length are
// not state, and change nothing.
func TestHashLeavesOutWhatIsNotState(t *testing.T) {
	type padded struct {
		T     float64
		Flags [2]uint8 // six bytes of padding follow
	}
	heat := world.DefineFields[padded]("SnapHeat")
	build := func() (*world.World, world.Entity) {
		w := world.New()
		a := world.Spawn2(w, heat, padded{T: 1}, snapPos, position{})
		b := world.Spawn2(w, heat, padded{T: 2}, snapPos, position{X: 5})
		w.Remove(b, snapPos)
		return w, a
	}
	w, a := build()
	ref, _ := build()
	snapPos.Column(w)[1] = position{X: 99} // a leftover: slot 1 no longer holds it
	p := unsafe.Pointer(heat.Require(w, a))
	*(*uint8)(unsafe.Add(p, 12)) = 0xAB // padding
	for range 200 {                     // the bitmaps grow, then shrink back
		snapFrozen.Add(w, w.Create())
	}
	for _, e := range w.Entities()[2:] {
		w.Destroy(e)
	}
	for range 200 { // the same slots and free list, without the tag
		ref.Create()
	}
	for _, e := range ref.Entities()[2:] {
		ref.Destroy(e)
	}
	if w.Hash() != ref.Hash() {
		t.Errorf("Hash differs: %v", w.Diff(ref))
	}
}

// TestDigestValues: an object component whose type holds references and
// gives no Hash is hashed by its members only, and says so.
func TestDigestValues(t *testing.T) {
	bag := world.DefineComponent[[]int]("SnapBag")
	w := world.New()
	e := world.Spawn2(w, bag, []int{1}, snapInv, snapInventory{Items: []int{1}})
	snapScoreR.Set(w, &snapScore{})
	before := w.Hash()
	(*bag.Require(w, e))[0] = 2
	if w.Hash() != before {
		t.Errorf("a change inside a []int component without Hash changed the hash")
	}
	var got []string
	for _, d := range w.Digests(nil) {
		got = append(got, fmt.Sprintf("%v %q %d %v", d.Kind, d.Name, d.Count, d.Values))
	}
	want := []string{
		`ids "" 1 true`, `rand "" 0 true`, `component "SnapInventory" 1 true`, `component "SnapBag" 1 false`,
		`resource "SnapScore" 1 true`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Digests =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d := w.Digests(nil)[3].String(); !strings.HasPrefix(d, "component SnapBag (1): ") || !strings.HasSuffix(d, " (members only)") {
		t.Errorf("Digest.String() = %q", d)
	}
}

// TestHashKnownWorld pins the world hash of a small world, as
// TestHasherKnownAnswers pins the hash function: recorded replays rely on
// it not changing.
func TestHashKnownWorld(t *testing.T) {
	w := world.New()
	w.Seed(7)
	a := world.Spawn3(w, snapPos, position{X: 1, Y: 2}, snapVel, velocity{X: 3}, snapHP, health{HP: 4, Max: 5})
	b := w.Spawn(snapLabel.With("b"), snapFrozen.Part())
	world.ChildOf.Set(w, b, a)
	w.Destroy(w.Create())
	w.Rand().Uint64()
	if got, want := w.Hash(), uint64(0x45df9afd48ec2e0a); got != want {
		t.Errorf("Hash = %#x, want %#x", got, want)
	}
}
