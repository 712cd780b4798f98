// Command ecs-stress is Tessera's main example: tens of thousands of
// bodies bouncing in a field, drawn as sprites, with the renderer's debug
// overlay on F3. The up and down arrows (or + and -, or the gamepad's
// shoulder buttons) add and remove bodies a thousand at a time. The bodies
// come from prefab YAML (game/assets/prefabs), which sets the field's size,
// the starting count, the batch, the speeds and the colours.
//
// Usage:
//
//	./scripts/example.sh ecs-stress [flags]
//	go run -tags tesserawindow ./examples/ecs-stress [flags]   # window
//	go run ./examples/ecs-stress -headless [flags]              # timing table
//
// The flags are:
//
//	-headless
//		run without a window and print cmd/stress's timing table: each
//		body count of -bodies, each walk of -walk, -steps timed fixed
//		steps of the whole game through engine.NewHeadless, checked
//		against the limit (the same moves over plain slices)
//	-steps n
//		timed fixed steps per walk and body count, headless (default 300)
//	-bodies list
//		comma-separated body counts (headless default 10000,100000); the
//		window shows the first (default: the field prefab's, 10000)
//	-walk list
//		comma-separated walks of the move system (default all headless,
//		the first in a window): slots, each, query, each-object
//	-collide
//		give the bodies circle colliders and step systems.Collision after
//		the move; bodies flash white as they meet. Collision moves nothing,
//		so the walks still match the limit
//	-seed n
//		seed of the bodies' places, speeds and kinds (default 1)
//	-json
//		headless: one JSON object per line instead of the table
//	-frames n
//		window: close after n frames (default 0: never)
//	-screenshot file
//		window: with -frames, save the last frame to file as PNG
//	-overlay
//		window: show the debug overlay from the start
//
// and the engine's configuration flags (-window.width 1920, -loop.hz 120,
// ...; see docs/LOOP.md), which tessera.yaml and TESSERA_* variables set
// too, as do the game's key debug.overlay_key and its input actions
// input.actions.add and input.actions.remove.
//
// The window lives in window.go behind the build tag tesserawindow, since
// ebitengine panics at start-up without a display. A binary built without
// the tag runs -headless only: without it, it says how to get the window
// and exits with status 2. A walk that disagrees with the limit exits with
// status 1, bad flags with 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/ecs-stress/game"
	"github.com/tessera-engine/tessera/internal/stresskit"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options is what the command line asks for.
type options struct {
	headless   bool
	steps      int
	bodies     []int
	bodiesSet  bool
	walks      []string
	collide    bool
	seed       uint64
	json       bool
	frames     int
	screenshot string
	overlay    bool
	engine     engine.Config
}

// parseFlags parses the command line and loads the configuration. Its
// errors have been printed to stderr already.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("ecs-stress", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := options{steps: 300, bodies: []int{10000, 100000}, walks: game.Walks(), seed: 1}
	fs.BoolVar(&o.headless, "headless", false, "run without a window and print the timing table")
	fs.IntVar(&o.steps, "steps", o.steps, "timed fixed `steps` per walk and body count, headless")
	fs.Func("bodies", "comma-separated body `counts` (headless default 10000,100000; the window shows the first)", func(s string) error {
		var err error
		o.bodies, err = stresskit.ParseCounts(s)
		o.bodiesSet = true
		return err
	})
	fs.Func("walk", "comma-separated `walks` among "+strings.Join(game.Walks(), ",")+" (default all; the window uses the first)", func(s string) error {
		var err error
		o.walks, err = parseWalks(s)
		return err
	})
	fs.BoolVar(&o.collide, "collide", false, "collide the bodies with one another (systems.Collision)")
	fs.Uint64Var(&o.seed, "seed", o.seed, "`seed` of the bodies' places, speeds and kinds")
	fs.BoolVar(&o.json, "json", false, "headless: print one JSON object per line instead of a table")
	fs.IntVar(&o.frames, "frames", 0, "window: close after `n` frames (0: never)")
	fs.StringVar(&o.screenshot, "screenshot", "", "window: with -frames, save the last frame to `file` as PNG")
	fs.BoolVar(&o.overlay, "overlay", false, "window: show the debug overlay from the start (F3 toggles it)")
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args:     args,
		Flags:    fs,
		Defaults: game.ConfigDefaults(),
		Keys:     game.Keys(),
	})
	if errors.Is(err, flag.ErrHelp) {
		return o, err
	}
	o.engine = cfg
	switch {
	case err != nil:
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	case o.steps <= 0:
		err = fmt.Errorf("invalid value %d for flag -steps: need at least 1", o.steps)
	case o.frames < 0:
		err = fmt.Errorf("invalid value %d for flag -frames: need at least 0", o.frames)
	case o.screenshot != "" && (o.headless || o.frames == 0):
		err = errors.New("-screenshot needs a window and -frames")
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

// run runs the example as args ask and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	} else if err != nil {
		return 2
	}
	if o.headless {
		return runHeadless(o, stdout, stderr)
	}
	return runWindow(o, stdout, stderr)
}
