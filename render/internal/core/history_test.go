package core

import (
	"testing"

	"github.com/tessera-engine/tessera/geom"
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
