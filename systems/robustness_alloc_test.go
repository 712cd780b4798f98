package systems_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

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
