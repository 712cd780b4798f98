package systems_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// TestMoverNaNIsReported: a mover whose Position goes NaN (one NaN
// velocity) is reported as a ColliderError and left where it was, so that
// once the game repairs it, it moves on from there and not from NaN.
func TestMoverNaNIsReported(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	hero := world.Spawn3(w, systems.Position, systems.Vec2{X: 10, Y: 10}, systems.Velocity, systems.Vec2{X: math.NaN()},
		systems.Collider, systems.Box(10, 10))
	systems.Mover.Add(w, hero, systems.Movement{})
	err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil)
	if debugChecks {
		// The checked build stops the collision system's walk at the NaN
		// Position first, naming the entity and the component.
		if !errors.Is(err, world.ErrNaN) || !strings.Contains(err.Error(), hero.String()) || !strings.Contains(err.Error(), "Position") {
			t.Fatalf("step with a NaN velocity = %v, want world's NaN check of %v's Position", err, hero)
		}
		return
	}
	var ce *systems.ColliderError
	if !errors.As(err, &ce) || ce.Entity != hero || !strings.Contains(err.Error(), "not finite") {
		t.Fatalf("step with a NaN velocity = %v, want a ColliderError for %v", err, hero)
	}
	// The game notices and repairs the hero.
	*systems.Position.Require(w, hero) = systems.Vec2{X: 10, Y: 10}
	*systems.Velocity.Require(w, hero) = systems.Vec2{}
	step(t, w, 1)
	if p := *systems.Position.Require(w, hero); p != (systems.Vec2{X: 10, Y: 10}) {
		t.Fatalf("repaired mover at %v after a step, want (10, 10)", p)
	}
}

// A mover that changes its collider (a crouch: the box gets shorter) in a
// step is still swept to its new Position, so it does not pass through a
// thin wall in that step.
func TestReshapedMoverIsSwept(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 100}, systems.Box(2, 200)) // near face at x = 99
	m := spawn(w, systems.Vec2{X: 0}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{X: 1200}) // 20 a step: 5 substeps of 4
	for s := 1; s <= 10; s++ {
		if x := systems.Position.Require(w, m).X; x > 70 && x < 91 {
			// The next step crosses the wall: crouch in it.
			*systems.Collider.Require(w, m) = systems.Box(16, 12)
		}
		step(t, w, 1)
	}
	if x := systems.Position.Require(w, m).X; x > 91+1e-9 {
		t.Fatalf("mover at x = %v: through the wall (its near face is at 99, the mover's half width 8)", x)
	}
}

// On a 45° slope the push is exactly 45° from Up, which the docs call a
// floor ("slopes steeper than 45° count as walls").
func TestFortyFiveDegreeSlope(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	// a ramp rising to the right: its top edge from (-100, 100) to (100, -100)
	spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: -100, Y: 100}, systems.Vec2{X: 100, Y: -100}, systems.Vec2{X: 100, Y: 100}))
	m := spawn(w, systems.Vec2{X: 0, Y: -40}, systems.Circle(8))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 900})
	for s := 1; s <= 40; s++ {
		step(t, w, 1)
		mv := systems.Mover.Require(w, m)
		if mv.OnWall {
			t.Fatalf("step %d: on a 45° slope, flags %+v: a wall, not a floor", s, *mv)
		}
	}
}

// A mover falling into a V of two steep ramps, and into a gap narrower
// than itself, must come to rest above them, not be pushed through.
func TestMoverInV(t *testing.T) {
	for _, steep := range []float64{1, 2, 4} { // ramp rise per unit run
		for _, shape := range []systems.Shape{systems.Circle(8), systems.Box(16, 16), systems.Polygon(diamond(8)...)} {
			_, w := newCollision(t, systems.CollisionOptions{})
			// left ramp: high on the left; right ramp: high on the right; they meet at (0, 100)
			h := 60 * steep
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: -60, Y: 100 - h}, systems.Vec2{X: 0, Y: 100}, systems.Vec2{X: -60, Y: 100}))
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: 60, Y: 100 - h}, systems.Vec2{X: 60, Y: 100}, systems.Vec2{X: 0, Y: 100}))
			m := spawn(w, systems.Vec2{X: 3, Y: 100 - h - 20}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 2000})
			step(t, w, 300)
			p := systems.Position.Require(w, m)
			if p.Y > 100 || math.IsNaN(p.Y) || math.Abs(p.X) > 60 {
				t.Errorf("steepness %v, %v: mover at %v, through the V (its bottom is at y = 100)", steep, shape.Kind, *p)
			}
		}
	}
}

