package window

import (
	"errors"
	"fmt"
	"log"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/world"
)

func init() { engine.RegisterRuntime(RunEngine) }

// Run runs a game in a window: it makes an [engine.Engine] of cfg and g,
// logs its error events to the standard logger, and runs it with
// [RunEngine]. It returns when the run ends; see the package doc.
//
// Run must be called from the main goroutine, once per process (an
// ebitengine rule). It returns the error of the first scene's OnEnter,
// an error of ebitengine's, and those of the scenes' OnExit when the run
// ends, joined.
func Run(cfg engine.Config, g engine.Game) error {
	e, err := engine.New(cfg, g)
	if err != nil {
		return err
	}
	e.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			log.Printf("tessera: %v", ev)
		}
	})
	return RunEngine(e)
}

// RunEngine runs e in a window configured by e.Config(), for a game that
// makes its engine itself, to subscribe to its events first. It enters the
// first scene, opens the window and returns when the run ends, after
// leaving every scene ([engine.Engine.Close]). The rules of [Run] apply.
func RunEngine(e *engine.Engine) error {
	g, err := newGame(e) // before Start, so that it sees the first scene enter
	if err != nil {
		return errors.Join(err, e.Close())
	}
	if err := e.Start(); err != nil {
		return errors.Join(err, e.Close(), g.sound.close())
	}
	cfg := e.Config()
	w := cfg.Window
	ebiten.SetWindowTitle(w.Title)
	ebiten.SetWindowSize(int(math.Round(float64(w.Width)*w.Zoom)), int(math.Round(float64(w.Height)*w.Zoom)))
	ebiten.SetVsyncEnabled(!w.DisableVSync)
	ebiten.SetFullscreen(w.Fullscreen)
	if w.Resizable {
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	} else {
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeDisabled)
	}
	// One Update per frame: the FixedLoop, not ebitengine, decides the steps.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	if testHookGame != nil {
		testHookGame(g)
	}
	err = ebiten.RunGame(g)
	return errors.Join(err, e.Close(), g.sound.close())
}

// testHookGame, when set by a test, sees the game before it runs: the
// end-to-end test uses it to press the screenshot key, which Xvfb cannot.
var testHookGame func(*game)

// game is the ebiten.Game adapter that drives an engine.
type game struct {
	e       *engine.Engine
	cfg     engine.Config
	buttons *buttons
	down    func(engine.Button) bool
	amount  func(engine.Button) float64 // g.amountOf, made once
	last    time.Time                   // wall clock at the last Update; zero before the first

	shotKey  engine.Button // 0 for none
	shotWas  bool          // whether shotKey was down at the last Update
	shotPath string        // where the next Draw saves the key's screenshot; "" none
	shotAt   string        // where the next Draw saves debug.screenshot_frame's; "" none

	fpsStart         time.Time
	fpsFrames, steps int

	scenes  *scenes
	overlay *render.Overlay
	sound   *speaker
	tick    engine.Tick // the last frame's
}

func newGame(e *engine.Engine) (*game, error) {
	g := &game{e: e, cfg: e.Config(), buttons: newButtons()}
	g.down = g.buttons.down
	g.amount = g.amountOf
	if name := g.cfg.Debug.ScreenshotKey; name != "" {
		g.shotKey, _ = engine.LookupButton(name) // checked by the config
	}
	var err error
	if g.overlay, err = render.NewOverlay(g.cfg.Debug.OverlayKey); err != nil {
		return nil, err
	}
	if g.cfg.Debug.Overlay {
		g.overlay.Show()
	}
	if g.sound, err = newSpeaker(e, g.cfg.Audio); err != nil {
		return nil, err
	}
	g.scenes = newScenes(e, render.Options{})
	e.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene && ev.Change.To != nil {
			ev.Change.To.World().SetRunObserver(g.overlay) // the overlay times every system
		}
	})
	return g, nil
}

