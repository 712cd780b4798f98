// Command stress is Tessera's headless stress benchmark. It spawns bodies
// in a world (field components Position and Velocity and an object
// component Body), moves them for a number of fixed steps, bouncing off the
// edges of a 1280x720 field, once with each way of walking the world, and
// prints what a step costs per body.
//
// Usage:
//
//	go run ./cmd/stress [flags]
//
// The flags are:
//
//	-bodies list
//		comma-separated body counts to run, each in a fresh set of worlds
//		(default 10000,100000)
//	-steps n
//		timed fixed steps per walk and body count (default 600)
//	-walk list
//		comma-separated walks to run (default all):
//		slots        the Position+Velocity slot view's Runs over the columns
//		each         world.Each2 on Position and Velocity
//		query        range over world.Query2 on Position and Velocity
//		each-object  world.Each3 on Position, Velocity and Body, which
//		             walks the sparse sets instead of the slot view
//		limit        the same loop over plain []Position and []Velocity
//	-seed n
//		seed of the random initial state (default 1)
//	-json
//		print one JSON object per line instead of a table
//	-collide
//		also step the collision system (systems.Collision) over every
//		body of the world walks, as circles of radius 2 in 16-unit cells,
//		after the walk, and the hand-written limit of it
//		(internal/collidelimit: a dense grid of the same cells over the
//		field, rebuilt every step) in the limit walk; collision moves
//		nothing, so every walk must still match the limit, and every
//		walk's collision must find the limit's touching pairs
//	-sprites
//		run the sprite workload instead of the walks: for each body count
//		(1000, 10000 and 50000 unless -bodies is given),
//		a world of sprites (geom.Position, geom.Velocity, a systems.Bounds
//		bouncing off the field's edges, a drawable.Sprite) whose fixed
//		step is the renderer's snapshot (render.Renderer.BeforeStep) and
//		systems.MotionInBounds (systems.Motion and systems.Confine in one
//		pass), drawn each frame by
//		render.Renderer.Draw at alpha 0.5 onto a field-sized image; beside
//		it, its limits: one loop over plain slices doing the same
//		arithmetic (limit-step tests every body against one rectangle,
//		limit-bounds reads each body's from a slice, as Confine reads
//		each body's Bounds), and the bodies' squares drawn by
//		DrawTriangles calls over a vertex slice whose corners the limit
//		rewrites. Each frame runs the five in turn (the order rotates),
//		each timed in the CPU time of the game loop's thread once the GPU
//		has finished what came before (the Go side of a draw), after 8
//		untimed frames; the rows sprites-step, limit-step, limit-bounds,
//		sprites-draw and limit-draw print the median ns per body
//		and the median allocations, and a ratios line the medians of the
//		frame-by-frame ratios. The world's bodies must end exactly where
//		the limit's do. Like -window it needs a display and the
//		tesserawindow build tag (./scripts/stress.sh adds it); it opens a
//		small window that shows nothing
//	-parallel
//		instead of the walks, measure the world's parallel forms against
//		their sequential ones (see parallel.go): two systems that conflict
//		with nothing, each moving half the bodies, run one after the other
//		and on the world's worker pool; and one system's walk over every
//		body, by the slot view's runs and by Slots.Parallel in batches of
//		4096; each body moves in 8 substeps a step. The table shows both
//		forms' ms/step and the speed-up; every form must match a plain loop
//	-window
//		draw the bodies as small squares in a window instead of measuring:
//		the first body count (10000 unless -bodies is given) and the first
//		walk other than limit, run through the engine (engine/window) and
//		drawn as sprites by package render, with the frame rate and the
//		fixed steps per frame in the window title and the renderer's debug
//		overlay on F3; a summary is printed when the window closes
//	-frames n
//		with -window, close the window after n frames (default 0: never)
//	-screenshot file
//		with -window and -frames, save the last frame to file as PNG
//	-overlay
//		with -window, show the renderer's debug overlay from the start
//		(F3 shows and hides it)
//
// The -window mode needs a display, and a binary that can draw: ebitengine
// panics at start-up without a display, so the window mode lives in
// window.go behind the build tag tesserawindow and the default binary stays
// headless. ./scripts/stress.sh adds the tag when -window is given; by hand,
// go run -tags tesserawindow ./cmd/stress -window. A binary built without
// the tag answers -window with an error saying so.
//
// Every walk but the limit runs as a system of the Fixed phase, driven by
// one World.Run per step, so its numbers include the system runner; the
// limit runs its loop directly. Each walk has its own copy of the same
// initial state, runs one untimed warm-up step and then the timed steps;
// the walks take turns in rounds of steps. ns/entity is the mean time of a
// step divided by the number of bodies; allocs/step is the median over the
// rounds of each round's heap allocations (runtime.MemStats.Mallocs) per
// step. The count is process-wide and the Go runtime allocates on its own
// now and then (a thread, its timer heap), which lands in one round: the
// median leaves that out, so a walk that allocates nothing prints 0 on
// every run, and one that allocates in its steps shows it.
//
// After the steps every walk must have left every body exactly where the
// limit left it (same float32 bits, compared by checksum): the limit runs,
// untimed, even when -walk leaves it out. A walk that disagrees, or whose
// system fails, is reported on standard error and stress exits with status
// 1, which makes the benchmark a test as well. Bad flags exit with status 2.
//
// Sample output (the times depend on the machine):
//
//	$ go run ./cmd/stress -bodies 10000,100000 -steps 300
//	walk              bodies  steps   ns/entity  allocs/step
//	slots              10000    300        2.10            0
//	each               10000    300        3.54            0
//	query              10000    300        5.02            0
//	each-object        10000    300        6.76            0
//	limit              10000    300        2.09            0
//	slots             100000    300        2.29            0
//	each              100000    300        3.72            0
//	query             100000    300        5.13            0
//	each-object       100000    300        6.85            0
//	limit             100000    300        2.17            0
//	ok: every walk matches the limit after 301 steps
//
// With -json the same run prints one line per walk and body count, with
// the timing of the world's systems over the last steps (run and
// buffer-apply times, world.World.Timings), such as
//
//	{"walk":"slots","bodies":10000,"steps":300,"ns_per_entity":2.1,"allocs_per_step":0,"systems":[{"system":"move-slots","phase":"fixed","samples":301,"run_avg_ns":21000,...}]}
//
// and with -parallel one line per workload and body count, such as
//
//	{"parallel":"systems","bodies":100000,"steps":300,"workers":2,"seq_ms_per_step":1.6,"par_ms_per_step":0.85,"speedup":1.88,...}
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/internal/stresskit"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// spriteBodies are the body counts -sprites runs when -bodies is not
// given: those issue 17 sets the draw's target at.
var spriteBodies = []int{1000, 10000, 50000}

