package render_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// mover is a kit with one sprite that a fixed system moves 40 units right
// each step, from x = 10.
func mover(t *testing.T) (*kit, world.Entity) {
	k := newKit(t, render.Options{})
	k.lookAt(120, 40)
	body := k.sprite(10, 12, render.Picture{Region: k.hero})
	if err := k.w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		geom.Position.Require(ctx.World, body).X += 40
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	return k, body
}

// leftmost returns the x of the first column of img (at row y) that is not
// the background.
func leftmost(t *testing.T, k *kit, y int) int {
	img := grab(120, 40, bg, k.r.Draw)
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
			k.frame(t, tt.alpha, 1.0/60)
			golden(t, fmt.Sprintf("interpolation-%v", tt.alpha), grab(120, 40, bg, k.r.Draw))
			if x := leftmost(t, k, 20); x != tt.x {
				t.Errorf("at alpha %v the body is drawn from x = %d, want %d", tt.alpha, x, tt.x)
			}
		})
	}
}

func TestInterpolationOptOuts(t *testing.T) {
	t.Run("teleport", func(t *testing.T) {
		k, body := mover(t)
		k.step(t)
		geom.Position.Require(k.w, body).X = 90
		render.Teleport(k.w, body)
		k.frame(t, 0.5, 1.0/60)
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("after Teleport the body is drawn from x = %d, want 90, where it is", x)
		}
		k.step(t) // the next step interpolates again, from 90 to 130
		k.frame(t, 0.25, 1.0/60)
		if x := leftmost(t, k, 20); x != 100 {
			t.Errorf("a step after Teleport the body is drawn from x = %d, want 100", x)
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
		k.frame(t, 0.5, 1.0/60)
		if x := leftmost(t, k, 20); x != 30 {
			t.Errorf("after a wrap the body is drawn from x = %d, want 30, where it is", x)
		}
	})
	t.Run("spawned during the step", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		if err := k.w.AddSystem(world.System{Name: "spawn", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			k.sprite(70, 12, render.Picture{Region: k.hero})
			return nil
		}}); err != nil {
			t.Fatal(err)
		}
		k.step(t)
		k.frame(t, 0.5, 1.0/60)
		if x := leftmost(t, k, 20); x != 70 {
			t.Errorf("a body spawned in the step is drawn from x = %d, want 70", x)
		}
	})
	t.Run("slot reused in the step", func(t *testing.T) {
		k := newKit(t, render.Options{})
		k.lookAt(120, 40)
		old := k.sprite(10, 12, render.Picture{Region: k.hero})
		if err := k.w.AddSystem(world.System{Name: "respawn", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			ctx.World.Destroy(old)
			return nil
		}}); err != nil {
			t.Fatal(err)
		}
		k.step(t) // destroyed at the end of the system
		e := k.sprite(90, 12, render.Picture{Region: k.hero})
		if e.Slot() != old.Slot() {
			t.Fatalf("the new sprite got slot %d, want %d, the old one's", e.Slot(), old.Slot())
		}
		k.frame(t, 0.5, 1.0/60)
		if x := leftmost(t, k, 20); x != 90 {
			t.Errorf("the slot's new entity is drawn from x = %d, want 90: it must not inherit the old one's position", x)
		}
	})
}
