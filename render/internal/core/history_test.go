package core

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

func TestHistory(t *testing.T) {
	var h History
	h.Record(5, 1, Vec(0, 0))
	cur := Vec(10, -20)
	tests := []struct {
		name  string
		slot  int
		gen   uint32
		alpha float64
		want  geom.Vec2
	}{
		{"alpha 0 draws the step's start", 5, 1, 0, Vec(0, 0)},
		{"alpha 0.5 draws half way", 5, 1, 0.5, Vec(5, -10)},
		{"alpha 1 draws the current position", 5, 1, 1, cur},
		{"a slot's next owner is not interpolated", 5, 2, 0.5, cur},
		{"a slot never recorded", 6, 1, 0.5, cur},
		{"a slot beyond any recorded", 5000, 1, 0.5, cur},
	}
	for _, tt := range tests {
		if got := h.At(tt.slot, tt.gen, cur, tt.alpha); got != tt.want {
			t.Errorf("%s: At(%d, %d, %v, %v) = %v, want %v", tt.name, tt.slot, tt.gen, cur, tt.alpha, got, tt.want)
		}
	}

	h.Teleport(5, 1)
	if got := h.At(5, 1, cur, 0.5); got != cur {
		t.Errorf("after Teleport: At = %v, want the current position %v", got, cur)
	}
	h.Teleport(5, 7) // another generation's teleport does not count
	h.Record(5, 1, Vec(2, 2))
	if got := h.At(5, 1, Vec(4, 4), 0.5); got != Vec(3, 3) {
		t.Errorf("after the next Record: At = %v, want interpolation again, (3, 3)", got)
	}
	h.Reset()
	if got := h.At(5, 1, cur, 0.5); got != cur {
		t.Errorf("after Reset: At = %v, want %v", got, cur)
	}
}

func TestHistoryAllocs(t *testing.T) {
	var h History
	for i := range 1000 {
		h.Record(i, 1, Vec(float64(i), 0))
	}
	if n := testing.AllocsPerRun(100, func() {
		for i := range 1000 {
			h.Record(i, 1, Vec(float64(i), 1))
			_ = h.At(i, 1, Vec(0, 0), 0.3)
		}
	}); n != 0 {
		t.Errorf("Record and At allocs = %v, want 0", n)
	}
}

// TestHistoryModel drives a world and a History as the window runtime
// does — frames of zero to three fixed steps, each starting with a
// Snapshot and changing the world, then changes of the frame phase, then a
// draw that interpolates every entity and notes where it is — and checks
// every At against a model that records every position at the start of
// every step: the double buffer must be indistinguishable from it.
func TestHistoryModel(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		w := world.New()
		var h History
		type rec struct {
			gen uint32
			p   geom.Vec2
		}
		model := map[int]rec{} // slot: what the model recorded at the step's start
		type note struct {
			id uint64
			p  geom.Vec2
		}
		noted := map[int]note{} // slot: the draw's buffer id and the note, when last written
		teleported := map[int]bool{}
		var ents []world.Entity
		change := func() {
			switch op := rng.IntN(10); {
			case op < 2 || len(ents) == 0:
				ents = append(ents, world.Spawn1(w, geom.Position, Vec(rng.Float64()*100, 0)))
			case op < 3:
				i := rng.IntN(len(ents))
				w.Destroy(ents[i])
				ents = append(ents[:i], ents[i+1:]...)
			case op < 4:
				w.Remove(ents[rng.IntN(len(ents))], geom.Position)
			case op < 5:
				e := ents[rng.IntN(len(ents))]
				if !w.Has(e, geom.Position) {
					geom.Position.Add(w, e, Vec(rng.Float64()*100, 1))
				}
			case op < 6:
				e := ents[rng.IntN(len(ents))]
				if _, ok := geom.Position.Get(w, e); ok {
					if rng.IntN(2) == 0 {
						h.Teleport(e.Slot(), e.Generation())
					} else {
						// With a stale generation of the slot, which
						// changes nothing.
						stale := world.Entity(uint64(e.Generation()+1)<<32 | uint64(e.Slot()))
						h.TeleportAll([]world.Entity{stale, e})
					}
					teleported[e.Slot()] = true
				}
			default:
				if p, ok := geom.Position.Get(w, ents[rng.IntN(len(ents))]); ok {
					p.X += rng.Float64()*10 - 5
				}
			}
		}
		for frame := range 300 {
			for range rng.IntN(4) {
				h.Snapshot(w)
				clear(model)
				clear(teleported)
				for e, p := range world.Query1(w, geom.Position) {
					model[e.Slot()] = rec{e.Generation(), *p}
				}
				for range rng.IntN(4) {
					change()
				}
			}
			for range rng.IntN(3) {
				change()
			}
			if rng.IntN(8) == 0 { // as Renderer.Settle does
				h.NextStep()
				clear(model)
			}
			alpha := rng.Float64()
			h.BeginDraw(len(geom.Position.Column(w)), w.StructureEpoch())
			notes, stamps, id := h.Noting()
			for e, p := range world.Query1(w, geom.Position) {
				want := *p
				if m, ok := model[e.Slot()]; ok && m.gen == e.Generation() && !teleported[e.Slot()] {
					want = geom.Vec2{X: m.p.X + (p.X-m.p.X)*alpha, Y: m.p.Y + (p.Y-m.p.Y)*alpha}
				}
				if got := h.At(e.Slot(), e.Generation(), *p, alpha); got != want {
					t.Fatalf("seed %d, frame %d: At(%v) = %v, want %v", seed, frame, e, got, want)
				}
				// As the renderer does for sprites that stand still: a
				// note made under this id that still holds is kept.
				if n := noted[e.Slot()]; n.id == id && n.p == *p && rng.IntN(2) == 0 {
					continue
				}
				notes[e.Slot()], stamps[e.Slot()] = *p, id|uint64(e.Generation())
				noted[e.Slot()] = note{id, *p}
			}
		}
	}
}

