package render

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/world"
)

// TestOverlayShownMidRun: a run during which the overlay is shown (its key
// does so inside render.frame) is not timed; it was timed from a stale
// start, a run as long as the program had been running.
func TestOverlayShownMidRun(t *testing.T) {
	r, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	if err := r.Install(w); err != nil {
		t.Fatal(err)
	}
	now := 30 * time.Second // the game has run for half a minute
	r.overlay.SetClock(func() time.Duration { now += 10 * time.Microsecond; return now })
	if err := w.AddSystem(world.System{Name: "debug.toggle", Phase: world.Frame, Run: func(*world.Context) error {
		r.Overlay().Show()
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Run(world.Context{Phase: world.Frame, DT: 1.0 / 60}, nil); err != nil {
		t.Fatal(err)
	}
	now += 2 * time.Second
	for _, tm := range r.overlay.systems {
		tm.w.Tick(now)
		if s := tm.w.Last(); s.Max > time.Second {
			t.Errorf("system %s: longest run %v, after a run of about 10µs", tm.name, s.Max)
		}
	}
}