// config is what the flags ask for.
type config struct {
	bodies []int
	steps  int
	walks  []string
	seed   uint64
	json   bool
	// collide adds the collision system to every world walk.
	collide bool
	// sprites runs the sprite workload instead of the walks.
	sprites bool
	// parallel measures the parallel forms instead of the walks.
	parallel bool

	window     bool
	frames     int
	screenshot string
	overlay    bool
	bodiesSet  bool // whether -bodies was given
}

// parseFlags parses the command line into a config. Its errors have been
// printed to stderr already, with the usage.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("stress", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config{
		bodies: []int{10000, 100000},
		steps:  600,
		walks:  walkNames(),
		seed:   1,
	}
	fs.Func("bodies", "comma-separated body `counts` (default 10000,100000; with -sprites 1000,10000,50000)", func(s string) error {
		var err error
		cfg.bodies, err = stresskit.ParseCounts(s)
		return err
	})
	fs.IntVar(&cfg.steps, "steps", cfg.steps, "timed fixed `steps` per walk and body count")
	fs.Func("walk", "comma-separated `walks` among "+strings.Join(walkNames(), ",")+" (default all)", func(s string) error {
		var err error
		cfg.walks, err = parseWalks(s)
		return err
	})
	fs.Uint64Var(&cfg.seed, "seed", cfg.seed, "`seed` of the random initial state")
	fs.BoolVar(&cfg.json, "json", false, "print one JSON object per line instead of a table")
	fs.BoolVar(&cfg.collide, "collide", false, "also step the collision system (systems.Collision) over every body, as circles of radius 2, and its hand-written limit")
	fs.BoolVar(&cfg.sprites, "sprites", false, "run the sprite workload (motion, bounds, the renderer's snapshot and draw) beside its limits (needs a display and the tesserawindow build tag)")
	fs.BoolVar(&cfg.parallel, "parallel", false, "measure two independent systems and a parallel walk against their sequential forms, instead of the walks")
	fs.BoolVar(&cfg.window, "window", false, "draw the bodies in a window (needs a display and the tesserawindow build tag)")
	fs.IntVar(&cfg.frames, "frames", 0, "with -window, close the window after `n` frames (0: never)")
	fs.StringVar(&cfg.screenshot, "screenshot", "", "with -window and -frames, save the last frame to `file` as PNG")
	fs.BoolVar(&cfg.overlay, "overlay", false, "with -window, show the debug overlay from the start (F3 shows and hides it)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	fs.Visit(func(f *flag.Flag) { cfg.bodiesSet = cfg.bodiesSet || f.Name == "bodies" })
	if cfg.sprites && !cfg.bodiesSet {
		cfg.bodies = slices.Clone(spriteBodies) // issue 17's sprite counts
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	case cfg.steps <= 0:
		err = fmt.Errorf("invalid value %d for flag -steps: need at least 1", cfg.steps)
	case cfg.frames < 0:
		err = fmt.Errorf("invalid value %d for flag -frames: need at least 0", cfg.frames)
	case cfg.screenshot != "" && (!cfg.window || cfg.frames == 0):
		err = errors.New("-screenshot needs -window and -frames")
	case cfg.overlay && !cfg.window:
		err = errors.New("-overlay needs -window")
	case cfg.frames != 0 && !cfg.window:
		err = errors.New("-frames needs -window")
	case cfg.window && cfg.json:
		err = errors.New("-json prints the headless table: not with -window")
	case cfg.parallel && cfg.sprites:
		err = errors.New("-parallel and -sprites are two workloads: give one")
	case cfg.parallel && (cfg.window || cfg.collide):
		err = errors.New("-parallel measures headless workloads of its own: not with -window or -collide")
	case cfg.window && cfg.collide:
		err = errors.New("-collide steps the headless benchmark: not with -window")
	case cfg.sprites && (cfg.window || cfg.collide):
		err = errors.New("-sprites runs a workload of its own: not with -window or -collide")
	case cfg.window && !slices.ContainsFunc(cfg.walks, func(w string) bool { return w != limitWalk }):
		err = errors.New("-window needs a walk other than limit")
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		fs.Usage()
	}
	return cfg, err
}