func TestMoverOnNarrowGap(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: -20, Y: 100}, systems.Box(26, 16)) // right face at -7
	spawn(w, systems.Vec2{X: 20, Y: 100}, systems.Box(26, 16))  // left face at 7: a 14-unit gap
	m := spawn(w, systems.Vec2{X: 0.5, Y: 0}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 3000})
	step(t, w, 120)
	if p := systems.Position.Require(w, m); math.Abs(p.Y-84) > 1e-6 || !systems.Mover.Require(w, m).OnFloor {
		t.Fatalf("16-wide mover over a 14-wide gap at %v, %+v; want resting at y 84 on the floor", *p, *systems.Mover.Require(w, m))
	}
}

// A platformer hero 20 wide lands over a one-tile (16-wide) hole in a
// floor of 16×16 tiles, after falling 100 units under 980 units/s²
// gravity: it must land on the tiles either side, not slip through.
func TestHeroLandsOverNarrowerHole(t *testing.T) {
	fails := 0
	for k := range 100 {
		dx, fall := float64(k%5)*0.5, 40+float64(k/5)*13
		_, w := newCollision(t, systems.CollisionOptions{})
		for x := -152.0; x <= 152; x += 16 {
			if x != 8 { // the hole: x 0..16
				spawn(w, systems.Vec2{X: x, Y: 208}, systems.Box(16, 16)) // tops at y = 200
			}
		}
		hero := spawn(w, systems.Vec2{X: 8 + dx, Y: 190 - fall}, systems.Box(20, 20))
		systems.Mover.Add(w, hero, systems.Movement{})
		systems.Velocity.Add(w, hero, systems.Vec2{})
		systems.Acceleration.Add(w, hero, systems.Vec2{Y: 980})
		step(t, w, 120)
		if p := systems.Position.Require(w, hero); p.Y > 190+1e-6 {
			fails++
			t.Errorf("hero 20 wide, %v right of the 16-wide hole's centre, falling %v: at %v, fell through (want resting at y 190)", dx, fall, *p)
		}
	}
	if fails > 0 {
		t.Errorf("%d of 100 fell through", fails)
	}
}

// On a gentle ramp (about 27°), a mover standing or walking has OnFloor
// and never OnWall.
func TestSlopeFlags(t *testing.T) {
	for _, shape := range []systems.Shape{systems.Circle(8), systems.Box(16, 16), systems.Box(12, 20)} {
		for _, vx := range []float64{0, 60, -60} {
			_, w := newCollision(t, systems.CollisionOptions{})
			// ramp rising to the right: top edge from (-200, 100) to (200, -100)
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: -200, Y: 100}, systems.Vec2{X: 200, Y: -100}, systems.Vec2{X: 200, Y: 100}))
			m := spawn(w, systems.Vec2{X: 0, Y: -40}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
			step(t, w, 30)
			bad := 0
			for s := range 60 {
				systems.Velocity.Require(w, m).X = vx
				step(t, w, 1)
				mv := systems.Mover.Require(w, m)
				if !mv.OnFloor || mv.OnWall || mv.OnCeiling {
					bad++
					if bad < 3 {
						t.Errorf("%v vx %v step %d: at %v flags %+v", shape.Kind, vx, s, *systems.Position.Require(w, m), *mv)
					}
				}
			}
		}
	}
}

