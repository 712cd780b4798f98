package engine_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// procsWalker is a walker that, at step 40, moves its body by the number
// of processors the run may use: a game that is not the same run on one
// core and on two.
type procsWalker struct {
	walker
	steps int
}

func (s *procsWalker) OnEnter() error {
	if err := s.walker.OnEnter(); err != nil {
		return err
	}
	return s.World().AddSystem(world.System{Name: "procs", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if s.steps++; s.steps == 41 {
			geom.Position.Require(ctx.World, s.body).Y += float64(runtime.GOMAXPROCS(0))
		}
		return nil
	}})
}

// TestReplayHashesTheWorldByDefault: a recording made with no hash
// function holds World.Hash of every step, which playback checks.
func TestReplayHashesTheWorldByDefault(t *testing.T) {
	h, err := engine.NewHeadless(engine.Config{Input: engine.StandardInput()}, engine.Game{First: &walker{}}, engine.HeadlessOptions{Script: walkScript})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	if err := h.Record(nil); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(50); err != nil {
		t.Fatal(err)
	}
	r := h.Recording()
	if want := h.Scenes().Top().World().Hash(); len(r.Hashes) != 50 || r.Hashes[49] != want {
		t.Fatalf("recorded %d hashes, the last %x; want 50, the last the world's %x", len(r.Hashes), r.Hashes[len(r.Hashes)-1], want)
	}
	back, err := r.Play(engine.Config{Input: engine.StandardInput()}, engine.Game{First: &walker{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	back.Close()
}

// TestLockstepNamesWhatDiffers plays a recording on two runs in
// lockstep, one under GOMAXPROCS 1 and one under 2, of a game that reads
// GOMAXPROCS at step 40: the divergence is that step, and says which
// entity and component differ.
func TestLockstepNamesWhatDiffers(t *testing.T) {
	r, _ := record(t)
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	cfg := engine.Config{Input: engine.StandardInput()}
	a, b := &procsWalker{}, &procsWalker{}
	err := r.Lockstep(cfg, engine.Game{First: a}, engine.Game{First: b}, func(run int) { runtime.GOMAXPROCS(run + 1) })
	var d *engine.Divergence
	if !errors.As(err, &d) || !errors.Is(err, engine.ErrReplay) {
		t.Fatalf("Lockstep = %v, want a divergence", err)
	}
	if d.Step != 40 || len(d.Diff) != 1 || d.Diff[0].Entity != a.body || !strings.Contains(d.Detail, "Position") {
		t.Errorf("divergence at step %d, %v (%q); want step 40, the body's Position", d.Step, d.Diff, d.Detail)
	}
	if err := r.Lockstep(cfg, engine.Game{First: &walker{}}, engine.Game{First: &walker{}}, nil); err != nil {
		t.Errorf("Lockstep of the same game = %v", err)
	}
}
