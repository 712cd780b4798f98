package game

import (
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// The HUD's look, in screen pixels: a panel at the bottom left, clear of
// the debug overlay at the top.
const (
	hudPx    = 15  // the text's size
	hudLine  = 21  // its line spacing
	hudW     = 460 // the panel's width
	hudPad   = 8
	hudEvery = 30 // frames the rate averages over
	hudFirst = 5  // frames before the rate first shows
)

var hudLayer = drawable.NameLayer("hud", 10)

// hud is the panel that says how many bodies the field holds, the walk,
// the frame rate and the steps per frame, and the keys. It is game state:
// a drawable.Text on the screen that [Scene.HUDText] reads. The rate is
// measured from the frames' lengths (world.Context.DT of the frame
// phase), which the window runtime takes from the clock and a headless
// run simulates; nothing in a step reads it.
type hud struct {
	s     *Scene
	text  world.Entity
	shown int // the body count the text shows

	steps, frames         uint64  // since the start
	lastSteps, lastFrames uint64  // at the last refresh
	secs                  float64 // frame time since the last refresh
	fps, spf              float64
}

// spawn puts the panel on the screen and adds the systems that count and
// write.
func (h *hud) spawn(s *Scene, w *world.World) error {
	h.s = s
	v := s.opts.View
	panelH := float64(2*hudLine + hudPad)
	top := v.Y - panelH - hudPad
	panel := drawable.Rect(hudW, panelH, color.NRGBA{A: 0xa8})
	panel.Order = drawable.Order{Layer: hudLayer}
	p := world.Spawn2(w, geom.Position, geom.Vec2{X: hudPad, Y: top}, drawable.Shape, panel)
	drawable.Screen.Add(w, p)
	h.text = world.Spawn2(w, geom.Position, geom.Vec2{X: 2 * hudPad, Y: top + hudPad/2}, drawable.Text, drawable.Label{
		Font: assets.PathOf(HUDFont), Size: hudPx, LineSpacing: hudLine,
		Color: color.NRGBA{R: 0xf0, G: 0xf0, B: 0xf0, A: 0xff}, Order: drawable.Order{Layer: hudLayer, Z: 1},
	})
	drawable.Screen.Add(w, h.text)
	h.write(w)
	return w.AddSystem(world.System{Name: HUDName, Phase: world.Frame, Run: h.frame,
		Writes: []world.ComponentType{drawable.Text}})
}

// frame counts the frame and the steps it ran, and rewrites the text
// every hudEvery frames, or when the body count changed.
func (h *hud) frame(ctx *world.Context) error {
	h.frames++
	h.secs += ctx.DT
	h.steps = ctx.Step
	refresh := h.s.Bodies() != h.shown
	if n := h.frames - h.lastFrames; n >= hudEvery || (h.lastFrames == 0 && n >= hudFirst) {
		if h.secs > 0 {
			h.fps = float64(n) / h.secs
		}
		h.spf = float64(h.steps-h.lastSteps) / float64(n)
		h.lastSteps, h.lastFrames, h.secs = h.steps, h.frames, 0
		refresh = true
	}
	if refresh {
		h.write(ctx.World)
	}
	return nil
}

// write writes the text, in w: the scene's world, or the system's
// ctx.World.
func (h *hud) write(w *world.World) {
	l, ok := drawable.Text.Get(w, h.text)
	if !ok {
		return
	}
	mode := h.s.Walk()
	if h.s.opts.Collide {
		mode += ", collide"
	}
	batch := h.s.settings.Batch
	l.Text = fmt.Sprintf("%d bodies (%s)   %.0f FPS   %.2f steps/frame\nUp/Down: %+d/%d bodies   F3: overlay",
		h.s.Bodies(), mode, h.fps, h.spf, batch, -batch)
	h.shown = h.s.Bodies()
}

// HUDText returns what the HUD says; "" without one.
func (s *Scene) HUDText() string {
	if !s.opts.HUD {
		return ""
	}
	if l, ok := drawable.Text.Get(s.World(), s.hud.text); ok {
		return l.Text
	}
	return ""
}