// A mover standing on a thin floor when a solid (a closing door, a
// crusher) is spawned overlapping its top: it begins inside solids. The
// fallback used to hold it there; now it is "left to be pushed out".
// Where does it go?
func TestLastWedgedByDoor(t *testing.T) {
	for _, floorH := range []float64{4, 8, 16} {
		for _, ov := range []float64{2, 6, 10, 14} {
			_, w := newCollision(t, systems.CollisionOptions{})
			floorTop := 107.0
			spawn(w, systems.Vec2{X: 0, Y: floorTop + floorH/2}, systems.Box(400, floorH))
			m := spawn(w, systems.Vec2{X: 0, Y: floorTop - 8}, systems.Box(10, 16)) // resting, top at 91
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
			step(t, w, 5)
			spawn(w, systems.Vec2{X: 0, Y: 91 + ov - 8}, systems.Box(40, 16)) // door, bottom at 91+ov
			for range 60 {
				systems.Velocity.Require(w, m).X = 60
				step(t, w, 1)
			}
			p := *systems.Position.Require(w, m)
			where := "on/in the floor"
			if p.Y-8 >= floorTop+floorH {
				where = "BELOW THE FLOOR"
			} else if p.Y+8 <= floorTop+1e-6 && p.X > 25 {
				where = "walked out, on the floor"
			}
			t.Logf("floor %v thick, door overlap %v: mover at %v: %s", floorH, ov, p, where)
		}
	}
}

// A mover whose collider is taller than a low tunnel (it stood up from a
// crouch inside it, or a solid closed on it) overlaps the floor and the
// ceiling. Walking must still move it (out of the tunnel).
func TestStuckInLowTunnel(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 0, Y: 115}, systems.Box(200, 16)) // floor top at 107
	spawn(w, systems.Vec2{X: 0, Y: 85}, systems.Box(200, 16))  // ceiling bottom at 93: a 14-high tunnel
	m := spawn(w, systems.Vec2{X: 0, Y: 100}, systems.Box(10, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	start := *systems.Position.Require(w, m)
	for range 120 {
		systems.Velocity.Require(w, m).X = 60 // walking right, every step
		step(t, w, 1)
	}
	p := *systems.Position.Require(w, m)
	t.Logf("after 120 steps walking right at 60/s: from %v to %v, vel %v", start, p, *systems.Velocity.Require(w, m))
	if p.X-start.X < 50 {
		t.Errorf("mover stuck: moved %v in 2 s of walking at 60/s (want ~120)", p.X-start.X)
	}
}

// The same with a mover wider than a vertical shaft (it grew inside it):
// it hangs in the air, falling never again.
func TestHoversInNarrowShaft(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: -20, Y: 0}, systems.Box(26, 300)) // right face at -7
	spawn(w, systems.Vec2{X: 20, Y: 0}, systems.Box(26, 300))  // left face at 7: a 14-wide shaft
	spawn(w, systems.Vec2{X: 0, Y: 200}, systems.Box(200, 40)) // ground, top at 180
	m := spawn(w, systems.Vec2{X: 0, Y: 0}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	step(t, w, 120)
	p := *systems.Position.Require(w, m)
	t.Logf("after 2 s of gravity: at %v vel %v flags %+v", p, *systems.Velocity.Require(w, m), *systems.Mover.Require(w, m))
	if p.Y < 1 {
		t.Errorf("mover hovers at %v: gravity never moves it", p)
	}
}

