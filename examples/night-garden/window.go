//go:build tesserawindow

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/tessera-engine/tessera/engine"
	_ "github.com/tessera-engine/tessera/engine/window" // registers the window runtime for engine.Run
	"github.com/tessera-engine/tessera/examples/night-garden/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
)

// runWindow opens the window and runs the garden in it until the window
// closes (or -frames frames have run).
func runWindow(cfg engine.Config, g *game.Garden, o options, _, stderr io.Writer) int {
	if o.frames > 0 {
		cfg.Debug.Frames = o.frames
	}
	if o.screenshot != "" {
		cfg.Debug.ScreenshotFrame, cfg.Debug.ScreenshotPath = o.frames, o.screenshot
	}
	if err := engine.Run(cfg, &drawnGarden{Garden: g, hud: o.screenshot == ""}); err != nil {
		fmt.Fprintln(stderr, "night-garden:", err)
		return 1
	}
	return 0
}

// overlayKey shows and hides the renderer's debug overlay.
const overlayKey = "F3"

// drawnGarden is the garden with a renderer: it loads the sprites through
// the garden's loader (so they reload with its other files), hands their
// regions to the garden, and draws the world under a sky of the cycle's
// colour.
type drawnGarden struct {
	*game.Garden
	hud bool // draw the key help and reload problems
	r   *render.Renderer
}

// OnEnter makes the renderer on the first visit and installs it before
// the garden adds its systems, as render requires.
func (s *drawnGarden) OnEnter() error {
	if s.r == nil {
		r, err := render.New(render.Options{OverlayKey: overlayKey})
		if err != nil {
			return err
		}
		l := s.Loader()
		moon, err := l.Image(game.MoonImage)
		if err != nil {
			return err
		}
		flower, err := l.Image(game.FlowerImage)
		if err != nil {
			return err
		}
		glow, err := l.Image(game.GlowImage)
		if err != nil {
			return err
		}
		s.r = r
		s.Art = game.Art{Moon: r.AddAsset(moon), Flower: r.AddAsset(flower), Glow: r.AddAsset(glow)}
	}
	if err := s.r.Install(s.World()); err != nil {
		return err
	}
	return s.Garden.OnEnter()
}

// Draw draws the garden, centred, on the sky's colour, and the help line
// (or the files' problems) over it.
func (s *drawnGarden) Draw(screen *ebiten.Image) {
	a := s.Settings().Garden
	cam := s.r.Camera()
	cam.Position = geom.Vec2{X: a.Width / 2, Y: a.Height / 2}
	cam.Background = s.Sky().NRGBA()
	s.r.Draw(screen)
	if !s.hud {
		return
	}
	if err := s.Problem(); err != nil {
		ebitenutil.DebugPrintAt(screen, "reload problem (the garden keeps its last good files):\n"+wrap(err.Error(), 100), 4, 4)
		return
	}
	half := "day"
	if s.Phase().Night() {
		half = "night"
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("%s  |  N: skip to dusk/dawn   Space: scatter   F: fast   F3: overlay", half), 4, 4)
}

// wrap breaks s into lines of at most n bytes, for the debug font.
func wrap(s string, n int) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		for len(line) > n {
			b.WriteString(line[:n])
			b.WriteByte('\n')
			line = line[n:]
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}
