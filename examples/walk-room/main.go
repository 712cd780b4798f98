// Command walk-room is Tessera's top-down walking example: a player walks
// through two rooms bigger than the screen, sliding along walls and
// furniture, picks up items, goes through a door from one room into the
// other and pauses. The rooms, the player, the furniture, the items and the
// doors are YAML data (game/assets); the game itself is package game, which
// never imports ebitengine.
//
// Usage:
//
//	./scripts/example.sh walk-room [flags]
//	go run -tags tesserawindow ./examples/walk-room [flags]   # a window
//	go run ./examples/walk-room -headless [flags]             # no window
//
// The flags are:
//
//	-headless
//		run without a window, for -steps fixed steps, and print the game's
//		state; plays the demo walk unless -demo=false
//	-steps n
//		fixed steps of a headless run (default 700)
//	-seed n
//		seed of where scattered items go (default 1)
//	-demo
//		play the scripted demo walk: right through the hall, over a coin,
//		a pause, through the door and across the study (default on
//		headless, off in a window)
//	-screenshot file
//		in a window, save frame -frames as PNG to file and quit
//	-frames n
//		in a window, quit after n frames (default 0: when closed)
//
// and every engine configuration flag, such as -window.width 800 or
// -config walk.yaml (see docs/LOOP.md), plus -game.room NAME to start in
// another room. The input actions move_left, move_right, move_up,
// move_down (the axis move) and pause are rebound in a config file.
//
// A binary built without the tesserawindow tag cannot open a window, since
// it must not link ebitengine (which panics at start-up without a display):
// run without -headless, it says so and exits with status 2. Bad flags and
// bad configuration exit with status 2; a game error with status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the example's own flags.
type options struct {
	headless   bool
	steps      uint64
	seed       uint64
	demo       bool
	demoSet    bool // whether -demo was given
	screenshot string
	frames     int
	sound      string // on, off or auto
}

// Defaults of the configuration: the window and the input bindings.
const (
	defaultSteps = 700
	defaultSeed  = 1
	roomKey      = "game.room"
)

// run runs the example with the command-line arguments args and returns
// the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("walk-room", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.BoolVar(&o.headless, "headless", false, "run without a window and print the game's state")
	fs.Uint64Var(&o.steps, "steps", defaultSteps, "fixed `steps` of a headless run")
	fs.Uint64Var(&o.seed, "seed", defaultSeed, "`seed` of where scattered items go")
	fs.BoolVar(&o.demo, "demo", false, "play the scripted demo walk (default on headless, off in a window)")
	fs.StringVar(&o.screenshot, "screenshot", "", "in a window, save frame -frames to `file` as PNG and quit")
	fs.IntVar(&o.frames, "frames", 0, "in a window, quit after `n` frames (0: when closed)")
	fs.StringVar(&o.sound, "sound", "auto", "in a window, play sound effects: `on`, off, or auto (on when an audio device is found)")
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args:  args,
		Flags: fs,
		Defaults: engine.Config{
			Window: engine.WindowConfig{Title: "Tessera: walk-room", Width: 640, Height: 360, Zoom: 1.5},
			Input:  game.Actions(),
		},
		Keys: []engine.Key{{Name: roomKey, Default: game.DefaultRoom, Usage: "room the game starts in"}},
	})
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "walk-room:", err)
		}
		return 2
	}
	fs.Visit(func(f *flag.Flag) { o.demoSet = o.demoSet || f.Name == "demo" })
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "walk-room: unexpected arguments %q\n", fs.Args())
		return 2
	case o.frames < 0:
		fmt.Fprintln(stderr, "walk-room: -frames must not be negative")
		return 2
	case o.screenshot != "" && o.frames == 0:
		fmt.Fprintln(stderr, "walk-room: -screenshot needs -frames")
		return 2
	case o.sound != "on" && o.sound != "off" && o.sound != "auto":
		fmt.Fprintf(stderr, "walk-room: -sound %q: want on, off or auto\n", o.sound)
		return 2
	}
	gopts := game.Options{
		Room: cfg.Game[roomKey].(string),
		Seed: o.seed,
		View: geom.Vec2{X: float64(cfg.Window.Width), Y: float64(cfg.Window.Height)},
	}
	if o.headless {
		return runHeadless(cfg, gopts, o, stdout, stderr)
	}
	return runWindow(cfg, gopts, o, stdout, stderr)
}

// runHeadless runs the game for o.steps fixed steps without a window,
// playing the demo walk unless -demo=false, and prints its state.
func runHeadless(cfg engine.Config, gopts game.Options, o options, stdout, stderr io.Writer) int {
	g, err := game.New(gopts)
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 1
	}
	var hopts engine.HeadlessOptions
	if o.demo || !o.demoSet {
		hopts.Script = game.DemoScript()
	}
	h, err := engine.NewHeadless(cfg, g.First(), hopts)
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 2
	}
	var failed error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			failed = errors.Join(failed, ev.Err)
		}
	})
	err = errors.Join(h.RunSteps(o.steps), failed)
	s := g.Snapshot()
	err = errors.Join(err, h.Close())
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 1
	}
	fmt.Fprintf(stdout, "walk-room: %d steps: %v\n", o.steps, s)
	return 0
}
