package game

import (
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// The look of the HUD and the screens.
var (
	hudBack   = color.NRGBA{A: 140}
	inkColor  = color.NRGBA{R: 250, G: 240, B: 210, A: 255}
	hintColor = color.NRGBA{R: 200, G: 205, B: 210, A: 255}
	goldColor = color.NRGBA{R: 250, G: 206, B: 90, A: 255}
)

// TileSize is the side of the arena's tiles, in world units.
const TileSize = 32

// HUDHeight is the height of the HUD strip at the top of the screen.
const HUDHeight = 22

// hud is a play's HUD: a strip at the top of the screen with a heart per
// hit point, the score and the monsters left. Its entities have the
// drawable.Screen tag, so they stay put whatever the camera does, and the
// HUDPart tag.
type hud struct {
	Board
	shown [3]int // hp, score, monsters shown; -1 before the first
}

// Board is the value of [HUD]: the entities of a play's HUD, kept in its
// world (on the entity with [Stats]) so that a continued play finds them.
type Board struct {
	Hearts []world.Entity `yaml:"hearts"`
	Score  world.Entity   `yaml:"score"`
	Left   world.Entity   `yaml:"left"`
}

// HUD holds a play's [Board], on the entity with [Stats].
var HUD = world.DefineComponent[Board]("HUD")

// spawn lays the HUD out on a screen of size view, with maxHP hearts.
func (h *hud) spawn(w *world.World, view geom.Vec2, maxHP int) error {
	h.shown = [3]int{-1, -1, -1}
	screenRect(w, 0, 0, view.X, HUDHeight, hudBack)
	h.Hearts = nil
	for i := range maxHP {
		e := world.Spawn2(w, geom.Position, geom.Vec2{X: 12 + 17*float64(i), Y: HUDHeight / 2}, drawable.Sprite, drawable.Picture{
			Region: drawable.Frame("sprites/actors.yaml", "heart"),
			Origin: geom.Vec2{X: 0.5, Y: 0.5},
			Order:  drawable.Order{Layer: LayerHUD, Z: 1},
		})
		drawable.Screen.Add(w, e)
		HUDPart.Add(w, e)
		h.Hearts = append(h.Hearts, e)
	}
	h.Score = screenText(w, view.X/2, HUDHeight/2, 14, "", goldColor, drawable.AlignCenter)
	h.Left = screenText(w, view.X-8, HUDHeight/2, 12, "", inkColor, drawable.AlignEnd)
	return nil
}

// showHUD writes the tank's health, the score and the monsters left into
// the HUD, when they changed.
func (p *Play) showHUD(ctx *world.Context) error {
	w, h := ctx.World, &p.hud
	hp := 0
	if t, ok := Tank.Get(w, p.tank); ok {
		hp = max(t.HP, 0)
	}
	alive, coming := monsters(w)
	now := [3]int{hp, Stats.Require(w, p.stats).Score, alive + coming}
	if now == h.shown {
		return nil
	}
	h.shown = now
	for i, e := range h.Hearts {
		frame := "heart"
		if i >= hp {
			frame = "heart-empty"
		}
		drawable.Sprite.Require(w, e).Region = drawable.Frame("sprites/actors.yaml", frame)
	}
	drawable.Text.Require(w, h.Score).Text = fmt.Sprintf("%06d", now[1])
	drawable.Text.Require(w, h.Left).Text = fmt.Sprintf("monsters left: %d", now[2])
	return nil
}

// HUDText returns what the HUD's texts say: the score and the monsters
// left, such as "000300 · monsters left: 7".
func (p *Play) HUDText() string {
	w := p.World()
	s, ok1 := drawable.Text.Get(w, p.hud.Score)
	l, ok2 := drawable.Text.Get(w, p.hud.Left)
	if !ok1 || !ok2 {
		return ""
	}
	return s.Text + " · " + l.Text
}

// screenText puts a line of text on the screen, its middle at y and
// aligned on x as align says.
func screenText(w *world.World, x, y, size float64, s string, c color.NRGBA, align drawable.Align) world.Entity {
	e := world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Text, drawable.Label{
		Text: s, Size: size, Color: c, Align: align, VAlign: drawable.AlignCenter,
		Order: drawable.Order{Layer: LayerHUD, Z: 2},
	})
	drawable.Screen.Add(w, e)
	HUDPart.Add(w, e)
	return e
}

// screenRect fills a rectangle of the screen.
func screenRect(w *world.World, x, y, width, height float64, c color.NRGBA) world.Entity {
	f := drawable.Rect(width, height, c)
	f.Order = drawable.Order{Layer: LayerHUD}
	e := world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Shape, f)
	drawable.Screen.Add(w, e)
	HUDPart.Add(w, e)
	return e
}
