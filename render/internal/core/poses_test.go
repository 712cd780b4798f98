package core

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// posedWorld returns a world with one entity holding pose p, and it.
func posedWorld(p geom.Pose) (*world.World, world.Entity) {
	w := world.New()
	return w, world.Spawn1(w, geom.WorldTransform, p)
}

// sameTurn reports whether turns a and b draw alike: equal but for whole
// circles and rounding.
func sameTurn(a, b float64) bool { return math.Abs(math.Remainder(a-b, 2*math.Pi)) < 1e-12 }

func TestPosesAt(t *testing.T) {
	start := geom.Pose{Rotation: 3, Scale: geom.Vec2{X: 2}} // Y: 0 means 1
	w, e := posedWorld(start)
	var h Poses
	h.Snapshot(w)
	s, g := e.Slot(), e.Generation()
	turned := geom.Pose{Rotation: -3, Scale: geom.Vec2{X: 4, Y: -1}}
	// From 3 to -3 the short way is up through π: 2π - 6 ≈ 0.283.
	short := 2*math.Pi - 6
	spun := geom.Pose{Rotation: 3 + 4*math.Pi + 0.2, Scale: start.Scale} // two whole turns and 0.2
	back := geom.Pose{Rotation: 2.5, Scale: start.Scale}                 // within half a turn
	tests := []struct {
		name  string
		slot  int
		gen   uint32
		cur   geom.Pose
		alpha float64
		rot   float64
		scale geom.Vec2
		still bool // also: rot and scale are cur's, bit for bit
	}{
		{"alpha 0 draws the step's start", s, g, turned, 0, 3, geom.Vec2{X: 2, Y: 1}, false},
		{"alpha 1 draws the pose now", s, g, turned, 1, -3, geom.Vec2{X: 4, Y: -1}, false},
		{"half way: the short way round, scales between", s, g, turned, 0.5, 3 + short/2, geom.Vec2{X: 3, Y: 0}, false},
		{"whole turns more are not drawn", s, g, spun, 0.5, 3.1, geom.Vec2{X: 2, Y: 1}, false},
		{"a small turn back", s, g, back, 0.25, 2.875, geom.Vec2{X: 2, Y: 1}, false},
		{"an unchanged pose is drawn as it is", s, g, start, 0.5, 3, geom.Vec2{X: 2, Y: 1}, true},
		{"a slot's next owner is drawn with its own pose", s, g + 1, turned, 0.5, -3, geom.Vec2{X: 4, Y: -1}, true},
		{"a slot never recorded", s + 1, g, turned, 0.5, -3, geom.Vec2{X: 4, Y: -1}, true},
		{"a slot beyond any recorded", 5000, 1, turned, 0.5, -3, geom.Vec2{X: 4, Y: -1}, true},
	}
	for _, tt := range tests {
		rot, scale, still := h.At(tt.slot, tt.gen, &tt.cur, tt.alpha)
		bad := still != tt.still || !sameTurn(rot, tt.rot) ||
			math.Abs(scale.X-tt.scale.X) > 1e-12 || math.Abs(scale.Y-tt.scale.Y) > 1e-12
		if tt.still || tt.alpha == 1 {
			bad = bad || rot != tt.cur.Rotation || scale != tt.cur.UnitScale()
		}
		if bad {
			t.Errorf("%s: At(%d, %d, %v, %v) = %v, %v, %v; want %v, %v, %v",
				tt.name, tt.slot, tt.gen, tt.cur, tt.alpha, rot, scale, still, tt.rot, tt.scale, tt.still)
		}
	}

	turnAt := func(cur geom.Pose, alpha float64) float64 {
		rot, _, _ := h.At(s, g, &cur, alpha)
		return rot
	}
	h.Teleport(s, g+1) // another generation's teleport does not count
	if rot := turnAt(turned, 0); !sameTurn(rot, 3) {
		t.Errorf("after another generation's Teleport: At(alpha 0) turns by %v, want the start's 3", rot)
	}
	h.Teleport(s, g)
	if rot, scale, still := h.At(s, g, &turned, 0); rot != -3 || scale != turned.Scale || !still {
		t.Errorf("after Teleport: At(alpha 0) = %v, %v, %v; want the pose now, still", rot, scale, still)
	}
	h.Snapshot(w) // the next step interpolates again
	*geom.WorldTransform.Require(w, e) = turned
	if rot := turnAt(turned, 0); !sameTurn(rot, 3) {
		t.Errorf("a step after Teleport: At(alpha 0) turns by %v, want the start's 3", rot)
	}
	h.NextStep()
	if rot := turnAt(turned, 0); rot != -3 {
		t.Errorf("after NextStep: At(alpha 0) turns by %v, want the pose now, -3", rot)
	}
	h.Snapshot(w)
	h.Reset()
	if rot := turnAt(start, 0); rot != 3 {
		t.Errorf("after Reset: At(alpha 0) turns by %v, want the pose now, 3", rot)
	}
}

// TestPosesTeleportAll: each of the entities listed is drawn with its
// pose now; the others still turn from where they were.
func TestPosesTeleportAll(t *testing.T) {
	w := world.New()
	var es []world.Entity
	for range 4 {
		es = append(es, world.Spawn1(w, geom.WorldTransform, geom.Pose{}))
	}
	var h Poses
	h.TeleportAll(es) // nothing recorded yet: nothing to do
	h.Snapshot(w)
	h.TeleportAll(es[1:3])
	now := geom.Pose{Rotation: 1}
	for i, e := range es {
		rot, _, _ := h.At(e.Slot(), e.Generation(), &now, 0)
		if want := map[bool]float64{true: 1, false: 0}[i == 1 || i == 2]; rot != want {
			t.Errorf("entity %d: turned by %v at alpha 0, want %v", i, rot, want)
		}
	}
}