// Walking across ordinary floors and slopes: count the steps in which a
// mover walking at a steady speed does not advance (the narrow-gap
// fallback reverting a substep) or loses OnFloor.
func TestWalkFloorsAndSlopes(t *testing.T) {
	total := 0
	for _, shape := range []systems.Shape{systems.Circle(8), systems.Box(16, 16), systems.Box(12, 20), systems.Polygon(diamond(8)...)} {
		for _, vx := range []float64{60, 150, 300, -60, -150, -300} {
			_, w := newCollision(t, systems.CollisionOptions{})
			// tiles of 16 at y top 100, from -400 to -8
			for x := -392.0; x <= -8; x += 16 {
				spawn(w, systems.Vec2{X: x, Y: 108}, systems.Box(16, 16))
			}
			// ramp from (0,100) up to (200, 0), then flat tiles from 200
			spawn(w, systems.Vec2{}, systems.Polygon(systems.Vec2{X: 0, Y: 100}, systems.Vec2{X: 200, Y: 0}, systems.Vec2{X: 200, Y: 100}))
			for x := 208.0; x <= 400; x += 16 {
				spawn(w, systems.Vec2{X: x, Y: 8}, systems.Box(16, 16))
			}
			// small gap-free joint: a flat box under the ramp start
			spawn(w, systems.Vec2{X: -4, Y: 108}, systems.Box(8, 16))
			x0 := -300.0
			if vx < 0 {
				x0 = 350
			}
			yTop := 100.0
			if vx < 0 {
				yTop = 0
			}
			m := spawn(w, systems.Vec2{X: x0, Y: yTop - 12}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
			step(t, w, 30)
			stalls, offFloor := 0, 0
			for s := range 240 {
				p0 := *systems.Position.Require(w, m)
				if p0.X < -380 || p0.X > 390 {
					break
				}
				systems.Velocity.Require(w, m).X = vx
				step(t, w, 1)
				p1 := *systems.Position.Require(w, m)
				if math.Abs(p1.X-p0.X) < math.Abs(vx)/60*0.2 {
					stalls++
					if stalls < 3 {
						t.Logf("%v vx %v step %d: stalled at %v (from %v)", shape.Kind, vx, s, p1, p0)
					}
				}
				if !systems.Mover.Require(w, m).OnFloor {
					offFloor++
				}
			}
			if stalls > 0 || offFloor > 0 {
				t.Logf("%v vx %v: %d stalled steps, %d steps off the floor", shape.Kind, vx, stalls, offFloor)
				total += stalls
			}
		}
	}
	if total > 0 {
		t.Errorf("%d stalled steps walking over floors and slopes", total)
	}
}

// A crouching player (10x8) walks into a 14-high tunnel and stands up
// (collider back to 10x16) while still walking: it must not freeze.
func TestStandUpInTunnel(t *testing.T) {
	_, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 0, Y: 115}, systems.Box(400, 16))  // floor top at 107
	spawn(w, systems.Vec2{X: 100, Y: 85}, systems.Box(200, 16)) // ceiling bottom at 93, x 0..200
	m := spawn(w, systems.Vec2{X: -50, Y: 103}, systems.Box(10, 8))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Velocity.Add(w, m, systems.Vec2{})
	systems.Acceleration.Add(w, m, systems.Vec2{Y: 980})
	walk := func(n int) {
		for range n {
			systems.Velocity.Require(w, m).X = 60
			step(t, w, 1)
		}
	}
	walk(90) // crouch-walk 90 units: into the tunnel
	t.Logf("crouching in the tunnel at %v", *systems.Position.Require(w, m))
	*systems.Collider.Require(w, m) = systems.Box(10, 16) // stand up
	p0 := *systems.Position.Require(w, m)
	walk(120)
	p1 := *systems.Position.Require(w, m)
	t.Logf("stood up at %v; 2 s of walking later at %v", p0, p1)
	if p1.X-p0.X < 50 {
		t.Errorf("frozen after standing up in the tunnel: moved %v in 2 s at 60/s", p1.X-p0.X)
	}
}

