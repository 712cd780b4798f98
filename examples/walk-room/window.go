//go:build tesserawindow

package main

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/audio"
	_ "github.com/tessera-engine/tessera/engine/window" // the runtime Engine.Run opens the window with
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// runWindow runs the game in a window through Engine.Run (the engine is
// made first, to play the demo script and stop on an error), drawing each
// scene with package render: rooms through a camera that follows the
// player, a HUD strip with the item count, and the pause scene over the
// room.
func runWindow(cfg engine.Config, gopts game.Options, o options, stdout, stderr io.Writer) int {
	if o.frames > 0 {
		cfg.Debug.Frames = o.frames
	}
	if o.screenshot != "" {
		cfg.Debug.ScreenshotFrame, cfg.Debug.ScreenshotPath = o.frames, o.screenshot
	}
	a, err := newApp(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 1
	}
	if o.demo {
		a.script = game.DemoScript()
	}
	mix, clips, err := loadSounds(o.sound, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 1
	}
	defer mix.Close()
	gopts.Sound = func(s game.Sound) { mix.Play(clips[s]) }
	gopts.Wrap = a.wrap
	g, err := game.New(gopts)
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 1
	}
	a.game = g
	e, err := engine.New(cfg, g.First())
	if err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 2
	}
	a.eng = e
	var failed error
	e.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			failed = errors.Join(failed, ev.Err)
			e.Stop()
		}
	})
	if err := errors.Join(e.Run(), failed); err != nil {
		fmt.Fprintln(stderr, "walk-room:", err)
		return 1
	}
	fmt.Fprintf(stdout, "walk-room: %d frames, %d steps: %v\n", e.Frames(), e.Loop().Steps(), a.last)
	return 0
}

// loadSounds makes the mixer -sound asks for and decodes every sound's
// file into a clip. With auto it plays silently, saying why on stderr,
// when audio.DeviceLikely finds no device: a device that fails to open
// would end the game loop with an error.
func loadSounds(mode string, stderr io.Writer) (*audio.Mixer, map[game.Sound]*audio.Clip, error) {
	silent := mode == "off"
	if mode == "auto" {
		if ok, why := audio.DeviceLikely(); !ok {
			fmt.Fprintf(stderr, "walk-room: playing without sound: %s (-sound on to try anyway)\n", why)
			silent = true
		}
	}
	mix, err := audio.New(audio.Options{Silent: silent})
	if err != nil {
		return nil, nil, err
	}
	files := assets.New(game.Files())
	clips := make(map[game.Sound]*audio.Clip, len(game.Sounds))
	for _, s := range game.Sounds {
		snd, err := files.Sound(s.File())
		if err == nil {
			clips[s], err = mix.Load(snd)
		}
		if err != nil {
			mix.Close()
			return nil, nil, err
		}
	}
	return mix, clips, nil
}

// Looks of the window build.
var (
	outside  = color.NRGBA{R: 12, G: 10, B: 18, A: 255} // beyond the room's walls
	hudBack  = color.NRGBA{R: 0, G: 0, B: 0, A: 150}    // the HUD strip
	dim      = color.NRGBA{R: 0, G: 0, B: 0, A: 150}    // over a paused room
	hudText  = color.NRGBA{R: 245, G: 230, B: 190, A: 255}
	hintText = color.NRGBA{R: 200, G: 200, B: 210, A: 255}
)

// hudHeight is the height of the HUD strip at the top of the screen.
const hudHeight = 22

// app holds what the window build keeps across scenes: the renderers (one
// for the rooms, one for the pause scene), the font and the engine.
type app struct {
	cfg    engine.Config
	eng    *engine.Engine
	rooms  *render.Renderer
	pause  *render.Renderer
	face   *text.GoTextFace
	small  *text.GoTextFace
	script []engine.ScriptedInput // the demo walk, played by hand
	next   int                    // the next entry of script to play
	game   *game.Game
	last   game.State // the game's state at the last frame, for the summary
}

// newApp makes the renderers, with the Go font loaded through package
// assets.
func newApp(cfg engine.Config) (*app, error) {
	a := &app{cfg: cfg}
	font, err := assets.New(fstest.MapFS{"go.ttf": {Data: goregular.TTF}}).Font("go.ttf")
	if err != nil {
		return nil, err
	}
	if a.rooms, err = render.New(render.Options{OverlayKey: "F3"}); err != nil {
		return nil, err
	}
	if a.pause, err = render.New(render.Options{}); err != nil {
		return nil, err
	}
	if a.face, err = a.rooms.Face(font, 14); err != nil {
		return nil, err
	}
	if a.small, err = a.rooms.Face(font, 11); err != nil {
		return nil, err
	}
	w, h := float64(cfg.Window.Width), float64(cfg.Window.Height)
	a.rooms.Camera().Background = outside
	a.pause.Camera().CenterOn(geom.Vec2{X: w / 2, Y: h / 2})
	return a, nil
}

// wrap is the game's Options.Wrap: it gives rooms and the pause scene a
// Draw method.
func (a *app) wrap(s scene.Scene) scene.Scene {
	switch s := s.(type) {
	case *game.Room:
		return &drawnRoom{Room: s, app: a}
	case *game.Pause:
		return &drawnPause{Pause: s, app: a}
	}
	return s
}

