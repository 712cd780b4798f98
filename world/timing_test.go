package world_test

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// TestTimings: with a window of n, every system's figures cover its last n
// runs (at most), the run and the apply of its changes, for exclusive
// systems and for systems of a group alike.
func TestTimings(t *testing.T) {
	w := world.New()
	if w.Timings() != nil {
		t.Error("Timings before SetTimingWindow, want none")
	}
	e := w.Create()
	sleepy := func(d time.Duration) func(*world.Context) error {
		return func(ctx *world.Context) error {
			time.Sleep(d)
			if ctx.Step%2 == 0 {
				tPlayer.Add(ctx.World, e)
			} else {
				ctx.World.Remove(e, tPlayer)
			}
			return nil
		}
	}
	must(t, w.AddSystem(world.System{Name: "lone", Phase: world.Fixed, Run: sleepy(2 * time.Millisecond)}))
	must(t, w.AddSystem(world.System{Name: "declared", Phase: world.Fixed, Adds: comps(tPlayer), Removes: comps(tPlayer), Run: sleepy(time.Millisecond)}))
	must(t, w.AddSystem(world.System{Name: "draw", Phase: world.Frame, Run: nop}))
	w.SetTimingWindow(5)
	if w.TimingWindow() != 5 {
		t.Errorf("TimingWindow = %d", w.TimingWindow())
	}
	for step := range 8 {
		must(t, w.Run(world.Context{Phase: world.Fixed, Step: uint64(step)}, nil))
	}
	must(t, w.Run(world.Context{Phase: world.Frame}, nil))
	got := w.Timings()
	if len(got) != 3 || got[0].System != "lone" || got[1].System != "declared" || got[2].System != "draw" || got[2].Phase != world.Frame {
		t.Fatalf("Timings = %+v", got)
	}
	for i, want := range []struct {
		samples int
		least   time.Duration
	}{{5, 2 * time.Millisecond}, {5, time.Millisecond}, {1, 0}} {
		r, a := got[i].Run, got[i].Apply
		if r.Samples != want.samples || a.Samples != want.samples {
			t.Errorf("%s: %d run and %d apply samples, want %d", got[i].System, r.Samples, a.Samples, want.samples)
		}
		if r.Min < want.least || r.Min > r.Avg || r.Avg > r.Max {
			t.Errorf("%s: run %+v, want %v <= min <= avg <= max", got[i].System, r, want.least)
		}
		if a.Min > a.Avg || a.Avg > a.Max {
			t.Errorf("%s: apply %+v", got[i].System, a)
		}
	}
	w.SetTimingWindow(0)
	if w.Timings() != nil {
		t.Error("Timings after turning timing off, want none")
	}
}