// TestMoverSlidesAlongWall: a top-down mover pushing diagonally into a
// wall keeps moving along it, at its speed along the wall, and never
// enters it, whatever the wall's shape.
func TestMoverSlidesAlongWall(t *testing.T) {
	walls := map[string]systems.Shape{
		"box":     systems.Box(20, 400),
		"polygon": systems.Polygon(systems.Vec2{X: -10, Y: -200}, systems.Vec2{X: 10, Y: -200}, systems.Vec2{X: 10, Y: 200}, systems.Vec2{X: -10, Y: 200}),
	}
	movers := map[string]systems.Shape{"box": systems.Box(16, 16), "circle": systems.Circle(8)}
	for wn, wall := range walls {
		for mn, shape := range movers {
			t.Run(wn+"-wall/"+mn, func(t *testing.T) {
				_, w := newCollision(t, systems.CollisionOptions{})
				spawn(w, systems.Vec2{X: 100}, wall) // its left face at x = 90
				m := spawn(w, systems.Vec2{X: 0, Y: 100}, shape)
				systems.Mover.Add(w, m, systems.Movement{})
				systems.Velocity.Add(w, m, systems.Vec2{X: 240, Y: -120})
				for s := range 120 {
					step(t, w, 1)
					p := systems.Position.Require(w, m)
					if p.X > 82+1e-9 {
						t.Fatalf("step %d: mover at x = %v, inside the wall (its face is at 90, the mover's half width 8)", s, p.X)
					}
					systems.Velocity.Add(w, m, systems.Vec2{X: 240, Y: -120}) // keep pushing
				}
				p := systems.Position.Require(w, m)
				// 120 steps of 2 units up: from y = 100 to y = -140.
				if !near(p.X, 82) || !near(p.Y, -140) {
					t.Errorf("mover at %v, want {82 -140}: flush with the wall, slid all the way", *p)
				}
				if mv := systems.Mover.Require(w, m); !mv.OnWall || mv.OnFloor {
					t.Errorf("flags %+v, want OnWall only", *mv)
				}
			})
		}
	}
}

// TestMoverStandsOnFloor: a platformer mover falls under gravity onto a
// floor of tiles, comes to rest on it with OnFloor set, and walks across
// the seams between tiles without catching on them.
func TestMoverStandsOnFloor(t *testing.T) {
	for _, shape := range []systems.Shape{systems.Box(16, 16), systems.Circle(8), systems.Polygon(square(16)...)} {
		t.Run(shape.Kind.String(), func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{})
			var tiles []world.Entity
			for x := -160.0; x <= 160; x += 16 {
				tiles = append(tiles, spawn(w, systems.Vec2{X: x, Y: 100}, systems.Box(16, 16))) // tops at y = 92
			}
			m := spawn(w, systems.Vec2{X: -100, Y: 0}, shape)
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{})
			systems.Acceleration.Add(w, m, systems.Vec2{Y: 900})
			step(t, w, 60) // falls 84 units in well under a second
			p, v, mv := systems.Position.Require(w, m), systems.Velocity.Require(w, m), systems.Mover.Require(w, m)
			if !near(p.Y, 84) || v.Y != 0 || !mv.OnFloor || mv.OnWall || !slices.Contains(tiles, mv.Floor) {
				t.Fatalf("after falling: at %v moving %v, %+v; want at y 84, still, OnFloor on a tile", *p, *v, *mv)
			}
			// Walk right for 150 units at 120 units a second: over nine
			// seams, never slowed, never lifted.
			for s := range 75 {
				systems.Velocity.Require(w, m).X = 120
				step(t, w, 1)
				p, mv := systems.Position.Require(w, m), systems.Mover.Require(w, m)
				if !near(p.X, -100+2*float64(s+1)) || !near(p.Y, 84) || !mv.OnFloor || mv.OnWall {
					t.Fatalf("walking, step %d: at %v, %+v; want x %v, y 84, on the floor only", s, *p, *mv, -100+2*float64(s+1))
				}
			}
			// Standing still, the floor contact stays.
			systems.Velocity.Require(w, m).X = 0
			step(t, w, 10)
			floor := systems.Mover.Require(w, m).Floor
			found := false
			for _, c := range col.Contacts() {
				if o, ok := c.Other(m); ok && o == floor {
					found = c.Kind == systems.ContactStay
				}
			}
			if !found {
				t.Errorf("no stay contact with the floor tile %v: %s", floor, events(col))
			}
		})
	}
}

// TestMoversDoNotBlockEachOther: two movers overlap freely but report a
// contact.
func TestMoversDoNotBlockEachOther(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	a := spawn(w, systems.Vec2{}, systems.Box(10, 10))
	b := spawn(w, systems.Vec2{X: 30}, systems.Box(10, 10))
	for _, e := range []world.Entity{a, b} {
		systems.Mover.Add(w, e, systems.Movement{})
	}
	systems.Velocity.Add(w, a, systems.Vec2{X: 600})
	step(t, w, 3)
	if x := systems.Position.Require(w, a).X; !near(x, 30) {
		t.Errorf("a at x = %v, want 30 (through b)", x)
	}
	if got := events(col); got != fmt.Sprintf("enter %v %v", a, b) {
		t.Errorf("events = %q, want the pair entering", got)
	}
}

