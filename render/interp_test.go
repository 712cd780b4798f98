package render_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// mover is a kit with one sprite that a fixed system moves 40 units right
// each step, from x = 10.
func mover(t *testing.T) (*kit, world.Entity) {
	k := newKit(t, render.Options{})
	k.lookAt(120, 40)
	body := k.sprite(10, 12, drawable.Picture{Region: hero})
	if err := k.w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		geom.Position.Require(ctx.World, body).X += 40
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	return k, body
}

// leftmost returns the x of the first column of what k draws (at row y)
// that is not the background.
func leftmost(t *testing.T, k *kit, y int) int {
	t.Helper()
	img := grab(120, 40, bg, k.draw)
	for x := range 120 {
		if pixel(img, x, y) != bg {
			return x
		}
	}
	t.Fatal("nothing drawn")
	return -1
}

// TestInterpolation draws a body between its positions at the last two
// steps, x = 10 and x = 50, by alpha.
func TestInterpolation(t *testing.T) {
	for _, tt := range []struct {
		alpha float64
		x     int
	}{{0, 10}, {0.5, 30}, {1, 50}} {
		t.Run(fmt.Sprint(tt.alpha), func(t *testing.T) {
			k, _ := mover(t)
			k.step(t)
			k.alpha = tt.alpha
			golden(t, fmt.Sprintf("interpolation-%v", tt.alpha), grab(120, 40, bg, k.draw))
			if x := leftmost(t, k, 20); x != tt.x {
				t.Errorf("at alpha %v the body is drawn from x = %d, want %d", tt.alpha, x, tt.x)
			}
		})
	}
}

// TestCoveredSceneDrawsFinal: the window runtime draws a scene covered by
// another at alpha 1, where its last step left it, however the loop's
// alpha moves on for the scene on top; and out-of-range alphas are
// clamped.
func TestCoveredSceneDrawsFinal(t *testing.T) {
	k, _ := mover(t)
	k.step(t)
	k.step(t) // from 50 to 90
	for _, tt := range []struct {
		alpha float64
		x     int
	}{{1, 90}, {1.7, 90}, {-3, 50}} {
		k.alpha = tt.alpha
		if x := leftmost(t, k, 20); x != tt.x {
			t.Errorf("drawn at alpha %v from x = %d, want %d", tt.alpha, x, tt.x)
		}
	}
}

// TestSettle: after Settle, everything draws where it is, at any alpha,
// until the next step: what a scene uncovered by a pop shows before it
// steps again.
func TestSettle(t *testing.T) {
	k, _ := mover(t)
	k.step(t) // from 10 to 50
	k.r.Settle()
	k.alpha = 0
	if x := leftmost(t, k, 20); x != 50 {
		t.Errorf("settled, at alpha 0, the body is drawn from x = %d, want 50, where it is", x)
	}
	k.step(t) // from 50 to 90: interpolated again
	k.alpha = 0.5
	if x := leftmost(t, k, 20); x != 70 {
		t.Errorf("a step after Settle the body is drawn from x = %d, want 70", x)
	}
}

