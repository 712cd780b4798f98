package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"time"

	"github.com/tessera-engine/tessera/internal/stresskit"
	"github.com/tessera-engine/tessera/world"
)

// The -parallel mode: for each body count, two heavier workloads run in
// their sequential and their parallel form, taking turns in rounds
// (stresskit.Time), and the table shows the speed-up next to the
// sequential run:
//
//   - systems: two systems that conflict with nothing, each moving half
//     the bodies (its own pair of components), run with
//     SetParallelism(1) and on the world's pool;
//   - walk: one system moving every body, by the slot view's runs and by
//     Slots.Parallel in batches of parallelBatch slots.
//
// Each body moves in heavySubsteps substeps per step (about 16 ns a body),
// so that at 100,000 bodies each system of "systems" takes about 1 ms.
// After the steps every form must have left every body where a plain loop
// over slices left it, bit for bit.

const (
	heavySubsteps = 8
	parallelBatch = 4096
)

// The second half's components, for the second system of "systems".
var (
	positionB = world.DefineFields[position]("PositionB")
	velocityB = world.DefineFields[velocity]("VelocityB")
)

// moveHeavy moves every body of two parallel slices one step in
// heavySubsteps substeps.
func moveHeavy(ps []position, vs []velocity, dt float32) {
	vs = vs[:len(ps)]
	h := dt / heavySubsteps
	for i := range ps {
		p, v := &ps[i], &vs[i]
		for range heavySubsteps {
			p.X, v.X = advance(p.X, v.X, h, fieldW)
			p.Y, v.Y = advance(p.Y, v.Y, h, fieldH)
		}
	}
}

// heavyRun returns a system's Run moving, with moveHeavy, the bodies
// holding pc and vc, by the slot view's runs.
func heavyRun(pc *world.Fields[position], vc *world.Fields[velocity]) func(*world.Context) error {
	return func(ctx *world.Context) error {
		w, dt := ctx.World, float32(ctx.DT)
		ps, vs := pc.Column(w), vc.Column(w)
		for _, r := range w.Slots(pc, vc).Runs() {
			moveHeavy(ps[r.Start:r.End], vs[r.Start:r.End], dt)
		}
		return nil
	}
}

// heavyBatch is one batch of the parallel walk.
func heavyBatch(ctx *world.Context, runs []world.Run) {
	w, dt := ctx.World, float32(ctx.DT)
	ps, vs := positionC.Column(w), velocityC.Column(w)
	for _, r := range runs {
		moveHeavy(ps[r.Start:r.End], vs[r.Start:r.End], dt)
	}
}

// heavyParallel is the parallel walk's Run.
func heavyParallel(ctx *world.Context) error {
	ctx.World.Slots(positionC, velocityC).Parallel(ctx, parallelBatch, heavyBatch)
	return nil
}

// parSim is one form of a -parallel workload: a world and the bodies it
// moves, in spawn order, with the components each holds.
type parSim struct {
	w     *world.World
	ents  []world.Entity
	pcs   []*world.Fields[position] // by body
	vcs   []*world.Fields[velocity]
	steps uint64
}