// parseWalks parses a comma-separated list of walk names, dropping repeats.
func parseWalks(s string) ([]string, error) {
	return stresskit.ParseNames(s, func(n string) bool { _, ok := lookupWalk(n); return ok }, walkNames())
}

// run runs the benchmark as the command line args ask and returns the exit
// status: 0 when every walk matched the limit, 1 when one did not or
// failed, 2 for bad flags.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	} else if err != nil {
		return 2
	}
	if cfg.window {
		return runWindow(cfg, stdout, stderr)
	}
	if cfg.sprites {
		return runSprites(cfg, stdout, stderr)
	}
	if cfg.parallel {
		return runParallel(cfg, stdout, stderr)
	}
	table, err := stresskit.NewTable(stdout, cfg.json)
	if err != nil {
		fmt.Fprintln(stderr, "stress:", err)
		return 1
	}
	for _, n := range cfg.bodies {
		results, err := measure(cfg.walks, n, cfg.steps, cfg.seed, cfg.collide)
		for _, r := range results {
			if err := table.Write(r); err != nil {
				fmt.Fprintln(stderr, "stress:", err)
				return 1
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, "stress:", err)
			return 1
		}
	}
	if err := table.Done(cfg.steps + 1); err != nil {
		fmt.Fprintln(stderr, "stress:", err)
		return 1
	}
	return 0
}