func TestInterpolationOptOuts(t *testing.T) {
	t.Run("teleport", func(t *testing.T) {
		k, body := mover(t)
		k.step(t)
		geom.Position.Require(k.w, body).X = 90
		geom.Teleport(k.w, body)
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("after Teleport the body is drawn from x = %d, want 90, where it is", x)
		}
		k.step(t) // the next step interpolates again, from 90 to 130
		k.alpha = 0.25
		if x := leftmost(t, k, 20); x != 100 {
			t.Errorf("a step after Teleport the body is drawn from x = %d, want 100", x)
		}
	})
	t.Run("teleport of many", func(t *testing.T) {
		k, body := mover(t)
		k.step(t)
		geom.Position.Require(k.w, body).X = 90
		geom.TeleportAll(k.w, []world.Entity{body})
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("after TeleportAll the body is drawn from x = %d, want 90, where it is", x)
		}
	})
	// A teleport of a dead entity leaves alone the entity that has its
	// slot now.
	t.Run("teleport of a dead entity", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		old := k.sprite(10, 12, drawable.Picture{Region: hero})
		k.w.Destroy(old)
		e := k.sprite(10, 12, drawable.Picture{Region: hero})
		if e.Slot() != old.Slot() {
			t.Fatalf("the new sprite got slot %d, want %d, the old one's", e.Slot(), old.Slot())
		}
		geom.Velocity.Add(k.w, e, geom.Vec2{X: 40 / step})
		if err := k.w.AddSystem(systems.Motion()); err != nil {
			t.Fatal(err)
		}
		k.step(t) // 10 to 50
		geom.Teleport(k.w, old)
		geom.TeleportAll(k.w, []world.Entity{old})
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 30 {
			t.Errorf("after teleports of the slot's dead entity, its new one is drawn from x = %d, want 30, half way", x)
		}
	})
	t.Run("wrapped by systems.Confine", func(t *testing.T) {
		k, body := mover(t) // 40 units a step, from 10
		systems.Bounds.Add(k.w, body, systems.Boundary{Rect: geom.Rect(0, 0, 60, 40), Mode: systems.Wrap})
		if err := k.w.AddSystem(systems.Confine()); err != nil {
			t.Fatal(err)
		}
		k.step(t) // 10 to 50: inside
		k.step(t) // 50 to 90, wrapped to 30: a jump, drawn where it lands
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 30 {
			t.Errorf("after a wrap the body is drawn from x = %d, want 30, where it is", x)
		}
	})
	t.Run("spawned during the step", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		if err := k.w.AddSystem(world.System{Name: "spawn", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			k.sprite(70, 12, drawable.Picture{Region: hero})
			return nil
		}}); err != nil {
			t.Fatal(err)
		}
		k.step(t)
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 70 {
			t.Errorf("a body spawned in the step is drawn from x = %d, want 70", x)
		}
	})
	t.Run("slot reused in the step", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		old := k.sprite(10, 12, drawable.Picture{Region: hero})
		if err := k.w.AddSystem(world.System{Name: "respawn", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			ctx.World.Destroy(old)
			return nil
		}}); err != nil {
			t.Fatal(err)
		}
		k.step(t) // destroyed at the end of the system
		e := k.sprite(90, 12, drawable.Picture{Region: hero})
		if e.Slot() != old.Slot() {
			t.Fatalf("the new sprite got slot %d, want %d, the old one's", e.Slot(), old.Slot())
		}
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("the slot's new entity is drawn from x = %d, want 90: it must not inherit the old one's position", x)
		}
	})
	// The same after a draw, which noted the old entity where it was: the
	// draw's entities, kept while the world's structure does not change,
	// are walked again.
	t.Run("slot reused after a draw", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		old := k.sprite(10, 12, drawable.Picture{Region: hero})
		k.step(t)
		grab(120, 40, bg, k.draw)
		k.w.Destroy(old)
		e := k.sprite(90, 12, drawable.Picture{Region: hero})
		if e.Slot() != old.Slot() {
			t.Fatalf("the new sprite got slot %d, want %d, the old one's", e.Slot(), old.Slot())
		}
		k.step(t) // from the draw's notes: the old entity's, which do not count
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("the slot's new entity is drawn from x = %d, want 90", x)
		}
	})
	// An entity whose Position was removed for a while and added again
	// (picked up into an inventory, dropped elsewhere) has nothing
	// recorded for the current step, so it is drawn where it is, not slid
	// in from a position recorded steps ago.
	t.Run("position removed and added again", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		body := k.sprite(10, 12, drawable.Picture{Region: hero})
		k.step(t) // records x = 10
		k.w.Remove(body, geom.Position)
		k.step(t)
		k.step(t) // three steps later, still without a position
		geom.Position.Add(k.w, body, geom.Vec2{X: 90, Y: 12})
		k.alpha = 0.5
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("re-added at x = 90, drawn from x = %d: it slides in from where it was recorded steps ago", x)
		}
	})
}