// TestPosesWrap: when the step ids wrap around, a stamp of 2^32 steps ago
// does not pass for the current step's.
func TestPosesWrap(t *testing.T) {
	w, e := posedWorld(geom.Pose{Rotation: 1})
	var h Poses
	h.Snapshot(w) // the first id, which the wrap hands out again
	h.SkipIDs(0)  // as if every id since had been handed out
	h.NextStep()  // wraps
	if rot, _, _ := h.At(e.Slot(), e.Generation(), &geom.Pose{Rotation: 2}, 0); rot != 2 {
		t.Errorf("after the wrap, At turns by %v, want the pose now, 2", rot)
	}
}

func TestPosesAllocs(t *testing.T) {
	w := world.New()
	for i := range 1000 {
		world.Spawn1(w, geom.WorldTransform, geom.Pose{Rotation: float64(i)})
	}
	var h Poses
	h.Snapshot(w)
	if n := testing.AllocsPerRun(100, func() {
		h.Snapshot(w)
		for i := range 1000 {
			_, _, _ = h.At(i, 1, &geom.Pose{Rotation: 1}, 0.3)
		}
	}); n != 0 {
		t.Errorf("a step's snapshot and a frame's reads: %v allocations, want 0", n)
	}
}

// BenchmarkPosesSnapshot_10k is the record of 10,000 world poses by a
// step with no draw before it (the walk), every entity of the world
// holding one: ns/entity is what a posed actor adds to such a step for
// its pose to be interpolated. (After a draw the step swaps in the
// draw's notes, in O(1).)
func BenchmarkPosesSnapshot_10k(b *testing.B) {
	w := world.New()
	for i := range 10_000 {
		world.Spawn2(w, geom.Position, geom.Vec2{}, geom.WorldTransform, geom.Pose{Rotation: float64(i)})
	}
	var h Poses
	h.Snapshot(w)
	for b.Loop() {
		h.Snapshot(w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10_000, "ns/entity")
}

// TestPosesStartWhereTheDrawWas: after a draw, a step starts from the
// poses the draw noted, not from what the world holds when the step
// begins (the same thing unless something changed the world between
// them, as a handler of the frame's start may), as positions do; with no
// draw since the last step, from the world's.
func TestPosesStartWhereTheDrawWas(t *testing.T) {
	drawn, meanwhile, now := geom.Pose{Rotation: 0.5}, geom.Pose{Rotation: 1}, geom.Pose{Rotation: 2}
	w, e := posedWorld(drawn)
	s, g := e.Slot(), e.Generation()
	var h Poses
	h.Snapshot(w)
	h.BeginDraw(s+1, w.StructureEpoch())
	h.Note(s, g, &drawn)
	*geom.WorldTransform.Require(w, e) = meanwhile
	h.Snapshot(w) // swaps in the draw's notes
	if rot, _, _ := h.At(s, g, &now, 0); !sameTurn(rot, 0.5) {
		t.Errorf("after a draw, the step starts turned by %v, want the drawn 0.5", rot)
	}
	h.Snapshot(w) // no draw since: the world's poses
	if rot, _, _ := h.At(s, g, &now, 0); !sameTurn(rot, 1) {
		t.Errorf("with no draw since the last step, the step starts turned by %v, want the world's 1", rot)
	}
	h.BeginDraw(s+1, w.StructureEpoch()) // a draw that notes nothing: the entity was not drawn
	h.Snapshot(w)
	if rot, _, still := h.At(s, g, &now, 0); rot != 2 || !still {
		t.Errorf("after a draw that did not note it, At = %v, %v; want the pose now, still", rot, still)
	}
}

// TestPosesKeepNotesWhileTheStructureHolds: a draw's buffer keeps its id,
// and so the notes of the draw before last, while the world's structure
// epoch is the one they were noted under, so that a draw may leave out a
// note that is still right (a kept block's); once the structure changed,
// the buffer gets a new id and those notes are no step's start.
func TestPosesKeepNotesWhileTheStructureHolds(t *testing.T) {
	for _, changed := range []bool{false, true} {
		noted, later, now := geom.Pose{Rotation: 0.5}, geom.Pose{Rotation: 1}, geom.Pose{Rotation: 2}
		w, e := posedWorld(noted)
		s, g := e.Slot(), e.Generation()
		var h Poses
		h.Snapshot(w)
		h.BeginDraw(s+2, w.StructureEpoch())
		h.Note(s, g, &noted)
		first := h.DrawID()
		h.Snapshot(w)
		h.BeginDraw(s+2, w.StructureEpoch()) // the other buffer
		h.Note(s, g, &later)
		h.Snapshot(w)
		if changed {
			world.Spawn1(w, geom.WorldTransform, geom.Pose{})
		}
		h.BeginDraw(s+2, w.StructureEpoch()) // back to the first draw's buffer, noting nothing
		if kept := h.DrawID() == first; kept == changed {
			t.Errorf("structure changed %v: the third draw's id is the first's: %v", changed, kept)
		}
		h.Snapshot(w)
		rot, _, still := h.At(s, g, &now, 0)
		switch {
		case !changed && (!sameTurn(rot, 0.5) || still):
			t.Errorf("same structure: the step starts turned by %v (still %v), want the first draw's note, 0.5", rot, still)
		case changed && (rot != 2 || !still):
			t.Errorf("structure changed: At = %v, %v; want the pose now, still", rot, still)
		}
	}
}
