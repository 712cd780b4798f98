package geom_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/internal/depcheck"
)

func TestRect(t *testing.T) {
	tests := []struct {
		r                    geom.Rectangle
		dx, dy               float64
		empty                bool
		inside, outside      geom.Vec2
		overlaps, notOverlap geom.Rectangle
	}{
		{geom.Rect(10, 20, 0, 0), 10, 20, false, geom.Vec2{X: 10, Y: 20}, geom.Vec2{X: 11, Y: 0}, geom.Rect(9, 19, 30, 30), geom.Rect(10, 0, 20, 20)},
		{geom.Rect(0, 0, 0, 5), 0, 5, true, geom.Vec2{Y: 3}, geom.Vec2{X: 1}, geom.Rect(-1, -1, 1, 1), geom.Rect(1, 0, 2, 5)},
	}
	for i, tt := range tests {
		if tt.r.Dx() != tt.dx || tt.r.Dy() != tt.dy || tt.r.Empty() != tt.empty {
			t.Errorf("%d: %v: Dx %v Dy %v Empty %v", i, tt.r, tt.r.Dx(), tt.r.Dy(), tt.r.Empty())
		}
		if !tt.r.Contains(tt.inside) || tt.r.Contains(tt.outside) {
			t.Errorf("%d: Contains wrong for %v / %v", i, tt.inside, tt.outside)
		}
		if tt.r.Overlaps(tt.notOverlap) {
			t.Errorf("%d: %v overlaps %v, sharing only an edge", i, tt.r, tt.notOverlap)
		}
		if !tt.r.Empty() && !tt.r.Overlaps(tt.overlaps) {
			t.Errorf("%d: %v does not overlap %v", i, tt.r, tt.overlaps)
		}
	}
}

func TestVec2(t *testing.T) {
	a, b := geom.Vec2{X: 3, Y: 4}, geom.Vec2{X: 1, Y: -2}
	if a.Add(b) != (geom.Vec2{X: 4, Y: 2}) || a.Sub(b) != (geom.Vec2{X: 2, Y: 6}) || a.Scale(2) != (geom.Vec2{X: 6, Y: 8}) {
		t.Errorf("Add/Sub/Scale wrong")
	}
	if a.Dot(b) != -5 || a.Len() != 5 {
		t.Errorf("Dot %v Len %v", a.Dot(b), a.Len())
	}
}

func TestImportsWorldOnly(t *testing.T) {
	depcheck.Only(t, "github.com/tessera-engine/tessera/world")
}

func ExampleRect() {
	r := geom.Rect(8, 8, 0, 0) // corners in any order
	fmt.Println(r, r.Dx(), r.Contains(geom.Vec2{X: 4, Y: 4}))
	// Output: {{0 0} {8 8}} 8 true
}

func TestPoseUnitScale(t *testing.T) {
	tests := []struct {
		scale, want geom.Vec2
	}{
		{geom.Vec2{}, geom.Vec2{X: 1, Y: 1}},
		{geom.Vec2{X: 2}, geom.Vec2{X: 2, Y: 1}},
		{geom.Vec2{Y: -3}, geom.Vec2{X: 1, Y: -3}},
		{geom.Vec2{X: 0.5, Y: 4}, geom.Vec2{X: 0.5, Y: 4}},
	}
	for _, tt := range tests {
		if got := (geom.Pose{Rotation: 1, Scale: tt.scale}).UnitScale(); got != tt.want {
			t.Errorf("Pose{Scale: %v}.UnitScale() = %v, want %v", tt.scale, got, tt.want)
		}
	}
}