// newParSim returns the form of workload kind ("systems" or "walk"),
// parallel or not, over init.
func newParSim(kind string, parallel bool, init bodies) (*parSim, error) {
	s := &parSim{w: world.New()}
	s.w.SetTimingWindow(timingWindow)
	if !parallel {
		s.w.SetParallelism(1)
	}
	writes := func(pc *world.Fields[position], vc *world.Fields[velocity]) []world.ComponentType {
		return []world.ComponentType{pc, vc}
	}
	var systems []world.System
	switch kind {
	case "systems":
		half := len(init.pos) / 2
		for i := range init.pos {
			pc, vc := positionC, velocityC
			if i >= half {
				pc, vc = positionB, velocityB
			}
			s.spawn(pc, vc, init.pos[i], init.vel[i])
		}
		systems = []world.System{
			{Name: "move-a", Run: heavyRun(positionC, velocityC), Writes: writes(positionC, velocityC)},
			{Name: "move-b", Run: heavyRun(positionB, velocityB), Writes: writes(positionB, velocityB)},
		}
	case "walk":
		for i := range init.pos {
			s.spawn(positionC, velocityC, init.pos[i], init.vel[i])
		}
		run := heavyRun(positionC, velocityC)
		if parallel {
			run = heavyParallel
		}
		systems = []world.System{{Name: "move", Run: run, Writes: writes(positionC, velocityC)}}
	default:
		return nil, fmt.Errorf("unknown parallel workload %q", kind)
	}
	for _, sys := range systems {
		sys.Phase = world.Fixed
		if err := s.w.AddSystem(sys); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *parSim) spawn(pc *world.Fields[position], vc *world.Fields[velocity], p position, v velocity) {
	s.ents = append(s.ents, world.Spawn2(s.w, pc, p, vc, v))
	s.pcs, s.vcs = append(s.pcs, pc), append(s.vcs, vc)
}

func (s *parSim) step() error {
	ctx := world.Context{Phase: world.Fixed, DT: stepDT, Now: time.Duration(s.steps) * stepDuration, Step: s.steps}
	s.steps++
	return s.w.Run(ctx, nil)
}

func (s *parSim) checksum() uint64 {
	ps, vs := make([]position, len(s.ents)), make([]velocity, len(s.ents))
	for i, e := range s.ents {
		ps[i], vs[i] = *s.pcs[i].Require(s.w, e), *s.vcs[i].Require(s.w, e)
	}
	return checksum(ps, vs)
}

// parallelResult is one workload's measurement over one body count: a
// row of the -parallel table and a line of its JSON output.
type parallelResult struct {
	Workload      string                 `json:"parallel"`
	Bodies        int                    `json:"bodies"`
	Steps         int                    `json:"steps"`
	Workers       int                    `json:"workers"`
	SeqMsPerStep  float64                `json:"seq_ms_per_step"`
	ParMsPerStep  float64                `json:"par_ms_per_step"`
	Speedup       float64                `json:"speedup"`
	AllocsPerStep float64                `json:"allocs_per_step"` // of the parallel form
	Systems       []stresskit.SystemTime `json:"systems,omitempty"`
}

// measureParallel runs the sequential and the parallel form of workload
// kind over n bodies from seed: a warm-up step, then steps timed steps in
// turns, then the check against a plain loop.
func measureParallel(kind string, n, steps int, seed uint64) (parallelResult, error) {
	init := spawnBodies(n, seed)
	var forms [2]*parSim
	for i := range forms {
		s, err := newParSim(kind, i == 1, init)
		if err != nil {
			return parallelResult{}, err
		}
		if err := s.step(); err != nil {
			return parallelResult{}, fmt.Errorf("%s: warm-up step: %w", kind, err)
		}
		forms[i] = s
	}
	samples, err := stresskit.Time([]string{kind + "-sequential", kind + "-parallel"},
		[]func() error{forms[0].step, forms[1].step}, steps)
	if err != nil {
		return parallelResult{}, err
	}
	ps, vs := append([]position(nil), init.pos...), append([]velocity(nil), init.vel...)
	for range steps + 1 {
		moveHeavy(ps, vs, float32(stepDT))
	}
	want := checksum(ps, vs)
	for i, name := range []string{"sequential", "parallel"} {
		if got := forms[i].checksum(); got != want {
			return parallelResult{}, fmt.Errorf("%s, %s: checksum %016x after %d steps of %d bodies, the plain loop's %016x",
				kind, name, got, steps+1, n, want)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(steps) / 1e6 }
	return parallelResult{
		Workload: kind, Bodies: n, Steps: steps, Workers: runtime.GOMAXPROCS(0),
		SeqMsPerStep: ms(samples[0].Elapsed), ParMsPerStep: ms(samples[1].Elapsed),
		Speedup:       float64(samples[0].Elapsed) / float64(samples[1].Elapsed),
		AllocsPerStep: samples[1].AllocsPerStep(),
		Systems:       stresskit.SystemTimes(forms[1].w.Timings()),
	}, nil
}

// runParallel is run for -parallel: it prints a table (or JSON lines) of
// both workloads over every body count, and returns the exit status.
func runParallel(cfg config, stdout, stderr io.Writer) int {
	var enc *json.Encoder
	if cfg.json {
		enc = json.NewEncoder(stdout)
	} else {
		fmt.Fprintf(stdout, "%-10s %9s %6s %12s %12s %9s %12s\n", "parallel", "bodies", "steps", "seq ms/step", "par ms/step", "speed-up", "allocs/step")
	}
	for _, n := range cfg.bodies {
		for _, kind := range []string{"systems", "walk"} {
			r, err := measureParallel(kind, n, cfg.steps, cfg.seed)
			if err != nil {
				fmt.Fprintln(stderr, "stress:", err)
				return 1
			}
			round := func(f float64) float64 { return math.Round(f*1000) / 1000 }
			if enc != nil {
				r.SeqMsPerStep, r.ParMsPerStep, r.Speedup = round(r.SeqMsPerStep), round(r.ParMsPerStep), round(r.Speedup)
				err = enc.Encode(r)
			} else {
				_, err = fmt.Fprintf(stdout, "%-10s %9d %6d %12.3f %12.3f %8.2fx %12.4g\n",
					r.Workload, r.Bodies, r.Steps, r.SeqMsPerStep, r.ParMsPerStep, r.Speedup, r.AllocsPerStep)
			}
			if err != nil {
				fmt.Fprintln(stderr, "stress:", err)
				return 1
			}
		}
	}
	if enc == nil {
		fmt.Fprintf(stdout, "ok: every form matches the plain loop after %d steps (GOMAXPROCS %d)\n", cfg.steps+1, runtime.GOMAXPROCS(0))
	}
	return 0
}