// TestTeleport: a teleported mover is not swept back through walls.
func TestTeleport(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 100}, systems.Box(20, 400))
	m := spawn(w, systems.Vec2{}, systems.Box(16, 16))
	systems.Mover.Add(w, m, systems.Movement{})
	step(t, w, 1)
	systems.Position.Add(w, m, systems.Vec2{X: 200})
	col.Teleport(m)
	step(t, w, 1)
	if x := systems.Position.Require(w, m).X; x != 200 {
		t.Errorf("teleported to 200, now at %v", x)
	}
	systems.Position.Add(w, m, systems.Vec2{X: 0})
	step(t, w, 1)
	if x := systems.Position.Require(w, m).X; !near(x, 118) {
		t.Errorf("moved back to 0 without Teleport, now at %v; want stopped by the wall at 118", x)
	}
	// geom.Teleport, which game code and Confine call, does the same.
	systems.Position.Add(w, m, systems.Vec2{X: 0})
	geom.Teleport(w, m)
	step(t, w, 1)
	if x := systems.Position.Require(w, m).X; x != 0 {
		t.Errorf("moved back to 0 with geom.Teleport, now at %v; want 0", x)
	}
}

// The collision system hears a step's many teleports in one call.
var _ geom.ManyTeleporter = (*systems.Collision)(nil)

// TestTeleportAll: geom.TeleportAll of many movers, the collision system
// among its Teleporters, does what Teleport does for each: the movers
// told arrive where they were put, one moved without a word is stopped by
// the wall, and entities the system does not hold (dead, or without a
// collider) change nothing.
func TestTeleportAll(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{X: 100}, systems.Box(20, 400))
	var ms []world.Entity
	for i := range 3 {
		m := spawn(w, systems.Vec2{Y: float64(i * 40)}, systems.Box(16, 16))
		systems.Mover.Add(w, m, systems.Movement{})
		ms = append(ms, m)
	}
	dead := spawn(w, systems.Vec2{}, systems.Box(4, 4))
	plain := world.Spawn1(w, systems.Position, systems.Vec2{})
	step(t, w, 1)
	w.Destroy(dead)
	for _, m := range ms {
		systems.Position.Require(w, m).X = 200
	}
	geom.TeleportAll(w, []world.Entity{ms[0], dead, plain, ms[2]})
	step(t, w, 1)
	for i, want := range []float64{200, 82, 200} { // the wall's left face is at 90; a 16-wide box stops at 82
		if x := systems.Position.Require(w, ms[i]).X; !near(x, want) {
			t.Errorf("mover %d at x = %v, want %v", i, x, want)
		}
	}
	col.TeleportAll(nil) // nothing to tell
}

// TestWrappedMover: a mover that Confine wraps to the other edge arrives
// there, instead of being swept back across the field into a wall.
func TestWrappedMover(t *testing.T) {
	col := mustCollision(t, systems.CollisionOptions{})
	w := newWorld(t, systems.Motion(), systems.Confine(), col.System())
	spawn(w, systems.Vec2{X: 100}, systems.Box(20, 400)) // a wall in the middle
	m := spawn(w, systems.Vec2{X: 190}, systems.Box(8, 8))
	systems.Mover.Add(w, m, systems.Movement{})
	systems.Bounds.Add(w, m, systems.Boundary{Rect: systems.Rect(0, -200, 200, 200), Mode: systems.Wrap})
	step(t, w, 1)
	systems.Position.Require(w, m).X = 205 // past the right edge: the next step wraps it to 5
	step(t, w, 1)
	if x := systems.Position.Require(w, m).X; !near(x, 5) {
		t.Errorf("wrapped mover at x = %v, want 5; it was swept into the wall instead of jumping", x)
	}
}
