package engine

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// ErrNoRuntime is returned by [Run] when no windowed runtime is linked
// into the program.
var ErrNoRuntime = errors.New("engine: no window runtime: import _ \"github.com/tessera-engine/tessera/engine/window\"")

// runtimes is where a windowed runtime registers itself, the way image
// formats do with image.RegisterFormat: engine itself never imports
// ebitengine, so that servers and tests that use it run without a display.
var runtimes struct {
	sync.Mutex
	run func(*Engine) error
}

// RegisterRuntime makes run the runtime [Run] uses. Package
// engine/window calls it from its init; a game links it in by importing
// that package (blank import is enough).
func RegisterRuntime(run func(*Engine) error) {
	runtimes.Lock()
	defer runtimes.Unlock()
	runtimes.run = run
}

// Run runs a game in a window: it makes an [Engine] of cfg and g, logs
// its error events to the standard logger, and hands it to the registered
// window runtime, returning when the run ends. A program calls it from
// its main goroutine, once, after importing engine/window; most call
// [Main] instead, which loads the configuration first.
//
// Without a registered runtime Run returns [ErrNoRuntime]; a dedicated
// server or a test runs the same scenes with [NewHeadless] instead.
func Run(cfg Config, g Game) error {
	if runtime() == nil {
		return ErrNoRuntime
	}
	e, err := New(cfg, g)
	if err != nil {
		return err
	}
	e.Events().Subscribe(logErrors)
	return e.Run()
}

// logErrors logs error events to the standard logger.
func logErrors(ev Event) {
	if ev.Kind == EventError {
		log.Printf("tessera: %v", ev)
	}
}

// Run is [Run] for an engine already made with [New]: for a game that
// subscribes to its events, or drives it otherwise, before the window
// opens. It hands e to the registered window runtime and returns when the
// run ends, or returns [ErrNoRuntime]. Unlike the function Run, it logs
// nothing: error events go to e's subscribers only.
func (e *Engine) Run() error {
	run := runtime()
	if run == nil {
		return ErrNoRuntime
	}
	return run(e)
}

func runtime() func(*Engine) error {
	runtimes.Lock()
	defer runtimes.Unlock()
	return runtimes.run
}

// Main is the whole main function of a game:
//
//	func main() {
//		engine.Main(engine.Game{
//			Config: engine.Config{Window: engine.WindowConfig{Title: "Flap"}, Input: game.Actions()},
//			Assets: game.Assets, // an embed.FS
//			First:  &game.Title{},
//		})
//	}
//
// It loads the configuration over g.Config ([LoadConfig] with the command
// line, the environment and tessera.yaml), runs the game in a window
// ([Run]) and exits: with status 0 when the game ends, 1 after an error
// (each printed once, naming what failed), and 2 after a bad flag or
// configuration value (printed, naming the key and where it came from), such as an
// assets.dir that does not exist.
// -help lists every key with its type, range and default, and exits 0.
//
// The window comes from package engine/window, which links ebitengine; a
// binary that links ebitengine cannot start without a display, so a game
// links the window only in builds with the tesserawindow tag, from a file
// of its main package holding nothing else:
//
//	//go:build tesserawindow
//
//	package main
//
//	import _ "github.com/tessera-engine/tessera/engine/window"
//
// Built without the tag, the binary has no window: Main says so and exits
// 2, unless -headless is given. -headless runs the game with no window
// for -steps fixed steps (600 by default, ten seconds at 60 Hz), in
// either build, for servers, CI and machines without a display.
//
// -record FILE records the run (each fixed step's input and world hash,
// [Engine.Record]) and writes it to FILE when the run ends; -replay FILE
// plays such a file back ([Engine.Play]) with the seed and step rate it
// was recorded with: in the window, to watch the run again, or with
// -headless, checking every step's world hash and exiting 1 at the first
// step that differs (a build that changed what the game does), 0 when
// all match.
//
// In a browser (GOOS=js), the page's query string stands for the command
// line (?window.zoom=2 is -window.zoom=2), and as there is no file system
// there is no config file.
func Main(g Game) {
	os.Exit(runMain(commandLine(), g, os.Stderr))
}

