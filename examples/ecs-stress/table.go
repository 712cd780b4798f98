package main

import (
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/ecs-stress/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/internal/stresskit"
)

// limitWalk names the limit in the table: the same moves over plain
// slices, with no world and no engine.
const limitWalk = "limit"

// headless reports whether args ask for -headless: then the command
// prints the timing table instead of opening a window.
func headless(args []string) bool {
	for _, a := range args {
		switch a {
		case "-headless", "--headless", "-headless=true", "--headless=true":
			return true
		case "--":
			return false
		}
	}
	return false
}

// options is what the command line asks the table for.
type options struct {
	steps   int
	bodies  []int
	walks   []string
	collide bool
	seed    uint64
	json    bool
	engine  engine.Config
}

// tableKeys are the game's keys the table reads from the configuration:
// all but bodies and walk, which it takes as lists of its own.
func tableKeys() []engine.Key {
	return slices.DeleteFunc(game.Keys(), func(k engine.Key) bool { return k.Name == game.KeyBodies || k.Name == game.KeyWalk })
}

// parseFlags parses the table's command line and loads the
// configuration. Its errors have been printed to stderr already.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("ecs-stress -headless", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := options{steps: 300, bodies: []int{10000, 100000}, walks: game.Walks()}
	fs.Bool("headless", true, "print the timing table (without it, the game opens a window)")
	fs.IntVar(&o.steps, "steps", o.steps, "timed fixed `steps` per walk and body count")
	fs.Func("bodies", "comma-separated body `counts` (default 10000,100000)", func(s string) error {
		var err error
		o.bodies, err = stresskit.ParseCounts(s)
		return err
	})
	fs.Func("walk", "comma-separated `walks` among "+strings.Join(game.Walks(), ",")+" (default all)", func(s string) error {
		var err error
		o.walks, err = parseWalks(s)
		return err
	})
	fs.BoolVar(&o.json, "json", false, "print one JSON object per line instead of a table")
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: args, Flags: fs, Defaults: game.Config(), Keys: tableKeys()})
	if errors.Is(err, flag.ErrHelp) {
		return o, err
	}
	o.engine = cfg
	opts := game.OptionsOf(cfg)
	o.collide, o.seed = opts.Collide, opts.Seed
	switch {
	case err != nil:
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	case o.steps <= 0:
		err = fmt.Errorf("invalid value %d for flag -steps: need at least 1", o.steps)
	}
	if err != nil {
		fmt.Fprintln(stderr, "ecs-stress:", err)
		if !errors.As(err, new(*engine.ConfigError)) {
			fs.Usage()
		}
	}
	return o, err
}

// parseWalks parses a comma-separated list of walk names, dropping repeats.
func parseWalks(s string) ([]string, error) {
	return stresskit.ParseNames(s, func(n string) bool { _, ok := game.LookupWalk(n); return ok }, game.Walks())
}

// table prints the timing table as args ask and returns the exit status:
// 0, 1 if a walk disagrees with the limit (or fails), 2 for bad flags.
func table(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	} else if err != nil {
		return 2
	}
	return runTable(o, stdout, stderr)
}

// runTable prints cmd/stress's table for the game: per body count, per
// walk, the cost of a whole fixed step of the game through
// engine.NewHeadless, then the limit, and checks every walk against it.
func runTable(o options, stdout, stderr io.Writer) int {
	table, err := stresskit.NewTable(stdout, o.json)
	if err == nil {
		for _, n := range o.bodies {
			if err = measure(table, o, n); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = table.Done(o.steps + 1)
	}
	if err != nil {
		fmt.Fprintln(stderr, "ecs-stress:", err)
		return 1
	}
	return 0
}

// walkSim is one walk's copy of the game, run headless.
type walkSim struct {
	h *engine.Headless
	s *game.Scene
}

// step runs one frame of one fixed step. (RunFrame, not RunSteps(1),
// which allocates once a call.)
func (ws *walkSim) step() error {
	if t := ws.h.RunFrame(); t.Steps != 1 {
		return fmt.Errorf("a frame ran %d steps, want 1", t.Steps)
	}
	return nil
}

// limitSim moves plain slices with game.Move.
type limitSim struct {
	ps, vs   []geom.Vec2
	dt, w, h float64
}

func (l *limitSim) step() error {
	game.Move(l.ps, l.vs, l.dt, l.w, l.h)
	return nil
}

// measure times the walks of o over n bodies, writes their results and
// the limit's, and checks that every walk left every body where the limit
// did.
func measure(table *stresskit.Table, o options, n int) error {
	cfg := engine.Config{Loop: o.engine.Loop, Input: o.engine.Input}
	var failed error
	sims := make([]*walkSim, len(o.walks))
	for i, walk := range o.walks {
		s := game.New(game.Options{Bodies: n, Walk: walk, Collide: o.collide, Seed: o.seed})
		h, err := engine.NewHeadless(cfg, engine.Game{First: s, Assets: game.Files()}, engine.HeadlessOptions{})
		if err != nil {
			return err
		}
		defer h.Close()
		h.Events().Subscribe(func(ev engine.Event) {
			if ev.Kind == engine.EventError && failed == nil {
				failed = fmt.Errorf("walk %s: %w", walk, ev.Err)
			}
		})
		if err := h.Start(); err != nil {
			return fmt.Errorf("walk %s: %w", walk, err)
		}
		sims[i] = &walkSim{h, s}
	}
	if len(sims) == 0 {
		return errors.New("no walk to measure")
	}
	ps, vs := sims[0].s.State()
	st := sims[0].s.Settings()
	limit := &limitSim{ps: ps, vs: vs, dt: 1 / float64(sims[0].h.Loop().Hz()), w: st.Width, h: st.Height}

	names := append(slices.Clone(o.walks), limitWalk)
	steps := make([]func() error, 0, len(names))
	for _, ws := range sims {
		steps = append(steps, ws.step)
	}
	steps = append(steps, limit.step)
	for i, step := range steps { // one untimed warm-up step each
		if err := step(); err != nil {
			return fmt.Errorf("walk %s: warm-up step: %w", names[i], err)
		}
	}
	samples, err := stresskit.Time(names, steps, o.steps)
	if err != nil {
		return err
	}
	for i, name := range names {
		if err := table.Write(stresskit.NewResult(name, n, o.steps, samples[i])); err != nil {
			return err
		}
	}
	if failed != nil {
		return failed
	}
	want := checksum(limit.ps, limit.vs)
	var errs []error
	for _, ws := range sims {
		if got := checksum(ws.s.State()); got != want {
			errs = append(errs, fmt.Errorf("walk %s disagrees with the limit after %d steps of %d bodies: checksum %016x, want %016x",
				ws.s.Walk(), o.steps+1, n, got, want))
		}
	}
	return errors.Join(errs...)
}

// checksum hashes the bits of every position and velocity in order
// (64-bit FNV-1a), so equal checksums mean bit-identical states.
func checksum(ps, vs []geom.Vec2) uint64 {
	h := fnv.New64a()
	var b [32]byte
	for i := range ps {
		for j, f := range [4]float64{ps[i].X, ps[i].Y, vs[i].X, vs[i].Y} {
			bits := math.Float64bits(f)
			for k := range 8 {
				b[8*j+k] = byte(bits >> (8 * k))
			}
		}
		h.Write(b[:])
	}
	return h.Sum64()
}