// TestHistorySnapshotAllocs: a step after a draw, and a step without one,
// allocate nothing once the buffers have grown.
func TestHistorySnapshotAllocs(t *testing.T) {
	w := world.New()
	for i := range 1000 {
		world.Spawn1(w, geom.Position, Vec(float64(i), 0))
	}
	var h History
	frame := func() {
		h.Snapshot(w) // after the draw: a swap
		h.Snapshot(w) // the frame's second step: a walk
		h.BeginDraw(len(geom.Position.Column(w)), w.StructureEpoch())
		prev, stamps, id := h.Noting()
		for e, p := range world.Query1(w, geom.Position) {
			prev[e.Slot()], stamps[e.Slot()] = *p, id|uint64(e.Generation())
		}
	}
	frame()
	if n := testing.AllocsPerRun(100, frame); n != 0 {
		t.Errorf("a frame of History allocates %v times, want 0", n)
	}
}

// TestHistoryWalksAfterTeleports: steps with no draw between them keep
// their stamps but for the teleported entities, however many teleport
// (past maxCleared too): every entity is drawn between where the step
// began and where it is, but those teleported since, drawn where they
// are.
func TestHistoryWalksAfterTeleports(t *testing.T) {
	for _, jumps := range []int{0, 1, 7, maxCleared, maxCleared + 1, 3000} {
		w := world.New()
		var es []world.Entity
		for i := range 3000 {
			es = append(es, world.Spawn1(w, geom.Position, Vec(float64(i), 0)))
		}
		var h History
		for step := range 4 {
			h.Snapshot(w) // with no draw: a walk each step
			start := make([]geom.Vec2, len(es))
			for i, e := range es {
				p := geom.Position.Require(w, e)
				start[i] = *p
				p.Y += 10
			}
			// Another part of them each step, so that last step's
			// teleports must not stay.
			jumped := func(i int) bool { return (i+step*500)%len(es) < jumps }
			var tele []world.Entity
			for i, e := range es {
				if jumped(i) {
					tele = append(tele, e)
				}
			}
			h.TeleportAll(tele)
			for i, e := range es {
				cur := *geom.Position.Require(w, e)
				want := Vec(start[i].X, start[i].Y+5)
				if jumped(i) {
					want = cur
				}
				if got := h.At(e.Slot(), e.Generation(), cur, 0.5); got != want {
					t.Fatalf("%d teleports, step %d: At(%v) = %v, want %v", jumps, step, e, got, want)
				}
			}
		}
	}
}
