package game

import (
	"image/color"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// The help line's look and place: a strip along the bottom of the screen,
// clear of the debug overlay, which the engine draws at the top.
var (
	helpInk     = color.NRGBA{R: 235, G: 235, B: 245, A: 255}
	problemInk  = color.NRGBA{R: 255, G: 170, B: 150, A: 255}
	helpBack    = color.NRGBA{A: 140}
	problemBack = color.NRGBA{R: 60, A: 210}
)

// ScreenW and ScreenH are the garden's logical screen size, which
// [Config] sets; the help line lies along its bottom.
const ScreenW, ScreenH = 640, 360

// helpHeight is the height of the help line's strip.
const helpHeight = 18

// The help line's texts.
const (
	helpDay   = "day  ·  N: skip to dusk/dawn  ·  Space: scatter  ·  F: fast  ·  F3: overlay"
	helpNight = "night  ·  N: skip to dusk/dawn  ·  Space: scatter  ·  F: fast  ·  F3: overlay"
	// problemIntro opens the text shown while the files have a problem.
	problemIntro = "reload problem (the garden keeps its last good files): "
)

// help is the line at the bottom of the screen: the half of the day and
// the keys, or, while a reload found a problem, the problem. It is game
// state, on the screen (drawable.Screen), in the built-in font.
type help struct {
	strip, text world.Entity
}

// spawn puts the help line on the screen of w.
func (h *help) spawn(w *world.World) {
	f := drawable.Rect(ScreenW, helpHeight, helpBack)
	f.Order = drawable.Order{Layer: layerHelp}
	h.strip = world.Spawn2(w, geom.Position, vec2(0, ScreenH-helpHeight), drawable.Shape, f)
	h.text = world.Spawn2(w, geom.Position, vec2(6, ScreenH-helpHeight/2), drawable.Text, drawable.Label{
		Size: 11, Color: helpInk, VAlign: drawable.AlignCenter, Order: drawable.Order{Layer: layerHelp, Z: 1},
	})
	drawable.Screen.Add(w, h.strip)
	drawable.Screen.Add(w, h.text)
}

// showHelp is the frame system that writes the help line: the problem,
// if the files have one (the strip grows to hold it), else the keys.
func (g *Garden) showHelp(ctx *world.Context) error {
	w := ctx.World
	l, ok := drawable.Text.Get(w, g.help.text)
	if !ok {
		return nil
	}
	s, ink, back, lines := helpDay, helpInk, helpBack, 1.0
	if g.phase.Night() {
		s = helpNight
	}
	if err := g.Problem(); err != nil {
		s, ink, back, lines = problemIntro+err.Error(), problemInk, problemBack, 4
	}
	if l.Text == s {
		return nil
	}
	l.Text, l.Color, l.Width = s, ink, ScreenW-12
	strip := drawable.Shape.Require(w, g.help.strip)
	strip.Color, strip.Size.Y = back, helpHeight*lines
	*geom.Position.Require(w, g.help.strip) = vec2(0, ScreenH-helpHeight*lines)
	*geom.Position.Require(w, g.help.text) = vec2(6, ScreenH-helpHeight*lines/2)
	return nil
}

// Help returns what the help line says now.
func (g *Garden) Help() string {
	if l, ok := drawable.Text.Get(g.World(), g.help.text); ok {
		return l.Text
	}
	return ""
}