// DefaultHeadlessSteps is how many fixed steps Main runs with -headless
// and no -steps.
const DefaultHeadlessSteps = 600

// runMain is Main without the exit, for tests.
func runMain(args []string, g Game, stderr io.Writer) int {
	name := "game"
	if len(os.Args) > 0 {
		name = filepath.Base(os.Args[0])
	}
	fset := flag.NewFlagSet(name, flag.ContinueOnError)
	fset.SetOutput(stderr)
	headless := fset.Bool("headless", false, "run without a window, for -steps fixed steps")
	steps := fset.Uint64("steps", DefaultHeadlessSteps, "fixed `steps` of a -headless run")
	recordTo := fset.String("record", "", "record the run's input and world hashes, step by step, to `file` when it ends")
	replayFrom := fset.String("replay", "", "play back the run recorded in `file` (with -headless, checking each step's world hash)")
	cfg, err := LoadConfig(LoadOptions{Args: args, Defaults: g.Config, Keys: g.Keys, Flags: fset})
	var replay *Replay
	if err == nil && *replayFrom != "" {
		if replay, err = readReplayFile(*replayFrom); err == nil {
			cfg = replay.Config(cfg)
		}
	}
	switch {
	case err == nil && *recordTo != "" && *replayFrom != "":
		fmt.Fprintf(stderr, "%s: -record and -replay: a run records or plays back, not both\n", name)
		return 2
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		fmt.Fprintln(stderr, err)
		return 2
	case fset.NArg() > 0:
		fmt.Fprintf(stderr, "%s: unexpected arguments %q\n", name, fset.Args())
		return 2
	case !*headless && runtime() == nil:
		fmt.Fprintf(stderr, "%s: this binary has no window (build it with -tags tesserawindow, as scripts/example.sh does); run it with -headless to play without one\n", name)
		return 2
	}
	var e *Engine
	var h *Headless
	if *headless {
		h, err = NewHeadless(cfg, g, HeadlessOptions{})
		if h != nil {
			e = h.Engine
		}
	} else {
		e, err = New(cfg, g)
	}
	if err == nil && replay != nil {
		err = e.Play(replay, nil)
		*steps = replay.Steps
	}
	if err == nil && *recordTo != "" {
		err = e.Record(nil)
	}
	if err != nil {
		if h != nil {
			h.Close()
		}
		fmt.Fprintln(stderr, err)
		return 2
	}
	// Each error is printed once: as an event when it happens, and at the
	// end only if no event said it.
	var logged []error
	e.Events().Subscribe(func(ev Event) {
		if ev.Kind == EventError {
			logged = append(logged, ev.Err)
			fmt.Fprintf(stderr, "%s: %v\n", name, ev)
		}
	})
	if *headless {
		err = errors.Join(h.RunSteps(*steps), h.Close())
	} else {
		err = e.Run()
	}
	if *recordTo != "" {
		err = errors.Join(err, writeReplayFile(*recordTo, e.Recording()))
	}
	if replay != nil {
		if d := e.Divergence(); d != nil {
			err = errors.Join(err, fmt.Errorf("replay %s: %w", *replayFrom, d))
		} else if err == nil && *headless {
			fmt.Fprintf(stderr, "%s: replay %s: %d steps, every world hash as recorded\n", name, *replayFrom, replay.Steps)
		}
	}
	failed := len(logged) > 0
	eachError(err, func(one error) {
		if !slices.Contains(logged, one) {
			fmt.Fprintf(stderr, "%s: %v\n", name, one)
		}
		failed = true
	})
	if failed {
		return 1
	}
	return 0
}

// readReplayFile reads the replay file at path.
func readReplayFile(path string) (*Replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := ReadReplay(f)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	return r, nil
}

// writeReplayFile writes r to the file at path, replacing it.
func writeReplayFile(path string, r *Replay) error {
	if r == nil {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := r.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("replay %s: %w", path, err)
	}
	return f.Close()
}
