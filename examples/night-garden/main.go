// Command night-garden is a small living scene: fireflies wander the
// garden with timers and tweens, flowers open when night falls and close
// at dawn, and a day/night cycle tints the sky and the world. Everything
// is tuned from YAML (game/assets), and with -dev DIR the files in DIR are
// watched and every save applies while the garden runs.
//
//	./scripts/example.sh night-garden                       # a window if there is a display
//	go run -tags tesserawindow ./examples/night-garden -dev examples/night-garden/game/assets
//	go run ./examples/night-garden -headless -steps 600     # no display needed
//
// Keys: N skips to the next dusk or dawn, Space scatters the fireflies, F
// (held) runs the cycle faster, F3 shows the debug overlay, F12 saves a
// screenshot.
//
// Flags, beside the engine's configuration flags (-window.zoom 2,
// -loop.hz 120, -config FILE, ...):
//
//	-headless          run without a window, for -steps steps, and print a summary
//	-steps N           steps of a headless run (default 600: ten seconds)
//	-seed N            seed of the garden's random numbers (default 1)
//	-dev DIR           read the garden's files from DIR and reload them when saved
//	-screenshot FILE   save a screenshot of frame -frames to FILE (no help line), then quit
//	-frames N          quit after N frames (window only)
//
// The window needs a binary built with the tesserawindow tag, which links
// ebitengine (scripts/example.sh adds it when there is a display). The
// default build does not link it, so it runs anywhere: run without
// -headless, it says so and exits with status 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/night-garden/game"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command's own flags.
type options struct {
	headless   bool
	steps      uint64
	seed       uint64
	dev        string
	screenshot string
	frames     int
}

// watchInterval is how often a -dev run looks at its files.
const watchInterval = 250 * time.Millisecond

// run runs the command with args and returns its exit status: 0, 1 for a
// failure, 2 for a usage error.
func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("night-garden", flag.ContinueOnError)
	fset.SetOutput(stderr)
	var o options
	fset.BoolVar(&o.headless, "headless", false, "run without a window, for -steps steps, and print a summary")
	fset.Uint64Var(&o.steps, "steps", 600, "steps of a headless run")
	fset.Uint64Var(&o.seed, "seed", 1, "seed of the garden's random numbers")
	fset.StringVar(&o.dev, "dev", "", "read the garden's files from `dir` (game/assets) and reload them when saved")
	fset.StringVar(&o.screenshot, "screenshot", "", "save a screenshot of frame -frames to `file`, then quit (window only)")
	fset.IntVar(&o.frames, "frames", 0, "quit after this many frames (window only; 0: never)")
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args:  args,
		Flags: fset,
		Defaults: engine.Config{
			Window: engine.WindowConfig{Title: "Tessera: night garden", Width: 640, Height: 360},
			Input:  game.Actions(),
		},
	})
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "night-garden:", err)
		return 2
	}
	if o.frames < 0 || o.screenshot != "" && o.frames == 0 {
		fmt.Fprintln(stderr, "night-garden: -screenshot needs -frames N, N > 0")
		return 2
	}

	var files fs.FS // nil: the embedded files
	if o.dev != "" {
		files = os.DirFS(o.dev)
	}
	g, err := game.New(game.Options{
		Files:         files,
		Seed:          o.seed,
		Watch:         o.dev != "",
		WatchInterval: watchInterval,
		Log:           func(msg string) { fmt.Fprintln(stderr, "night-garden:", msg) },
	})
	if err != nil {
		from := "the embedded files"
		if o.dev != "" {
			from = "-dev " + o.dev
		}
		fmt.Fprintf(stderr, "night-garden: %s: %v\n", from, err)
		return 1
	}
	if o.headless {
		return runHeadless(cfg, g, o.steps, stdout, stderr)
	}
	return runWindow(cfg, g, o, stdout, stderr)
}

// runHeadless runs the garden for steps fixed steps with no window and
// prints what it came to.
func runHeadless(cfg engine.Config, g *game.Garden, steps uint64, stdout, stderr io.Writer) int {
	h, err := engine.NewHeadless(cfg, g, engine.HeadlessOptions{})
	if err != nil {
		fmt.Fprintln(stderr, "night-garden:", err)
		return 1
	}
	var failed error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError && failed == nil {
			failed = ev.Err
		}
	})
	err = errors.Join(h.RunSteps(steps), failed)
	fmt.Fprintln(stdout, summary(g, steps, h.Loop().Now()))
	if err = errors.Join(err, h.Close()); err != nil {
		fmt.Fprintln(stderr, "night-garden:", err)
		return 1
	}
	return 0
}

// summary describes the garden after a run: where the cycle is and what
// its fireflies and flowers are doing.
func summary(g *game.Garden, steps uint64, now time.Duration) string {
	s := g.Snapshot()
	inside, open := 0, 0
	bounds := g.Settings().Bounds()
	for _, f := range s.Fireflies {
		if bounds.Contains(f.Position) {
			inside++
		}
	}
	for _, f := range s.Flowers {
		if f.Open {
			open++
		}
	}
	half := "day"
	if s.Night {
		half = "night"
	}
	return fmt.Sprintf("night-garden: %d steps (%v): phase %.3f (%s), sky %v, %d of %d fireflies inside the garden, %d of %d flowers open",
		steps, now, s.Phase, half, s.Sky, inside, len(s.Fireflies), open, len(s.Flowers))
}
