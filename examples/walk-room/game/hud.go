package game

import (
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// LayerHUD ("hud") is the HUD and the pause screen, on the screen, over
// the room's layers.
var LayerHUD = drawable.NameLayer("hud", 5)

// The look of the HUD and the pause screen.
var (
	hudBack   = color.NRGBA{A: 150}
	inkColor  = color.NRGBA{R: 245, G: 230, B: 190, A: 255}
	hintColor = color.NRGBA{R: 200, G: 200, B: 210, A: 255}
	hudOrder  = drawable.Order{Layer: LayerHUD}
)

// HUDHeight is the height of the HUD strip at the top of the screen.
const HUDHeight = 22

// hud is a room's HUD: a strip at the top of the screen with the room's
// name and the items picked up, and a hint of the controls. Its entities
// have the drawable.Screen tag, so they stay put whatever the camera does.
type hud struct {
	count world.Entity // the text with the count
	shown int          // the count it shows; -1 before the first
	room  string
}

// spawn lays the HUD out on a screen of size view.
func (h *hud) spawn(w *world.World, view geom.Vec2, room string) error {
	h.room, h.shown = room, -1
	screenRect(w, 0, 0, view.X, HUDHeight, hudBack)
	icon := world.Spawn2(w, geom.Position, geom.Vec2{X: 10, Y: HUDHeight / 2}, drawable.Sprite, drawable.Picture{
		Region: drawable.Frame("sprites/room.yaml", "coin-0"),
		Origin: geom.Vec2{X: 0.5, Y: 0.5},
		Order:  drawable.Order{Layer: LayerHUD, Z: 1},
	})
	drawable.Screen.Add(w, icon)
	h.count = screenText(w, 22, HUDHeight/2, 14, "", inkColor, start)
	screenText(w, view.X-8, HUDHeight/2, 11, "arrows/WASD/D-pad/stick walk · Esc/P/Start pause", hintColor, end)
	return nil
}

// showHUD writes the room's name and the item count into the HUD, when
// the count changed.
func (r *Room) showHUD(ctx *world.Context) error {
	h := &r.hud
	if n := r.game.items; n != h.shown {
		h.shown = n
		drawable.Text.Require(ctx.World, h.count).Text = fmt.Sprintf("%d · %s", n, h.room)
	}
	return nil
}

// HUDText returns what the room's HUD says: the item count and the
// room's name, such as "2 · study".
func (r *Room) HUDText() string {
	if l, ok := drawable.Text.Get(r.World(), r.hud.count); ok {
		return l.Text
	}
	return ""
}

// Horizontal alignments of screenText.
const (
	start  = drawable.AlignStart
	center = drawable.AlignCenter
	end    = drawable.AlignEnd
)

// screenText puts a line of text on the screen, its middle at y and
// aligned on x as align says.
func screenText(w *world.World, x, y, size float64, s string, c color.NRGBA, align drawable.Align) world.Entity {
	e := world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Text, drawable.Label{
		Text: s, Size: size, Color: c, Align: align, VAlign: drawable.AlignCenter,
		Order: drawable.Order{Layer: LayerHUD, Z: 1},
	})
	drawable.Screen.Add(w, e)
	return e
}

// screenRect fills a rectangle of the screen.
func screenRect(w *world.World, x, y, width, height float64, c color.NRGBA) world.Entity {
	f := drawable.Rect(width, height, c)
	f.Order = hudOrder
	e := world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Shape, f)
	drawable.Screen.Add(w, e)
	return e
}
