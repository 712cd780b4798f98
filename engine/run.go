package engine

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"sync"

	"github.com/tessera-engine/tessera/scene"
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

// Run runs a game: it makes an [Engine] of cfg and first, logs its error
// events to the standard logger, and hands it to the registered window
// runtime, returning when the run ends. A program calls it from its main
// goroutine, once, after importing engine/window:
//
//	import _ "github.com/tessera-engine/tessera/engine/window"
//
//	func main() {
//		cfg, err := engine.LoadConfig(engine.LoadOptions{Args: os.Args[1:]})
//		...
//		if err := engine.Run(cfg, &Title{}); err != nil {
//			log.Fatal(err)
//		}
//	}
//
// Without a registered runtime Run returns [ErrNoRuntime]; a dedicated
// server or a test runs the same scenes with [NewHeadless] instead.
func Run(cfg Config, first scene.Scene) error {
	if runtime() == nil {
		return ErrNoRuntime
	}
	e, err := New(cfg, first)
	if err != nil {
		return err
	}
	e.Events().Subscribe(func(ev Event) {
		if ev.Kind == EventError {
			log.Printf("tessera: %v", ev)
		}
	})
	return e.Run()
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

// Main is the whole main function of a game that needs nothing more: it
// loads the configuration over defaults ([LoadConfig] with the command
// line, the environment and tessera.yaml), runs first with [Run] (error
// events logged), and exits: with status 0 when the game ends, 1 after an
// error (printed), and 2 after a bad flag or configuration value (printed,
// naming the key and where it came from). -help lists every key with its
// type, range and default, and exits 0. A game with keys of its own, or
// that handles errors itself, calls LoadConfig and Run instead.
//
// In a browser (GOOS=js), the page's query string stands for the command
// line (?window.zoom=2 is -window.zoom=2), and as there is no file system
// there is no config file.
func Main(defaults Config, first scene.Scene) {
	os.Exit(runMain(commandLine(), defaults, first, os.Stderr))
}

// runMain is Main without the exit, for tests.
func runMain(args []string, defaults Config, first scene.Scene, stderr io.Writer) int {
	name := "game"
	if len(os.Args) > 0 {
		name = filepath.Base(os.Args[0])
	}
	fset := flag.NewFlagSet(name, flag.ContinueOnError)
	fset.SetOutput(stderr)
	cfg, err := LoadConfig(LoadOptions{Args: args, Defaults: defaults, Flags: fset})
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err := Run(cfg, first); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
