package systems_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// TestStepsAllocateNothing: once their buffers have grown, the systems'
// steps and the queries allocate nothing, contacts changing or not.
func TestStepsAllocateNothing(t *testing.T) {
	ctx := world.Context{Phase: world.Fixed, DT: stepDT}
	run := func(w *world.World) func() {
		return func() {
			if err := w.Run(ctx, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	// moving returns a world of n bodies moving and bouncing as in the
	// benchmarks, with one mover in ten when movers is set.
	moving := func(n int, mixed, movers bool) func() {
		bs, side := benchBodies(n, mixed)
		col := mustCollision(t, systems.CollisionOptions{CellSize: benchCell})
		w := newWorld(t, systems.Motion(), systems.Confine(), col.System())
		for i, b := range bs {
			e := world.Spawn3(w, systems.Position, b.p, systems.Velocity, b.v,
				systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, side, side), Mode: systems.Bounce})
			systems.Collider.Add(w, e, b.shape)
			if movers && i%10 == 0 {
				systems.Mover.Add(w, e, systems.Movement{})
			}
		}
		return run(w)
	}
	still := func() func() {
		_, w := newCollision(t, systems.CollisionOptions{})
		for i := range 100 {
			spawn(w, systems.Vec2{X: float64(i%10) * 9, Y: float64(i/10) * 9}, systems.Circle(5))
		}
		return run(w)
	}
	queries := func() func() {
		q := newQueryScene(t)
		es, hits := make([]world.Entity, 0, 16), make([]systems.RayHit, 0, 16)
		return func() {
			es = q.col.AtPoint(systems.Vec2{X: 40, Y: 5}, 0, es[:0])
			es = q.col.InRect(systems.Rect(-100, -100, 100, 100), 0, es[:0])
			q.col.Raycast(systems.Vec2{X: -90}, systems.Vec2{X: 90}, 0)
			hits = q.col.RaycastAll(systems.Vec2{X: -90}, systems.Vec2{X: 90}, 0, hits[:0])
		}
	}
	timers := func() func() {
		tm := systems.NewTimers()
		w := newWorld(t, tm.System())
		n := 0
		tm.Start(systems.Timer{Every: stepDT, Do: func(systems.TimerEvent) { n++ }})
		tm.Start(systems.Timer{Every: 0.5})
		return run(w)
	}
	tweens := func() func() {
		tw := systems.NewTweens()
		w := newWorld(t, tw.System())
		e := world.Spawn1(w, systems.Position, systems.Vec2{})
		systems.TweenField(tw, e, systems.Position, func(p *systems.Vec2) *float64 { return &p.X },
			systems.Tween{To: 100, Seconds: 1, Ease: systems.InOutCubic, Repeat: -1, Yoyo: true})
		return run(w)
	}
	motion := func() func() {
		w := newWorld(t, systems.Motion(), systems.Confine(), systems.Expire())
		for i := range 1000 {
			e := world.Spawn3(w, systems.Position, systems.Vec2{X: float64(i)}, systems.Velocity, systems.Vec2{X: 50, Y: 30},
				systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 100, 100), Mode: systems.BoundsMode(i % 3)})
			world.Spawn3(w, systems.Acceleration, systems.Vec2{Y: 10}, systems.Damping, systems.Drag{Rate: 1}, systems.MaxSpeed, systems.SpeedLimit{Max: 60})
			systems.Acceleration.Add(w, e, systems.Vec2{Y: 10})
			systems.Damping.Add(w, e, systems.Drag{Rate: 0.5})
			systems.MaxSpeed.Add(w, e, systems.SpeedLimit{Max: 60})
			systems.Lifetime.Add(w, e, systems.Lifespan{Seconds: 1e9})
		}
		return run(w)
	}
	scene := newLimitScene(t, 10_000, 4096, 1)
	tests := []struct {
		name string
		f    func()
	}{
		{"collision, nothing moves", still()},
		{"collision, 1000 moving circles", moving(1000, false, false)},
		{"collision, 1000 moving boxes and polygons", moving(1000, true, false)},
		{"collision, movers", moving(1000, true, true)},
		{"collision, the limit's scene of 10k bodies", func() {
			if err := scene.stepSystem(); err != nil {
				t.Fatal(err)
			}
		}},
		{"queries", queries()},
		{"motion, bounds, lifetime", motion()},
		{"timers", timers()},
		{"tweens", tweens()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 200 { // grow every buffer
				tt.f()
			}
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Errorf("step allocs = %v, want 0", n)
			}
		})
	}
}

// Wrapping movers (geom.Teleport into the collision system), contacts
// changing with callbacks registered, timers firing callbacks.
func TestAllocsWrapCallbacks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	col := mustCollision(t, systems.CollisionOptions{})
	tm := systems.NewTimers()
	tw := systems.NewTweens()
	w := newWorld(t, systems.Motion(), systems.Confine(), col.System(), tm.System(), tw.System(), systems.Expire())
	n := 0
	col.OnEnter(func(c systems.Contact) { n++ })
	col.OnExit(func(c systems.Contact) { n-- })
	col.OnStay(func(c systems.Contact) {})
	for i := range 300 {
		e := world.Spawn3(w, systems.Position, systems.Vec2{X: r.Float64() * 300, Y: r.Float64() * 300},
			systems.Velocity, systems.Vec2{X: (r.Float64() - 0.5) * 600, Y: (r.Float64() - 0.5) * 600},
			systems.Bounds, systems.Boundary{Rect: systems.Rect(0, 0, 300, 300), Mode: systems.Wrap})
		systems.Collider.Add(w, e, systems.Circle(3+r.Float64()*4))
		if i%3 == 0 {
			systems.Mover.Add(w, e, systems.Movement{})
		}
	}
	for x := 20.0; x < 300; x += 60 {
		spawn(w, systems.Vec2{X: x, Y: 150}, systems.Box(4, 200))
	}
	tm.Start(systems.Timer{Every: stepDT, Do: func(systems.TimerEvent) { n++ }})
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Seconds: 0.3, Repeat: -1, Yoyo: true})
	f := func() { step(t, w, 1) }
	for range 600 {
		f()
	}
	if a := testing.AllocsPerRun(200, f); a != 0 {
		t.Errorf("step allocs = %v, want 0", a)
	}
}