// Update runs one frame of the engine.
func (g *game) Update() error {
	if g.e.Done() {
		return ebiten.Termination
	}
	now := time.Now()
	frame, oneStep := g.frameLength(now)

	g.buttons.poll()
	g.e.Input().SampleAnalog(g.amount)
	if g.shotKey != 0 {
		down := g.down(g.shotKey)
		if down && !g.shotWas {
			g.shotPath = numbered(g.cfg.Debug.ScreenshotPath, g.e.Frames()+1)
		}
		g.shotWas = down
	}
	var t engine.Tick
	if oneStep {
		t = g.e.FrameSteps(1)
	} else {
		t = g.e.Frame(frame)
	}
	g.tick = t
	l := g.e.Loop()
	g.overlay.Frame(l.Steps(), l.Now(), t.DT, l.Step())
	g.sound.play()
	if n := g.cfg.Debug.ScreenshotFrame; n > 0 && g.e.Frames() == uint64(n) {
		g.shotAt = g.cfg.Debug.ScreenshotPath // beside a key's, not instead of it
	}
	if g.cfg.Debug.ShowFPS {
		g.showFPS(now, t.Steps)
	}
	return nil
}

// amountOf returns how far b is down: a stick direction's push, or 1 or 0
// for a button, read through g.down (which tests may replace).
func (g *game) amountOf(b engine.Button) float64 {
	if int(b) < len(g.buttons.devices) && g.buttons.devices[b].analog {
		return g.buttons.push(&g.buttons.devices[b])
	}
	if g.down(b) {
		return 1
	}
	return 0
}

// frameLength returns the length of the frame that ends at now, and
// remembers now: the wall-clock time since the last frame, except for the
// first frame (not the time spent opening the window) and with
// debug.fixed_frames, which are exactly one step long (oneStep; fed with
// Engine.FrameSteps, as a Duration cannot hold 1/60 s).
func (g *game) frameLength(now time.Time) (frame time.Duration, oneStep bool) {
	last := g.last
	g.last = now
	if last.IsZero() || g.cfg.Debug.FixedFrames {
		return 0, true
	}
	return now.Sub(last), false
}

// showFPS puts the frame rate and the steps per frame of the last second
// in the window title, once a second.
func (g *game) showFPS(now time.Time, steps int) {
	if g.fpsStart.IsZero() {
		g.fpsStart = now
	}
	g.fpsFrames++
	g.steps += steps
	if el := now.Sub(g.fpsStart); el >= time.Second {
		ebiten.SetWindowTitle(fmt.Sprintf("%s — %.0f FPS, %.2f steps/frame",
			g.cfg.Window.Title, float64(g.fpsFrames)/el.Seconds(), float64(g.steps)/float64(g.fpsFrames)))
		g.fpsStart, g.fpsFrames, g.steps = now, 0, 0
	}
}

// Draw draws every scene on the stack, bottom first, then the overlay,
// and saves a screenshot if one is due.
func (g *game) Draw(screen *ebiten.Image) {
	g.overlay.StartDraw()
	g.scenes.draw(screen, g.e.Loop().Alpha())
	g.overlay.EndDraw()
	var top *world.World
	if s := g.e.Scenes().Top(); s != nil {
		top = s.World()
	}
	g.overlay.Draw(screen, top, g.scenes.stats)
	for _, p := range []*string{&g.shotPath, &g.shotAt} {
		if *p != "" {
			if err := saveScreenshot(screen, *p); err != nil {
				g.e.Events().Emit(engine.Event{Kind: engine.EventError, Err: err, Step: g.e.Loop().Steps(), Now: g.e.Loop().Now()})
			}
			*p = ""
		}
	}
}

// Layout returns the logical screen size; ebitengine scales it to the
// window.
func (g *game) Layout(outsideWidth, outsideHeight int) (int, int) {
	return g.cfg.Window.Width, g.cfg.Window.Height
}