// frame runs at the end of every frame: it records the game's state and
// plays the demo script, holding and letting go of its actions once the
// loop has run their steps. The engine reads them at its next sample, a
// frame later than a headless run would.
func (a *app) frame() {
	a.last = a.game.Snapshot()
	steps := a.eng.Loop().Steps()
	for a.next < len(a.script) && a.script[a.next].Step <= steps {
		in := a.script[a.next]
		_ = a.eng.Input().Hold(in.Action, in.Down) // the script's actions are the game's own
		a.next++
	}
}

// drawnRoom is a game.Room that draws itself through the rooms' renderer.
type drawnRoom struct {
	*game.Room
	app   *app
	hud   world.Entity
	shown int // the item count the HUD shows
}

// OnEnter installs the renderer (before the room's systems), enters the
// room, points the camera at the player with the room's settings and adds
// the HUD.
func (d *drawnRoom) OnEnter() error {
	r, w := d.app.rooms, d.World()
	if err := r.Install(w); err != nil {
		return err
	}
	if err := d.Room.OnEnter(); err != nil {
		return err
	}
	cam := r.Camera()
	cam.Bounds, cam.Follow = d.Bounds(), d.Player()
	cam.DeadZone, cam.Smoothing = d.Camera.DeadZone, d.Camera.Smoothing
	cam.CenterOn(d.PlayerPosition())

	// The HUD: a strip, the count and a hint, in screen pixels (the
	// Screen tag), over the room whatever the camera does.
	d.shown = -1
	sw := float64(d.app.cfg.Window.Width)
	strip := world.Spawn2(w, geom.Position, geom.Vec2{}, render.Shape, render.Rect(sw, hudHeight, hudBack))
	d.hud = world.Spawn2(w, geom.Position, geom.Vec2{X: 8, Y: hudHeight / 2}, render.Text,
		render.Label{Face: d.app.face, Color: hudText, VAlign: text.AlignCenter, Order: render.Order{Layer: 1}})
	hint := world.Spawn2(w, geom.Position, geom.Vec2{X: sw - 8, Y: hudHeight / 2}, render.Text, render.Label{
		Text: "arrows/WASD/D-pad/stick walk · Esc/P/Start pause", Face: d.app.small, Color: hintText,
		Align: text.AlignEnd, VAlign: text.AlignCenter, Order: render.Order{Layer: 1},
	})
	for _, e := range []world.Entity{strip, d.hud, hint} {
		render.Screen.Add(w, e)
	}
	return w.AddSystem(world.System{Name: "walk-room.hud", Phase: world.Frame, Run: d.updateHUD})
}

// updateHUD shows the room's name and the item count, when it changed.
func (d *drawnRoom) updateHUD(ctx *world.Context) error {
	if n := d.Game().Items(); n != d.shown {
		d.shown = n
		render.Text.Require(ctx.World, d.hud).Text = fmt.Sprintf("%s · items: %d", d.Layout().Name, n)
	}
	return nil
}

// Update records the game's state and plays the demo script.
func (d *drawnRoom) Update(dt, alpha float64) {
	d.Room.Update(dt, alpha)
	d.app.frame()
}

// Draw draws the room and the HUD; engine/window calls it every frame.
func (d *drawnRoom) Draw(screen *ebiten.Image) { d.app.rooms.Draw(screen) }

// drawnPause is a game.Pause drawn over the room: the room dimmed, and a
// word on how to go on.
type drawnPause struct {
	*game.Pause
	app *app
}

// OnEnter installs the pause renderer and spawns the dimming and the text.
func (d *drawnPause) OnEnter() error {
	r, w := d.app.pause, d.World()
	if err := r.Install(w); err != nil {
		return err
	}
	if err := d.Pause.OnEnter(); err != nil {
		return err
	}
	sw, sh := float64(d.app.cfg.Window.Width), float64(d.app.cfg.Window.Height)
	world.Spawn2(w, geom.Position, geom.Vec2{}, render.Shape, render.Rect(sw, sh, dim))
	world.Spawn2(w, geom.Position, geom.Vec2{X: sw / 2, Y: sh/2 - 10}, render.Text, render.Label{
		Text: "Paused", Face: d.app.face, Align: text.AlignCenter, VAlign: text.AlignCenter, Order: render.Order{Layer: 1},
	})
	world.Spawn2(w, geom.Position, geom.Vec2{X: sw / 2, Y: sh/2 + 12}, render.Text, render.Label{
		Text: "Esc, P or Start to go on", Face: d.app.small, Color: hintText,
		Align: text.AlignCenter, VAlign: text.AlignCenter, Order: render.Order{Layer: 1},
	})
	return nil
}

// Update records the game's state and plays the demo script.
func (d *drawnPause) Update(dt, alpha float64) {
	d.Pause.Update(dt, alpha)
	d.app.frame()
}

// Draw draws the pause scene over the room beneath.
func (d *drawnPause) Draw(screen *ebiten.Image) { d.app.pause.Draw(screen) }
