package world_test

import (
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// TestSteadyStateAllocatesNothing: walks, system runs and structural
// changes that reuse slots allocate nothing once the world has grown.
func TestSteadyStateAllocatesNothing(t *testing.T) {
	w := world.New()
	var ids []world.Entity
	for i := range 1000 {
		e := world.Spawn3(w, tPos, position{X: float32(i)}, tVel, velocity{X: 1}, tHealth, health{HP: i})
		ids = append(ids, e)
	}
	move := func(ctx *world.Context) error {
		p, v := tPos.Column(ctx.World), tVel.Column(ctx.World)
		for _, r := range ctx.World.Slots(tPos, tVel).Runs() {
			for i := r.Start; i < r.End; i++ {
				p[i].X += v[i].X * float32(ctx.DT)
			}
		}
		return nil
	}
	if err := w.AddSystem(world.System{Name: "move", Phase: world.Fixed, Run: move}); err != nil {
		t.Fatal(err)
	}
	var sum int
	each := func(_ world.Entity, h *health, p *position) { sum += h.HP }
	k := 0
	cases := []struct {
		name string
		f    func()
	}{
		{"Run(fixed)", func() { w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil) }},
		{"Each2 objects+fields", func() { world.Each2(w, tHealth, tPos, each) }},
		{"Each2 fields", func() {
			world.Each2(w, tPos, tVel, func(_ world.Entity, p *position, v *velocity) { p.Y += v.Y })
		}},
		{"Query2", func() {
			for _, row := range world.Query2(w, tHealth, tPos) {
				sum += row.A.HP
			}
		}},
		{"Query2 fields", func() {
			for _, row := range world.Query2(w, tPos, tVel) {
				row.A.X += row.B.X
			}
		}},
		{"First2", func() { world.First2(w, tHealth, tVel) }},
		{"Get", func() { tHealth.Get(w, ids[500]); tPos.Get(w, ids[10]) }},
		{"destroy+spawn", func() {
			w.Destroy(ids[k])
			ids[k] = world.Spawn3(w, tPos, position{}, tVel, velocity{}, tHealth, health{})
			k = (k + 37) % len(ids)
		}},
		{"add+remove", func() {
			tPlayer.Add(w, ids[k])
			w.Remove(ids[k], tPlayer)
		}},
		{"Runs after change", func() {
			w.Remove(ids[3], tVel)
			tVel.Add(w, ids[3], velocity{})
			w.Slots(tPos, tVel).Runs()
		}},
	}
	for _, c := range cases {
		c.f() // warm up: first uses may grow storage or build a view
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s allocates %v times, want 0", c.name, n)
		}
	}
}
